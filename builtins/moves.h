// The move filter's speculative form, bound by the `:` operator when a move filter stands on its
// left (`move legal : F`), and its negation bound by `not`.
#pragma once

#include "interpreter/registry.h"

namespace quarry::builtins {

bool is_move_filter(const interpreter::Filter& filter);
// `not` of `operand` when it is a move filter that writes no comments (taking it), else nullptr
// (operand kept): the same answers as Not without its comment mark.
interpreter::FilterPtr negated_move_filter(interpreter::FilterPtr& operand);
// Whether `filter` is what negated_move_filter returns (for tests of when it applies).
bool is_negated_move(const interpreter::Filter& filter);
// arguments[0] is the move filter, arguments[1] the target; nullptr after reporting an error.
interpreter::FilterPtr bind_speculative_move(interpreter::BindArguments& a);

}  // namespace quarry::builtins
