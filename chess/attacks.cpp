// Attack tables: leapers computed at compile time, sliders by magic bitboards (or PEXT with BMI2)
// built once from the slow ray-walking reference, and the between/line geometry tables.
#include "chess/attacks.h"

#include <array>
#include <cstdint>
#include <vector>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

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

constexpr auto kKnightTable = make_leaper_table(kKnightDeltas);
constexpr auto kKingTable = make_leaper_table(kKingDeltas);
constexpr std::array<std::array<std::uint64_t, 64>, 2> kPawnTable = {make_leaper_table(kWhitePawnDeltas),
                                                                      make_leaper_table(kBlackPawnDeltas)};

constexpr int kRookDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirections[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Magics found once by the search below (seed 0x2545F4914F6CDD1D) and kept, because the search
// costs most of a second at start-up. fill_square() verifies each one and searches again if a
// table entry were ever wrong, so these numbers are an optimisation, not a trust.
constexpr std::array<std::uint64_t, 64> kRookMagics = {
    0x008000908064C000, 0x0040200040001000, 0x0180100080A0010A, 0x8880041000800800,
    0x1200100201200804, 0x0200020004011008, 0x2180010000800600, 0x0200005088210204,
    0x0400800040008021, 0x0400400020005000, 0x8240801000200080, 0x8611001004200900,
    0x008180800C001800, 0x0100800200800400, 0x0A02000102000408, 0x8020802300104280,
    0x0080004000402000, 0xE010104000402000, 0x0800808010002000, 0xA280210008100100,
    0x0001818014000800, 0xA002010100080400, 0x0080240001020870, 0x0001020004048845,
    0x0081826280004004, 0x2020810900284000, 0x0200100080802000, 0x0200080080100080,
    0x8083080100100500, 0x4406000901000400, 0x0005020080800100, 0x0090204200008114,
    0x0010400094800420, 0x0900804000802002, 0x0201001841002000, 0x4100080080801000,
    0x4540040080800800, 0x0002001004040020, 0x0281195814001002, 0x1240800040800100,
    0x0880042000524004, 0x02C080410206002C, 0x0801200241050010, 0x8400080010008080,
    0x0008000500090010, 0x0082009084020008, 0x4012000108020004, 0x9000104D08860004,
    0x2004204114800100, 0x0148802112400300, 0x0202842000100880, 0x001B080080900080,
    0x001A002008100600, 0x0004008004020080, 0x5181000600040300, 0x0000044401128A00,
    0x8044110480002441, 0x2008110084402202, 0x90806005090010C1, 0x000420310A004A42,
    0x0023001004020801, 0x0882001008040102, 0x000230088118020C, 0x0000019025040042,
};
constexpr std::array<std::uint64_t, 64> kBishopMagics = {
    0x0045010808008680, 0x2002080204004898, 0x0210009A10400006, 0x0824050200810200,
    0x0006061105004090, 0x00010108C0000000, 0x0814040282104004, 0x0012012201106800,
    0x10823014100C1040, 0x0080C2088802808C, 0x0281108410404000, 0x0101212041826200,
    0x0020141028221058, 0x2201020202200202, 0x000082A801482000, 0x0000008401411044,
    0x0007103014300404, 0x0002091110010100, 0x42140012040C0808, 0x0800808802004020,
    0x90C4004210140000, 0x0800200900A01000, 0x00D0400201108810, 0x80820183814412A0,
    0x00A01008202202B4, 0x01C2021A09500402, 0x0084440208042400, 0x800400400C090100,
    0xBA10040010802100, 0xD182009006005000, 0x5011021001009004, 0x0020420200510400,
    0x0292104000468800, 0x00043009091C0500, 0x0280441000020025, 0x0042820080080080,
    0x0440101010010040, 0x1000900100808080, 0x0108108120089800, 0x0044010200012682,
    0xC002500420900400, 0x0040482210710800, 0x0002060024000200, 0x0281020A44000800,
    0xA0021200A4000200, 0x0001301000840840, 0x2868500108444220, 0x0004111041000200,
    0x8044020842080200, 0x0000220104210200, 0x0000021201044000, 0x0000280884040028,
    0x4012114010858003, 0x0000081004082B88, 0x3892700508208002, 0x00220A041B060400,
    0x0812020284014881, 0x010434A282103100, 0x0490400824020800, 0x4A20002C00208800,
    0x000000A011020200, 0x4002940A02482202, 0x5100100202140406, 0x02102000840540C1,
};

// One slider kind on one square: the relevant-occupancy mask and where its block of the shared
// attack table starts. Lookup is table[offset + index(occupied & mask)].
struct MagicEntry {
  std::uint64_t mask = 0;
  std::uint64_t magic = 0;
  unsigned shift = 0;
  std::uint32_t offset = 0;

  std::uint32_t index(std::uint64_t occupied) const {
#if defined(__BMI2__)
    return static_cast<std::uint32_t>(_pext_u64(occupied, mask));
#else
    return static_cast<std::uint32_t>(((occupied & mask) * magic) >> shift);
#endif
  }
};

struct SliderTables {
  std::array<MagicEntry, 64> rook;
  std::array<MagicEntry, 64> bishop;
  std::vector<std::uint64_t> attacks;
};

// Deterministic xorshift64* so the magics (and so the table layout) are the same on every run.
class MagicRng {
 public:
  explicit MagicRng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 2685821657736338717ULL;
  }
  // Magics with few set bits are found much faster.
  std::uint64_t sparse() { return next() & next() & next(); }

 private:
  std::uint64_t state_;
};

// Occupancy that matters to a slider on s: its rays without the board edge at their ends.
std::uint64_t relevant_mask(PieceType slider, Square s) {
  const std::uint64_t rays = slider_attacks_reference(slider, s, SquareSet()).bits();
  const std::uint64_t edges = ((SquareSet::rank(0) | SquareSet::rank(7)).without(SquareSet::rank(s.rank())) |
                               (SquareSet::file(0) | SquareSet::file(7)).without(SquareSet::file(s.file())))
                                  .bits();
  return rays & ~edges;
}

// Fills one square's block: enumerates every subset of the mask (Carry-Rippler) and, without
// BMI2, searches a magic that maps them without destructive collisions.
void fill_square(PieceType slider, Square s, MagicEntry& entry, std::vector<std::uint64_t>& table,
                 MagicRng& rng) {
  entry.mask = relevant_mask(slider, s);
  entry.magic = (slider == PieceType::Rook ? kRookMagics : kBishopMagics)[s.index()];
  const int bits = std::popcount(entry.mask);
  entry.shift = static_cast<unsigned>(64 - bits);
  entry.offset = static_cast<std::uint32_t>(table.size());
  const std::size_t size = std::size_t{1} << bits;
  std::vector<std::uint64_t> occupancies;
  std::vector<std::uint64_t> reference;
  occupancies.reserve(size);
  reference.reserve(size);
  std::uint64_t subset = 0;
  do {
    occupancies.push_back(subset);
    reference.push_back(slider_attacks_reference(slider, s, SquareSet(subset)).bits());
    subset = (subset - entry.mask) & entry.mask;
  } while (subset != 0);
  table.resize(table.size() + size);
  std::uint64_t* block = table.data() + entry.offset;
#if defined(__BMI2__)
  (void)rng;
  for (std::size_t i = 0; i < size; ++i) block[entry.index(occupancies[i])] = reference[i];
#else
  // Try the stored magic first; the search only runs if it does not fit.
  std::vector<std::uint32_t> epoch(size, 0);
  for (std::uint32_t attempt = 1;; ++attempt) {
    if (attempt > 1) {
      entry.magic = rng.sparse();
      if (std::popcount((entry.mask * entry.magic) >> 56) < 6) continue;
    }
    bool ok = true;
    for (std::size_t i = 0; i < size && ok; ++i) {
      const std::uint32_t idx = entry.index(occupancies[i]);
      if (epoch[idx] != attempt) {
        epoch[idx] = attempt;
        block[idx] = reference[i];
      } else if (block[idx] != reference[i]) {
        ok = false;
      }
    }
    if (ok) break;
  }
#endif
}

SliderTables build_slider_tables() {
  SliderTables t;
  t.attacks.reserve(102400 + 5248);
  MagicRng rng(0x2545F4914F6CDD1DULL);
  for (int s = 0; s < 64; ++s) fill_square(PieceType::Rook, Square(s), t.rook[s], t.attacks, rng);
  for (int s = 0; s < 64; ++s) fill_square(PieceType::Bishop, Square(s), t.bishop[s], t.attacks, rng);
  return t;
}

// Built on first use; C++ guarantees a function-local static is initialised exactly once even
// with concurrent callers, and first use also sidesteps static initialisation order problems.
const SliderTables& slider_tables() {
  static const SliderTables tables = build_slider_tables();
  return tables;
}

struct LineTables {
  std::array<std::array<std::uint64_t, 64>, 64> between{};
  std::array<std::array<std::uint64_t, 64>, 64> line{};
};

LineTables build_line_tables() {
  LineTables t;
  for (int a = 0; a < 64; ++a) {
    for (PieceType slider : {PieceType::Bishop, PieceType::Rook}) {
      const SquareSet from_a = slider_attacks_reference(slider, Square(a), SquareSet());
      for (Square b : from_a) {
        const SquareSet from_b = slider_attacks_reference(slider, b, SquareSet());
        t.line[a][b.index()] = ((from_a & from_b) | Square(a) | b).bits();
        t.between[a][b.index()] = (slider_attacks_reference(slider, Square(a), SquareSet(b)) &
                                   slider_attacks_reference(slider, b, SquareSet(Square(a))))
                                      .bits();
      }
    }
  }
  return t;
}

const LineTables& line_tables() {
  static const LineTables tables = build_line_tables();
  return tables;
}

}  // namespace

SquareSet knight_attacks(Square s) { return SquareSet(kKnightTable[s.index()]); }
SquareSet king_attacks(Square s) { return SquareSet(kKingTable[s.index()]); }
SquareSet pawn_attacks(Color c, Square s) { return SquareSet(kPawnTable[index_of(c)][s.index()]); }

SquareSet bishop_attacks(Square s, SquareSet occupied) {
  const SliderTables& t = slider_tables();
  const MagicEntry& e = t.bishop[s.index()];
  return SquareSet(t.attacks[e.offset + e.index(occupied.bits())]);
}

SquareSet rook_attacks(Square s, SquareSet occupied) {
  const SliderTables& t = slider_tables();
  const MagicEntry& e = t.rook[s.index()];
  return SquareSet(t.attacks[e.offset + e.index(occupied.bits())]);
}

SquareSet queen_attacks(Square s, SquareSet occupied) { return bishop_attacks(s, occupied) | rook_attacks(s, occupied); }

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

SquareSet between(Square a, Square b) { return SquareSet(line_tables().between[a.index()][b.index()]); }
SquareSet line_through(Square a, Square b) { return SquareSet(line_tables().line[a.index()][b.index()]); }

}  // namespace quarry::chess
