// The automatic comments of the line filter (builtins/line_sequence.cpp), in CQLi's words:
// "Start line that ends at move 16(wtm)", "End line of length 5 that starts at move 14(wtm)".
#pragma once

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "interpreter/context.h"

namespace quarry::builtins::line_search {

// A comment's text built in a buffer on the stack and copied once into its string: a line
// matches at every position in check of `line --> check +`, and most of its comments are dropped
// when a comparison rejects its length.
class CommentText {
 public:
  CommentText& text(std::string_view words) {
    end_ = std::copy(words.begin(), words.end(), end_);
    return *this;
  }
  CommentText& number(std::uint64_t n) {
    end_ = std::to_chars(end_, buffer_.data() + buffer_.size(), n).ptr;
    return *this;
  }
  // Where a position lies: "16(wtm)".
  CommentText& move_of(const interpreter::Context& ctx, chess::NodeId node) {
    const chess::Position& pos = ctx.tree_node(node).position;
    return number(static_cast<std::uint64_t>(pos.fullmove_number()))
        .text(pos.side_to_move() == chess::Color::White ? "(wtm)" : "(btm)");
  }
  std::string str() const { return std::string(buffer_.data(), static_cast<std::size_t>(end_ - buffer_.data())); }

 private:
  std::array<char, 96> buffer_;  // the longest text: 45 characters and two numbers of at most 20 digits
  char* end_ = buffer_.data();
};

inline std::string start_comment(const interpreter::Context& ctx, chess::NodeId last) {
  return CommentText().text("Start line that ends at move ").move_of(ctx, last).str();
}

inline std::string end_comment(const interpreter::Context& ctx, std::size_t length, chess::NodeId first) {
  return CommentText().text("End line of length ").number(length).text(" that starts at move ").move_of(ctx, first).str();
}

}  // namespace quarry::builtins::line_search
