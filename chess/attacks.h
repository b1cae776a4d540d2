// Attack tables: constexpr leaper and slider tables, and geometry (between, line).
#pragma once

#include "chess/square_set.h"
#include "chess/types.h"

namespace quarry::chess {

SquareSet knight_attacks(Square s);
SquareSet king_attacks(Square s);
SquareSet pawn_attacks(Color c, Square s);
SquareSet bishop_attacks(Square s, SquareSet occupied);
SquareSet rook_attacks(Square s, SquareSet occupied);
SquareSet queen_attacks(Square s, SquareSet occupied);
SquareSet piece_attacks(Piece p, Square s, SquareSet occupied);

// Slow ray-walking reference for sliders; builds the tables and serves as the test oracle.
SquareSet slider_attacks_reference(PieceType slider, Square s, SquareSet occupied);

// Squares strictly between a and b when they share a rank, file or diagonal; else empty.
SquareSet between(Square a, Square b);
// The whole rank/file/diagonal through a and b (edge to edge) when aligned; else empty.
SquareSet line_through(Square a, Square b);

}  // namespace quarry::chess
