// Position(before, m) and what it runs at every move, inline: the game tree builds every node's
// position with it, and the reader's per-move path (PgnReader's on_move, Game::add_child) then
// makes no call for an ordinary move. Included by chess/game.h and chess/position.cpp.
#pragma once

#include <cstdint>

#include "chess/attacks.h"
#include "chess/position.h"
#include "chess/zobrist.h"

namespace quarry::chess {

namespace detail {
constexpr bool is_double_step(Square from, Square to) {
  return (from.index() ^ to.index()) == 16;  // same file, two ranks apart
}
}  // namespace detail

inline std::uint64_t Position::en_passant_key() const {
  if (!en_passant_.is_valid()) return 0;
  const bool capturable = (pawn_attacks(~side_to_move_, en_passant_) & pieces(side_to_move_, PieceType::Pawn)).any();
  return capturable ? zobrist_en_passant(en_passant_.file()) : 0;
}

// Inlined into play() and the constructor, which run at every move of every game read (a call
// there cost 1% of `mate`'s instructions in saved registers); compute_checkers() is the
// out-of-line copy.
[[gnu::always_inline]] inline SquareSet Position::checkers_in_place() const {
  const Color us = side_to_move_;
  const Square k = king(us);
  if (!k.is_valid()) return SquareSet();
  // attackers_to(k) & pieces(them), with only the enemy's sliders looked at.
  const SquareSet enemy = pieces(~us);
  const SquareSet queens = by_type_[index_of(PieceType::Queen)];
  const SquareSet diagonal = (by_type_[index_of(PieceType::Bishop)] | queens) & enemy;
  const SquareSet straight = (by_type_[index_of(PieceType::Rook)] | queens) & enemy;
  SquareSet result = ((pawn_attacks(us, k) & by_type_[index_of(PieceType::Pawn)]) |
                      (knight_attacks(k) & by_type_[index_of(PieceType::Knight)]) |
                      (king_attacks(k) & by_type_[index_of(PieceType::King)])) &
                     enemy;
  const SquareSet occ = occupied();
  if (bishop_rays(k).intersects(diagonal)) result |= bishop_attacks(k, occ) & diagonal;
  if (rook_rays(k).intersects(straight)) result |= rook_attacks(k, occ) & straight;
  return result;
}

inline Position::Position(const Position& before, Move m) : Position(before) {
  // Castling, en passant, promotions, the null move and a captured king (a FEN may give one)
  // are made as play() makes them.
  if (m.kind() != Move::Kind::Normal || m.is_null() || before.board_[m.to().index()].type() == PieceType::King) {
    play(m);
    return;
  }
  play_ordinary_from(before, m);
}

// An ordinary move or capture: every field is computed from `before` and stored once, so nothing
// of the copy just made is read back (but what checkers_in_place reads, 8-byte stores each).
inline void Position::play_ordinary_from(const Position& before, Move m) {
  const Color us = before.side_to_move_;
  const Square from = m.from();
  const Square to = m.to();
  const Piece mover = before.board_[from.index()];
  const Piece captured = before.board_[to.index()];
  const bool capture = !captured.is_none();
  const std::uint64_t from_to = (std::uint64_t{1} << from.index()) | (std::uint64_t{1} << to.index());
  const std::uint64_t taken = capture ? std::uint64_t{1} << to.index() : 0;
  std::uint64_t key = before.key_ ^ before.en_passant_key() ^ zobrist_piece(mover, from) ^ zobrist_piece(mover, to);
  if (capture) key ^= zobrist_piece(captured, to);
  board_[to.index()] = mover;
  board_[from.index()] = Piece::none();
  piece_id_[to.index()] = before.piece_id_[from.index()];
  piece_id_[from.index()] = 0;
  const int ours = index_of(us);
  by_color_[ours] = SquareSet(before.by_color_[ours].bits() ^ from_to);
  by_color_[1 - ours] = SquareSet(before.by_color_[1 - ours].bits() ^ taken);
  // Without a capture the captured type is None, whose set stays as it was (empty).
  const int moved_type = index_of(mover.type());
  const int captured_type = index_of(captured.type());
  by_type_[captured_type] = SquareSet(before.by_type_[captured_type].bits() ^ taken);
  by_type_[moved_type] =
      SquareSet(before.by_type_[moved_type].bits() ^ (moved_type == captured_type ? taken : 0) ^ from_to);
  const bool pawn = mover.type() == PieceType::Pawn;
  halfmove_clock_ = capture || pawn ? 0 : before.halfmove_clock_ + 1;
  en_passant_ = pawn && detail::is_double_step(from, to) && before.variant_ == Variant::Standard
                    ? Square((from.index() + to.index()) / 2)
                    : Square::none();
  key_ = key ^ zobrist_white_to_move();
  if (before.has_any_castling_right()) {
    if (mover.type() == PieceType::King) drop_castling_rights(us);
    drop_castling_right_of_rook(from);
    drop_castling_right_of_rook(to);
  }
  if (us == Color::Black) fullmove_number_ = before.fullmove_number_ + 1;
  side_to_move_ = ~us;
  key_ ^= en_passant_key();
  checkers_ = checkers_in_place();
}

}  // namespace quarry::chess
