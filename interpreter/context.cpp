// Context: the out-of-line part of rolling back a failing branch's comments and edits.
#include "interpreter/context.h"

namespace quarry::interpreter {

void Context::rollback_changed(CommentMark mark) {
  if (smart_comments_) comments_.resize(mark.comments());
  edits_.resize(mark.edits());
}

}  // namespace quarry::interpreter
