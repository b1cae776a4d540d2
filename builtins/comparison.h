// What other filters tell a comparison (builtins/comparison.cpp) when they are bound.
#pragma once

#include "interpreter/filter.h"

namespace quarry::builtins {

// `filter` fails only where its parent rolls back what it wrote, smart comments or not (the body
// of a sort: Sort rolls back a body without a value, in any context). When `filter` is `line …
// REL n`, the line then need not write what a length the comparison rejects would write
// (note_line_compared). Nothing for any other filter.
void note_failure_rolled_back(interpreter::Filter& filter);

}  // namespace quarry::builtins
