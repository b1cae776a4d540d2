// SquareSet symmetries that need more than a byte swap, and the text form.
#include "chess/square_set.h"

namespace quarry::chess {

// The flips use the classic delta-swap sequences (three masked swaps each), which keeps them
// branch-free; rotation is composed from two flips.
SquareSet SquareSet::flip_horizontal() const {
  constexpr std::uint64_t k1 = 0x5555555555555555;
  constexpr std::uint64_t k2 = 0x3333333333333333;
  constexpr std::uint64_t k4 = 0x0f0f0f0f0f0f0f0f;
  std::uint64_t b = bits_;
  b = ((b >> 1) & k1) | ((b & k1) << 1);
  b = ((b >> 2) & k2) | ((b & k2) << 2);
  b = ((b >> 4) & k4) | ((b & k4) << 4);
  return SquareSet(b);
}

SquareSet SquareSet::flip_diagonal() const {
  // Mirror in the a1-h8 diagonal: square (file, rank) goes to (rank, file).
  constexpr std::uint64_t k1 = 0x5500550055005500;
  constexpr std::uint64_t k2 = 0x3333000033330000;
  constexpr std::uint64_t k4 = 0x0f0f0f0f00000000;
  std::uint64_t b = bits_;
  std::uint64_t t = k4 & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = k2 & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = k1 & (b ^ (b << 7));
  b ^= t ^ (t >> 7);
  return SquareSet(b);
}

SquareSet SquareSet::flip_antidiagonal() const {
  // Mirror in the a8-h1 diagonal: square (file, rank) goes to (7 - rank, 7 - file).
  constexpr std::uint64_t k1 = 0xaa00aa00aa00aa00;
  constexpr std::uint64_t k2 = 0xcccc0000cccc0000;
  constexpr std::uint64_t k4 = 0xf0f0f0f00f0f0f0f;
  std::uint64_t b = bits_;
  std::uint64_t t = b ^ (b << 36);
  b ^= k4 & (t ^ (b >> 36));
  t = k2 & (b ^ (b << 18));
  b ^= t ^ (t >> 18);
  t = k1 & (b ^ (b << 9));
  b ^= t ^ (t >> 9);
  return SquareSet(b);
}

SquareSet SquareSet::rotate90() const {
  // Clockwise: a8 goes to h8, h8 to h1; (file, rank) -> (rank, 7 - file).
  return flip_diagonal().flip_vertical();
}

std::string SquareSet::to_string() const {
  std::string out;
  for (Square s : *this) {
    if (!out.empty()) out += ' ';
    out += s.name();
  }
  return out;
}

}  // namespace quarry::chess
