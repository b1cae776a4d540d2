// Set family: piece designators, | & ~, #, in.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("piece designators select squares by contents", "[sets]") {
  CHECK(Evaluation("K", kStart).squares() == squares_of("e1"));
  CHECK(Evaluation("[Kk]", kStart).squares() == squares_of("e1 e8"));
  CHECK(Evaluation("Qa3", kStart).squares().is_empty());
  CHECK(Evaluation("Qd1", kStart).squares() == squares_of("d1"));
  CHECK(Evaluation("_a-h3", kStart).squares().count() == 8);
  CHECK(Evaluation("a", kStart).squares().count() == 16);
  CHECK(Evaluation("[Aa]", kStart).squares().count() == 32);
  CHECK(Evaluation(".", kStart).squares().count() == 64);
  CHECK(Evaluation("[]", kStart).squares().is_empty());
  CHECK(Evaluation("[RQ]a-h1", kStart).squares() == squares_of("a1 d1 h1"));
  CHECK(Evaluation("e4", kStart).squares() == squares_of("e4"));
}

TEST_CASE("set algebra", "[sets]") {
  CHECK(Evaluation("K | k", kStart).squares() == squares_of("e1 e8"));
  CHECK(Evaluation("A & a-h1", kStart).squares().count() == 8);
  CHECK(Evaluation("~[Aa]", kStart).squares().count() == 32);
  CHECK(Evaluation("A | ~B&Q | q", kStart).squares() == Evaluation("A | q", kStart).squares());
}

TEST_CASE("# counts and in tests inclusion", "[sets]") {
  CHECK(Evaluation("#P", kStart).number() == 8);
  CHECK(Evaluation("#[]", kStart).number() == 0);
  CHECK(Evaluation("K in a-h1", kStart).matches());
  CHECK_FALSE(Evaluation("K in a-h2", kStart).matches());
  CHECK(Evaluation("Qa3 in a-h2", kStart).matches());  // the empty set is in every set
}

TEST_CASE("set operators refuse other types", "[sets]") {
  CHECK(quarry::testing::compile_error("K | 3") != "");
  CHECK(quarry::testing::compile_error("#check") != "");
}
