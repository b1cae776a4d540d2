// A CQL runtime value as variables, dictionary keys and entries hold it.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <variant>

#include "chess/game.h"
#include "chess/square_set.h"

namespace quarry::interpreter {

// A position value: a node of the current game's tree (meaningless once the game is done).
struct PositionValue {
  chess::NodeId node = 0;
  auto operator<=>(const PositionValue&) const = default;
};

// A variable's value; monostate while unbound. The variable's static type says which member.
using Value = std::variant<std::monostate, std::int64_t, chess::SquareSet, std::string, PositionValue>;

}  // namespace quarry::interpreter
