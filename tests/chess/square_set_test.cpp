// SquareSet: set words, iteration, shifts and the symmetries checked square by square.
#include <catch2/catch.hpp>

#include <random>

#include "chess/square_set.h"

using namespace quarry::chess;

namespace {

// Applies a square mapping one square at a time: the slow, obviously right version.
template <typename F>
SquareSet map_squares(SquareSet set, F f) {
  SquareSet out;
  for (Square s : set) out |= f(s);
  return out;
}

}  // namespace

TEST_CASE("set words and iteration", "[square_set]") {
  const SquareSet set = SquareSet(Square::parse("a1")) | Square::parse("e4") | Square::parse("h8");
  CHECK(set.count() == 3);
  CHECK(set.contains(Square::parse("e4")));
  CHECK_FALSE(set.contains(Square::parse("e5")));
  CHECK_FALSE(set.contains(Square::none()));
  CHECK(set.first() == Square::parse("a1"));
  CHECK(set.last() == Square::parse("h8"));
  CHECK(SquareSet().first() == Square::none());
  CHECK(set.to_string() == "a1 e4 h8");
  CHECK(set.without(Square::parse("a1")).count() == 2);
  CHECK(SquareSet(Square::parse("e4")).is_subset_of(set));
  CHECK(set.has_more_than_one());
  CHECK_FALSE(SquareSet(Square::parse("e4")).has_more_than_one());
  int n = 0;
  for (Square s : set) {
    CHECK(set.contains(s));
    ++n;
  }
  CHECK(n == 3);
  CHECK(SquareSet::light().contains(Square::parse("h1")));
  CHECK(SquareSet::dark().contains(Square::parse("a1")));
  CHECK((SquareSet::light() | SquareSet::dark()) == SquareSet::all());
}

TEST_CASE("shifts drop squares off the board", "[square_set]") {
  const SquareSet h = SquareSet::file(7);
  CHECK(h.shifted(1, 0).is_empty());
  CHECK(h.shifted(-7, 0) == SquareSet::file(0));
  CHECK(SquareSet::rank(7).shifted(0, 1).is_empty());
  CHECK(SquareSet(Square::parse("e4")).shifted(1, 2) == SquareSet(Square::parse("f6")));
  CHECK(SquareSet::all().shifted(0, 8).is_empty());
}

TEST_CASE("flips and rotation agree with square-by-square mapping", "[square_set]") {
  std::mt19937_64 rng(12345);
  for (int i = 0; i < 200; ++i) {
    const SquareSet set(rng());
    CHECK(set.flip_vertical() == map_squares(set, [](Square s) { return Square(s.file(), 7 - s.rank()); }));
    CHECK(set.flip_horizontal() == map_squares(set, [](Square s) { return Square(7 - s.file(), s.rank()); }));
    CHECK(set.flip_diagonal() == map_squares(set, [](Square s) { return Square(s.rank(), s.file()); }));
    CHECK(set.flip_antidiagonal() == map_squares(set, [](Square s) { return Square(7 - s.rank(), 7 - s.file()); }));
    CHECK(set.rotate90() == map_squares(set, [](Square s) { return Square(s.rank(), 7 - s.file()); }));
  }
  // Clockwise: a8 (top left seen from White) moves to h8 (top right).
  CHECK(SquareSet(Square::parse("a8")).rotate90() == SquareSet(Square::parse("h8")));
}
