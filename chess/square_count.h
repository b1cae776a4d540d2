// Counting a set's squares inline: std::popcount compiles to a library call in builds without
// -mpopcnt, and legalposition and reachableposition count material at every position.
#pragma once

#include <cstdint>

#include "chess/square_set.h"

namespace quarry::chess {

// The number of squares in `set` (SWAR bit counting).
constexpr int squares_in(SquareSet set) {
  std::uint64_t x = set.bits();
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

}  // namespace quarry::chess
