// Attack tables: constexpr leaper and slider tables, and geometry (between, line).
#pragma once

#include <array>
#include <cstdint>

#include "chess/square_set.h"
#include "chess/types.h"

namespace quarry::chess {

namespace detail {
// Leaper tables (chess/attacks.cpp), here so that the lookups inline: they are in every hot loop.
extern const std::array<std::uint64_t, 64> kKnightTable;
extern const std::array<std::uint64_t, 64> kKingTable;
extern const std::array<std::array<std::uint64_t, 64>, 2> kPawnTable;  // by colour
extern const std::array<std::uint64_t, 64> kRookRays;    // rook attacks on an empty board
extern const std::array<std::uint64_t, 64> kBishopRays;  // bishop attacks on an empty board
// Where a piece of each type reaches on an empty board, by index_of(type) and square (none for a
// pawn and for no piece): the tables above, looked up without a branch on the type.
extern const std::array<std::array<std::uint64_t, 64>, 7> kReachByType;
struct LineTables {
  std::array<std::array<std::uint64_t, 64>, 64> between;
  std::array<std::array<std::uint64_t, 64>, 64> line;
};
extern const LineTables kLineTables;

// Sliders by "hyperbola quintessence" on files and diagonals and a first-rank table for ranks:
// 3.5 KB of tables, computed at compile time, that stay in the L1 cache. Magic bitboards need
// 860 KB, and on a machine shared by several processes most of their lookups missed the cache
// (they were a quarter of all the time spent replaying games). Here so that the lookups inline.
struct LineMasks {
  std::uint64_t file = 0;
  std::uint64_t diagonal = 0;       // a1-h8 direction
  std::uint64_t antidiagonal = 0;   // h1-a8 direction
};
extern const std::array<LineMasks, 64> kLineMasks;  // the lines through each square, it excluded
// Attacks along the first rank of a slider on a file, for the 64 occupancies of files b to g
// (the end squares never block anything beyond them).
extern const std::array<std::array<std::uint8_t, 64>, 8> kRankTable;

// Attacks along one file or diagonal: a blocker is found above the slider by subtraction and
// below it by the same subtraction on the byte-reversed (rank-mirrored) board.
inline std::uint64_t line_attacks(int square, std::uint64_t occupied, std::uint64_t mask) {
  const std::uint64_t forward = occupied & mask;
  const std::uint64_t reverse = __builtin_bswap64(forward);
  const std::uint64_t slider = std::uint64_t{1} << square;
  const std::uint64_t slider_reversed = std::uint64_t{1} << (square ^ 56);
  return ((forward - slider) ^ __builtin_bswap64(reverse - slider_reversed)) & mask;
}

inline std::uint64_t rank_attacks(int square, std::uint64_t occupied) {
  const int shift = square & 56;
  const auto inner = static_cast<std::size_t>((occupied >> (shift + 1)) & 63);
  return std::uint64_t{kRankTable[static_cast<std::size_t>(square & 7)][inner]} << shift;
}
}  // namespace detail

inline SquareSet knight_attacks(Square s) { return SquareSet(detail::kKnightTable[static_cast<std::size_t>(s.index())]); }
inline SquareSet king_attacks(Square s) { return SquareSet(detail::kKingTable[static_cast<std::size_t>(s.index())]); }
inline SquareSet pawn_attacks(Color c, Square s) {
  return SquareSet(detail::kPawnTable[static_cast<std::size_t>(index_of(c))][static_cast<std::size_t>(s.index())]);
}
// Every square a rook or bishop on s could reach on an empty board: a cheap test of whether a
// slider can matter before its attacks are computed.
inline SquareSet rook_rays(Square s) { return SquareSet(detail::kRookRays[static_cast<std::size_t>(s.index())]); }
inline SquareSet bishop_rays(Square s) { return SquareSet(detail::kBishopRays[static_cast<std::size_t>(s.index())]); }
inline SquareSet bishop_attacks(Square s, SquareSet occupied) {
  const detail::LineMasks& m = detail::kLineMasks[static_cast<std::size_t>(s.index())];
  return SquareSet(detail::line_attacks(s.index(), occupied.bits(), m.diagonal) |
                   detail::line_attacks(s.index(), occupied.bits(), m.antidiagonal));
}
inline SquareSet rook_attacks(Square s, SquareSet occupied) {
  return SquareSet(detail::line_attacks(s.index(), occupied.bits(), detail::kLineMasks[static_cast<std::size_t>(s.index())].file) |
                   detail::rank_attacks(s.index(), occupied.bits()));
}
inline SquareSet queen_attacks(Square s, SquareSet occupied) { return bishop_attacks(s, occupied) | rook_attacks(s, occupied); }
SquareSet piece_attacks(Piece p, Square s, SquareSet occupied);

// Slow ray-walking reference for sliders; builds the tables and serves as the test oracle.
SquareSet slider_attacks_reference(PieceType slider, Square s, SquareSet occupied);

// Squares strictly between a and b when they share a rank, file or diagonal; else empty.
inline SquareSet between(Square a, Square b) {
  return SquareSet(detail::kLineTables.between[static_cast<std::size_t>(a.index())][static_cast<std::size_t>(b.index())]);
}
// The whole rank/file/diagonal through a and b (edge to edge) when aligned; else empty.
inline SquareSet line_through(Square a, Square b) {
  return SquareSet(detail::kLineTables.line[static_cast<std::size_t>(a.index())][static_cast<std::size_t>(b.index())]);
}

}  // namespace quarry::chess
