// The PGN writer's movetext buffer: tokens joined by single spaces, lines broken before a token
// that would pass the width. Only chess/pgn_writer.cpp uses it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

namespace quarry::chess {

// Joins tokens with single spaces and breaks lines before a token that would pass the width.
// The movetext goes into a buffer of its own, kept from game to game: tokens are a few bytes
// each, and copying them by hand costs less than growing a std::string a few bytes at a time.
class LineWriter {
 public:
  void start(int width) {
    width_ = width < 1 ? 1 : static_cast<std::size_t>(width);
    size_ = 0;
    column_ = 0;
    glue_next_ = false;
  }
  std::string_view text() const { return {data_.get(), size_}; }

  // A token without line breaks. glue: no space before it (")" after a move); glue_after: none
  // after it ("(" before the variation's first move).
  void word(std::string_view text, bool glue = false, bool glue_after = false) {
    char* to = begin_token(text.size(), glue, glue_after);
    end_token(copy(to, text), text.size());
  }

  // A word of at most kPadded characters whose buffer holds kPadded readable bytes from `text`:
  // copied as one block of fixed size (a move and its number, the most common token).
  static constexpr std::size_t kPadded = 16;
  void padded_word(const char* text, std::size_t size, bool glue) {
    char* to = begin_token(size, glue, false, kPadded);
    std::memcpy(to, text, kPadded);
    end_token(to + size, size);
  }

  // Two padded words, the second after the first: written as one run when both fit on the line
  // (a move and the comment a query puts after it, the most common pair), else word by word.
  void padded_pair(const char* first, std::size_t first_size, bool glue, const char* second, std::size_t second_size) {
    glue = glue || glue_next_;
    const std::size_t lead = column_ == 0 || glue ? 0 : 1;
    const std::size_t size = lead + first_size + 1 + second_size;
    if (column_ + size > width_) {
      padded_word(first, first_size, glue);
      padded_word(second, second_size, false);
      return;
    }
    glue_next_ = false;
    char* to = room(2 * kPadded + 2);
    *to = ' ';
    to += lead;
    std::memcpy(to, first, kPadded);
    to += first_size;
    *to++ = ' ';
    std::memcpy(to, second, kPadded);
    end_token(to + second_size, size);
  }

  // A comment without line breaks: open, text and close (unless 0) as one token.
  void braced(char open, std::string_view text, char close) {
    const std::size_t size = text.size() + 1 + (close != 0 ? 1 : 0);
    char* to = begin_token(size, false, false);
    *to++ = open;
    to = copy(to, text);
    if (close != 0) *to++ = close;
    end_token(to, size);
  }

  // A token that may hold line breaks (a multi-line comment): the column restarts after the last.
  void token(std::string_view text) {
    char* to = begin_token(text.size(), false, false);
    const std::size_t column = column_;
    end_token(copy(to, text), text.size());
    const std::size_t nl = text.rfind('\n');
    column_ = nl == std::string_view::npos ? column + text.size() : text.size() - nl - 1;
  }

  // Text outside the movetext (the tag section) goes straight into the buffer: raw_begin makes
  // room for up to n characters and returns where they go; raw_end takes where they end.
  char* raw_begin(std::size_t n) { return room(n); }
  void raw_end(char* end) { size_ = static_cast<std::size_t>(end - data_.get()); }

  void finish() {
    if (column_ > 0) {
      *room(1) = '\n';
      ++size_;
    }
    column_ = 0;
  }

 private:
  // Makes room for a token of `size` characters (or `reserve` bytes if more) and writes the space
  // or line break before it; returns where the token goes.
  char* begin_token(std::size_t size, bool glue, bool glue_after, std::size_t reserve = 0) {
    char* to = room(std::max(size, reserve) + 1);
    glue = glue || glue_next_;
    glue_next_ = glue_after;
    if (column_ == 0) return to;
    const std::size_t space = glue ? 0 : 1;
    if (column_ + space + size > width_) {
      *to++ = '\n';
      column_ = 0;
    } else if (space > 0) {
      *to++ = ' ';
      ++column_;
    }
    return to;
  }
  // The token of `size` characters ends at `end`.
  void end_token(char* end, std::size_t size) {
    size_ = static_cast<std::size_t>(end - data_.get());
    column_ += size;
  }

  static char* copy(char* to, std::string_view text) {
    if (text.size() > 16) {
      std::memcpy(to, text.data(), text.size());
      return to + text.size();
    }
    for (char c : text) *to++ = c;
    return to;
  }

  char* room(std::size_t n) {
    if (n > capacity_ - size_) grow(n);
    return data_.get() + size_;
  }
  void grow(std::size_t n) {
    const std::size_t capacity = std::max(size_ + n, 2 * capacity_ + 4096);
    auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_ > 0) std::memcpy(bigger.get(), data_.get(), size_);
    data_ = std::move(bigger);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> data_;
  std::size_t capacity_ = 0;
  std::size_t size_ = 0;
  std::size_t width_ = 79;
  std::size_t column_ = 0;
  bool glue_next_ = false;
};

}  // namespace quarry::chess
