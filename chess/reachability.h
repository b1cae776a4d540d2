// CQLi's `reachableposition`: proofs that no game from the initial position reaches a position,
// each worded as CQLi words it ("Impossible check of Black King", "White Pawn structure implies
// 2 captures but Black is only missing 1 piece", …).
#pragma once

#include <string>
#include <vector>

#include "chess/position.h"

namespace quarry::chess {

struct Reachability {
  std::vector<std::string> reasons;  // empty: no proof of unreachability was found

  bool reachable() const { return reasons.empty(); }
  // "<Reachable position>" or "<Unreachable position: reason; reason>".
  std::string articulation() const;
};

// Applies every test (legality first); `pos` is unreachable when any reason is found.
Reachability analyse_reachability(const Position& pos);
// The verdict alone (no text is built): false when some proof of unreachability is found.
bool is_reachable(const Position& pos);

}  // namespace quarry::chess
