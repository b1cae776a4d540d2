// Variable family: assignment, =?, compound assignment, references and their types.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("a variable holds what was assigned", "[variables]") {
  CHECK(Evaluation("x = 3 x + 1", kStart).number() == 4);
  CHECK(Evaluation("$kings = [Kk] $kings", kStart).squares() == squares_of("e1 e8"));
  CHECK(Evaluation("s = \"ab\" s += \"c\" s", kStart).text() == "abc");
  CHECK(Evaluation("m = 10 m -= 3 m *= 2 m /= 7 m", kStart).number() == 2);
  CHECK(Evaluation("s = K s |= k s &= a-h8 s", kStart).squares() == squares_of("e8"));
  CHECK(Evaluation("piece $p in K { $v = [] $v |= $p } $v", kStart).squares() == squares_of("e1"));
}

TEST_CASE("=? assigns only a non-empty set", "[variables]") {
  CHECK(Evaluation("x =? K", kStart).matches());
  CHECK_FALSE(Evaluation("x =? Qa3", kStart).matches());
  CHECK(Evaluation("x = K { x =? Qa3 } or true x", kStart).squares() == squares_of("e1"));
}

TEST_CASE("an assignment of a value-less number fails and keeps the old value", "[variables]") {
  CHECK(Evaluation("x = 5 {x = 1/0} or true x", kStart).number() == 5);
}

TEST_CASE("variable errors are clear", "[variables]") {
  CHECK(compile_error("x = 3 x = K") == "variable 'x' holds a numeric; it cannot be assigned a set");
  CHECK(compile_error("y + 1") == "unknown filter or undefined variable 'y'");
  CHECK(compile_error("z += 1") == "variable 'z' is used before it is assigned");
  CHECK(compile_error("x = 1 x |= K") != "");
  CHECK(compile_error("check = 3") == "the left side of '=' must be a variable name");
}

TEST_CASE("an assignment has the assigned value", "[variables]") {
  CHECK(Evaluation("x = K | y = k y", kStart).squares() == squares_of("e8"));
  CHECK(Evaluation("x = K | y = k x", kStart).squares() == squares_of("e1 e8"));
  CHECK(Evaluation("x = Qa4", kStart).matches());  // a set assignment matches even when empty
}
