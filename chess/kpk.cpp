// The KPK bitbase: every placement of white king, black king and a white pawn on files a-d, each
// side to move, classified by iterating to a fixed point from the immediate wins and draws; a
// black pawn or one on files e-h is mirrored onto it. Built once, on first use (24 KB).
#include "chess/kpk.h"

#include <array>
#include <cstdint>
#include <vector>

#include "chess/attacks.h"

namespace quarry::chess::kpk {

namespace {

enum class Result : std::uint8_t { Unknown, Invalid, Draw, Win };

// A placement with a white pawn on files a-d, ranks 2-7.
struct Placement {
  Color side_to_move;
  Square white_king, black_king, pawn;
};

int index_of(const Placement& p) {
  const int pawn_index = (p.pawn.rank() - 1) * 4 + p.pawn.file();
  return ((chess::index_of(p.side_to_move) * 24 + pawn_index) * 64 + p.white_king.index()) * 64 + p.black_king.index();
}

Placement placement_of(int index) {
  const int black_king = index % 64;
  const int white_king = (index / 64) % 64;
  const int pawn_index = (index / 4096) % 24;
  const Color side = index / (4096 * 24) == 0 ? Color::White : Color::Black;
  return {side, Square(white_king), Square(black_king), Square(pawn_index % 4, pawn_index / 4 + 1)};
}

Square ahead(Square s, int ranks) { return Square(s.index() + 8 * ranks); }

// Whether promoting on `promotion` (the pawn gone, black to move) wins: the new queen, or else a
// rook, can be neither taken nor stalemate the black king.
bool promotion_wins(Square white_king, Square promotion, Square black_king) {
  if (king_attacks(black_king).contains(promotion) && !king_attacks(white_king).contains(promotion)) return false;
  const SquareSet occupied = SquareSet(white_king) | promotion;  // lines run through the black king
  for (PieceType type : {PieceType::Queen, PieceType::Rook}) {
    const SquareSet covered = piece_attacks(Piece(Color::White, type), promotion, occupied) | king_attacks(white_king);
    if ((king_attacks(black_king) & ~covered).any() || covered.contains(black_king)) return true;
  }
  return false;
}

// Squares the black king may move to (the pawn's square included when it is undefended).
SquareSet black_king_moves(const Placement& p) {
  return king_attacks(p.black_king) & ~king_attacks(p.white_king) & ~pawn_attacks(Color::White, p.pawn);
}

Result initial(const Placement& p) {
  if (p.white_king == p.black_king || p.white_king == p.pawn || p.black_king == p.pawn) return Result::Invalid;
  if (king_attacks(p.white_king).contains(p.black_king)) return Result::Invalid;
  const bool black_in_check = pawn_attacks(Color::White, p.pawn).contains(p.black_king);
  if (p.side_to_move == Color::White) {
    if (black_in_check) return Result::Invalid;
    const Square promotion = ahead(p.pawn, 1);
    if (p.pawn.rank() == 6 && promotion != p.white_king && promotion != p.black_king &&
        promotion_wins(p.white_king, promotion, p.black_king)) {
      return Result::Win;
    }
    return Result::Unknown;
  }
  const SquareSet moves = black_king_moves(p);
  if (moves.contains(p.pawn)) return Result::Draw;  // the pawn falls
  if (moves.is_empty()) return black_in_check ? Result::Win : Result::Draw;
  return Result::Unknown;
}

class Generator {
 public:
  Generator() : results_(kEntries) {
    for (int i = 0; i < kEntries; ++i) results_[static_cast<std::size_t>(i)] = initial(placement_of(i));
  }

  void solve() {
    bool changed = true;
    while (changed) {
      changed = false;
      for (int i = 0; i < kEntries; ++i) {
        Result& r = results_[static_cast<std::size_t>(i)];
        if (r != Result::Unknown) continue;
        const Placement p = placement_of(i);
        r = p.side_to_move == Color::White ? classify_white(p) : classify_black(p);
        changed = changed || r != Result::Unknown;
      }
    }
  }

  std::array<std::uint8_t, kBytes> packed() const {
    std::array<std::uint8_t, kBytes> bits{};
    for (int i = 0; i < kEntries; ++i) {
      if (results_[static_cast<std::size_t>(i)] == Result::Win) bits[static_cast<std::size_t>(i / 8)] |= static_cast<std::uint8_t>(1u << (i % 8));
    }
    return bits;
  }

 private:
  Result at(const Placement& p) const { return results_[static_cast<std::size_t>(index_of(p))]; }

  // White to move: a win when some move reaches a win, a draw when every move reaches a draw.
  Result classify_white(const Placement& p) const {
    bool all_draw = true;
    auto consider = [&](const Placement& next) {
      const Result r = at(next);
      if (r == Result::Win) return true;
      if (r != Result::Draw) all_draw = false;
      return false;
    };
    const SquareSet steps = (king_attacks(p.white_king) & ~king_attacks(p.black_king)).without(p.pawn);
    for (Square to : steps) {
      if (consider({Color::Black, to, p.black_king, p.pawn})) return Result::Win;
    }
    if (p.pawn.rank() < 6) {  // a promotion that did not win at once is a draw
      const Square one = ahead(p.pawn, 1);
      if (one != p.white_king && one != p.black_king) {
        if (consider({Color::Black, p.white_king, p.black_king, one})) return Result::Win;
        const Square two = ahead(p.pawn, 2);
        if (p.pawn.rank() == 1 && two != p.white_king && two != p.black_king &&
            consider({Color::Black, p.white_king, p.black_king, two})) {
          return Result::Win;
        }
      }
    }
    return all_draw ? Result::Draw : Result::Unknown;
  }

  // Black to move: a draw when some move reaches a draw, a win when every move reaches a win.
  Result classify_black(const Placement& p) const {
    bool all_win = true;
    for (Square to : black_king_moves(p)) {
      const Result r = at({Color::White, p.white_king, to, p.pawn});
      if (r == Result::Draw) return Result::Draw;
      if (r != Result::Win) all_win = false;
    }
    return all_win ? Result::Win : Result::Unknown;
  }

  std::vector<Result> results_;
};

std::array<std::uint8_t, kBytes> build() {
  Generator generator;
  generator.solve();
  return generator.packed();
}

// Thread-safe on first use (a function-local static).
const std::array<std::uint8_t, kBytes>& bitbase() {
  static const std::array<std::uint8_t, kBytes> table = build();
  return table;
}

}  // namespace

bool pawn_side_wins(Color pawn_side, Square strong_king, Square pawn, Square weak_king, Color side_to_move) {
  if (pawn_side == Color::Black) {  // seen from Black's side of the board
    strong_king = strong_king.flip_vertical();
    pawn = pawn.flip_vertical();
    weak_king = weak_king.flip_vertical();
    side_to_move = ~side_to_move;
  }
  if (pawn.file() > 3) {
    strong_king = strong_king.flip_horizontal();
    pawn = pawn.flip_horizontal();
    weak_king = weak_king.flip_horizontal();
  }
  if (pawn.rank() < 1 || pawn.rank() > 6) return false;
  const int index = index_of({side_to_move, strong_king, weak_king, pawn});
  return (bitbase()[static_cast<std::size_t>(index / 8)] >> (index % 8) & 1) != 0;
}

std::optional<bool> probe(const Position& pos) {
  if (pos.occupied().count() != 3 || pos.pieces(PieceType::King).count() != 2) return std::nullopt;
  const SquareSet pawns = pos.pieces(PieceType::Pawn);
  if (pawns.count() != 1) return std::nullopt;
  const Square pawn = pawns.first();
  const Color side = pos.piece_at(pawn).color();
  if (!pos.king(side).is_valid() || !pos.king(~side).is_valid()) return std::nullopt;
  return pawn_side_wins(side, pos.king(side), pawn, pos.king(~side), pos.side_to_move());
}

}  // namespace quarry::chess::kpk
