// Drawing a position as text: Unicode or ASCII pieces, a square set marked on it, optional colour.
#pragma once

#include <string>

#include "chess/position.h"
#include "chess/square_set.h"

namespace quarry::repl {

struct BoardStyle {
  bool unicode = true;  // ♔♕… and · for empty squares; false: KQ…kq… and .
  bool colour = false;  // ANSI colour for marked squares and coordinates
};

// White at the bottom. Every square is three columns wide: " x " or, when marked, "[x]", so the
// marks survive copying, NO_COLOR and terminals without colour. With colour, a marked square is
// also highlighted.
std::string draw_board(const chess::Position& position, chess::SquareSet marked, const BoardStyle& style);

// "a1 c3 e4", squares in board order (a1 first); "" for the empty set.
std::string square_names(chess::SquareSet squares);

// The symbol of one piece (or of an empty square) in that style.
std::string piece_symbol(chess::Piece piece, bool unicode);

}  // namespace quarry::repl
