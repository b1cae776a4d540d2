// Attack tables: leapers and sliders computed at compile time (sliders checked against the slow
// ray-walking reference by the tests), and the between/line geometry tables.
#include "chess/attacks.h"

#include <array>
#include <cstdint>

namespace quarry::chess {

namespace {

constexpr std::uint64_t leaper_targets(int square, const int (&deltas)[8][2]) {
  std::uint64_t bits = 0;
  const int file = square & 7;
  const int rank = square >> 3;
  for (const auto& d : deltas) {
    const int f = file + d[0];
    const int r = rank + d[1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) bits |= std::uint64_t{1} << (r * 8 + f);
  }
  return bits;
}

constexpr int kKnightDeltas[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKingDeltas[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
// Pawn captures; the unused slots repeat a delta, which the OR makes harmless.
constexpr int kWhitePawnDeltas[8][2] = {{-1, 1}, {1, 1}, {-1, 1}, {1, 1}, {-1, 1}, {1, 1}, {-1, 1}, {1, 1}};
constexpr int kBlackPawnDeltas[8][2] = {{-1, -1}, {1, -1}, {-1, -1}, {1, -1}, {-1, -1}, {1, -1}, {-1, -1}, {1, -1}};

constexpr std::array<std::uint64_t, 64> make_leaper_table(const int (&deltas)[8][2]) {
  std::array<std::uint64_t, 64> table{};
  for (int s = 0; s < 64; ++s) table[s] = leaper_targets(s, deltas);
  return table;
}


constexpr int kRookDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirections[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Slider tables (the method and why: chess/attacks.h).

// The squares of the line through `square` in direction (df, dr), the square itself excluded.
constexpr std::uint64_t line_mask(int square, int df, int dr) {
  std::uint64_t bits = 0;
  for (int sign : {1, -1}) {
    int f = (square & 7) + sign * df;
    int r = (square >> 3) + sign * dr;
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      bits |= std::uint64_t{1} << (r * 8 + f);
      f += sign * df;
      r += sign * dr;
    }
  }
  return bits;
}

constexpr std::array<detail::LineMasks, 64> make_line_masks() {
  std::array<detail::LineMasks, 64> t{};
  for (int s = 0; s < 64; ++s) t[s] = detail::LineMasks{line_mask(s, 0, 1), line_mask(s, 1, 1), line_mask(s, -1, 1)};
  return t;
}

// Attacks along the first rank of a slider on `file`, for the 64 occupancies of files b to g
// (the end squares never block anything beyond them).
constexpr std::array<std::array<std::uint8_t, 64>, 8> make_rank_table() {
  std::array<std::array<std::uint8_t, 64>, 8> t{};
  for (int file = 0; file < 8; ++file) {
    for (int inner = 0; inner < 64; ++inner) {
      const int occupied = inner << 1;
      int bits = 0;
      for (int f = file + 1; f < 8; ++f) {
        bits |= 1 << f;
        if ((occupied >> f) & 1) break;
      }
      for (int f = file - 1; f >= 0; --f) {
        bits |= 1 << f;
        if ((occupied >> f) & 1) break;
      }
      t[file][inner] = static_cast<std::uint8_t>(bits);
    }
  }
  return t;
}

}  // namespace

namespace detail {
constexpr std::array<LineMasks, 64> kLineMasks = make_line_masks();
constexpr std::array<std::array<std::uint8_t, 64>, 8> kRankTable = make_rank_table();
constexpr std::array<std::uint64_t, 64> kKnightTable = make_leaper_table(kKnightDeltas);
constexpr std::array<std::uint64_t, 64> kKingTable = make_leaper_table(kKingDeltas);
constexpr std::array<std::array<std::uint64_t, 64>, 2> kPawnTable = {make_leaper_table(kWhitePawnDeltas),
                                                                      make_leaper_table(kBlackPawnDeltas)};
constexpr std::array<std::uint64_t, 64> kRookRays = [] {
  std::array<std::uint64_t, 64> t{};
  for (int s = 0; s < 64; ++s) t[s] = line_mask(s, 0, 1) | line_mask(s, 1, 0);
  return t;
}();
constexpr std::array<std::uint64_t, 64> kBishopRays = [] {
  std::array<std::uint64_t, 64> t{};
  for (int s = 0; s < 64; ++s) t[s] = kLineMasks[s].diagonal | kLineMasks[s].antidiagonal;
  return t;
}();
constexpr std::array<std::array<std::uint64_t, 64>, 7> kReachByType = [] {
  std::array<std::array<std::uint64_t, 64>, 7> t{};
  for (std::size_t s = 0; s < 64; ++s) {
    t[index_of(PieceType::Knight)][s] = kKnightTable[s];
    t[index_of(PieceType::Bishop)][s] = kBishopRays[s];
    t[index_of(PieceType::Rook)][s] = kRookRays[s];
    t[index_of(PieceType::Queen)][s] = kRookRays[s] | kBishopRays[s];
    t[index_of(PieceType::King)][s] = kKingTable[s];
  }
  return t;
}();

// between[a][b]: the squares strictly between two squares on one line; line[a][b]: that whole
// line, edge to edge (both empty when a and b share no rank, file or diagonal). Walked at
// compile time so that the lookups inline without a first-use guard.
constexpr LineTables kLineTables = [] {
  LineTables t{};
  constexpr int kDirections[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  for (int a = 0; a < 64; ++a) {
    for (const auto& d : kDirections) {
      std::uint64_t passed = 0;
      int f = (a & 7) + d[0];
      int r = (a >> 3) + d[1];
      const std::uint64_t whole = line_mask(a, d[0], d[1]) | (std::uint64_t{1} << a);
      while (f >= 0 && f < 8 && r >= 0 && r < 8) {
        const int b = r * 8 + f;
        t.between[a][b] = passed;
        t.line[a][b] = whole;
        passed |= std::uint64_t{1} << b;
        f += d[0];
        r += d[1];
      }
    }
  }
  return t;
}();
}  // namespace detail

SquareSet piece_attacks(Piece p, Square s, SquareSet occupied) {
  switch (p.type()) {
    case PieceType::None: return SquareSet();
    case PieceType::Pawn: return pawn_attacks(p.color(), s);
    case PieceType::Knight: return knight_attacks(s);
    case PieceType::Bishop: return bishop_attacks(s, occupied);
    case PieceType::Rook: return rook_attacks(s, occupied);
    case PieceType::Queen: return queen_attacks(s, occupied);
    case PieceType::King: return king_attacks(s);
  }
  return SquareSet();
}

SquareSet slider_attacks_reference(PieceType slider, Square s, SquareSet occupied) {
  std::uint64_t bits = 0;
  auto walk = [&](const int (&directions)[4][2]) {
    for (const auto& d : directions) {
      int f = s.file() + d[0];
      int r = s.rank() + d[1];
      while (f >= 0 && f < 8 && r >= 0 && r < 8) {
        const Square to(f, r);
        bits |= std::uint64_t{1} << to.index();
        if (occupied.contains(to)) break;
        f += d[0];
        r += d[1];
      }
    }
  };
  if (slider == PieceType::Bishop || slider == PieceType::Queen) walk(kBishopDirections);
  if (slider == PieceType::Rook || slider == PieceType::Queen) walk(kRookDirections);
  return SquareSet(bits);
}


}  // namespace quarry::chess
