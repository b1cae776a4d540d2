// The sort filter as other filters build it: `hhdb sort award` is a quiet sort of its own key.
#pragma once

#include <string>

#include "interpreter/binder.h"
#include "interpreter/filter.h"

namespace quarry::builtins {

// A sort of `body` (a numeric or string filter) declared with the binder: `title` empty is a quiet
// sort (no comment); `minimize` keeps the smallest value as the best.
interpreter::FilterPtr make_sort(interpreter::Binder& binder, std::string title, bool minimize,
                                 interpreter::FilterPtr body);

}  // namespace quarry::builtins
