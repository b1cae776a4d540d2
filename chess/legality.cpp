// CQLi's `legalposition` criteria: kings, pawn ranks, checks, material, castling and en passant.
#include "chess/legality.h"

#include "chess/square_count.h"

namespace quarry::chess {

namespace {

const char* color_name(Color c) { return c == Color::White ? "White" : "Black"; }

bool is_slider(PieceType t) { return t == PieceType::Bishop || t == PieceType::Rook || t == PieceType::Queen; }

std::string material_fault(const Position& pos, Color side) {
  const SquareSet kings = pos.pieces(side, PieceType::King);
  const int pawns = squares_in(pos.pieces(side, PieceType::Pawn));
  const char* fault = kings.is_empty() || kings.has_more_than_one()    ? " must have exactly one King"
                      : pawns > 8                                       ? " has more than 8 Pawns"
                      : squares_in(pos.pieces(side)) > 16               ? " has more than 16 pieces"
                      : promoted_piece_excess(pos, side) > 8 - pawns    ? " has more promoted pieces than missing Pawns"
                                                                        : nullptr;
  return fault ? color_name(side) + std::string(fault) : std::string();
}

std::string check_fault(const Position& pos) {
  const Color us = pos.side_to_move();
  if (pos.is_attacked_by(us, pos.king(~us))) return std::string(color_name(~us)) + " King is in check but it is " +
                                                    color_name(us) + "'s move";
  const SquareSet checkers = pos.checkers();
  if (squares_in(checkers) > 2) return std::string(color_name(us)) + " King is checked by more than two pieces";
  if (squares_in(checkers) == 2) {
    // One of two checkers was unmasked by the other's move, so one of them is a line piece.
    bool line = false;
    for (Square s : checkers) line |= is_slider(pos.piece_at(s).type());
    if (!line) return std::string(color_name(us)) + " King is checked by two pieces no move can unmask";
  }
  return {};
}

std::string castling_fault(const Position& pos) {
  for (Color c : {Color::White, Color::Black}) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      const Square rook = pos.castling_rook(c, side);
      if (!rook.is_valid()) continue;
      const int home = c == Color::White ? 0 : 7;
      if (pos.piece_at(rook) != Piece(c, PieceType::Rook) || pos.king(c).rank() != home || rook.rank() != home)
        return std::string(color_name(c)) + " castling right without King and Rook at home";
    }
  }
  const Square ep = pos.en_passant_square();
  if (!ep.is_valid()) return {};
  const Color mover = ~pos.side_to_move();
  const int step = mover == Color::White ? 8 : -8;
  if (pos.piece_at(Square(ep.index() + step)) != Piece(mover, PieceType::Pawn) || pos.occupied().contains(ep) ||
      pos.occupied().contains(Square(ep.index() - step)))
    return "En passant square without a Pawn's double step";
  return {};
}

}  // namespace

int promoted_piece_excess(const Position& pos, Color side) {
  const auto excess = [](SquareSet pieces, int initial) {
    return pieces.has_more_than_one() && squares_in(pieces) > initial ? squares_in(pieces) - initial : 0;
  };
  // Bishops are counted by type, not by square colour: that finer count is reachableposition's.
  return excess(pos.pieces(side, PieceType::Queen), 1) + excess(pos.pieces(side, PieceType::Rook), 2) +
         excess(pos.pieces(side, PieceType::Knight), 2) + excess(pos.pieces(side, PieceType::Bishop), 2);
}

std::string illegality(const Position& pos) {
  for (Color c : {Color::White, Color::Black}) {
    if (std::string fault = material_fault(pos, c); !fault.empty()) return fault;
  }
  if ((pos.pieces(PieceType::Pawn) & (SquareSet::rank(0) | SquareSet::rank(7))).any())
    return "Pawn on the first or last rank";
  if (std::string fault = check_fault(pos); !fault.empty()) return fault;
  return castling_fault(pos);
}

}  // namespace quarry::chess
