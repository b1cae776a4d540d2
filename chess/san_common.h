// The SAN of a common move (no castling, promotion, rival or mate to look for), inline for the PGN
// writer's loop over plain moves; every other move goes to san_text (chess/notation.h).
#pragma once

#include <array>
#include <cstdint>

#include "chess/attacks.h"
#include "chess/position.h"

namespace quarry::chess {

namespace detail {

// Square names as two characters in one word, the file's letter in the low byte: a SAN appends
// its destination in one step (here and in san_text's builder, chess/notation.cpp).
inline constexpr auto kSanSquareNames = [] {
  std::array<std::uint16_t, 64> names{};
  for (int s = 0; s < 64; ++s) {
    names[static_cast<std::size_t>(s)] = static_cast<std::uint16_t>(('a' + s % 8) | ('1' + s / 8) << 8);
  }
  return names;
}();

// What a common SAN has before its destination, by the mover's type, whether it captures and the
// file it leaves (entry 16 type + 8 capture + file): the characters in the low bytes and their
// count times 8 in the top byte: "N", "Nx", "ex" (a pawn's capture, from its file), and nothing
// for a pawn's push. Looked up, because whether a move is a pawn's or a capture follows no
// pattern a branch could predict.
inline constexpr std::uint64_t kSanPrefixShift = 56;
inline constexpr auto kSanPrefixes = [] {
  constexpr char kLetters[] = " PNBRQK";
  std::array<std::uint64_t, 7 * 16> table{};
  for (std::size_t type = 1; type < 7; ++type) {
    for (std::size_t capture = 0; capture < 2; ++capture) {
      for (std::size_t file = 0; file < 8; ++file) {
        std::uint64_t chars = 0;
        std::uint64_t count = 0;
        if (type != static_cast<std::size_t>(index_of(PieceType::Pawn))) {
          chars = static_cast<unsigned char>(kLetters[type]);
          count = 1;
        } else if (capture != 0) {
          chars = 'a' + file;
          count = 1;
        }
        if (capture != 0) chars |= std::uint64_t{'x'} << (8 * count++);
        table[16 * type + 8 * capture + file] = chars | (8 * count) << kSanPrefixShift;
      }
    }
  }
  return table;
}();

}  // namespace detail

// The SAN of `m` from `before` (leading to `after`) as a SanText's bytes in one word (character i
// in bits 8i to 8i+7, the count in the top byte), when the move is common; else 0, and the caller
// asks san_text. Common: an ordinary move or en passant, no other piece of the mover's type that
// reaches its square on an empty board, and no check unless a legal reply is known (no mate).
// `m` is a legal move of `before` or the null move, as in a game tree.
// The same text as san_text, tested against it (tests/chess/san_writer_test.cpp). Inline: called
// out of line for each move, the writer's loop saved and reloaded its registers around it.
[[gnu::always_inline]] inline std::uint64_t common_san_word(const Position& before, Move m, const Position& after,
                                                             bool reply_known) {
  const Square from = m.from();
  const Square to = m.to();
  const PieceType type = before.piece_at(from).type();
  const std::uint64_t reach =
      detail::kReachByType[static_cast<std::size_t>(index_of(type))][static_cast<std::size_t>(to.index())];
  // The mover itself is among them (a legal move's piece reaches its square, and reach is
  // symmetric): a rival is a second one.
  const std::uint64_t in_reach = reach & before.pieces(before.side_to_move(), type).bits();
  const std::uint64_t rivals = in_reach & (in_reach - 1);
  const Move::Kind kind = m.kind();
  // One branch, nearly never taken: Promotion and Castling are the odd kinds.
  const bool rare =
      ((static_cast<unsigned>(kind) & 1) != 0) | m.is_null() | (rivals != 0) | (after.in_check() & !reply_known);
  if (rare) [[unlikely]] return 0;
  // Of the kinds left, Normal (0) and EnPassant (2), only en passant has bit 1 set.
  const bool capture = !before.piece_at(to).is_none() | ((static_cast<unsigned>(kind) >> 1) != 0);
  const std::uint64_t prefix =
      detail::kSanPrefixes[16 * static_cast<std::size_t>(index_of(type)) + 8 * std::size_t{capture} +
                           static_cast<std::size_t>(from.file())];
  const unsigned shift = static_cast<unsigned>(prefix >> detail::kSanPrefixShift);
  const bool check = after.in_check();
  const std::uint64_t word = (prefix & 0xffff) |
                             std::uint64_t{detail::kSanSquareNames[static_cast<std::size_t>(to.index())]} << shift |
                             (std::uint64_t{'+'} * check) << (shift + 16);
  return word | std::uint64_t{shift / 8 + 2 + check} << 56;
}

}  // namespace quarry::chess
