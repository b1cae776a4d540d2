// Text forms of pieces and squares: FEN piece letters and algebraic square names.
#include "chess/types.h"

namespace quarry::chess {

namespace {
// Indexed by PieceType; index 0 (None) is the empty square.
constexpr char kWhiteLetters[] = ".PNBRQK";
constexpr char kBlackLetters[] = ".pnbrqk";
}  // namespace

char Piece::letter() const {
  if (is_none()) return '.';
  const int t = index_of(type());
  return color() == Color::White ? kWhiteLetters[t] : kBlackLetters[t];
}

Piece Piece::from_letter(char c) {
  for (int t = 1; t <= 6; ++t) {
    if (c == kWhiteLetters[t]) return Piece(Color::White, static_cast<PieceType>(t));
    if (c == kBlackLetters[t]) return Piece(Color::Black, static_cast<PieceType>(t));
  }
  return Piece::none();
}

std::string Square::name() const {
  if (!is_valid()) return "-";
  return std::string{static_cast<char>('a' + file()), static_cast<char>('1' + rank())};
}

Square Square::parse(std::string_view text) {
  if (text.size() != 2) return Square::none();
  const char f = text[0];
  const char r = text[1];
  if (f < 'a' || f > 'h' || r < '1' || r > '8') return Square::none();
  return Square(f - 'a', r - '1');
}

}  // namespace quarry::chess
