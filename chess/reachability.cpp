// Reachability proofs: the pawn structure against the captures the other side's losses allow,
// promotions the material implies and what they cost in captures, the square colour of captures
// against missing bishops, pieces trapped at home, trapped bishops and checks no move can have
// given. Each proof is cheap to refute in real games, so the verdict alone (no text) is quick.
#include "chess/reachability.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>

#include "chess/legality.h"
#include "chess/pawn_origins.h"
#include "chess/retro.h"

namespace quarry::chess {

namespace {

// Where the reasons go: nowhere when only the verdict is wanted (the first reason settles it).
class Reasons {
 public:
  explicit Reasons(std::vector<std::string>* out) : out_(out) {}
  bool wanted() const { return out_ != nullptr; }
  bool found() const { return found_; }
  void add(std::string reason) {
    found_ = true;
    if (out_) out_->push_back(std::move(reason));
  }

 private:
  std::vector<std::string>* out_;
  bool found_ = false;
};

std::string color_name(Color c) { return c == Color::White ? "White" : "Black"; }
std::string plural(int n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }
int missing_pieces(const Position& pos, Color side) { return 16 - squares_in(pos.pieces(side)); }

template <typename Squares>
std::string square_list(const Squares& squares, std::size_t count) {
  std::string out = count == 1 ? "square " : "squares ";
  bool first = true;
  for (Square s : squares) {
    out += (first ? "" : ", ") + s.name();
    first = false;
  }
  return out;
}
std::string square_list(SquareSet squares) { return square_list(squares, static_cast<std::size_t>(squares_in(squares))); }
template <typename Squares>
std::string square_list(const Squares& squares) { return square_list(squares, squares.size()); }

void pawn_structure_reasons(const Position& pos, Color side, const PawnOrigins& origins, Reasons& out) {
  if (!origins.feasible) {
    out.add(out.wanted() ? "Impossible " + color_name(side) + " Pawn structure (" + square_list(origins.blocked) + ")"
                         : std::string());
    return;
  }
  const int missing = missing_pieces(pos, ~side);
  if (origins.captures > missing)
    out.add(out.wanted() ? color_name(side) + " Pawn structure implies " + plural(origins.captures, "capture") +
                               " but " + color_name(~side) + " is only missing " + plural(missing, "piece")
                         : std::string());
}

// The original bishop of colour `on_light` is hemmed in at home by its own unmoved pawns.
bool original_bishop_trapped_at_home(const Position& pos, Color side, bool on_light, Square& home) {
  const int file = (side == Color::White) == on_light ? 5 : 2;  // f1 light, c1 dark; c8 light, f8 dark
  home = relative_square(side, file, 0);
  if (pos.piece_at(home) == Piece(side, PieceType::Bishop)) return false;
  const Piece pawn(side, PieceType::Pawn);
  return pos.piece_at(relative_square(side, file - 1, 1)) == pawn && pos.piece_at(relative_square(side, file + 1, 1)) == pawn;
}

// The promotions `side`'s material implies, with the bracketed reasons why (when wanted).
int implied_promotions(const Position& pos, Color side, bool wanted, std::vector<std::string>& why) {
  const auto excess = [&](PieceType t, int initial) {
    const SquareSet these = pos.pieces(side, t);
    return these.has_more_than_one() ? std::max(0, squares_in(these) - initial) : 0;
  };
  int implied = excess(PieceType::Queen, 1) + excess(PieceType::Rook, 2) + excess(PieceType::Knight, 2);
  const SquareSet bishops = pos.pieces(side, PieceType::Bishop);
  for (bool light : {true, false}) {
    const SquareSet these = bishops & (light ? SquareSet::light() : SquareSet::dark());
    if (these.is_empty()) continue;
    Square home;
    const bool trapped = original_bishop_trapped_at_home(pos, side, light, home);
    const int promoted = trapped ? squares_in(these) : squares_in(these) - 1;
    if (promoted == 0) continue;
    implied += promoted;
    if (!wanted) continue;
    const std::string shade = light ? "light" : "dark";
    why.push_back("Presence of " + std::to_string(squares_in(these)) + " " + shade + "-square " + color_name(side) +
                  " Bishop" + (squares_in(these) == 1 ? "" : "s") + " (" + square_list(these) + ") implies at least " +
                  plural(promoted, "promotion"));
    if (trapped)
      why.push_back("Missing " + shade + "-square " + color_name(side) +
                    " Bishop could not have escaped starting square (" + home.name() + ")");
  }
  return implied;
}

// Files on which `side`'s pawns can reach the seventh rank: not those the other side's unmoved
// pawns stand on (a pawn promoting elsewhere by a capture reached the seventh rank on a file next to it).
FileMask promotion_files(const Position& pos, Color side) {
  FileMask files = 0;
  for (int file = 0; file < 8; ++file) {
    if (pos.piece_at(relative_square(side, file, 6)) != Piece(~side, PieceType::Pawn)) files |= 1u << file;
  }
  return files;
}

std::string promotion_cost_detail(const Position& pos, Color side, FileMask files) {
  std::vector<std::string> starts;
  for (int file = 0; file < 8; ++file) {
    const Square start = relative_square(side, file, 1);
    if (pos.piece_at(start) != Piece(side, PieceType::Pawn)) starts.push_back(start.name());
  }
  std::string out = std::string(" [Promotion cost calculated using pawn start square") + (starts.size() == 1 ? " " : "s ");
  for (std::size_t i = 0; i < starts.size(); ++i) out += (i ? ", " : "") + starts[i];
  out += std::string(" and promotion file") + (std::popcount(files) == 1u ? " " : "s ");
  bool first = true;
  for (int file = 0; file < 8; ++file) {
    if (!((files >> file) & 1)) continue;
    out += (first ? "" : ", ") + std::string(1, static_cast<char>('a' + file));
    first = false;
  }
  return out + "]";
}

// Promotions that, with the captures the pawns on the board already imply, need more captures
// than the other side's losses allow.
void promotion_cost_reason(const Position& pos, Color side, int implied, const PawnOrigins& origins,
                           const std::vector<std::string>& why, Reasons& out) {
  const int missing = missing_pieces(pos, ~side);
  if (!origins.feasible || origins.captures > missing) return;  // the pawn structure says it already
  const FileMask files = promotion_files(pos, side);
  const PawnList pawns = pawns_of(pos, side);
  const int total = cheapest_with_promotions(pawns, side, implied, files);
  if (total < 0 || total <= missing) return;
  if (!out.wanted()) return out.add({});
  const int structure = cheapest_with_promotions(pawns, side, 0, files);
  std::string reason = "Position implies " + plural(implied, color_name(side) + " promotion") +
                       " but promoting this many pawns would require too many captures";
  for (const std::string& w : why) reason += " [" + w + "]";
  if (structure > 0)
    reason += " [Existing " + color_name(side) + " pawn structure already implies " + plural(structure, "capture") + "]";
  reason += " [Promotion of " + plural(implied, color_name(side) + " pawn") + " requires at least " +
            plural(total - structure, "additional capture") + "]";
  reason += " [" + color_name(~side) + " is only missing " + plural(missing, "piece") + "]";
  out.add(reason + promotion_cost_detail(pos, side, files));
}

void promotion_reasons(const Position& pos, Color side, const PawnOrigins& origins, Reasons& out) {
  std::vector<std::string> why;
  const int implied = implied_promotions(pos, side, out.wanted(), why);
  if (implied == 0) return;
  const int missing_pawns = 8 - squares_in(pos.pieces(side, PieceType::Pawn));
  if (implied <= missing_pawns) return promotion_cost_reason(pos, side, implied, origins, why, out);
  if (!out.wanted()) return out.add({});
  std::string reason = "Position implies " + plural(implied, color_name(side) + " Pawn promotion") + " but ";
  reason += missing_pawns == 0 ? "no promotions are possible" : "only " + plural(missing_pawns, "Pawn") + " are missing";
  for (const std::string& w : why) reason += " [" + w + "]";
  if (missing_pawns == 0) reason += " [" + color_name(side) + " is not missing any Pawns]";
  out.add(reason);
}

// The captures one assignment of pawns to starting files fixes: those of pawns that made only
// captures (each on its diagonal); a pawn that also pushed may have captured on either colour.
struct KnownCaptures {
  std::array<int, 2> on{};  // capture events on [0] light, [1] dark squares
  SquareSet squares;
};

KnownCaptures known_captures(const PawnList& pawns, const std::array<int, 8>& start, Color side) {
  KnownCaptures known;
  for (std::size_t i = 0; i < pawns.size(); ++i) {
    const int shift = pawns[i].file() - start[i];
    const int captures = std::abs(shift);
    if (captures == 0 || captures != relative_rank(side, pawns[i]) - 1) continue;
    for (int k = 1; k <= captures; ++k) {
      const Square s = relative_square(side, start[i] + (shift > 0 ? k : -k), 1 + k);
      ++known.on[SquareSet::light().contains(s) ? 0 : 1];
      known.squares |= s;
    }
  }
  return known;
}

// `victim` lost `missing` pieces, so `missing` captures of its pieces happened. When, however the
// pawns of the other side started, at least that many of their captures fall on squares of one
// colour and none on the other, a missing bishop of the other colour cannot have been captured.
void missing_bishop_reasons(const Position& pos, Color victim, const PawnOrigins& captors, Reasons& out) {
  const Color side = ~victim;
  const int missing = missing_pieces(pos, victim);
  if (!captors.feasible || missing == 0 || captors.captures < missing || !captors.exact) return;
  const SquareSet bishops = pos.pieces(victim, PieceType::Bishop);
  std::array<bool, 2> proven{!(bishops & SquareSet::light()).any(), !(bishops & SquareSet::dark()).any()};
  if (!proven[0] && !proven[1]) return;
  SquareSet all;
  auto visit = [&](const std::array<int, 8>& start) {
    const KnownCaptures known = known_captures(captors.pawns, start, side);
    for (std::size_t shade = 0; shade < 2; ++shade)
      proven[shade] = proven[shade] && known.on[1 - shade] >= missing && known.on[shade] == 0;
    all |= known.squares;
    return proven[0] || proven[1];
  };
  std::array<int, 8> start{};
  each_cheapest_assignment(captors.pawns, side, captors.captures, 0, 0, 0, start, visit);
  for (std::size_t shade = 0; shade < 2; ++shade) {
    if (!proven[shade]) continue;
    const bool light = shade == 0;
    out.add(out.wanted() ? color_name(victim) + " is missing " + (light ? "light" : "dark") +
                               "-square Bishop but all " + color_name(side) + " captures occurred on " +
                               (light ? "dark" : "light") + " squares (" + square_list(all) + ")"
                         : std::string());
  }
}

// The original rooks, bishops and queens, by starting file.
constexpr std::array<std::pair<PieceType, int>, 5> kOriginalSliders{
    {{PieceType::Rook, 0}, {PieceType::Bishop, 2}, {PieceType::Queen, 3}, {PieceType::Bishop, 5}, {PieceType::Rook, 7}}};

// The squares a `type` starting on `home` can ever have stood on, moving around `walls`.
SquareSet slide_region(Square home, PieceType type, SquareSet walls) {
  SquareSet region(home);
  const bool straight = type != PieceType::Bishop;
  const bool diagonal = type != PieceType::Rook;
  for (SquareSet grown = region;; region = grown) {
    if (straight) grown |= region.shifted(1, 0) | region.shifted(-1, 0) | region.shifted(0, 1) | region.shifted(0, -1);
    if (diagonal) grown |= region.shifted(1, 1) | region.shifted(-1, 1) | region.shifted(1, -1) | region.shifted(-1, -1);
    grown &= ~walls;
    grown |= region;
    if (grown == region) return region;
  }
}

// Squares occupied since the start: unmoved pawns, and original pieces walled in on their home
// square (whatever of their type stands there never left, since nothing of the type can enter).
SquareSet permanent_walls(const Position& pos) {
  SquareSet walls = (pos.pieces(Color::White, PieceType::Pawn) & SquareSet::rank(1)) |
                    (pos.pieces(Color::Black, PieceType::Pawn) & SquareSet::rank(6));
  for (bool grew = true; grew;) {
    grew = false;
    for (Color side : {Color::White, Color::Black}) {
      for (auto [type, file] : kOriginalSliders) {
        const Square home = relative_square(side, file, 0);
        if (walls.contains(home) || pos.piece_at(home) != Piece(side, type)) continue;
        if (slide_region(home, type, walls) == SquareSet(home)) {
          walls |= home;
          grew = true;
        }
      }
    }
  }
  return walls;
}

// The original rooks, bishops and queen (bits in kOriginalSliders' order) away from home whose
// ways off the back rank are all shut by unmoved pawns: the cheap test before the walls are built.
unsigned trapped_candidates(const Position& pos, Color owner) {
  const SquareSet back_rank = SquareSet::rank(owner == Color::White ? 0 : 7);
  const SquareSet unmoved_pawns = pos.pieces(owner, PieceType::Pawn) & SquareSet::rank(owner == Color::White ? 1 : 6);
  unsigned candidates = 0;
  for (std::size_t i = 0; i < kOriginalSliders.size(); ++i) {
    const auto [type, file] = kOriginalSliders[i];
    const Square home = relative_square(owner, file, 0);
    const SquareSet ahead = (SquareSet(home).shifted(0, 1) | SquareSet(home).shifted(0, -1)) & ~back_rank;
    const SquareSet exits = type == PieceType::Rook   ? ahead
                            : type == PieceType::Bishop ? ahead.shifted(1, 0) | ahead.shifted(-1, 0)
                                                        : ahead | ahead.shifted(1, 0) | ahead.shifted(-1, 0);
    if (pos.piece_at(home) != Piece(owner, type) && exits.is_subset_of(unmoved_pawns)) candidates |= 1u << i;
  }
  return candidates;
}

// When the other side's pawns on the board made as many captures as `owner` has lost, every lost
// piece was taken by one of them; an original piece walled in on its own back rank and gone was
// taken there, where a capturing pawn promotes.
void trapped_missing_reasons(const Position& pos, Color owner, const PawnOrigins& captors, Reasons& out) {
  const int missing = missing_pieces(pos, owner);
  if (!captors.feasible || captors.captures != missing || !captors.exact) return;
  unsigned candidates = trapped_candidates(pos, owner);
  if (candidates == 0) return;
  const SquareSet back_rank = SquareSet::rank(owner == Color::White ? 0 : 7);
  // Cheap before the walls: every original piece at home taken for a wall (more walls than there
  // are), the region shrinks; a piece that escapes even so escapes.
  SquareSet more_walls = (pos.pieces(Color::White, PieceType::Pawn) & SquareSet::rank(1)) |
                         (pos.pieces(Color::Black, PieceType::Pawn) & SquareSet::rank(6));
  for (Color side : {Color::White, Color::Black}) {
    for (auto [type, file] : kOriginalSliders) {
      if (const Square home = relative_square(side, file, 0); pos.piece_at(home) == Piece(side, type)) more_walls |= home;
    }
  }
  for (std::size_t i = 0; i < kOriginalSliders.size(); ++i) {
    const auto [type, file] = kOriginalSliders[i];
    const Square home = relative_square(owner, file, 0);
    if ((candidates >> i) & 1 && !slide_region(home, type, more_walls.without(home)).is_subset_of(back_rank))
      candidates &= ~(1u << i);
  }
  if (candidates == 0) return;
  const SquareSet walls = permanent_walls(pos);
  for (std::size_t i = 0; i < kOriginalSliders.size(); ++i) {
    const auto [type, file] = kOriginalSliders[i];
    const Square home = relative_square(owner, file, 0);
    if (!((candidates >> i) & 1)) continue;
    const SquareSet region = slide_region(home, type, walls);
    if (!region.is_subset_of(back_rank) || (region & pos.pieces(owner, type)).any()) continue;
    const char* name = type == PieceType::Rook ? " Rook" : type == PieceType::Bishop ? " Bishop" : " Queen";
    out.add(out.wanted() ? "All of " + color_name(owner) + "'s missing pieces were captured by " +
                               color_name(~owner) + " Pawns currently on the board but missing trapped " +
                               home.name() + name + " could not have been captured by one of these Pawns"
                         : std::string());
  }
}

// The captures `victim`'s losses allow the other side's pawns, as the limit for pawn_origins: one
// more when no proof needs the exact cheapest assignment at equality (the victim has bishops of
// both colours and no original piece walled in).
int capture_limit(const Position& pos, Color victim) {
  const SquareSet bishops = pos.pieces(victim, PieceType::Bishop);
  const bool exact = !(bishops & SquareSet::light()).any() || !(bishops & SquareSet::dark()).any() ||
                     trapped_candidates(pos, victim) != 0;
  return missing_pieces(pos, victim) + (exact ? 0 : 1);
}

// A bishop on a back-rank square whose every way in is shut by unmoved pawns.
void trapped_bishop_reasons(const Position& pos, Color side, Reasons& out) {
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
    if (shut) out.add(out.wanted() ? "Impossibly trapped " + color_name(side) + " Bishop on square " + s.name() : std::string());
  }
}

// Every test in CQLi's order; without `out`, stops at the first reason found.
bool find_reasons(const Position& pos, std::vector<std::string>* out) {
  Reasons reasons(out);
  if (std::string fault = illegality(pos); !fault.empty()) {
    reasons.add(std::move(fault));
    return true;
  }
  // The proofs reason from the standard initial position; a Chess960 game starts elsewhere.
  if (pos.chess960()) return false;
  const auto done = [&] { return reasons.found() && !reasons.wanted(); };
  const PawnOrigins white = pawn_origins(pos, Color::White, capture_limit(pos, Color::Black));
  const PawnOrigins black = pawn_origins(pos, Color::Black, capture_limit(pos, Color::White));
  pawn_structure_reasons(pos, Color::White, white, reasons);
  pawn_structure_reasons(pos, Color::Black, black, reasons);
  if (done()) return true;
  promotion_reasons(pos, Color::White, white, reasons);
  promotion_reasons(pos, Color::Black, black, reasons);
  if (done()) return true;
  missing_bishop_reasons(pos, Color::Black, white, reasons);
  missing_bishop_reasons(pos, Color::White, black, reasons);
  trapped_missing_reasons(pos, Color::White, black, reasons);
  trapped_missing_reasons(pos, Color::Black, white, reasons);
  trapped_bishop_reasons(pos, Color::White, reasons);
  trapped_bishop_reasons(pos, Color::Black, reasons);
  if (done()) return true;
  if (pos.in_check() && !check_is_explicable(pos))
    reasons.add("Impossible check of " + color_name(pos.side_to_move()) + " King");
  return reasons.found();
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
  find_reasons(pos, &result.reasons);
  return result;
}

bool is_reachable(const Position& pos) { return !find_reasons(pos, nullptr); }

}  // namespace quarry::chess
