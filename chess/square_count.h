// Counting set bits inline: std::popcount compiles to a library call in builds without -mpopcnt,
// and legalposition and reachableposition count material at every position, the threaded run's
// splitter the line feeds of every 64 bytes it reads.
#pragma once

#include <cstdint>

#include "chess/square_set.h"

namespace quarry::chess {

// The number of bits set in `x` (SWAR bit counting).
constexpr int bits_set(std::uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

// The number of squares in `set`.
constexpr int squares_in(SquareSet set) { return bits_set(set.bits()); }

}  // namespace quarry::chess
