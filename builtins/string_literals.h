// String-literals family entry points other families build on.
#pragma once

#include "interpreter/filter.h"

namespace quarry::builtins {

// `a + b` on two string filters.
interpreter::FilterPtr make_string_concatenation(interpreter::FilterPtr left, interpreter::FilterPtr right);

}  // namespace quarry::builtins
