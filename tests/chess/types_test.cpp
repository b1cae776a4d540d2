// Pieces and squares: letters, names, packing.
#include <catch2/catch.hpp>

#include "chess/types.h"

using namespace quarry::chess;

TEST_CASE("piece letters round trip", "[types]") {
  for (char c : std::string("PNBRQKpnbrqk")) CHECK(Piece::from_letter(c).letter() == c);
  CHECK(Piece::from_letter('x').is_none());
  CHECK(Piece::none().letter() == '.');
  const Piece black_queen = Piece::from_letter('q');
  CHECK(black_queen.color() == Color::Black);
  CHECK(black_queen.type() == PieceType::Queen);
  CHECK(Piece(Color::White, PieceType::None).is_none());
  CHECK(Piece::from_code(Piece(Color::Black, PieceType::Knight).code()) == Piece(Color::Black, PieceType::Knight));
}

TEST_CASE("square names round trip", "[types]") {
  for (int i = 0; i < 64; ++i) CHECK(Square::parse(Square(i).name()) == Square(i));
  CHECK(Square::parse("e4") == Square(4, 3));
  CHECK(Square::parse("e4").index() == 28);
  CHECK_FALSE(Square::parse("i1").is_valid());
  CHECK_FALSE(Square::parse("a9").is_valid());
  CHECK_FALSE(Square::parse("a").is_valid());
  CHECK_FALSE(Square::parse("a1 ").is_valid());
  CHECK(Square::none().name() == "-");
  CHECK(Square::parse("a1").flip_vertical() == Square::parse("a8"));
  CHECK(Square::parse("a1").flip_horizontal() == Square::parse("h1"));
  CHECK(~Color::White == Color::Black);
}
