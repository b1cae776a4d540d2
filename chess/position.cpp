// Position: board bookkeeping, attack queries, and the move-making state transitions.
#include "chess/position.h"

#include <bit>

#include "chess/attacks.h"
#include "chess/movegen.h"
#include "chess/position_after.h"
#include "chess/zobrist.h"

namespace quarry::chess {

static_assert(Square::none().index() == 0x40);  // has_any_castling_right reads four at once

namespace {

constexpr int castling_index(Color c, CastlingSide side) { return 2 * index_of(c) + static_cast<int>(side); }

}  // namespace

Position Position::initial() {
  // Parsed once: the start position is well-formed, so parsing cannot fail.
  static const Position kInitial = *from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  return kInitial;
}

bool Position::has_castling_right(Color c, CastlingSide side) const {
  return castling_rook_[castling_index(c, side)].is_valid();
}

Square Position::castling_rook(Color c, CastlingSide side) const { return castling_rook_[castling_index(c, side)]; }

Square Position::square_of_piece_id(int id) const {
  if (id <= 0) return Square::none();
  for (Square s : occupied()) {
    if (piece_id_[s.index()] == id) return s;
  }
  return Square::none();
}

Square Position::castling_king_destination(Square king_from, Square rook_from) {
  return Square(rook_from.file() < king_from.file() ? 2 : 6, king_from.rank());
}

Square Position::castling_rook_destination(Square king_from, Square rook_from) {
  return Square(rook_from.file() < king_from.file() ? 3 : 5, king_from.rank());
}

// --- attacks -----------------------------------------------------------------------------------

SquareSet Position::attackers_to(Square s, SquareSet occ) const {
  const SquareSet diagonal = by_type_[index_of(PieceType::Bishop)] | by_type_[index_of(PieceType::Queen)];
  const SquareSet straight = by_type_[index_of(PieceType::Rook)] | by_type_[index_of(PieceType::Queen)];
  SquareSet result = (pawn_attacks(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
                     (pawn_attacks(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
                     (knight_attacks(s) & pieces(PieceType::Knight)) | (king_attacks(s) & pieces(PieceType::King));
  // Slider attacks are computed only when a slider stands on one of the square's lines.
  if (bishop_rays(s).intersects(diagonal)) result |= bishop_attacks(s, occ) & diagonal;
  if (rook_rays(s).intersects(straight)) result |= rook_attacks(s, occ) & straight;
  return result;
}

SquareSet Position::attacks_from(Square s) const { return piece_attacks(piece_at(s), s, occupied()); }

SquareSet Position::attacked_by(Color c) const {
  SquareSet result;
  const SquareSet occ = occupied();
  for (Square s : pieces(c)) result |= piece_attacks(board_[s.index()], s, occ);
  return result;
}

SquareSet Position::compute_checkers() const { return checkers_in_place(); }

SquareSet Position::pinned(Color c) const {
  const Square k = king(c);
  if (!k.is_valid()) return SquareSet();
  const Color them = ~c;
  const SquareSet snipers =
      (rook_attacks(k, SquareSet()) & (pieces(them, PieceType::Rook) | pieces(them, PieceType::Queen))) |
      (bishop_attacks(k, SquareSet()) & (pieces(them, PieceType::Bishop) | pieces(them, PieceType::Queen)));
  const SquareSet occ = occupied();
  SquareSet result;
  for (Square sniper : snipers) {
    const SquareSet blockers = between(k, sniper) & occ;
    if (blockers.any() && !blockers.has_more_than_one()) result |= blockers & pieces(c);
  }
  return result;
}

// --- board bookkeeping -------------------------------------------------------------------------

void Position::put_piece(Square s, Piece p, int id) {
  board_[s.index()] = p;
  piece_id_[s.index()] = static_cast<std::uint8_t>(id);
  by_color_[index_of(p.color())] |= s;
  by_type_[index_of(p.type())] |= s;
  key_ ^= zobrist_piece(p, s);
}

void Position::remove_piece(Square s) {
  const Piece p = board_[s.index()];
  board_[s.index()] = Piece::none();
  piece_id_[s.index()] = 0;
  by_color_[index_of(p.color())] ^= s;
  by_type_[index_of(p.type())] ^= s;
  key_ ^= zobrist_piece(p, s);
}

void Position::move_piece(Square from, Square to) {
  const Piece p = board_[from.index()];
  const int id = piece_id_[from.index()];
  remove_piece(from);
  put_piece(to, p, id);
}

std::uint64_t Position::compute_key() const {
  std::uint64_t key = 0;
  for (Square s : occupied()) key ^= zobrist_piece(board_[s.index()], s);
  for (int i = 0; i < 4; ++i) {
    if (castling_rook_[i].is_valid()) key ^= zobrist_castling(i);
  }
  key ^= en_passant_key();
  if (side_to_move_ == Color::White) key ^= zobrist_white_to_move();
  return key;
}

void Position::drop_castling_rights(Color c) {
  for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
    const int i = castling_index(c, side);
    if (castling_rook_[i].is_valid()) {
      castling_rook_[i] = Square::none();
      key_ ^= zobrist_castling(i);
    }
  }
}

void Position::drop_castling_right_of_rook(Square s) {
  for (int i = 0; i < 4; ++i) {
    if (castling_rook_[i] == s) {
      castling_rook_[i] = Square::none();
      key_ ^= zobrist_castling(i);
    }
  }
}

// --- moves -------------------------------------------------------------------------------------

void Position::play_castling(Square king_from, Square rook_from) {
  // Both pieces leave before either lands: in Chess960 a destination may be the other's origin.
  const Piece king_piece = board_[king_from.index()];
  const Piece rook_piece = board_[rook_from.index()];
  const int king_id = piece_id_[king_from.index()];
  const int rook_id = piece_id_[rook_from.index()];
  remove_piece(king_from);
  remove_piece(rook_from);
  put_piece(castling_king_destination(king_from, rook_from), king_piece, king_id);
  put_piece(castling_rook_destination(king_from, rook_from), rook_piece, rook_id);
}

void Position::play(Move m) {
  if (m.is_null()) {
    play_null();
    return;
  }
  key_ ^= en_passant_key();
  const Color us = side_to_move_;
  const Square from = m.from();
  const Square to = m.to();
  const Piece mover = board_[from.index()];
  // A king can be captured only in a position given by FEN; its side's castling rights go with it.
  if (m.kind() != Move::Kind::Castling && board_[to.index()].type() == PieceType::King) drop_castling_rights(~us);
  en_passant_ = Square::none();
  ++halfmove_clock_;
  switch (m.kind()) {
    case Move::Kind::Castling:
      play_castling(from, to);
      break;
    case Move::Kind::EnPassant:
      remove_piece(Square(to.file(), from.rank()));
      move_piece(from, to);
      halfmove_clock_ = 0;
      break;
    case Move::Kind::Promotion: {
      if (!board_[to.index()].is_none()) remove_piece(to);
      const int id = piece_id_[from.index()];  // the promoted piece keeps the pawn's identity
      remove_piece(from);
      put_piece(to, Piece(us, m.promotion()), id);
      halfmove_clock_ = 0;
      break;
    }
    case Move::Kind::Normal:
      if (!board_[to.index()].is_none()) {
        remove_piece(to);
        halfmove_clock_ = 0;
      }
      move_piece(from, to);
      if (mover.type() == PieceType::Pawn) {
        halfmove_clock_ = 0;
        // Four-File pawns never capture, so there is no en passant square to record.
        if (detail::is_double_step(from, to) && variant_ == Variant::Standard)
          en_passant_ = Square((from.index() + to.index()) / 2);
      }
      break;
  }
  // Most moves of a game are played after both sides have lost their castling rights.
  if (has_any_castling_right()) {
    if (mover.type() == PieceType::King) drop_castling_rights(us);
    drop_castling_right_of_rook(from);
    drop_castling_right_of_rook(to);
  }
  if (us == Color::Black) ++fullmove_number_;
  side_to_move_ = ~us;
  key_ ^= zobrist_white_to_move();
  key_ ^= en_passant_key();
  checkers_ = checkers_in_place();
}

void Position::play_null() {
  key_ ^= en_passant_key();
  en_passant_ = Square::none();
  ++halfmove_clock_;
  if (side_to_move_ == Color::Black) ++fullmove_number_;
  side_to_move_ = ~side_to_move_;
  key_ ^= zobrist_white_to_move();
  checkers_ = compute_checkers();
}

bool Position::has_legal_move() const {
  // Not in check, a piece that is not pinned can make any of its pseudo-legal moves: one free
  // knight move, pawn push or slider move settles it without generating every move. (Captures
  // en passant, which can expose the king along a rank, are left to the generator.)
  const Color us = side_to_move_;
  const Square k = king(us);
  if (k.is_valid() && !in_check()) {
    const SquareSet own = pieces(us);
    const SquareSet landing = variant_destinations(variant_).without(own);
    const SquareSet occupied_now = occupied();
    const SquareSet free = own.without(pinned(us));
    for (Square s : free & pieces(PieceType::Knight)) {
      if (knight_attacks(s).intersects(landing)) return true;
    }
    const int step = us == Color::White ? 8 : -8;
    for (Square s : free & pieces(PieceType::Pawn)) {
      const int to = s.index() + step;
      if (to >= 0 && to < 64 && !occupied_now.contains(Square(to))) return true;
    }
    for (Square s : free & (pieces(PieceType::Bishop) | pieces(PieceType::Rook) | pieces(PieceType::Queen))) {
      if (attacks_from(s).intersects(landing)) return true;
    }
  }
  // In check, a king step out of it is the usual answer: tried before generating every move.
  if (k.is_valid()) {
    const SquareSet without_king = occupied().without(k);
    const SquareSet steps = king_attacks(k).without(pieces(us)) & variant_destinations(variant_);
    for (Square to : steps) {
      if ((attackers_to(to, without_king) & pieces(~us)).is_empty()) return true;
    }
  }
  MoveList moves;
  generate_legal_moves(*this, moves);
  return !moves.empty();
}

bool Position::is_checkmate() const { return in_check() && !has_legal_move(); }
bool Position::is_stalemate() const { return !in_check() && !has_legal_move(); }

}  // namespace quarry::chess
