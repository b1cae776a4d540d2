// Arithmetic family: literals, + - * / %, unary minus; sets count their squares.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("integer arithmetic with school precedence", "[arithmetic]") {
  CHECK(Evaluation("2+3*4", kStart).number() == 14);
  CHECK(Evaluation("7/2", kStart).number() == 3);
  CHECK(Evaluation("7%3", kStart).number() == 1);
  CHECK(Evaluation("-3+1", kStart).number() == -2);
  CHECK(Evaluation("10-2-3", kStart).number() == 5);
}

TEST_CASE("division by zero has no value, so the filter fails", "[arithmetic]") {
  Evaluation e("1/0", kStart);
  CHECK_FALSE(e.number().has_value());
  CHECK_FALSE(e.matches());
  CHECK_FALSE(Evaluation("5%0", kStart).matches());
}

TEST_CASE("a set in arithmetic counts its squares", "[arithmetic]") {
  CHECK(Evaluation("P + 1", kStart).number() == 9);
  CHECK(Evaluation("#[Aa] * 2", kStart).number() == 64);
}

TEST_CASE("arithmetic on a logical filter is a type error", "[arithmetic]") {
  // '+' also joins strings: the declaration admits either, the left side says which.
  CHECK(quarry::testing::compile_error("check + 1").find(
            "'+' expects a numeric, set or string filter as its left operand, but this is a logical filter") !=
        std::string::npos);
  CHECK(quarry::testing::compile_error("1 + \"a\"").find(
            "'+' expects a numeric or set filter as its right operand, but this is a string filter") != std::string::npos);
  CHECK(quarry::testing::compile_error("\"a\" + 1").find(
            "'+' expects a string filter as its right operand, but this is a numeric filter") != std::string::npos);
  CHECK(quarry::testing::compile_error("- check").find("'-' expects a numeric or set filter as its operand") !=
        std::string::npos);
}
