// CQLi's `legalposition`: the rules a position breaks without any retrograde analysis.
#pragma once

#include <string>

#include "chess/position.h"

namespace quarry::chess {

// Why the position breaks a basic rule (one king each, no pawn on the first or last rank, the side
// not to move not in check, at most two checkers and never two that no single move can unmask,
// material a side can own, castling rights and en passant square that fit the board); empty when
// it breaks none.
std::string illegality(const Position& pos);
inline bool is_legal_position(const Position& pos) { return illegality(pos).empty(); }

// Pieces of `side` beyond the initial set (a ninth queen…): each needs a promoted pawn.
int promoted_piece_excess(const Position& pos, Color side);

}  // namespace quarry::chess
