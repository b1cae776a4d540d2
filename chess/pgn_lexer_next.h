// PgnLexer::next_inline(): next() inline, for the reader's loop, with what its usual token needs
// (the byte classes, the blanks before a token, the usual move and move number).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "chess/byte_scan.h"
#include "chess/pgn_lexer.h"

namespace quarry::chess {

namespace lexer_detail {

constexpr bool is_digit(int c) { return c >= '0' && c <= '9'; }

// Byte classes looked up in one table: the symbol and blank loops are the lexer's hot path.
constexpr std::uint8_t kSymbolClass = 1;  // SAN moves, "--", "0-0-0", "1/2-1/2" (byte_scan.h: skip_symbol_bytes)
constexpr std::uint8_t kBlankClass = 2;   // skipped between tokens
constexpr std::uint8_t kNewlineClass = 3;  // skipped too, and counted

constexpr std::array<std::uint8_t, 257> make_classes() {
  std::array<std::uint8_t, 257> t{};  // index 0 is peek()'s end of input (-1)
  for (int c = 0; c < 256; ++c) {
    if (is_pgn_letter(c) || is_digit(c)) t[c + 1] = kSymbolClass;
  }
  for (char c : std::string_view("+#=-/:_")) t[static_cast<unsigned char>(c) + 1] = kSymbolClass;
  for (int c : {0x20, 0x09, 0x0D, 0x0B, 0x0C, 0x1A, 0x00}) t[c + 1] = kBlankClass;  // incl. ^Z, NUL
  t['\n' + 1] = kNewlineClass;
  return t;
}

inline constexpr std::array<std::uint8_t, 257> kClasses = make_classes();

// How many of the 16 bytes at p (all readable) lead with bytes of a SAN word: 16 when all are.
// Inline in next(): as calls, lex_symbol and its scan cost a frame, a reload of the scan's
// constants and a refill test for every move.
[[gnu::always_inline]] inline unsigned symbol_bytes_in_block(const char* p) {
#if defined(__SSE2__)
  const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const unsigned rejected = static_cast<unsigned>(_mm_movemask_epi8(SymbolBytes::lanes(chunk))) ^ 0xFFFFu;
  return static_cast<unsigned>(__builtin_ctz(rejected | 0x10000u));
#else
  unsigned n = 0;
  while (n < 16 && SymbolBytes::contains(p[n])) ++n;
  return n;
#endif
}

}  // namespace lexer_detail

// The first byte of [p, e) that is not a blank or a line end, counting the lines passed.
inline const char* PgnLexer::skip_blanks(const char* p, const char* e) {
  for (; p != e; ++p) {
    const std::uint8_t cls = lexer_detail::kClasses[static_cast<unsigned char>(*p) + 1];
    if (cls == lexer_detail::kNewlineClass) {
      ++line_;
      line_start_ = true;
    } else if (cls != lexer_detail::kBlankClass) {
      break;
    }
  }
  return p;
}

// Inline: the usual move's fast path in next() sets its token here without a call.
[[gnu::always_inline]] inline const PgnToken& PgnLexer::make(PgnTokenKind kind, std::size_t start, std::size_t stop) {
  tok_.kind = kind;
  tok_.text = std::string_view(data_ + start, stop - start);
  tok_.name = {};
  tok_.line = token_line_;
  tok_.nag = 0;
  tok_.unterminated = false;
  return tok_;
}

// The usual move ("Nf3", "exd5+") with the byte after it and one more in the buffer, that is
// neither a quote (a tag line that lost its '[') nor an en passant mark: lex_symbol's reading
// without its refill tests. False, with nothing moved, for anything else (lex_symbol reads it).
[[gnu::always_inline]] inline bool PgnLexer::lex_usual_symbol() {
  if (end_ - pos_ <= 16) return false;
  const char* const start = data_ + pos_;
  const unsigned length = lexer_detail::symbol_bytes_in_block(start);
  const char last = start[length - 1];
  const char after = start[length];
  if (length == 16 || last == 'e' || last == 'p' || after == '"' || (after == ' ' && start[length + 1] == '"')) {
    return false;
  }
  make(PgnTokenKind::Symbol, pos_, pos_ + length);
  // The space that follows a move is passed here, without a branch: the next token's blank loop
  // then starts on its first byte instead of spending a lookup and a test on the space. (A move
  // never ends a game, so text_offset(), which matters only after a result, is not affected.)
  pos_ += length + (after == ' ' ? 1 : 0);
  return true;
}

// A move number ("12.", "12...", "12…"), or a symbol starting with a digit ("0-0", "1-0").
// Inline in next(), which reads a move number before every white move: the usual "12." (or
// "12...") followed, within the buffer, by a byte that is no dot and no ellipsis is read without
// a call or the refill checks of the general path.
[[gnu::always_inline]] inline bool PgnLexer::lex_number_or_symbol() {
  const char* const e = data_ + end_;
  const char* p = data_ + pos_;
  while (p != e && lexer_detail::is_digit(static_cast<unsigned char>(*p))) ++p;
  if (p != e && *p == '.') {
    while (++p != e && *p == '.') {
    }
    if (p != e && static_cast<unsigned char>(*p) != 0xE2) {
      pos_ = static_cast<std::size_t>(p - data_);
      if (skip_move_numbers_) return false;
      make(PgnTokenKind::MoveNumber, token_, pos_);
      return true;
    }
  }
  return lex_number_or_symbol_in_general();
}

// Moves and move numbers are read here; every other token by a call (chess/pgn_lexer.cpp).
[[gnu::always_inline]] inline const PgnToken& PgnLexer::next_inline() {
  if (replay_) {
    replay_ = false;
    return tok_;
  }
  while (true) {
    // The blanks before a token (one or two bytes, mostly) are skipped here; skip_space handles
    // the rest (a refill, a byte-order mark).
    const char* const e = data_ + end_;
    const char* p = skip_blanks(data_ + pos_, e);
    pos_ = token_ = static_cast<std::size_t>(p - data_);
    if ((p == e || static_cast<unsigned char>(*p) == 0xEF) && !skip_space()) return end_of_input();
    token_line_ = line_;
    const bool line_start = line_start_;
    line_start_ = false;
    const int c = static_cast<unsigned char>(data_[pos_]);
    // Moves and move numbers first: they are most tokens, and no case below starts with a letter
    // or a digit.
    if (is_pgn_letter(c)) {
      if (lex_usual_symbol()) return tok_;
      return lex_symbol();
    }
    if (lexer_detail::is_digit(c)) {
      if (lex_number_or_symbol()) return tok_;
      continue;
    }
    switch (c) {
      case '[': {
        if (movetext_ && !tag_pair_follows(line_start)) return lex_movetext_bracket();
        if (lex_tag()) return tok_;
        continue;
      }
      case ']':
        if (!movetext_) break;
        ++pos_;
        return make(PgnTokenKind::BracketEnd, pos_ - 1, pos_);
      case '{': return lex_brace_comment();
      case ';': return lex_line_comment();
      case '%': skip_to_line_end(); continue;
      case '(': ++pos_; return make(PgnTokenKind::VariationStart, pos_ - 1, pos_);
      case ')': ++pos_; return make(PgnTokenKind::VariationEnd, pos_ - 1, pos_);
      case '$': return lex_nag();
      case '!': case '?': return lex_suffix();
      case '*': ++pos_; return make(PgnTokenKind::Result, pos_ - 1, pos_);
      case 0xC2:  // "½-½" in UTF-8
        if (ensure(5) && std::memcmp(data_ + pos_, "\xC2\xBD-\xC2\xBD", 5) == 0) {
          pos_ += 5;
          return make(PgnTokenKind::Result, pos_ - 5, pos_);
        }
        break;
      default:
        if (c == '+' || c == '=' || (c == '-' && ensure(2) && (data_[pos_ + 1] == '/' || data_[pos_ + 1] == '+'))) {
          return lex_evaluation();
        }
        if (c == '-') return lex_symbol();
        if (is_garbage(c)) return lex_garbage();
        break;
    }
    ++pos_;  // a byte no token starts with (stray dots, "…", Latin-1 text): skipped
  }
}

}  // namespace quarry::chess
