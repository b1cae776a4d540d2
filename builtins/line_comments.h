// The automatic comments of the line filter (builtins/line_sequence.cpp), in CQLi's words:
// "Start line that ends at move 16(wtm)", "End line of length 5 that starts at move 14(wtm)".
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "interpreter/context.h"

namespace quarry::builtins::line_search {

// A comment's text built in a buffer on the stack and copied once into the comment's string (the
// memory of a dropped comment's, Context::add_comment_text): a line matches at every position in
// check of `line --> check +`, and most of its comments are dropped when a comparison rejects its
// length.
class CommentText {
 public:
  CommentText& text(std::string_view words) {
    assert(words.size() <= buffer_.size() - size_);
    std::copy(words.begin(), words.end(), buffer_.data() + size_);
    size_ += words.size();
    return *this;
  }
  CommentText& number(std::uint64_t n) {
    char* const start = buffer_.data() + size_;
    size_ += static_cast<std::size_t>(std::to_chars(start, buffer_.data() + buffer_.size(), n).ptr - start);
    return *this;
  }
  // Where a position lies: "16(wtm)".
  CommentText& move_of(const interpreter::Context& ctx, chess::NodeId node) {
    const chess::Position& pos = ctx.tree_node(node).position;
    return number(static_cast<std::uint64_t>(pos.fullmove_number()))
        .text(pos.side_to_move() == chess::Color::White ? "(wtm)" : "(btm)");
  }
  std::string_view view() const { return {buffer_.data(), size_}; }

 private:
  std::array<char, 96> buffer_;  // the longest text: 45 characters and two numbers of at most 20 digits
  std::size_t size_ = 0;         // a length, not a pointer into buffer_: a copy stays whole
};

// "Start line that ends at move …" at the line's first position.
inline void add_start_comment(interpreter::Context& ctx, chess::NodeId first, chess::NodeId last) {
  ctx.add_comment_text(first, CommentText().text("Start line that ends at move ").move_of(ctx, last).view());
}

// "End line of length … that starts at move …" at its last.
inline void add_end_comment(interpreter::Context& ctx, chess::NodeId last, std::size_t length, chess::NodeId first) {
  ctx.add_comment_text(
      last, CommentText().text("End line of length ").number(length).text(" that starts at move ").move_of(ctx, first).view());
}

}  // namespace quarry::builtins::line_search
