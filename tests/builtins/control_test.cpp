// Control family: if/then/else, while, loop.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("if without else matches when the condition fails or the branch matches", "[control]") {
  CHECK(Evaluation("if wtm then true", kStart).matches());
  CHECK_FALSE(Evaluation("if wtm then false", kStart).matches());
  CHECK(Evaluation("if btm false", kStart).matches());
}

TEST_CASE("if with else takes the value of the branch taken", "[control]") {
  CHECK(Evaluation("if wtm K else k", kStart).squares() == squares_of("e1"));
  CHECK(Evaluation("if btm K else k", kStart).squares() == squares_of("e8"));
  CHECK(Evaluation("if btm 1 else 2", kStart).number() == 2);
  CHECK_FALSE(Evaluation("if btm true else false", kStart).matches());
}

TEST_CASE("while repeats its body while the condition matches", "[control]") {
  CHECK(Evaluation("x = 0 while (x < 5) x += 1 x", kStart).number() == 5);
  CHECK(Evaluation("x = 9 while (x < 5) x += 1 x", kStart).number() == 9);
}

TEST_CASE("loop runs its body until it fails and matches if it ran once", "[control]") {
  CHECK(Evaluation("x = 0 loop { x < 3 x += 1 } x", kStart).number() == 3);
  CHECK_FALSE(Evaluation("loop false", kStart).matches());
}

TEST_CASE("a runaway while is stopped with an error", "[control]") {
  Evaluation e("while (true) true", kStart);
  CHECK_THROWS_WITH(e.matches(), Catch::Contains("more than 1,000,000 iterations"));
}
