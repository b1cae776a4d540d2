// A cheap position-level test that rules out transformed copies beginning with `pin`: flipcolor
// over `pin from [RQB] to k …` evaluates one pin per colour at every position, and at most
// positions neither colour has a slider on a line with the other king.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "interpreter/context.h"
#include "interpreter/filter.h"

namespace quarry::builtins {

class PinScreen {
 public:
  // A screen for these filters (at most kMaxPins), when each one is a `pin` whose operands are piece designators or
  // absent (reading them has no effect, so skipping them changes nothing); empty otherwise.
  static PinScreen of(const std::vector<const interpreter::Filter*>& filters);

  explicit operator bool() const { return !pins_.empty(); }
  // Bit i set unless pin i cannot match here (a necessary condition: a slider `from` may name
  // shares a line it moves along with a target). Reads the position's sliders once.
  std::uint64_t may_match(interpreter::Context& ctx) const;

  static constexpr std::size_t kMaxPins = 64;  // one bit each

 private:
  std::vector<const interpreter::Filter*> pins_;  // each a pin with designator operands only
};

}  // namespace quarry::builtins
