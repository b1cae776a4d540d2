// Logic family: true, false, not, and, or, compound.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("true and false", "[logic]") {
  CHECK(Evaluation("true", kStart).matches());
  CHECK_FALSE(Evaluation("false", kStart).matches());
}

TEST_CASE("not, and, or", "[logic]") {
  CHECK(Evaluation("not false", kStart).matches());
  CHECK_FALSE(Evaluation("true and false", kStart).matches());
  CHECK(Evaluation("false or true", kStart).matches());
  CHECK(Evaluation("not false and true", kStart).matches());
}

TEST_CASE("compound matches when all parts match and has the last part's value", "[logic]") {
  CHECK(Evaluation("{ true K }", kStart).squares() == quarry::testing::squares_of("e1"));
  CHECK(Evaluation("{ false K }", kStart).squares().is_empty());
  CHECK_FALSE(Evaluation("{ K false }", kStart).matches());
  CHECK(Evaluation("{}", kStart).matches());
}

TEST_CASE("the backquote is the identity", "[logic]") {
  CHECK(Evaluation("`K", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").squares() == quarry::testing::squares_of("e1"));
  CHECK(Evaluation("`3 + 4", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").number() == 7);
  CHECK(Evaluation("`wtm", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").matches());
}
