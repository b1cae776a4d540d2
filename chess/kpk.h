// Exact king-and-pawn-against-king knowledge: a bitbase built by retrograde analysis at first use.
#pragma once

#include <optional>

#include "chess/position.h"
#include "chess/types.h"

namespace quarry::chess::kpk {

// Whether the side with the pawn wins. The pawn's colour is `pawn_side`; `strong_king` is that
// side's king, `weak_king` the other. The placement must be legal (distinct squares, kings apart,
// pawn on ranks 2-7, the side not to move not in check); otherwise the answer is meaningless.
bool pawn_side_wins(Color pawn_side, Square strong_king, Square pawn, Square weak_king, Color side_to_move);

// The same for a position holding exactly two kings and one pawn; nullopt on any other material.
std::optional<bool> probe(const Position& pos);

// Size of the packed table: one bit per placement with a white pawn on files a-d, per side to move.
inline constexpr int kEntries = 2 * 24 * 64 * 64;
inline constexpr int kBytes = kEntries / 8;

}  // namespace quarry::chess::kpk
