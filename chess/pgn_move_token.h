// The parts of a move token as the LineWriter's register-held characters: the move number with
// its dots, and the SAN. Only chess/pgn_writer.cpp uses them.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "chess/notation.h"
#include "chess/pgn_line_writer.h"

namespace quarry::chess {

// Writes the decimal digits of value ending at `end`; returns where they start.
inline char* digits_before(char* end, unsigned value) {
  do {
    *--end = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  return end;
}

// Move numbers below 1000 (nearly all) with their dots, "12." before white's move and "12..."
// before black's (CQLi writes "1.e4 e5" and "1...e5"): entry 2n for white's, 2n + 1 for black's,
// the characters in the low bytes and their count in the top byte. One load per move instead of
// digits, dots and a count put together (~8 instructions a move less, callgrind).
inline constexpr unsigned kTabledMoveNumbers = 1000;
inline constexpr unsigned kCountShift = 56;
inline constexpr auto kMoveNumbers = [] {
  std::array<std::uint64_t, 2 * kTabledMoveNumbers> table{};
  for (unsigned n = 0; n < kTabledMoveNumbers; ++n) {
    const unsigned digits = n < 10 ? 1 : n < 100 ? 2 : 3;
    std::uint64_t chars = 0;
    unsigned rest = n;
    for (unsigned i = digits; i-- > 0; rest /= 10) chars |= (std::uint64_t{'0'} + rest % 10) << (8 * i);
    for (unsigned black = 0; black < 2; ++black) {
      const unsigned count = digits + (black != 0 ? 3 : 1);
      std::uint64_t word = chars;
      for (unsigned i = digits; i < count; ++i) word |= std::uint64_t{'.'} << (8 * i);
      table[2 * n + black] = word | std::uint64_t{count} << kCountShift;
    }
  }
  return table;
}();

// Move numbers that fit the eight register-held characters with their dots ("99999..."). A FEN
// may start the counter near the Position's limit; the writer builds larger ones as text.
inline constexpr unsigned kRegisterMoveNumbers = 100000;

// A move number below kRegisterMoveNumbers and its dots as the LineWriter's register-held
// characters.
inline LineWriter::Chars8 move_number(unsigned number, bool white) {
  if (number < kTabledMoveNumbers) [[likely]] {
    const std::uint64_t entry = kMoveNumbers[2 * number + (white ? 0 : 1)];
    return {entry, entry >> kCountShift};  // the count byte lies past the characters
  }
  assert(number < kRegisterMoveNumbers);
  char buffer[8];
  const char* first = digits_before(buffer + sizeof buffer, number);
  std::uint64_t digits = 0;
  std::size_t count = 0;
  for (const char* c = first; c != buffer + sizeof buffer; ++c, ++count) {
    digits |= std::uint64_t{static_cast<unsigned char>(*c)} << (8 * count);
  }
  const std::uint64_t dots = white ? 0x2e : 0x2e2e2e;
  return {digits | dots << (8 * count), count + (white ? 1 : 3)};
}

// A SAN as the LineWriter's register-held characters (a SanText is one 8-byte word).
inline LineWriter::Chars8 san_chars(const SanText& san) {
  static_assert(sizeof(SanText) == sizeof(std::uint64_t));
  std::uint64_t chars = 0;
  if constexpr (std::endian::native == std::endian::little) {
    chars = std::bit_cast<std::uint64_t>(san);  // the size byte sits past the characters
  } else {
    for (std::size_t i = 0; i < san.size; ++i) {
      chars |= std::uint64_t{static_cast<unsigned char>(san.chars[i])} << (8 * i);
    }
  }
  return {chars, san.size};
}

}  // namespace quarry::chess
