// Position edits for imaginary positions (CQLi's imagine): pieces put, removed and swapped, the
// side to move set, then the castling rights, en passant square and key made consistent.
#include <algorithm>

#include "chess/attacks.h"
#include "chess/position.h"

namespace quarry::chess {

void Position::edit_put(Square s, Piece p, int id) {
  if (!board_[s.index()].is_none()) remove_piece(s);
  put_piece(s, p, id);
}

void Position::edit_clear(Square s) {
  if (!board_[s.index()].is_none()) remove_piece(s);
}

void Position::edit_swap(Square a, Square b) {
  if (a == b) return;
  const Piece pa = board_[a.index()], pb = board_[b.index()];
  const int ida = piece_id_[a.index()], idb = piece_id_[b.index()];
  edit_clear(a);
  edit_clear(b);
  if (!pb.is_none()) put_piece(a, pb, idb);
  if (!pa.is_none()) put_piece(b, pa, ida);
}

void Position::edit_side_to_move(Color c) {
  if (c != side_to_move_) en_passant_ = Square::none();  // the double step was not the last move
  side_to_move_ = c;
}

void Position::finish_edit() {
  // A right survives while its rook stands on its square and its king at home: on the e-file
  // (Chess960: anywhere on that back rank).
  for (int i = 0; i < 4; ++i) {
    const Square rook = castling_rook_[i];
    if (!rook.is_valid()) continue;
    const Color c = i < 2 ? Color::White : Color::Black;
    const Square k = king(c);
    const bool king_home = k.is_valid() && k.rank() == rook.rank() && (chess960_ || k.file() == 4);
    if (board_[rook.index()] != Piece(c, PieceType::Rook) || !king_home) {
      castling_rook_[i] = Square::none();
    }
  }
  // An en passant square needs the pawn that just passed it, with both squares it crossed empty.
  if (en_passant_.is_valid()) {
    const Color mover = ~side_to_move_;
    const int forward = mover == Color::White ? 8 : -8;
    const Square pawn(en_passant_.index() + forward);
    const Square origin(en_passant_.index() - forward);
    if (board_[pawn.index()] != Piece(mover, PieceType::Pawn) || !board_[en_passant_.index()].is_none() ||
        !board_[origin.index()].is_none()) {
      en_passant_ = Square::none();
    }
  }
  key_ = compute_key();
  checkers_ = compute_checkers();
}

int Position::unused_piece_id() const {
  int highest = 0;
  for (Square s : occupied()) highest = std::max(highest, static_cast<int>(piece_id_[s.index()]));
  return highest < 255 ? highest + 1 : 0;
}

}  // namespace quarry::chess
