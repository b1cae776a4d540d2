// Board geometry shared by the direction, ray and pin filters: set-wise moving and sliding along
// the directions of interpreter/directions.h.
#pragma once

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

}  // namespace quarry::builtins::geometry
