// Corresponding squares: the retrograde fixed point over the 64 squares of the attacking king,
// after Edmund Moshammer's construction (one square set per attacking-king square).
#include "chess/corresponding_squares.h"

#include "chess/attacks.h"

namespace quarry::chess {

namespace {

// Every square one king step from a square of s.
SquareSet king_fill(SquareSet s) {
  SquareSet fill;
  for (Square sq : s) fill |= king_attacks(sq);
  return fill;
}

SquareSet pawn_attack_span(const Position& pos, Color c) {
  SquareSet attacked;
  for (Square p : pos.pieces(c, PieceType::Pawn)) attacked |= pawn_attacks(c, p);
  return attacked;
}

// The squares ahead of a pawn of colour c on s, on its own and the neighbouring files.
SquareSet front_span(Color c, Square s) {
  SquareSet span;
  const int step = c == Color::White ? 1 : -1;
  for (int r = s.rank() + step; r >= 0 && r < 8; r += step) {
    for (int f = s.file() - 1; f <= s.file() + 1; ++f) {
      if (f >= 0 && f < 8) span |= Square(f, r);
    }
  }
  return span;
}

// Defender squares that leave the defending king no legal move once the attacker stands on i.
SquareSet stalemated_defender_squares(const KingWalk& walk, Square i) {
  const SquareSet guarded = king_attacks(i).with(i);
  SquareSet stalemated;
  for (Square d : walk.defender_squares.without(guarded)) {
    if ((king_attacks(d) & walk.defender_squares).is_subset_of(guarded)) stalemated |= d;
  }
  return stalemated;
}

// Where the defending king may stand, the attacker on a and to move, considering only the
// attacker's move to i: next to i (the move is illegal), one step from a corresponding square
// of i, or stalemated after it. On a critical square i the fight is over: only the first holds.
SquareSet answers_to(const KingWalk& walk, const CorrespondingSquares& system, Square i,
                     const std::array<SquareSet, 64>& stalemated) {
  if (walk.critical.contains(i)) return king_attacks(i);
  return king_attacks(i) | king_fill(system.defence[i.index()]) | stalemated[i.index()];
}

// The sweep visits h1, g1, …, a1, h2, …, a8: the seed's code numbers squares from H1 = 0. The
// fixed point does not depend on the order; the number of passes does (on Fine #70, 10 this way
// for the seed's construction, without refuges).
Square sweep_square(int k) { return Square(7 - (k & 7), k >> 3); }

}  // namespace

SquareSet king_walk_squares(const Position& pos, Color side) {
  return (~pos.pieces(side, PieceType::Pawn)).without(pawn_attack_span(pos, ~side));
}

SquareSet key_squares(Color c, Square pawn) {
  const int relative_rank = c == Color::White ? pawn.rank() : 7 - pawn.rank();
  SquareSet keys;
  auto add = [&](int file, int relative) {
    if (file < 0 || file > 7 || relative < 0 || relative > 7) return;
    keys |= Square(file, c == Color::White ? relative : 7 - relative);
  };
  if (pawn.file() == 0 || pawn.file() == 7) {
    const int knight_file = pawn.file() == 0 ? 1 : 6;
    add(knight_file, 6);
    add(knight_file, 7);
    return keys;
  }
  for (int f = pawn.file() - 1; f <= pawn.file() + 1; ++f) {
    add(f, relative_rank + 2);
    if (relative_rank >= 4) add(f, relative_rank + 1);
  }
  return keys;
}

SquareSet default_critical_squares(const Position& pos, Color attacker) {
  const Color defender = ~attacker;
  const SquareSet enemy_pawns = pos.pieces(defender, PieceType::Pawn);
  SquareSet escorts;
  for (Square p : pos.pieces(attacker, PieceType::Pawn)) {
    if (!front_span(attacker, p).intersects(enemy_pawns)) escorts |= key_squares(attacker, p);
  }
  // An undefended enemy pawn stands on a square the attacker's king may enter.
  const SquareSet captures = enemy_pawns.without(pawn_attack_span(pos, defender));
  return captures | (escorts & king_walk_squares(pos, attacker));
}

std::optional<KingWalk> king_walk_of(const Position& pos, Color attacker, std::optional<SquareSet> critical) {
  const SquareSet kings_and_pawns = pos.pieces(PieceType::King) | pos.pieces(PieceType::Pawn);
  if (!pos.occupied().is_subset_of(kings_and_pawns)) return std::nullopt;
  if (!pos.king(Color::White).is_valid() || !pos.king(Color::Black).is_valid()) return std::nullopt;
  KingWalk walk;
  walk.attacker_squares = king_walk_squares(pos, attacker);
  walk.defender_squares = king_walk_squares(pos, ~attacker);
  walk.critical = critical ? *critical : default_critical_squares(pos, attacker);
  walk.refuges = pos.pieces(attacker, PieceType::Pawn) & walk.defender_squares;
  return walk;
}

CorrespondingSquares corresponding_squares(const KingWalk& walk) {
  CorrespondingSquares system;
  std::array<SquareSet, 64> stalemated{};
  for (int i = 0; i < 64; ++i) {
    const Square s(i);
    stalemated[i] = stalemated_defender_squares(walk, s);
    if (walk.attacker_squares.contains(s) && !walk.critical.contains(s)) {
      system.defence[i] = walk.defender_squares.without(king_attacks(s).with(s));
    }
  }
  // Squares the attacker's king may move to: the squares it may stand on and its objectives.
  const SquareSet targets = walk.attacker_squares | walk.critical;
  SquareSet changes = SquareSet::all();
  while (changes.any()) {
    ++system.passes;
    for (int k = 0; k < 64; ++k) {
      const Square s = sweep_square(k);
      if (!changes.contains(s)) continue;
      changes = changes.without(s);
      if (!targets.contains(s)) continue;
      const SquareSet answers = answers_to(walk, system, s, stalemated);
      for (Square from : king_attacks(s) & walk.attacker_squares) {
        SquareSet& defence = system.defence[from.index()];
        const SquareSet holding = answers | walk.refuges;
        if (defence.without(holding).any()) changes |= from;
        defence &= holding;
      }
    }
  }
  return system;
}

SquareSet winning_king_moves(const KingWalk& walk, const CorrespondingSquares& system, Square attacker,
                             Square defender) {
  SquareSet wins;
  if (walk.refuges.contains(defender)) return wins;  // the defender has already won a pawn
  const SquareSet targets = walk.attacker_squares | walk.critical;
  const SquareSet defender_reach = king_attacks(defender) & walk.defender_squares;
  for (Square i : (king_attacks(attacker) & targets).without(king_attacks(defender).with(defender))) {
    if (walk.critical.contains(i)) {
      wins |= i;
      continue;
    }
    const bool stalemate = defender_reach.is_subset_of(king_attacks(i).with(i));
    if (!stalemate && !defender_reach.intersects(system.defence[i.index()])) wins |= i;
  }
  return wins;
}

bool is_mutual_zugzwang(const KingWalk& walk, const CorrespondingSquares& system, Square attacker,
                        Square defender) {
  const SquareSet defence = system.defence[attacker.index()];
  if (!defence.contains(defender) || walk.refuges.contains(defender)) return false;
  const SquareSet moves = (king_attacks(defender) & walk.defender_squares).without(king_attacks(attacker).with(attacker));
  return moves.any() && !moves.intersects(defence);
}

}  // namespace quarry::chess
