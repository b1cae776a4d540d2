// Direction family: up … anydirection, maindiagonal, offdiagonal with ranges; light and dark.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string kBare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

quarry::chess::SquareSet eval(const std::string& query, const std::string& fen = kBare) {
  return Evaluation(query, fen).squares();
}
}  // namespace

TEST_CASE("the manual's direction examples", "[directions]") {
  CHECK(eval("up d4") == squares_of("d5 d6 d7 d8"));
  CHECK(eval("right 6 7 a-h2") == squares_of("g2 h2"));
  CHECK(eval("up -2 d4") == squares_of("d2"));
  CHECK(eval("right -1 1 d4") == squares_of("c4 d4 e4"));
  CHECK(eval("diagonal 1 d4") == squares_of("c3 c5 e3 e5"));
  CHECK(eval("diagonal 0 2 f5") == squares_of("f5 e4 e6 g4 g6 d3 d7 h3 h7"));
}

TEST_CASE("basic directions are translations on an empty board", "[directions]") {
  // Pieces do not block: the pawns on d2 and d7 do not stop `up d1`.
  CHECK(eval("up d1", kStart) == squares_of("d2 d3 d4 d5 d6 d7 d8"));
  CHECK(eval("down 1 e4") == squares_of("e3"));
  CHECK(eval("down 3 5 e4") == squares_of("e1"));
  CHECK(eval("left a1").is_empty());
  CHECK(eval("left 2 c3") == squares_of("a3"));
  CHECK(eval("right 1 h3").is_empty());
  CHECK(eval("northeast 1 2 a1") == squares_of("b2 c3"));
  CHECK(eval("northwest 1 h1") == squares_of("g2"));
  CHECK(eval("southeast 1 a8") == squares_of("b7"));
  CHECK(eval("southwest h8") == squares_of("g7 f6 e5 d4 c3 b2 a1"));
  CHECK(eval("up 0 e4") == squares_of("e4"));
  CHECK(eval("up 8 a1").is_empty());
}

TEST_CASE("compound directions are unions of basic ones", "[directions]") {
  CHECK(eval("vertical 1 e4") == squares_of("e3 e5"));
  CHECK(eval("horizontal 1 e4") == squares_of("d4 f4"));
  CHECK(eval("orthogonal 1 e4") == squares_of("e3 e5 d4 f4"));
  CHECK(eval("anydirection 1 e4") == squares_of("d3 d4 d5 e3 e5 f3 f4 f5"));
  CHECK(eval("maindiagonal 1 e4") == squares_of("d3 f5"));
  CHECK(eval("offdiagonal 1 e4") == squares_of("d5 f3"));
  CHECK(eval("anydirection a1").count() == 21);
}

TEST_CASE("direction filters bind tighter than set operators", "[directions]") {
  // `up R|P` is `{up R} | P`.
  CHECK(eval("up 1 Ra1|Pe2", "4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1") == squares_of("a2 e2"));
  CHECK(eval("up 1 up 1 a1") == squares_of("a3"));
  CHECK(Evaluation("up 1 Ra1", kBare).matches() == false);
}

TEST_CASE("an empty range is an error", "[directions]") {
  CHECK_FALSE(compile_error("up 3 1 a1").empty());
  CHECK(compile_error("up 1 3 a1").empty());
}

TEST_CASE("light and dark", "[directions]") {
  CHECK(eval("light a-h1") == squares_of("b1 d1 f1 h1"));
  CHECK(eval("dark a-h1") == squares_of("a1 c1 e1 g1"));
  CHECK(eval("dark .").count() == 32);
  CHECK(eval("light [Bb]", "2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1") == squares_of("f1 c8"));
  CHECK(Evaluation("light B == 1", "2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1").matches());
}

TEST_CASE("a numeric variable may be a range bound", "[directions]") {
  CHECK(eval("x = 2 up 1 x d4") == squares_of("d5 d6"));
  CHECK(eval("x = 1 m = x + 1 right x m a2") == squares_of("b2 c2"));
  CHECK(eval("x = 6 right x a-h2") == squares_of("g2 h2"));
  // A set variable is no bound: `up 1 s` is up of s, then d4 is the next filter.
  CHECK(eval("s = d4 up 1 s d4") == squares_of("d4"));
  CHECK(eval("x = 2 up x 1 d4") == quarry::chess::SquareSet());  // 2 to 1: nothing
}
