// Reachability proofs: the pawn structure against the captures the other side's losses allow,
// promotions the material implies, the square colour of captures against missing bishops, trapped
// bishops and checks no move can have given.
#include "chess/reachability.h"

#include <algorithm>
#include <array>

#include "chess/legality.h"
#include "chess/retro.h"

namespace quarry::chess {

namespace {

std::string color_name(Color c) { return c == Color::White ? "White" : "Black"; }
int relative_rank(Color c, Square s) { return c == Color::White ? s.rank() : 7 - s.rank(); }
Square relative_square(Color c, int file, int rank) { return Square(file, c == Color::White ? rank : 7 - rank); }

std::string plural(int n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string square_list(const std::vector<Square>& squares) {
  std::string out = squares.size() == 1 ? "square " : "squares ";
  for (std::size_t i = 0; i < squares.size(); ++i) out += (i ? ", " : "") + squares[i].name();
  return out;
}

// The cheapest assignment of a side's pawns to distinct starting files, a pawn with k captures
// moving k files; a pawn on relative rank r can have made at most r - 1 captures.
struct PawnOrigins {
  bool feasible = true;
  int captures = 0;
  std::vector<Square> pawns;         // sorted by relative rank, then file
  std::vector<int> start_file;       // per pawn, in the cheapest assignment
  std::vector<Square> blocked;       // when infeasible: the pawns that cannot all be assigned
};

// Set bits of each byte: std::popcount may compile to a library call without -mpopcnt.
constexpr std::array<int, 256> kBits = [] {
  std::array<int, 256> bits{};
  for (int i = 1; i < 256; ++i) bits[static_cast<std::size_t>(i)] = bits[static_cast<std::size_t>(i / 2)] + (i & 1);
  return bits;
}();

// A quick assignment (pawns by rank, each to the nearest free file it can reach): an upper bound
// on the captures, or -1 when it gets stuck (the exact search then decides).
int greedy_captures(const std::vector<Square>& pawns, Color side) {
  int used = 0;
  int captures = 0;
  for (Square pawn : pawns) {
    const int reach = relative_rank(side, pawn) - 1;
    int chosen = -1;
    for (int d = 0; d <= reach && chosen < 0; ++d) {
      for (int file : {pawn.file() - d, pawn.file() + d}) {
        if (chosen < 0 && file >= 0 && file < 8 && !((used >> file) & 1)) chosen = file;
      }
    }
    if (chosen < 0) return -1;
    used |= 1 << chosen;
    captures += std::abs(chosen - pawn.file());
  }
  return captures;
}

// `limit`: when a quick assignment needs fewer captures than this, the structure proves nothing
// and the exact search is skipped (captures then holds that upper bound).
PawnOrigins pawn_origins(const Position& pos, Color side, int limit) {
  PawnOrigins result;
  for (Square s : pos.pieces(side, PieceType::Pawn)) result.pawns.push_back(s);
  std::sort(result.pawns.begin(), result.pawns.end(), [&](Square a, Square b) {
    return std::pair(relative_rank(side, a), a.file()) < std::pair(relative_rank(side, b), b.file());
  });
  const int n = static_cast<int>(result.pawns.size());
  SquareSet files;
  for (Square s : result.pawns) files |= SquareSet::file(s.file());
  if (files.count() == 8 * n) {  // one pawn a file (the usual case): each on its own file, no capture
    for (Square s : result.pawns) result.start_file.push_back(s.file());
    return result;
  }
  if (n <= 8) {
    const int quick = greedy_captures(result.pawns, side);
    if (quick >= 0 && quick < limit) {
      result.captures = quick;
      return result;  // start_file stays empty: no capture colours can be read from it
    }
  }
  if (n > 8) {
    result.feasible = false;
    result.blocked = result.pawns;
    return result;
  }
  constexpr int kInfinite = 1000;
  // best[mask]: least captures assigning the first popcount(mask) pawns to the files in mask.
  std::array<int, 256> best;
  std::array<int, 256> choice{};
  best.fill(kInfinite);
  best[0] = 0;
  int failed_at = n;
  for (int mask = 0; mask < 256; ++mask) {
    const int i = kBits[static_cast<std::size_t>(mask)];
    if (best[static_cast<std::size_t>(mask)] >= kInfinite || i >= n) continue;
    const Square pawn = result.pawns[static_cast<std::size_t>(i)];
    const int reach = relative_rank(side, pawn) - 1;
    for (int file = 0; file < 8; ++file) {
      const int cost = std::abs(file - pawn.file());
      if ((mask >> file) & 1 || cost > reach) continue;
      const int next = mask | (1 << file);
      if (best[static_cast<std::size_t>(mask)] + cost < best[static_cast<std::size_t>(next)]) {
        best[static_cast<std::size_t>(next)] = best[static_cast<std::size_t>(mask)] + cost;
        choice[static_cast<std::size_t>(next)] = file;
      }
    }
  }
  int full = -1;
  for (int mask = 0; mask < 256; ++mask) {
    if (kBits[static_cast<std::size_t>(mask)] == n && best[static_cast<std::size_t>(mask)] < kInfinite &&
        (full < 0 || best[static_cast<std::size_t>(mask)] < best[static_cast<std::size_t>(full)]))
      full = mask;
  }
  if (full < 0) {
    // The shortest prefix (in rank order) that cannot be assigned names the culprits.
    for (int k = 1; k <= n && failed_at == n; ++k) {
      bool any = false;
      for (int mask = 0; mask < 256; ++mask) {
        any |= kBits[static_cast<std::size_t>(mask)] == k && best[static_cast<std::size_t>(mask)] < kInfinite;
      }
      if (!any) failed_at = k;
    }
    result.feasible = false;
    result.blocked.assign(result.pawns.begin(), result.pawns.begin() + failed_at);
    return result;
  }
  result.captures = best[static_cast<std::size_t>(full)];
  result.start_file.assign(static_cast<std::size_t>(n), 0);
  for (int mask = full, i = n - 1; i >= 0; --i) {
    const int file = choice[static_cast<std::size_t>(mask)];
    result.start_file[static_cast<std::size_t>(i)] = file;
    mask &= ~(1 << file);
  }
  return result;
}

void pawn_structure_reasons(const Position& pos, Color side, const PawnOrigins& origins, std::vector<std::string>& out) {
  if (!origins.feasible) {
    out.push_back("Impossible " + color_name(side) + " Pawn structure (" + square_list(origins.blocked) + ")");
    return;
  }
  const int missing = 16 - pos.pieces(~side).count();
  if (origins.captures > missing)
    out.push_back(color_name(side) + " Pawn structure implies " + plural(origins.captures, "capture") + " but " +
                  color_name(~side) + " is only missing " + plural(missing, "piece"));
}

// The original bishop of colour `on_light` is hemmed in at home by its own unmoved pawns.
bool original_bishop_trapped_at_home(const Position& pos, Color side, bool on_light, Square& home) {
  const int file = (side == Color::White) == on_light ? 5 : 2;  // f1 light, c1 dark; c8 light, f8 dark
  home = relative_square(side, file, 0);
  if (pos.piece_at(home) == Piece(side, PieceType::Bishop)) return false;
  const Piece pawn(side, PieceType::Pawn);
  return pos.piece_at(relative_square(side, file - 1, 1)) == pawn && pos.piece_at(relative_square(side, file + 1, 1)) == pawn;
}

void promotion_reasons(const Position& pos, Color side, std::vector<std::string>& out) {
  std::vector<std::string> why;
  int implied = 0;
  const SquareSet bishops = pos.pieces(side, PieceType::Bishop);
  for (bool light : {true, false}) {
    const SquareSet these = bishops & (light ? SquareSet::light() : SquareSet::dark());
    Square home;
    const bool trapped = original_bishop_trapped_at_home(pos, side, light, home);
    const int promoted = trapped ? these.count() : std::max(0, these.count() - 1);
    if (promoted == 0) continue;
    implied += promoted;
    std::vector<Square> squares;
    for (Square s : these) squares.push_back(s);
    why.push_back("Presence of " + std::to_string(these.count()) + " " + (light ? "light" : "dark") + "-square " +
                  color_name(side) + " Bishop" + (these.count() == 1 ? "" : "s") + " (" + square_list(squares) +
                  ") implies at least " + plural(promoted, "promotion"));
    if (trapped)
      why.push_back(std::string("Missing ") + (light ? "light" : "dark") + "-square " + color_name(side) +
                    " Bishop could not have escaped starting square (" + home.name() + ")");
  }
  const auto excess = [&](PieceType t, int initial) { return std::max(0, pos.pieces(side, t).count() - initial); };
  implied += excess(PieceType::Queen, 1) + excess(PieceType::Rook, 2) + excess(PieceType::Knight, 2);
  const int missing_pawns = 8 - pos.pieces(side, PieceType::Pawn).count();
  if (implied <= missing_pawns) return;
  std::string reason = "Position implies " + std::to_string(implied) + " " + color_name(side) + " Pawn promotion" +
                       (implied == 1 ? "" : "s") + " but ";
  reason += missing_pawns == 0 ? "no promotions are possible" : "only " + plural(missing_pawns, "Pawn") + " are missing";
  for (const std::string& w : why) reason += " [" + w + "]";
  if (missing_pawns == 0) reason += " [" + color_name(side) + " is not missing any Pawns]";
  out.push_back(reason);
}

// The capture squares of one assignment of pawns to starting files, when its captures fix them
// (a pawn that made only captures took on its diagonal); false when some capture square is open.
bool fixed_capture_squares(const std::vector<Square>& pawns, const std::array<int, 8>& start, Color side,
                           SquareSet& squares) {
  for (std::size_t i = 0; i < pawns.size(); ++i) {
    const int shift = pawns[i].file() - start[i];
    const int captures = std::abs(shift);
    if (captures == 0) continue;
    if (captures != relative_rank(side, pawns[i]) - 1) return false;  // a push among them: squares open
    for (int k = 1; k <= captures; ++k) squares |= relative_square(side, start[i] + (shift > 0 ? k : -k), 1 + k);
  }
  return true;
}

// Every cheapest assignment of the pawns to starting files, each given to `visit` (which returns
// false to stop); true when all were visited.
template <typename Visit>
bool each_cheapest_assignment(const std::vector<Square>& pawns, Color side, int cheapest, std::size_t i, int used,
                              int cost, std::array<int, 8>& start, Visit& visit) {
  if (cost > cheapest) return true;
  if (i == pawns.size()) return cost < cheapest || visit(start);
  const int reach = relative_rank(side, pawns[i]) - 1;
  for (int file = 0; file < 8; ++file) {
    const int shift = std::abs(file - pawns[i].file());
    if ((used >> file) & 1 || shift > reach) continue;
    start[i] = file;
    if (!each_cheapest_assignment(pawns, side, cheapest, i + 1, used | (1 << file), cost + shift, start, visit))
      return false;
  }
  return true;
}

// When every piece `victim` lost was taken by a pawn of the other side on squares the pawn
// structure fixes (in every cheapest assignment), a missing bishop of the other square colour
// cannot have been captured.
void missing_bishop_reasons(const Position& pos, Color victim, const PawnOrigins& captors, std::vector<std::string>& out) {
  const Color side = ~victim;
  const int missing = 16 - pos.pieces(victim).count();
  if (!captors.feasible || missing == 0 || captors.captures != missing || captors.start_file.empty()) return;
  const SquareSet bishops = pos.pieces(victim, PieceType::Bishop);
  if ((bishops & SquareSet::light()).any() && (bishops & SquareSet::dark()).any()) return;
  SquareSet all;
  bool fixed = true;
  auto visit = [&](const std::array<int, 8>& start) {
    SquareSet squares;
    fixed = fixed_capture_squares(captors.pawns, start, side, squares);
    all |= squares;
    return fixed;
  };
  std::array<int, 8> start{};
  each_cheapest_assignment(captors.pawns, side, captors.captures, 0, 0, 0, start, visit);
  if (!fixed || all.is_empty()) return;
  std::vector<Square> squares;
  for (Square s : all) squares.push_back(s);
  for (bool light : {true, false}) {
    const SquareSet colour = light ? SquareSet::light() : SquareSet::dark();
    if ((bishops & colour).any() || all.intersects(colour)) continue;
    out.push_back(color_name(victim) + " is missing " + (light ? "light" : "dark") + "-square Bishop but all " +
                  color_name(side) + " captures occurred on " + (light ? "dark" : "light") + " squares (" +
                  square_list(squares) + ")");
  }
}

// A bishop on a back-rank square whose every way in is shut by unmoved pawns.
void trapped_bishop_reasons(const Position& pos, Color side, std::vector<std::string>& out) {
  for (Square s : pos.pieces(side, PieceType::Bishop)) {
    const int rank = relative_rank(side, s);
    if (rank != 0 && rank != 7) continue;
    const Color owner = rank == 0 ? side : ~side;  // whose unmoved pawns shut the square
    const Piece pawn(owner, PieceType::Pawn);
    const int pawn_rank = rank == 0 ? 1 : 6;
    if (rank == 0) {
      const bool light = SquareSet::light().contains(s);
      if (s.file() == ((side == Color::White) == light ? 5 : 2)) continue;  // maybe never moved
    }
    bool shut = true;
    for (int df = -1; df <= 1; ++df) {
      const int file = s.file() + df;
      if (file < 0 || file > 7 || (df == 0 && rank == 0)) continue;  // no promotion on one's own rank
      shut &= pos.piece_at(relative_square(side, file, pawn_rank)) == pawn;
    }
    if (shut) out.push_back("Impossibly trapped " + color_name(side) + " Bishop on square " + s.name());
  }
}

}  // namespace

std::string Reachability::articulation() const {
  if (reasons.empty()) return "<Reachable position>";
  std::string out = "<Unreachable position: ";
  for (std::size_t i = 0; i < reasons.size(); ++i) out += (i ? "; " : "") + reasons[i];
  return out + ">";
}

Reachability analyse_reachability(const Position& pos) {
  Reachability result;
  if (std::string fault = illegality(pos); !fault.empty()) {
    result.reasons.push_back(fault);
    return result;
  }
  // The proofs reason from the standard initial position; a Chess960 game starts elsewhere.
  if (pos.chess960()) return result;
  const PawnOrigins white = pawn_origins(pos, Color::White, 16 - pos.pieces(Color::Black).count());
  const PawnOrigins black = pawn_origins(pos, Color::Black, 16 - pos.pieces(Color::White).count());
  pawn_structure_reasons(pos, Color::White, white, result.reasons);
  pawn_structure_reasons(pos, Color::Black, black, result.reasons);
  promotion_reasons(pos, Color::White, result.reasons);
  promotion_reasons(pos, Color::Black, result.reasons);
  missing_bishop_reasons(pos, Color::Black, white, result.reasons);
  missing_bishop_reasons(pos, Color::White, black, result.reasons);
  trapped_bishop_reasons(pos, Color::White, result.reasons);
  trapped_bishop_reasons(pos, Color::Black, result.reasons);
  if (pos.in_check() && !check_is_explicable(pos))
    result.reasons.push_back("Impossible check of " + color_name(pos.side_to_move()) + " King");
  return result;
}

}  // namespace quarry::chess
