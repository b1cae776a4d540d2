// Board geometry shared by the direction, ray and pin filters: set-wise moving and sliding along
// the directions of interpreter/directions.h.
#pragma once

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

// The squares a slider standing on any square of `from` reaches along `step`: every square up to
// and including the first occupied one.
inline SquareSet slide(SquareSet from, Step step, SquareSet occupied) {
  SquareSet reached;
  SquareSet frontier = from;
  for (int i = 0; i < 7 && frontier.any(); ++i) {
    frontier = frontier.shifted(step.files, step.ranks);
    reached |= frontier;
    frontier = frontier.without(occupied);
  }
  return reached;
}

}  // namespace quarry::builtins::geometry
