// Retrograde move generation: un-moves, uncaptures, unpromotions, en passant and castling
// retractions of the side that just moved, and the predecessor each one implies.
#include "chess/retro.h"
#include "chess/variant.h"

#include <algorithm>
#include <array>

#include "chess/attacks.h"
#include "chess/movegen.h"
#include "chess/square_count.h"

namespace quarry::chess {

namespace {

constexpr char kTypeLetters[] = " PNBRQK";  // indexed by PieceType
constexpr PieceType kUncapturable[] = {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                                       PieceType::Queen};

int forward(Color c) { return c == Color::White ? 8 : -8; }
// Rank counted from the side's own back rank: 0 … 7.
int relative_rank(Color c, Square s) { return c == Color::White ? s.rank() : 7 - s.rank(); }

// Whether `side` could own one more piece of type t: no more than 8 pawns and 16 men, and no more
// pieces beyond the initial set than its missing pawns could have promoted to.
// `instead_of`: a man of that type leaves (an unpromotion turns it back into the pawn).
bool material_allows_one_more(const Position& pos, Color side, PieceType t, PieceType instead_of = PieceType::None) {
  std::array<int, 7> count{};
  for (PieceType type : kUncapturable) count[index_of(type)] = squares_in(pos.pieces(side, type));
  ++count[index_of(t)];
  if (instead_of != PieceType::None) --count[index_of(instead_of)];
  const int pawns = count[index_of(PieceType::Pawn)];
  const auto excess = [&](PieceType type, int initial) { return count[index_of(type)] > initial ? count[index_of(type)] - initial : 0; };
  const int promoted = excess(PieceType::Knight, 2) + excess(PieceType::Bishop, 2) + excess(PieceType::Rook, 2) +
                       excess(PieceType::Queen, 1);
  const int men = squares_in(pos.pieces(side)) + (instead_of == PieceType::None ? 1 : 0);
  return pawns <= 8 && men <= 16 && promoted <= 8 - pawns;
}

// Generation state: the side that just moved (`mover`) and the squares its pieces may not leave
// because a castling right says the king or that rook has never moved.
class Retractor {
 public:
  // `unrecorded_double_steps`: a double step counts even when no en passant square records it, as
  // problem FENs often leave it out.
  // `only`: retract just the men on these squares (castling needs all).
  Retractor(const Position& pos, std::vector<Retraction>& out, bool unrecorded_double_steps = false,
            SquareSet only = SquareSet::all())
      : pos_(pos), out_(out), mover_(~pos.side_to_move()), empty_(~pos.occupied()), unmoved_(unmoved_squares()),
        unrecorded_double_steps_(unrecorded_double_steps), only_(only) {}

  void run() {
    const Square ep = pos_.en_passant_square();
    if (ep.is_valid()) {  // the last move was the double step past the en passant square
      const Square to(ep.index() + forward(mover_));
      const Square from(ep.index() - forward(mover_));
      if (pos_.piece_at(to) == Piece(mover_, PieceType::Pawn) && empty_.contains(from)) add(Move(from, to));
      return;
    }
    for (Square to : pos_.pieces(mover_).without(unmoved_) & only_) {
      const PieceType type = pos_.piece_at(to).type();
      if (type == PieceType::Pawn) {
        pawn(to);
      } else {
        piece(to, type);
        if (relative_rank(mover_, to) == 7 && type != PieceType::King) unpromotion(to, type);
      }
    }
    if (only_ == SquareSet::all()) castling();
  }

 private:
  // A castling right says its rook never moved, and that no king of the mover's colour did: a
  // king move drops all of its side's rights (Position::play), so with two kings of one colour
  // (a FEN may give them) neither can have made the last move while a right stands.
  SquareSet unmoved_squares() const {
    SquareSet squares;
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      const Square rook = pos_.castling_rook(mover_, side);
      if (rook.is_valid()) squares |= SquareSet(rook) | pos_.pieces(mover_, PieceType::King);
    }
    return squares;
  }

  void add(Move m, PieceType uncaptured = PieceType::None) { out_.push_back({m, uncaptured}); }

  // Uncaptures of every type the victim's material and the square allow.
  void add_uncaptures(Move m, Square on) {
    const Color victim = ~mover_;
    for (PieceType t : kUncapturable) {
      if (t == PieceType::Pawn && (on.rank() == 0 || on.rank() == 7)) continue;
      if (material_allows_one_more(pos_, victim, t)) add(m, t);
    }
  }

  void piece(Square to, PieceType type) {
    const SquareSet froms = piece_attacks(Piece(mover_, type), to, pos_.occupied()) & empty_;
    for (Square from : froms) add(Move(from, to));
    for (Square from : froms) add_uncaptures(Move(from, to), to);
  }

  void pawn(Square to) {
    const int rank = relative_rank(mover_, to);
    if (rank < 2 || rank == 7) return;  // a pawn there never moved, or cannot stand there
    const Square one(to.index() - forward(mover_));
    if (empty_.contains(one)) {
      add(Move(one, to));
      // A double step leaves the en passant square behind (Position::play and FEN reading keep
      // it), so a position without one was not reached by a double step: run() handled that case.
      const Square two(one.index() - forward(mover_));
      if (unrecorded_double_steps_ && rank == 3 && empty_.contains(two)) add(Move(two, to));
    }
    const SquareSet diagonals = pawn_attacks(~mover_, to) & empty_;
    for (Square from : diagonals) add_uncaptures(Move(from, to), to);
    // En passant: the victim's pawn stood beside `from` after its double step across `to`.
    const Square origin(to.index() + forward(mover_));
    if (rank == 5 && empty_.contains(origin) && empty_.contains(one)) {
      for (Square from : diagonals) add(Move(from, to, Move::Kind::EnPassant), PieceType::Pawn);
    }
  }

  void unpromotion(Square to, PieceType type) {
    if (!material_allows_one_more(pos_, mover_, PieceType::Pawn, type)) return;
    const Square straight(to.index() - forward(mover_));
    const Move push(straight, to, Move::Kind::Promotion, type);
    if (empty_.contains(straight)) add(push);
    for (Square from : pawn_attacks(~mover_, to) & empty_) {
      add_uncaptures(Move(from, to, Move::Kind::Promotion, type), to);
    }
  }

  // Standard chess only: the king on g1/c1 beside its rook, the home squares empty again.
  void castling() {
    if (pos_.chess960() || unmoved_.any()) return;
    const int back = mover_ == Color::White ? 0 : 7;
    const Square king_home(4, back);
    for (int rook_file : {7, 0}) {
      const Square rook_home(rook_file, back);
      const Square king_to = Position::castling_king_destination(king_home, rook_home);
      const Square rook_to = Position::castling_rook_destination(king_home, rook_home);
      const SquareSet must_be_empty = between(king_home, rook_home).without(SquareSet(king_to) | rook_to) |
                                      king_home | rook_home;
      if (pos_.piece_at(king_to) == Piece(mover_, PieceType::King) &&
          pos_.piece_at(rook_to) == Piece(mover_, PieceType::Rook) && must_be_empty.is_subset_of(empty_))
        add(Move(king_home, rook_home, Move::Kind::Castling));
    }
  }

  const Position& pos_;
  std::vector<Retraction>& out_;
  Color mover_;
  SquareSet empty_;
  SquareSet unmoved_;
  bool unrecorded_double_steps_;
  SquareSet only_;
};

// The predecessor: the board with the move taken back, the mover to move, the same castling
// rights (plus the one a castling used) and the en passant square an en passant needed.
struct Predecessor {
  std::array<Piece, 64> board{};
  Color mover = Color::White;
  std::string castling;  // Shredder-FEN letters, empty for none
  Square en_passant = Square::none();
  int halfmove = 0;
  int fullmove = 1;
};

Predecessor predecessor(const Position& pos, const Retraction& r) {
  Predecessor p;
  std::array<Piece, 64>& board = p.board;
  for (Square s : pos.occupied()) board[s.index()] = pos.piece_at(s);
  const Color mover = ~pos.side_to_move();
  p.mover = mover;
  const Move m = r.move;
  const Square from = m.from();
  const Square to = m.to();
  // Rights by their rook's file (Shredder-FEN): K and Q name the outermost rook, which an
  // uncaptured rook can change (king a8, castling rook b8, a rook uncaptured on e8).
  auto right_letter = [](Color c, Square rook) {
    return static_cast<char>((c == Color::White ? 'A' : 'a') + rook.file());
  };
  std::string& castling = p.castling;
  for (Color c : {Color::White, Color::Black}) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      if (pos.has_castling_right(c, side)) castling += right_letter(c, pos.castling_rook(c, side));
    }
  }
  switch (m.kind()) {
    case Move::Kind::Castling: {
      const Square king_to = Position::castling_king_destination(from, to);
      const Square rook_to = Position::castling_rook_destination(from, to);
      board[from.index()] = board[king_to.index()];
      board[to.index()] = board[rook_to.index()];
      board[king_to.index()] = board[rook_to.index()] = Piece::none();
      castling += right_letter(mover, to);
      break;
    }
    case Move::Kind::EnPassant:
      board[from.index()] = board[to.index()];
      board[to.index()] = Piece::none();
      board[Square(to.file(), from.rank()).index()] = Piece(~mover, PieceType::Pawn);
      p.en_passant = to;
      break;
    case Move::Kind::Promotion:
    case Move::Kind::Normal:
      board[from.index()] = m.kind() == Move::Kind::Promotion ? Piece(mover, PieceType::Pawn) : board[to.index()];
      board[to.index()] = r.uncaptured == PieceType::None ? Piece::none() : Piece(~mover, r.uncaptured);
      break;
  }
  const PieceType moved = m.kind() == Move::Kind::Promotion ? PieceType::Pawn : board[from.index()].type();
  const bool irreversible = moved == PieceType::Pawn || r.uncaptured != PieceType::None;
  p.halfmove = irreversible || pos.halfmove_clock() == 0 ? 0 : pos.halfmove_clock() - 1;
  p.fullmove = mover == Color::Black && pos.fullmove_number() > 1 ? pos.fullmove_number() - 1
                                                                 : pos.fullmove_number();
  return p;
}

// The predecessor as FEN text, for the variants, whose FEN reading applies their rules.
std::string predecessor_fen(const Predecessor& p) {
  std::string fen = Position::placement_field(p.board);
  fen += p.mover == Color::White ? " w " : " b ";
  fen += p.castling.empty() ? "-" : p.castling;
  fen += ' ';
  fen += p.en_passant.is_valid() ? p.en_passant.name() : "-";
  return fen + ' ' + std::to_string(p.halfmove) + ' ' + std::to_string(p.fullmove);
}

}  // namespace

std::vector<Retraction> pseudolegal_retractions(const Position& pos) {
  std::vector<Retraction> out;
  if (pos.variant() == Variant::FourFile) {
    // Four-File chess: a double step leaves no en passant square, and every man stood on the a, c,
    // e or g file before it moved, so pawn uncaptures (diagonal), en passant and castling go.
    Retractor(pos, out, true).run();
    const SquareSet files = variant_destinations(Variant::FourFile);
    std::erase_if(out, [&](const Retraction& r) {
      return !files.contains(r.move.from()) || r.move.kind() == Move::Kind::EnPassant ||
             r.move.kind() == Move::Kind::Castling;
    });
    return out;
  }
  Retractor(pos, out).run();
  return out;
}

bool is_legal_predecessor(const Position& before, const Retraction& r) {
  const Color victim = ~before.side_to_move();
  const bool victim_in_check = (before.attacked_by(before.side_to_move()) & before.pieces(victim, PieceType::King)).any();
  return !victim_in_check && is_legal(before, r.move);
}

std::vector<Retraction> legal_retractions(const Position& pos) {
  std::vector<Retraction> out;
  for_each_predecessor(pos, true, [&](const Retraction& r, const Position&) {
    out.push_back(r);
    return true;
  });
  return out;
}

// Whether the man that retracts `r` would itself attack `king` from its origin: such a
// predecessor has the side to move now already in check, so the costly full test is skipped.
bool origin_attacks(const Position& pos, const Retraction& r, Square king) {
  const Move m = r.move;
  if (m.kind() == Move::Kind::Castling) return false;
  const Color mover = ~pos.side_to_move();
  const Piece man = m.kind() == Move::Kind::Promotion ? Piece(mover, PieceType::Pawn) : pos.piece_at(m.to());
  SquareSet occupied = pos.occupied().without(m.to()).with(m.from());
  if (r.uncaptured != PieceType::None && m.kind() != Move::Kind::EnPassant) occupied |= m.to();
  return piece_attacks(man, m.from(), occupied).contains(king);
}

// Whether the side to move's king stands attacked on the board before `r` (worked out on the
// piece sets directly: building the predecessor position would cost far more).
bool king_attacked_before(const Position& pos, const Retraction& r) {
  const Color victim = pos.side_to_move();
  const Color mover = ~victim;
  const Square king = pos.king(victim);
  if (!king.is_valid()) return false;
  const Move m = r.move;
  std::array<SquareSet, 7> mine{};  // the mover's men by type, before the move
  for (PieceType t : {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen,
                      PieceType::King})
    mine[index_of(t)] = pos.pieces(mover, t);
  SquareSet occupied = pos.occupied();
  const auto shift = [&](PieceType was, PieceType now, Square from, Square to) {
    mine[index_of(now)] = mine[index_of(now)].without(to);
    mine[index_of(was)] |= from;
    occupied = occupied.without(to).with(from);
  };
  if (m.kind() == Move::Kind::Castling) {
    shift(PieceType::King, PieceType::King, m.from(), Position::castling_king_destination(m.from(), m.to()));
    shift(PieceType::Rook, PieceType::Rook, m.to(), Position::castling_rook_destination(m.from(), m.to()));
  } else {
    const PieceType now = pos.piece_at(m.to()).type();
    shift(m.kind() == Move::Kind::Promotion ? PieceType::Pawn : now, now, m.from(), m.to());
    if (m.kind() == Move::Kind::EnPassant) occupied |= Square(m.to().file(), m.from().rank());
    else if (r.uncaptured != PieceType::None) occupied |= m.to();
  }
  const SquareSet diagonal = mine[index_of(PieceType::Bishop)] | mine[index_of(PieceType::Queen)];
  const SquareSet straight = mine[index_of(PieceType::Rook)] | mine[index_of(PieceType::Queen)];
  return (pawn_attacks(victim, king) & mine[index_of(PieceType::Pawn)]).any() ||
         (knight_attacks(king) & mine[index_of(PieceType::Knight)]).any() ||
         (king_attacks(king) & mine[index_of(PieceType::King)]).any() ||
         (bishop_attacks(king, occupied) & diagonal).any() || (rook_attacks(king, occupied) & straight).any();
}

// The usual explanation, found without generating every retraction: the one checker, a piece,
// stepped without capturing onto its square from an empty one it gives no check from.
bool quiet_step_explains(const Position& pos, Square king) {
  const SquareSet checkers = pos.checkers();
  if (checkers.is_empty() || checkers.has_more_than_one() || pos.en_passant_square().is_valid()) return false;
  const Square to = checkers.first();
  const Piece man = pos.piece_at(to);
  if (man.type() == PieceType::Pawn || man.type() == PieceType::King) return false;
  for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
    if (pos.castling_rook(man.color(), side) == to) return false;  // a rook the castling right says never moved
  }
  const SquareSet before = pos.occupied().without(to);
  for (Square from : piece_attacks(man, to, pos.occupied()) & ~pos.occupied()) {
    if (piece_attacks(man, from, before.with(from)).contains(king)) continue;
    if (!king_attacked_before(pos, Retraction{Move(from, to), PieceType::None})) return true;
  }
  return false;
}

bool check_is_explicable(const Position& pos) {
  const Color checked = pos.side_to_move();
  const Square king = pos.king(checked);
  if (pos.variant() == Variant::Standard && king.is_valid() && quiet_step_explains(pos, king)) return true;
  const auto explains = [&](const Retraction& r) {
    if (king.is_valid() && origin_attacks(pos, r, king)) return false;
    if (pos.variant() == Variant::Standard) return !king_attacked_before(pos, r);
    const Position before = retract(pos, r);
    return (before.attacked_by(~checked) & before.pieces(checked, PieceType::King)).is_empty();
  };
  // A direct check by the man that moved is the usual explanation: its retractions come first.
  std::vector<Retraction> direct;
  Retractor(pos, direct, true, pos.checkers()).run();
  if (std::any_of(direct.begin(), direct.end(), explains)) return true;
  std::vector<Retraction> all;
  Retractor(pos, all, true).run();
  return std::any_of(all.begin(), all.end(), explains);
}

Position retract(const Position& pos, const Retraction& r) {
  // The predecessor's board is a board, so reading it cannot fail. Standard chess builds it
  // directly: through FEN text it was half the cost of a retraction.
  const Predecessor p = predecessor(pos, r);
  if (pos.variant() != Variant::Standard) {
    return *Position::from_variant_fen(predecessor_fen(p), VariantRules{pos.variant(), pos.chess960()});
  }
  return *Position::from_board(p.board, p.mover, p.castling, p.en_passant, p.halfmove, p.fullmove, pos.chess960());
}

std::string retraction_text(const Position& pos, const Retraction& r) {
  const Move m = r.move;
  std::string text = "~";
  if (m.kind() == Move::Kind::Castling) {
    text += m.to().file() > m.from().file() ? "O-O" : "O-O-O";
  } else {
    const PieceType moved = m.kind() == Move::Kind::Promotion ? PieceType::Pawn : pos.piece_at(m.to()).type();
    text += kTypeLetters[index_of(moved)];
    text += m.from().name();
    if (r.uncaptured != PieceType::None) {
      text += "x(";
      text += kTypeLetters[index_of(r.uncaptured)];
      text += ')';
    }
    text += m.to().name();
    if (m.kind() == Move::Kind::Promotion) {
      text += '=';
      text += kTypeLetters[index_of(m.promotion())];
    }
  }
  if (pos.in_check()) text += pos.has_legal_move() ? "+" : "#";
  return text;
}

}  // namespace quarry::chess
