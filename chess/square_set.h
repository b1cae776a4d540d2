// SquareSet: a set of board squares held as a 64-bit board, with set words, iteration and symmetries.
#pragma once

#include <bit>
#include <cstdint>
#include <string>

#include "chess/types.h"

namespace quarry::chess {

class SquareSet {
 public:
  constexpr SquareSet() = default;
  constexpr explicit SquareSet(std::uint64_t bits) : bits_(bits) {}
  constexpr SquareSet(Square s) : bits_(s.is_valid() ? std::uint64_t{1} << s.index() : 0) {}  // NOLINT: a square is a one-element set

  static constexpr SquareSet empty() { return SquareSet(); }
  static constexpr SquareSet all() { return SquareSet(~std::uint64_t{0}); }
  static constexpr SquareSet file(int f) { return SquareSet(std::uint64_t{0x0101010101010101} << f); }
  static constexpr SquareSet rank(int r) { return SquareSet(std::uint64_t{0xFF} << (8 * r)); }
  static constexpr SquareSet light() { return SquareSet(std::uint64_t{0x55AA55AA55AA55AA}); }
  static constexpr SquareSet dark() { return SquareSet(std::uint64_t{0xAA55AA55AA55AA55}); }

  constexpr std::uint64_t bits() const { return bits_; }
  constexpr bool is_empty() const { return bits_ == 0; }
  constexpr bool any() const { return bits_ != 0; }
  constexpr int count() const { return std::popcount(bits_); }
  constexpr bool has_more_than_one() const { return (bits_ & (bits_ - 1)) != 0; }
  constexpr bool contains(Square s) const { return s.is_valid() && ((bits_ >> s.index()) & 1) != 0; }
  constexpr bool is_subset_of(SquareSet other) const { return (bits_ & ~other.bits_) == 0; }
  constexpr bool intersects(SquareSet other) const { return (bits_ & other.bits_) != 0; }

  constexpr SquareSet with(SquareSet other) const { return SquareSet(bits_ | other.bits_); }
  constexpr SquareSet without(SquareSet other) const { return SquareSet(bits_ & ~other.bits_); }

  // Lowest square; none() when empty.
  constexpr Square first() const { return bits_ ? Square(std::countr_zero(bits_)) : Square::none(); }
  constexpr Square last() const { return bits_ ? Square(63 - std::countl_zero(bits_)) : Square::none(); }

  constexpr SquareSet operator|(SquareSet o) const { return SquareSet(bits_ | o.bits_); }
  constexpr SquareSet operator&(SquareSet o) const { return SquareSet(bits_ & o.bits_); }
  constexpr SquareSet operator^(SquareSet o) const { return SquareSet(bits_ ^ o.bits_); }
  constexpr SquareSet operator~() const { return SquareSet(~bits_); }
  constexpr SquareSet& operator|=(SquareSet o) { bits_ |= o.bits_; return *this; }
  constexpr SquareSet& operator&=(SquareSet o) { bits_ &= o.bits_; return *this; }
  constexpr SquareSet& operator^=(SquareSet o) { bits_ ^= o.bits_; return *this; }
  friend constexpr bool operator==(SquareSet, SquareSet) = default;
  // An arbitrary total order (by the 64-bit board), so sets can key ordered maps.
  friend constexpr auto operator<=>(SquareSet, SquareSet) = default;

  // Translation by whole files/ranks; squares pushed off the board vanish.
  constexpr SquareSet shifted(int files, int ranks) const {
    std::uint64_t b = bits_;
    for (int i = 0; i < files; ++i) b = (b & ~kFileH) << 1;
    for (int i = 0; i > files; --i) b = (b & ~kFileA) >> 1;
    if (ranks >= 8 || ranks <= -8) return SquareSet();
    b = ranks >= 0 ? b << (8 * ranks) : b >> (8 * -ranks);
    return SquareSet(b);
  }

  // Mirror images: rank 1 <-> rank 8, file a <-> file h, and the a1-h8 / a8-h1 diagonals.
  constexpr SquareSet flip_vertical() const { return SquareSet(byteswap64(bits_)); }
  SquareSet flip_horizontal() const;
  SquareSet flip_diagonal() const;       // a1-h8 axis
  SquareSet flip_antidiagonal() const;   // a8-h1 axis
  SquareSet rotate90() const;            // clockwise

  // "a1 c3 e4"-style list in square order; CQL prints sets like "[a1,c3,e4]", see interpreter.
  std::string to_string() const;

  class Iterator {
   public:
    constexpr explicit Iterator(std::uint64_t bits) : bits_(bits) {}
    constexpr Square operator*() const { return Square(std::countr_zero(bits_)); }
    constexpr Iterator& operator++() { bits_ &= bits_ - 1; return *this; }
    friend constexpr bool operator==(Iterator, Iterator) = default;

   private:
    std::uint64_t bits_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  static constexpr std::uint64_t kFileA = 0x0101010101010101;
  static constexpr std::uint64_t kFileH = 0x8080808080808080;
  static constexpr std::uint64_t byteswap64(std::uint64_t b) {
    b = ((b >> 8) & 0x00FF00FF00FF00FF) | ((b & 0x00FF00FF00FF00FF) << 8);
    b = ((b >> 16) & 0x0000FFFF0000FFFF) | ((b & 0x0000FFFF0000FFFF) << 16);
    return (b >> 32) | (b << 32);
  }

  std::uint64_t bits_ = 0;
};

}  // namespace quarry::chess
