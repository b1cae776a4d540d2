// Polyglot-compatible Zobrist keys: the random numbers of the Polyglot opening-book format.
#pragma once

#include <cstdint>

#include "chess/types.h"

namespace quarry::chess {

std::uint64_t zobrist_piece(Piece p, Square s);
// castling_index = 2 * colour + side (white short 0, white long 1, black short 2, black long 3).
std::uint64_t zobrist_castling(int castling_index);
std::uint64_t zobrist_en_passant(int file);
// XORed in when white is to move.
std::uint64_t zobrist_white_to_move();

}  // namespace quarry::chess
