// Context: the out-of-line part of rolling back a failing branch's comments and edits.
#include "interpreter/context.h"

namespace quarry::interpreter {

void Context::rollback_changed(std::size_t mark) {
  if (smart_comments_) comments_.resize(mark & 0xffffffffu);
  edits_.resize(mark >> 32);
}

}  // namespace quarry::interpreter
