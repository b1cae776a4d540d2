// What other filters tell the line filter (builtins/line_sequence.cpp) when they are bound.
#pragma once

#include "builtins/relation.h"
#include "interpreter/filter.h"

namespace quarry::builtins {

// `line … REL n` (a numeric comparison with a number literal `bound`) whose failure is certain to
// be rolled back (note_failure_rolled_back: the body of a sort): the comparison passes the line's
// length on only when `length REL n` holds, and otherwise what the line wrote is dropped. The
// line then need not write its comments for a length that fails (`sort { line nestban --> not
// move capture . + } >= 200` matched a line at nearly every capture and dropped them all).
// Elsewhere (a `while` condition, `comment(…)`) a failing comparison keeps what the line wrote.
// `bound` belongs to the comparison, which owns the line too. False, and nothing noted, when
// `filter` is not a numeric line.
bool note_line_compared(interpreter::Filter& filter, Relation relation, const interpreter::Filter& bound);

}  // namespace quarry::builtins
