// Per-game constants: a subtree whose value is the same at every position of a game (tag tests,
// the game number, and pure operators over them and literals) is evaluated once per game.
#pragma once

#include <cstdint>
#include <memory>

#include "interpreter/filter.h"

namespace quarry::interpreter {

// Wraps such a subtree: the first evaluation in a game stores its answer in the context's slot
// (keyed by Context::game_serial, so a new game recomputes); later ones read it back. While
// `enabled` is false (the query edits tags, see Dependence::EditsTags) it evaluates every time.
class GameConstant final : public Filter {
 public:
  GameConstant(FilterPtr inner, std::size_t slot, std::shared_ptr<const bool> enabled)
      : Filter(inner->type()), inner_(std::move(inner)), slot_(slot), id_(next_id()), enabled_(std::move(enabled)) {}

  // Whether the binder may wrap a filter of this type (those whose answers the slot can hold).
  static bool holds(ValueType type) {
    return type == ValueType::Logical || type == ValueType::Numeric || type == ValueType::String;
  }

  bool match(Context& ctx) const override;
  std::optional<std::int64_t> number(Context& ctx) const override;
  std::optional<std::string> text(Context& ctx) const override;
  bool is_constant() const override { return true; }

 private:
  GameConstantSlot* current_slot(Context& ctx) const;
  static std::uint64_t next_id();
  FilterPtr inner_;
  std::size_t slot_;
  std::uint64_t id_;  // unique in the process, never 0
  std::shared_ptr<const bool> enabled_;
};

}  // namespace quarry::interpreter
