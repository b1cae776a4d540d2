// Context: the out-of-line part of rolling back a failing branch's comments and edits.
#include "interpreter/context.h"

#include <algorithm>
#include <cassert>

namespace quarry::interpreter {

namespace {
// Enough for the comments one failing branch of the usual queries drops; the bound keeps a
// query that drops thousands at once from holding their memory for the whole run.
constexpr std::size_t kMaxSpareTexts = 16;
// Only strings of the size of the line filter's texts are kept: a rolled-back `comment` of a
// large text would otherwise hold its memory for the whole run.
constexpr std::size_t kMaxSpareCapacity = 128;
}  // namespace

void Context::rollback_changed(CommentMark mark) {
  if (smart_comments_) {
    // Marks nest: a rollback never goes below an outer mark, so the mark lies within the log.
    assert(mark.comments() <= comments_.size());
    const auto dropped = comments_.begin() + static_cast<std::ptrdiff_t>(std::min(mark.comments(), comments_.size()));
    for (auto it = dropped; it != comments_.end() && spare_texts_.size() < kMaxSpareTexts; ++it) {
      if (it->text.capacity() <= kMaxSpareCapacity) spare_texts_.push_back(std::move(it->text));
    }
    comments_.erase(dropped, comments_.end());
  }
  edits_.resize(mark.edits());
}

void Context::add_comment_text(chess::NodeId at, std::string_view text) {
  std::string stored;
  if (!spare_texts_.empty()) {
    stored = std::move(spare_texts_.back());
    spare_texts_.pop_back();
  }
  stored.assign(text);
  comments_.push_back({anchor(at), std::move(stored)});
}

}  // namespace quarry::interpreter
