// Board geometry shared by the direction, ray and pin filters: set-wise moving and sliding along
// the directions of interpreter/directions.h.
#pragma once

#include <array>
#include <cstdint>

#include "chess/square_set.h"
#include "interpreter/directions.h"

namespace quarry::builtins::geometry {

using chess::SquareSet;

using interpreter::directions::DirectionWord;
using interpreter::directions::kAnyDirection;
using interpreter::directions::kDiagonal;
using interpreter::directions::kDirectionWords;
using interpreter::directions::kOrthogonal;
using interpreter::directions::kSteps;
using interpreter::directions::Step;

// `from` moved k steps along `step` (k may be negative); squares pushed off the board vanish.
inline SquareSet translate(SquareSet from, Step step, int k) {
  if (k >= 8 || k <= -8) return SquareSet();
  return from.shifted(step.files * k, step.ranks * k);
}

// The squares a slider standing on any square of `from` reaches along `step` (a king step, one of
// kSteps): every square up to and including the first occupied one. A Kogge-Stone fill: three
// shifts over the empty squares instead of a walk of up to seven.
inline SquareSet slide(SquareSet from, Step step, SquareSet occupied) {
  constexpr std::uint64_t kFileA = 0x0101010101010101ULL;
  const int shift = step.files + 8 * step.ranks;
  const std::uint64_t lands = step.files > 0 ? ~kFileA : step.files < 0 ? ~(kFileA << 7) : ~std::uint64_t{0};
  auto move = [shift](std::uint64_t b, int times) { return shift > 0 ? b << (shift * times) : b >> (-shift * times); };
  std::uint64_t reached = from.bits();
  std::uint64_t open = ~occupied.bits() & lands;
  reached |= open & move(reached, 1);
  open &= move(open, 1);
  reached |= open & move(reached, 2);
  open &= move(open, 2);
  reached |= open & move(reached, 4);
  return SquareSet(move(reached, 1) & lands);
}

// Whether `s` has more than n squares: n lowest squares cleared, without a population count
// (a library call on CPUs the build does not assume popcnt for).
inline bool more_than(SquareSet s, int n) {
  std::uint64_t bits = s.bits();
  for (int i = 0; i < n && bits != 0; ++i) bits &= bits - 1;
  return bits != 0;
}

// kReachingRays[d][t]: the squares from which steps along kSteps[d] reach t on an empty board
// (t's ray in the opposite direction, t excluded). A chain of links along d that ends on t starts
// on it, so ray and xray skip a direction whose first set has no square there.
inline constexpr auto kReachingRays = [] {
  std::array<std::array<std::uint64_t, 64>, kSteps.size()> rays{};
  for (std::size_t d = 0; d < kSteps.size(); ++d) {
    const Step step = kSteps[d];
    for (int t = 0; t < 64; ++t) {
      for (int f = t % 8 - step.files, r = t / 8 - step.ranks; f >= 0 && f < 8 && r >= 0 && r < 8;
           f -= step.files, r -= step.ranks) {
        rays[d][static_cast<std::size_t>(t)] |= std::uint64_t{1} << (r * 8 + f);
      }
    }
  }
  return rays;
}();

}  // namespace quarry::builtins::geometry
