// Move generation: legal and pseudo-legal moves, optionally restricted to from/to masks, and perft.
#pragma once

#include <cstdint>

#include "chess/move.h"
#include "chess/position.h"

namespace quarry::chess {

// Legal moves of the side to move. The masks restrict the from- and to-squares, so SAN decoding
// only generates candidates (castling moves count as going to the king's destination square).
void generate_legal_moves(const Position& pos, MoveList& out, SquareSet from_mask = SquareSet::all(),
                          SquareSet to_mask = SquareSet::all());
// Pseudo-legal moves: obey piece movement, may leave the own king in check.
void generate_pseudo_legal_moves(const Position& pos, MoveList& out);
bool is_legal(const Position& pos, Move m);
// Whether the side to move may castle on that side now (as the generator decides, without it).
bool can_castle(const Position& pos, CastlingSide side);

// Number of leaf nodes of the legal move tree of the given depth.
std::uint64_t perft(const Position& pos, int depth);

}  // namespace quarry::chess
