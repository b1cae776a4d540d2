// The PGN writer's movetext buffer: tokens joined by single spaces, lines broken before a token
// that would pass the width. Only chess/pgn_writer.cpp uses it.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

namespace quarry::chess {

// Joins tokens with single spaces and breaks lines before a token that would pass the width.
// The movetext goes into a buffer of its own, kept from game to game: tokens are a few bytes
// each, and copying them by hand costs less than growing a std::string a few bytes at a time.
class LineWriter {
 public:
  // A new text from a line start, after the first `keep` characters of the buffer (the games
  // before it, when games are collected) or, by default, instead of the text there was.
  void start(int width, std::size_t keep = 0) {
    width_ = width < 1 ? 1 : static_cast<std::size_t>(width);
    size_ = std::min(keep, size_);
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

  // Up to eight characters held in a register: character i in bits 8i to 8i+7.
  struct Chars8 {
    std::uint64_t chars = 0;
    std::size_t size = 0;  // how many of them are in the text; the bytes after may hold anything
  };

  // A move token from two register-held parts, the move number with its dots and the SAN (either
  // may be empty), stored straight into the buffer eight bytes at a time. Assembled on the stack
  // and read back as one block, its pieces' smaller stores stall that load (no store forwarding):
  // on Zen 4 a fifth of the writer's time per move went there (perf, cpu-clock).
  void move_word(Chars8 number, Chars8 san, bool glue) {
    const std::size_t size = number.size + san.size;
    char* to = begin_token(size, glue, false, 2 * sizeof(std::uint64_t));
    end_token(put_move(to, number, san), size);
  }

  // A move token and the padded word after it (the comment a query puts after each move, the
  // most common pair): written as one run when both fit on the line, else word by word.
  void move_pair(Chars8 number, Chars8 san, bool glue, const char* second, std::size_t second_size) {
    glue = glue || glue_next_;
    const std::size_t first_size = number.size + san.size;
    const std::size_t lead = column_ == 0 || glue ? 0 : 1;
    const std::size_t size = lead + first_size + 1 + second_size;
    if (column_ + size > width_) {
      move_word(number, san, glue);
      padded_word(second, second_size, false);
      return;
    }
    glue_next_ = false;
    char* to = room(1 + 2 * sizeof(std::uint64_t) + 1 + kPadded);
    *to = ' ';
    to = put_move(to + lead, number, san);
    *to++ = ' ';
    std::memcpy(to, second, kPadded);
    end_token(to + second_size, size);
  }

  // Words written one after another through a cursor that keeps the end of the text and the
  // column in registers (the writer's runs of plain moves). Through the LineWriter's members,
  // every character stored would make the compiler load them again: a char may alias anything.
  // Words are never glued; a word longer than the width gets a line of its own, as word() does.
  class Run {
   public:
    // The move token of move_word.
    void move_word(Chars8 number, Chars8 san) {
      const std::size_t size = number.size + san.size;
      separate(size);
      to_ = put_move(to_, number, san);
    }
    // move_word right after another word of this Run or of the line (never at a line start).
    void move_word_mid_line(Chars8 number, Chars8 san) {
      separate_mid_line(number.size + san.size);
      to_ = put_move(to_, number, san);
    }
    // A word of at most 16 characters held in two registers (a ready comment token, "{CQL}").
    void word16(Chars8 low, Chars8 high) {
      separate(low.size + high.size);
      store8(to_, low.chars);
      store8(to_ + low.size, high.chars);
      to_ += low.size + high.size;
    }

    // A word of at most 8 characters held in a register, right after another word of this Run
    // (so never at a line start).
    void word8_after_word(Chars8 word) {
      separate_mid_line(word.size);
      store8(to_, word.chars);
      to_ += word.size;
    }

   private:
    friend class LineWriter;
    Run(char* to, std::size_t column, std::size_t width) : to_(to), column_(column), width_(width) {}
    // The space or line break before a word of `size` characters (none at a line start), without
    // a branch: the line breaks at unpredictable moves.
    void separate(std::size_t size) {
      const std::size_t wrap = column_ + 1 + size > width_ ? 1 : 0;
      *to_ = static_cast<char>(' ' - wrap * (' ' - '\n'));
      const std::size_t space = column_ != 0 ? 1 : 0;
      to_ += space;
      column_ = ((column_ + space) & (wrap - 1)) + size;  // wrap: 0 + size
    }
    // separate() where the column is known not to be 0, written as two selects: GCC makes them a
    // branch, and on `true`'s output (a break every six or so words) its misses cost less than
    // the masks of separate() (~20 instructions a move less; whole corpus -0.8% CPU).
    void separate_mid_line(std::size_t size) {
      const std::size_t end = column_ + 1 + size;
      const bool wrap = end > width_;
      *to_++ = wrap ? '\n' : ' ';
      column_ = wrap ? size : end;
    }
    char* to_;
    std::size_t column_;
    std::size_t width_;
  };
  // The most a Run's word takes in the buffer: its separator, and the 16 bytes stored for it.
  static constexpr std::size_t kRunWordRoom = 1 + 2 * sizeof(std::uint64_t);

  // A Run with room for `room_needed` bytes; no other call until close_run. Not after a glue_after word.
  Run open_run(std::size_t room_needed) {
    return Run(room(room_needed), column_, width_);
  }
  void close_run(const Run& run) {
    size_ = static_cast<std::size_t>(run.to_ - data_.get());
    column_ = run.column_;
  }
  // Whether nothing stands on the current line yet.
  bool at_line_start() const { return column_ == 0; }
  // Whether the next word is glued to the last (after "(" in compact variations): no Run then.
  bool glue_pending() const { return glue_next_; }

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

  // Stores the two parts of a move token at `to`, which has room for 16 bytes; returns its end.
  static char* put_move(char* to, Chars8 number, Chars8 san) {
    store8(to, number.chars);
    to += number.size;
    store8(to, san.chars);
    return to + san.size;
  }
  static void store8(char* to, std::uint64_t chars) {
    if constexpr (std::endian::native == std::endian::big) chars = __builtin_bswap64(chars);
    std::memcpy(to, &chars, sizeof chars);
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
