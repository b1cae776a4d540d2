// Attack tables checked against the slow ray-walking reference, and the line geometry.
#include <catch2/catch.hpp>

#include <random>

#include "chess/attacks.h"

using namespace quarry::chess;

TEST_CASE("slider tables agree with the reference on random occupancies", "[attacks]") {
  std::mt19937_64 rng(2024);
  for (int i = 0; i < 2000; ++i) {
    // Sparse and dense boards both: AND/OR of random words.
    const std::uint64_t bits = (i % 2) ? (rng() & rng()) : (rng() | rng());
    const SquareSet occ(bits);
    for (int s = 0; s < 64; ++s) {
      const Square sq(s);
      REQUIRE(rook_attacks(sq, occ) == slider_attacks_reference(PieceType::Rook, sq, occ));
      REQUIRE(bishop_attacks(sq, occ) == slider_attacks_reference(PieceType::Bishop, sq, occ));
      REQUIRE(queen_attacks(sq, occ) == slider_attacks_reference(PieceType::Queen, sq, occ));
    }
  }
}

TEST_CASE("leaper tables", "[attacks]") {
  CHECK(knight_attacks(Square::parse("a1")).count() == 2);
  CHECK(knight_attacks(Square::parse("e4")).count() == 8);
  CHECK(king_attacks(Square::parse("h8")).count() == 3);
  CHECK(king_attacks(Square::parse("e4")).count() == 8);
  CHECK(pawn_attacks(Color::White, Square::parse("e4")) == (SquareSet(Square::parse("d5")) | Square::parse("f5")));
  CHECK(pawn_attacks(Color::Black, Square::parse("a5")) == SquareSet(Square::parse("b4")));
  CHECK(pawn_attacks(Color::White, Square::parse("h8")).is_empty());
  CHECK(piece_attacks(Piece(Color::Black, PieceType::Pawn), Square::parse("e4"), SquareSet()).count() == 2);
  CHECK(piece_attacks(Piece::none(), Square::parse("e4"), SquareSet()).is_empty());
}

TEST_CASE("between and line_through", "[attacks]") {
  const Square a1 = Square::parse("a1");
  const Square h8 = Square::parse("h8");
  CHECK(between(a1, h8).count() == 6);
  CHECK(between(a1, Square::parse("a8")) == SquareSet::file(0).without(SquareSet(a1) | Square::parse("a8")));
  CHECK(between(a1, Square::parse("b3")).is_empty());
  CHECK(between(a1, Square::parse("b2")).is_empty());
  CHECK(line_through(Square::parse("c3"), Square::parse("d4")).count() == 8);
  CHECK(line_through(Square::parse("c3"), Square::parse("d4")).contains(a1));
  CHECK(line_through(Square::parse("b1"), Square::parse("b5")) == SquareSet::file(1));
  CHECK(line_through(a1, Square::parse("b3")).is_empty());
  CHECK(line_through(Square::parse("g2"), Square::parse("f3")).count() == 8);
}
