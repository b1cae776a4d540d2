// What Position::from_fen drops from a FEN it reads (castling rights whose king or rook is not at
// home, an en passant square no double step can have made): the game is read in full, but the
// reader tells the user.
#pragma once

#include <string>
#include <string_view>

#include "chess/position.h"

namespace quarry::chess {

// What `pos`, read from `fen`, left out of it, as the reader says it ("castling rights the
// position cannot have dropped (kept "k")", "impossible en passant square "e3" dropped", or both,
// joined by ", "); empty when nothing was dropped.
std::string fen_repairs(std::string_view fen, const Position& pos);

}  // namespace quarry::chess
