// Corresponding squares of a king-and-pawn ending: Moshammer's retrograde construction of the
// squares where the defending king must stand against each square of the attacking king.
#pragma once

#include <array>
#include <optional>

#include "chess/position.h"
#include "chess/square_set.h"
#include "chess/types.h"

namespace quarry::chess {

// The frozen pawn structure as the two kings see it. Pawns do not move: the kings alone
// manoeuvre, which is the premise of corresponding squares (a locked structure, no spare tempi).
struct KingWalk {
  SquareSet attacker_squares;  // where the attacking king may stand
  SquareSet defender_squares;  // where the defending king may stand
  // The attacker's objectives: reaching one ends the fight (a critical square need not be a
  // square the attacker may stand on: in Lockock's study e5 stands for the break e4-e5).
  SquareSet critical;
  // The defender's objectives: the attacker's pawns it may capture. A defending king there has
  // ended the fight in its favour, so it always holds (Moshammer's construction models the
  // attacker's objectives only; without these, a king that wins a pawn back counts as lost).
  SquareSet refuges;
};

struct CorrespondingSquares {
  // defence[a]: where the defending king may stand, the attacking king on a and to move, and
  // still keep it off the critical squares for ever. Empty for critical and illegal squares.
  std::array<SquareSet, 64> defence{};
  int passes = 0;  // sweeps over the 64 squares until nothing changed (the last one changed nothing)
};

// Squares a king of colour `side` may stand on: not its own pawns, not attacked by enemy pawns.
SquareSet king_walk_squares(const Position& pos, Color side);

// The default objectives of the attacker: the squares of enemy pawns no enemy pawn defends (the
// king there has captured it) and the key squares of the attacker's passed pawns (the king there
// escorts the pawn through), those the attacker's king may stand on.
SquareSet default_critical_squares(const Position& pos, Color attacker);
// Key squares of a passed pawn of colour c on s: two ranks ahead (ranks 2-4) or one and two ranks
// ahead (ranks 5-7) on its own and the neighbouring files; for a rook pawn the knight file's
// seventh and eighth squares.
SquareSet key_squares(Color c, Square pawn);

// The walk of a position with only kings and pawns, `attacker` against the other side; critical
// squares as given, or the default ones; refuges: the attacker's pawns no attacker pawn defends.
// nullopt when other material is on the board or a king
// is missing.
std::optional<KingWalk> king_walk_of(const Position& pos, Color attacker,
                                     std::optional<SquareSet> critical = std::nullopt);

// The fixed point of Moshammer's construction, refined by a rule of chess (a defender without a
// legal king move is stalemated, which holds the draw) and by the defender's refuges.
CorrespondingSquares corresponding_squares(const KingWalk& walk);

// The attacker's king moves from `attacker` that win against the defending king on `defender`:
// onto a critical square, or onto a square whose corresponding squares the defender cannot reach.
SquareSet winning_king_moves(const KingWalk& walk, const CorrespondingSquares& system, Square attacker,
                             Square defender);
// Whether the defender's king on `defender` holds against the attacker's king on `attacker` with
// the attacker to move, but would lose with the defender to move: a mutual zugzwang.
bool is_mutual_zugzwang(const KingWalk& walk, const CorrespondingSquares& system, Square attacker,
                        Square defender);

}  // namespace quarry::chess
