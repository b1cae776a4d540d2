// Basic chess vocabulary: colours, piece types, pieces and squares as small value types.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace quarry::chess {

enum class Color : std::uint8_t { White = 0, Black = 1 };

constexpr Color operator~(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr int index_of(Color c) { return static_cast<int>(c); }

// Numbering matches CQL's `type` filter: empty 0, pawn 1 … king 6.
enum class PieceType : std::uint8_t { None = 0, Pawn = 1, Knight = 2, Bishop = 3, Rook = 4, Queen = 5, King = 6 };

constexpr int index_of(PieceType t) { return static_cast<int>(t); }

// A coloured piece or an empty square, packed in one byte: type in bits 0-2, colour in bit 3.
class Piece {
 public:
  constexpr Piece() = default;
  constexpr Piece(Color color, PieceType type)
      : code_(type == PieceType::None ? 0 : static_cast<std::uint8_t>(index_of(type) | (index_of(color) << 3))) {}

  static constexpr Piece none() { return Piece(); }
  static constexpr Piece from_code(std::uint8_t code) { Piece p; p.code_ = code; return p; }

  constexpr bool is_none() const { return code_ == 0; }
  constexpr PieceType type() const { return static_cast<PieceType>(code_ & 7); }
  constexpr Color color() const { return static_cast<Color>(code_ >> 3); }
  constexpr std::uint8_t code() const { return code_; }

  // 'P','N',…,'K' for white, 'p',…,'k' for black, '.' for empty.
  char letter() const;
  static Piece from_letter(char c);  // none() when c is not a piece letter

  friend constexpr bool operator==(Piece, Piece) = default;

 private:
  std::uint8_t code_ = 0;
};

// A board square, a1 = 0 … h8 = 63; none() = 64 marks "no square" (e.g. no en passant).
class Square {
 public:
  constexpr Square() = default;
  constexpr explicit Square(int index) : index_(static_cast<std::uint8_t>(index)) {}
  constexpr Square(int file, int rank) : index_(static_cast<std::uint8_t>(rank * 8 + file)) {}

  static constexpr Square none() { return Square(64); }

  constexpr int index() const { return index_; }
  constexpr int file() const { return index_ & 7; }  // 0 = a-file
  constexpr int rank() const { return index_ >> 3; }  // 0 = first rank
  constexpr bool is_valid() const { return index_ < 64; }

  // Same square seen from the other side (a1 <-> a8).
  constexpr Square flip_vertical() const { return Square(index_ ^ 56); }
  constexpr Square flip_horizontal() const { return Square(index_ ^ 7); }

  std::string name() const;                            // "e4"
  static Square parse(std::string_view text);          // none() unless text is exactly a square name

  friend constexpr bool operator==(Square, Square) = default;
  friend constexpr auto operator<=>(Square, Square) = default;

 private:
  std::uint8_t index_ = 64;
};

}  // namespace quarry::chess
