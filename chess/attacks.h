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
struct LineTables {
  std::array<std::array<std::uint64_t, 64>, 64> between;
  std::array<std::array<std::uint64_t, 64>, 64> line;
};
extern const LineTables kLineTables;
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
SquareSet bishop_attacks(Square s, SquareSet occupied);
SquareSet rook_attacks(Square s, SquareSet occupied);
SquareSet queen_attacks(Square s, SquareSet occupied);
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
