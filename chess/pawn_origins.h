// Where a side's pawns can have started. A pawn that made k captures stands k files from its
// starting file and made them on its way up, so a pawn on relative rank r made at most r - 1.
// Used by reachableposition's proofs (chess/reachability.cpp).
#pragma once

#include <array>

#include <boost/container/static_vector.hpp>

#include "chess/position.h"
#include "chess/square_count.h"

namespace quarry::chess {

inline int relative_rank(Color c, Square s) { return c == Color::White ? s.rank() : 7 - s.rank(); }
inline Square relative_square(Color c, int file, int rank) { return Square(file, c == Color::White ? rank : 7 - rank); }

// One side's pawns (a legal position has at most 8; the bound covers any board).
using PawnList = boost::container::static_vector<Square, 64>;
// Starting files, as a bit set (bit f: file f).
using FileMask = unsigned;

struct PawnOrigins {
  bool feasible = true;
  bool exact = true;  // captures is the least; else an upper bound below the limit asked for
  int captures = 0;
  // When some file holds two pawns (else both stay empty: each pawn started on its own file):
  PawnList pawns;                                       // sorted by relative rank, then file
  boost::container::static_vector<int, 64> start_file;  // per pawn, in one cheapest assignment
  boost::container::static_vector<Square, 64> blocked;  // when infeasible: pawns that cannot all be assigned
};

// The cheapest assignment of `side`'s pawns to distinct starting files. `limit`: when a quick
// assignment needs fewer captures than this, the structure proves nothing and the exact search is
// skipped (captures then holds that upper bound, not exact).
PawnOrigins pawn_origins(const Position& pos, Color side, int limit);

// The least captures for `pawns` (in any order) together with `extra` pawns that
// promoted, each from a starting file none of `pawns` uses to one of `promotion_files`; -1 when no
// assignment exists.
int cheapest_with_promotions(const PawnList& pawns, Color side, int extra, FileMask promotion_files);

// `side`'s pawns.
PawnList pawns_of(const Position& pos, Color side);

// Every cheapest assignment of the pawns to starting files, each given to `visit` (which returns
// false to stop); true when all were visited.
template <typename Visit>
bool each_cheapest_assignment(const PawnList& pawns, Color side, int cheapest, std::size_t i, FileMask used,
                              int cost, std::array<int, 8>& start, Visit& visit) {
  if (cost > cheapest) return true;
  if (i == pawns.size()) return cost < cheapest || visit(start);
  const int reach = relative_rank(side, pawns[i]) - 1;
  for (int file = 0; file < 8; ++file) {
    const int shift = file > pawns[i].file() ? file - pawns[i].file() : pawns[i].file() - file;
    if ((used >> file) & 1 || shift > reach) continue;
    start[i] = file;
    if (!each_cheapest_assignment(pawns, side, cheapest, i + 1, used | (1u << file), cost + shift, start, visit))
      return false;
  }
  return true;
}

}  // namespace quarry::chess
