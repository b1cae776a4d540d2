// Pawn origins: a quick greedy bound first (most positions prove nothing), then an exact dynamic
// programme over sets of starting files.
#include "chess/pawn_origins.h"

#include <algorithm>
#include <bit>

namespace quarry::chess {

namespace {

constexpr int kInfinite = 1000;
using Table = std::array<int, 256>;

// Set bits of each byte: std::popcount may compile to a library call without -mpopcnt.
constexpr std::array<int, 256> kBits = [] {
  std::array<int, 256> bits{};
  for (int i = 1; i < 256; ++i) bits[static_cast<std::size_t>(i)] = bits[static_cast<std::size_t>(i / 2)] + (i & 1);
  return bits;
}();

int files_apart(int a, int b) { return a > b ? a - b : b - a; }

// A pawn's cost to start on `file`: the captures it made, or -1 when it cannot have come from there.
int pawn_cost(Color side, Square pawn, int file) {
  const int shift = files_apart(file, pawn.file());
  return shift <= relative_rank(side, pawn) - 1 ? shift : -1;
}

// best[mask]: least total cost giving the first popcount(mask) items the files in mask (item i
// costs cost(i, file), negative = impossible); choice[mask]: the file the last of them took.
template <typename Cost>
void assign_files(int items, const Cost& cost, Table& best, Table& choice) {
  best.fill(kInfinite);
  best[0] = 0;
  for (std::size_t mask = 0; mask < 256; ++mask) {
    const int i = kBits[mask];
    if (best[mask] >= kInfinite || i >= items) continue;
    for (int file = 0; file < 8; ++file) {
      const int c = cost(i, file);
      const std::size_t next = mask | (std::size_t{1} << file);
      if ((mask >> file) & 1 || c < 0 || best[mask] + c >= best[next]) continue;
      best[next] = best[mask] + c;
      choice[next] = file;
    }
  }
}

// The cheapest full assignment's mask, or -1.
int cheapest_mask(const Table& best, int items) {
  int full = -1;
  for (std::size_t mask = 0; mask < 256; ++mask) {
    if (kBits[mask] == items && best[mask] < kInfinite &&
        (full < 0 || best[mask] < best[static_cast<std::size_t>(full)]))
      full = static_cast<int>(mask);
  }
  return full;
}

// A quick assignment (pawns by rank, each to the nearest free file it can reach): an upper bound
// on the captures, or -1 when it gets stuck (the exact search then decides).
int greedy_captures(const PawnList& pawns, Color side, std::array<int, 8>& chosen_files) {
  FileMask used = 0;
  int captures = 0;
  for (const Square& pawn : pawns) {
    const int reach = relative_rank(side, pawn) - 1;
    int chosen = -1;
    for (int d = 0; d <= reach && chosen < 0; ++d) {
      for (int file : {pawn.file() - d, pawn.file() + d}) {
        if (chosen < 0 && file >= 0 && file < 8 && !((used >> file) & 1)) chosen = file;
      }
    }
    if (chosen < 0) return -1;
    chosen_files[static_cast<std::size_t>(&pawn - pawns.data())] = chosen;
    used |= 1u << chosen;
    captures += files_apart(chosen, pawn.file());
  }
  return captures;
}

PawnList sorted_pawns(const Position& pos, Color side) {
  PawnList pawns;
  for (Square s : pos.pieces(side, PieceType::Pawn)) pawns.push_back(s);
  std::sort(pawns.begin(), pawns.end(), [&](Square a, Square b) {
    return std::pair(relative_rank(side, a), a.file()) < std::pair(relative_rank(side, b), b.file());
  });
  return pawns;
}

// The shortest prefix (in rank order) of pawns that cannot be assigned names the culprits.
int unassignable_prefix(const Table& best, int n) {
  for (int k = 1; k <= n; ++k) {
    bool any = false;
    for (std::size_t mask = 0; mask < 256; ++mask) any |= kBits[mask] == k && best[mask] < kInfinite;
    if (!any) return k;
  }
  return n;
}

}  // namespace

PawnOrigins pawn_origins(const Position& pos, Color side, int limit) {
  PawnOrigins result;
  const SquareSet pawns = pos.pieces(side, PieceType::Pawn);
  std::uint64_t folded = pawns.bits();  // the files holding a pawn, in the low byte
  folded |= folded >> 32;
  folded |= folded >> 16;
  folded |= folded >> 8;
  const auto files = static_cast<FileMask>(folded & 0xFF);
  // One pawn a file (the usual case): each on its own file, no capture; the lists stay empty.
  if (squares_in(pawns) == squares_in(SquareSet(std::uint64_t{files}))) return result;
  result.pawns = sorted_pawns(pos, side);
  const int n = static_cast<int>(result.pawns.size());
  if (n > 8) {
    result.feasible = false;
    result.blocked.assign(result.pawns.begin(), result.pawns.end());
    return result;
  }
  std::array<int, 8> greedy_files{};
  const int quick = greedy_captures(result.pawns, side, greedy_files);
  if (quick >= 0 && quick < limit) {
    result.captures = quick;
    result.exact = false;
    return result;
  }
  // Each pawn beyond the first on a file made a capture: when the quick assignment needs no more,
  // it is a cheapest one.
  if (quick >= 0 && quick == n - squares_in(SquareSet(std::uint64_t{files}))) {
    result.captures = quick;
    result.start_file.assign(greedy_files.begin(), greedy_files.begin() + n);
    return result;
  }
  Table best;
  Table choice{};
  assign_files(n, [&](int i, int file) { return pawn_cost(side, result.pawns[static_cast<std::size_t>(i)], file); },
               best, choice);
  const int full = cheapest_mask(best, n);
  if (full < 0) {
    result.feasible = false;
    const int culprits = unassignable_prefix(best, n);
    result.blocked.assign(result.pawns.begin(), result.pawns.begin() + culprits);
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

PawnList pawns_of(const Position& pos, Color side) {
  PawnList pawns;
  for (Square s : pos.pieces(side, PieceType::Pawn)) pawns.push_back(s);
  return pawns;
}

int cheapest_with_promotions(const PawnList& pawns, Color side, int extra, FileMask promotion_files) {
  const int n = static_cast<int>(pawns.size());
  if (n + extra > 8 || (extra > 0 && promotion_files == 0)) return -1;
  // A promoted pawn's cost from a starting file: the files to the nearest promotion file.
  std::array<int, 8> promotion_cost{};
  for (int file = 0; file < 8; ++file) {
    promotion_cost[static_cast<std::size_t>(file)] = kInfinite;
    for (int target = 0; target < 8; ++target) {
      if ((promotion_files >> target) & 1)
        promotion_cost[static_cast<std::size_t>(file)] =
            std::min(promotion_cost[static_cast<std::size_t>(file)], files_apart(file, target));
    }
  }
  Table best;
  Table choice{};
  assign_files(n + extra,
               [&](int i, int file) {
                 return i < n ? pawn_cost(side, pawns[static_cast<std::size_t>(i)], file)
                              : promotion_cost[static_cast<std::size_t>(file)];
               },
               best, choice);
  const int full = cheapest_mask(best, n + extra);
  return full < 0 ? -1 : best[static_cast<std::size_t>(full)];
}

}  // namespace quarry::chess
