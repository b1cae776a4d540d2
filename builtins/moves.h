// The move filter's speculative form, bound by the `:` operator when a move filter stands on its
// left (`move legal : F`).
#pragma once

#include "interpreter/registry.h"

namespace quarry::builtins {

bool is_move_filter(const interpreter::Filter& filter);
// arguments[0] is the move filter, arguments[1] the target; nullptr after reporting an error.
interpreter::FilterPtr bind_speculative_move(interpreter::BindArguments& a);

}  // namespace quarry::builtins
