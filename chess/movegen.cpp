// Move generation: pseudo-legal moves plus legality checks only where they are needed (pinned
// pieces, king moves, en passant, castling), restricted by from/to masks; and perft. A variant
// narrows the to-mask to the squares its moves may end on (chess/variant.h).
#include "chess/movegen.h"

#include "chess/attacks.h"

namespace quarry::chess {

namespace {

// Castling on that side: the right, an empty path, and no attacked square for the king to cross
// or land on. to_mask: castling counts when it holds the king's destination or the rook's square.
bool castling_is_legal(const Position& pos, CastlingSide side, SquareSet to_mask) {
  const Color us = pos.side_to_move();
  const Square king = pos.king(us);
  const Square rook = pos.castling_rook(us, side);
  if (!king.is_valid() || !rook.is_valid() || pos.in_check()) return false;
  const Square king_to = Position::castling_king_destination(king, rook);
  const Square rook_to = Position::castling_rook_destination(king, rook);
  if (!to_mask.contains(king_to) && !to_mask.contains(rook)) return false;
  const SquareSet movers = SquareSet(king) | rook;
  const SquareSet must_be_empty = (between(king, king_to) | king_to | between(rook, rook_to) | rook_to).without(movers);
  if (must_be_empty.intersects(pos.occupied())) return false;
  // The castling king and rook leave the board for the test: in Chess960 the rook may shield
  // the king's destination from a slider behind it.
  const SquareSet occ = pos.occupied().without(movers);
  const SquareSet enemy = pos.pieces(~us);
  for (Square s : between(king, king_to) | king_to) {
    if ((pos.attackers_to(s, occ) & enemy).any()) return false;
  }
  return true;
}

// What one generation pass needs to know, computed once per call.
struct Generator {
  const Position& pos;
  MoveList& out;
  bool legal;
  Color us;
  Color them;
  Square king;
  SquareSet own;
  SquareSet enemy;
  SquareSet occupied;
  SquareSet pinned;
  SquareSet checkers;
  SquareSet from_mask;
  SquareSet to_mask;

  Generator(const Position& p, MoveList& o, bool legal_only, SquareSet from, SquareSet to)
      : pos(p), out(o), legal(legal_only), us(p.side_to_move()), them(~us), king(p.king(us)),
        own(p.pieces(us)), enemy(p.pieces(them)), occupied(p.occupied()),
        pinned(legal_only ? p.pinned(us) : SquareSet()), checkers(p.checkers()),
        from_mask(from), to_mask(to & variant_destinations(p.variant())) {}

  // Destinations that answer a check (everything when not in check).
  SquareSet evasion_targets() const {
    if (checkers.is_empty()) return SquareSet::all();
    const Square checker = checkers.first();
    return between(king, checker) | checker;
  }

  // A pinned piece may only move along the line through its king and its pinner.
  SquareSet pin_ray(Square from) const { return pinned.contains(from) ? line_through(king, from) : SquareSet::all(); }

  void add_pawn_move(Square from, Square to) {
    if (to.rank() == 0 || to.rank() == 7) {
      for (PieceType t : {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
        out.push_back(Move(from, to, Move::Kind::Promotion, t));
    } else {
      out.push_back(Move(from, to));
    }
  }

  bool en_passant_is_legal(Square from, Square to) const {
    if (!king.is_valid()) return true;
    const Square captured(to.file(), from.rank());
    const SquareSet after = occupied.without(SquareSet(from) | captured).with(to);
    return (pos.attackers_to(king, after) & enemy.without(captured)).is_empty();
  }

  void pawn_moves(SquareSet targets) {
    const int forward = us == Color::White ? 8 : -8;
    const int start_rank = us == Color::White ? 1 : 6;
    const Square ep = pos.en_passant_square();
    for (Square from : pos.pieces(us, PieceType::Pawn) & from_mask) {
      const SquareSet allowed = targets & pin_ray(from);
      const Square one(from.index() + forward);
      if (!occupied.contains(one)) {
        if (allowed.contains(one)) add_pawn_move(from, one);
        const Square two(from.index() + 2 * forward);
        if (from.rank() == start_rank && !occupied.contains(two) && allowed.contains(two))
          out.push_back(Move(from, two));
      }
      const SquareSet attacks = pawn_attacks(us, from);
      for (Square to : attacks & enemy & allowed) add_pawn_move(from, to);
      if (ep.is_valid() && attacks.contains(ep) && to_mask.contains(ep) && (!legal || en_passant_is_legal(from, ep)))
        out.push_back(Move(from, ep, Move::Kind::EnPassant));
    }
  }

  void piece_moves(SquareSet targets) {
    // A second king of one colour (a FEN may hold one) moves like any other piece.
    const SquareSet movers = own.without(pos.pieces(PieceType::Pawn) | SquareSet(king)) & from_mask;
    for (Square from : movers) {
      const SquareSet dests = piece_attacks(pos.piece_at(from), from, occupied) & targets & pin_ray(from);
      for (Square to : dests) out.push_back(Move(from, to));
    }
  }

  void king_moves() {
    if (!from_mask.contains(king)) return;
    const SquareSet without_king = occupied.without(king);
    for (Square to : king_attacks(king) & ~own & to_mask) {
      if (!legal || (pos.attackers_to(to, without_king) & enemy).is_empty()) out.push_back(Move(king, to));
    }
  }

  void castling_moves() {
    if (!from_mask.contains(king) || checkers.any()) return;
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) {
      if (castling_is_legal(pos, side, to_mask)) out.push_back(Move(king, pos.castling_rook(us, side), Move::Kind::Castling));
    }
  }

  void run() {
    // A side without a king (a problem position) has no checks or pins: every move is legal.
    if (!king.is_valid()) {
      const SquareSet targets = ~own & to_mask;
      pawn_moves(targets);
      piece_moves(targets);
      return;
    }
    king_moves();
    if (legal && checkers.has_more_than_one()) return;  // double check: only the king may move
    const SquareSet targets = ~own & to_mask & (legal ? evasion_targets() : SquareSet::all());
    pawn_moves(targets);
    piece_moves(targets);
    castling_moves();
  }
};

}  // namespace

void generate_legal_moves(const Position& pos, MoveList& out, SquareSet from_mask, SquareSet to_mask) {
  Generator(pos, out, true, from_mask, to_mask).run();
}

void generate_pseudo_legal_moves(const Position& pos, MoveList& out) {
  Generator(pos, out, false, SquareSet::all(), SquareSet::all()).run();
}

bool can_castle(const Position& pos, CastlingSide side) {
  return castling_is_legal(pos, side, variant_destinations(pos.variant()));
}

bool is_legal(const Position& pos, Move m) {
  if (m.is_none() || m.is_null() || !pos.pieces(pos.side_to_move()).contains(m.from())) return false;
  MoveList moves;
  generate_legal_moves(pos, moves, SquareSet(m.from()));
  for (Move candidate : moves) {
    if (candidate == m) return true;
  }
  return false;
}

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  generate_legal_moves(pos, moves);
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (Move m : moves) nodes += perft(pos.after(m), depth - 1);
  return nodes;
}

}  // namespace quarry::chess
