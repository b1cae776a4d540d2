// Iteration family: square and piece iteration, with and without all.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("square iteration yields the squares whose body matches", "[iteration]") {
  CHECK(Evaluation("square $s in a-h1 { $s & [RQ] }", kStart).squares() == squares_of("a1 d1 h1"));
  CHECK(Evaluation("square $s in _ { false }", kStart).squares().is_empty());
  CHECK(Evaluation("#(square $s in a-h2 { $s & P })", kStart).number() == 8);
}

TEST_CASE("square all matches when the body matches everywhere", "[iteration]") {
  CHECK(Evaluation("square all $s in a-h2 { $s & P }", kStart).matches());
  CHECK_FALSE(Evaluation("square all $s in a-h2 { $s & N }", kStart).matches());
  CHECK(Evaluation("square all $s in Qa5 { false }", kStart).matches());  // empty set: vacuously
}

TEST_CASE("piece iteration binds the piece on each occupied square", "[iteration]") {
  CHECK(Evaluation("piece $p in [Nn] { $p & a-h1 }", kStart).squares() == squares_of("b1 g1"));
  CHECK(Evaluation("piece $p in a-h4 { true }", kStart).squares().is_empty());
  CHECK(Evaluation("piece all $p in K { $p == e1 }", kStart).matches());
}

TEST_CASE("iteration variable type is checked", "[iteration]") {
  CHECK(quarry::testing::compile_error("x = 1 square $x in . true") == "");
  CHECK(quarry::testing::compile_error("x = 1 square x in . true") == "variable 'x' already holds a numeric");
}

TEST_CASE("piece x = S binds the piece on the one occupied square of S", "[iteration]") {
  CHECK(Evaluation("piece $k = Ke1 $k", kStart).squares() == squares_of("e1"));
  CHECK(Evaluation("piece target = makesquare \"g1\" target & N", kStart).matches());
  // Not exactly one occupied square: the assignment fails and the variable stays unbound.
  CHECK_FALSE(Evaluation("piece $x = e4", kStart).matches());
  CHECK_FALSE(Evaluation("piece $x = R", kStart).matches());
  CHECK(Evaluation("{piece $x = R} or true not isbound $x", kStart).matches());
  CHECK(quarry::testing::compile_error("piece $x = 3") == "'piece x =' takes the square of a piece, but this is a numeric filter");
  CHECK(quarry::testing::compile_error("$x = a1 piece $x = Ke1") == "variable '$x' already holds a set");
}
