// Retrograde moves: the moves that may have led to a position, each with the predecessor it
// implies, and CQLi's notation for them ("~Pa7x(B)b8=B").
#pragma once

#include <string>
#include <vector>

#include "chess/move.h"
#include "chess/position.h"

namespace quarry::chess {

// A move taken back. `move` is the forward move as it was played (from, to, kind, promotion;
// castling as king-takes-rook); `uncaptured` is the piece restored on the capture square (a pawn
// for en passant), None when the move captured nothing.
struct Retraction {
  Move move;
  PieceType uncaptured = PieceType::None;

  friend bool operator==(const Retraction&, const Retraction&) = default;
};

// Every retraction that obeys piece movement, material and the castling rights and en passant
// square of `pos`, whether or not the predecessor has a king in check.
std::vector<Retraction> pseudolegal_retractions(const Position& pos);
// The predecessor: `r.move` played from it gives `pos` back (board, side to move, castling rights
// and, after a double step, the en passant square).
Position retract(const Position& pos, const Retraction& r);
// Whether `before`, the predecessor of `r`, is a position the game rules allow: the retracted
// move is legal there and the side not to move there is not in check.
bool is_legal_predecessor(const Position& before, const Retraction& r);

// Calls visit(retraction, predecessor) for each pseudolegal retraction of `pos`, or only the legal
// ones, building each predecessor once; stops when visit returns false.
template <class Visit>
void for_each_predecessor(const Position& pos, bool legal_only, Visit visit) {
  for (const Retraction& r : pseudolegal_retractions(pos)) {
    const Position before = retract(pos, r);
    if (legal_only && !is_legal_predecessor(before, r)) continue;
    if (!visit(r, before)) return;
  }
}

// Retractions by the side that just moved whose predecessor is a position the game rules allow.
std::vector<Retraction> legal_retractions(const Position& pos);
// Whether some retraction (a double step counted even without an en passant square, since problem
// FENs omit it) leads to a predecessor where the side to move now was not in check: false means
// the check on the board is one no move can have given.
bool check_is_explicable(const Position& pos);
// CQLi's notation without a move number: "~Pd2d3+", "~Pc2x(N)d3+", "~Pe5x(P)d6" (en passant),
// "~Pa7x(B)b8=B" (a promotion), "~O-O"; the suffix tells whether `pos` is check or mate.
std::string retraction_text(const Position& pos, const Retraction& r);

}  // namespace quarry::chess
