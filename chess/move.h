// Move: a 16-bit move code (from, to, kind, promotion) and the bounded move list.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <boost/container/static_vector.hpp>

#include "chess/types.h"

namespace quarry::chess {

// Castling is encoded as "king takes own rook" (from = king square, to = rook square), which
// describes standard chess and Chess960 alike. The null move ("--" in PGN) has its own kind.
class Move {
 public:
  enum class Kind : std::uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

  constexpr Move() = default;
  constexpr Move(Square from, Square to, Kind kind = Kind::Normal, PieceType promotion = PieceType::Knight)
      : data_(static_cast<std::uint16_t>(from.index() | (to.index() << 6) | (static_cast<int>(kind) << 12) |
                                         ((index_of(promotion) - index_of(PieceType::Knight)) << 14))) {}

  static constexpr Move none() { return Move(); }
  // from == to == b1 cannot be a real move, so it marks the null move (data 0 is none()).
  static constexpr Move null() { return Move(Square(1), Square(1)); }

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr Kind kind() const { return static_cast<Kind>((data_ >> 12) & 3); }
  constexpr PieceType promotion() const {
    return kind() == Kind::Promotion ? static_cast<PieceType>(((data_ >> 14) & 3) + index_of(PieceType::Knight))
                                     : PieceType::None;
  }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr bool is_null() const { return data_ == null().data_; }
  constexpr std::uint16_t raw() const { return data_; }

  friend constexpr bool operator==(Move, Move) = default;

 private:
  std::uint16_t data_ = 0;
};

// 218 is the most legal moves any reachable position has, but a FEN may describe any board. A side
// with k pieces has at most k * (64 - k) <= 1024 (from, to) pairs; the up to 8 pawns on their
// seventh rank add 3 more promotion choices to each of at most 24 pairs, and castling adds 2.
inline constexpr std::size_t kMaxMoves = 32 * 32 + 3 * 24 + 2;
using MoveList = boost::container::static_vector<Move, kMaxMoves>;

}  // namespace quarry::chess
