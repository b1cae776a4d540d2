// Function family: definitions expanded at each call, arguments by value or by reference.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("a function call expands its body with the arguments", "[functions]") {
  CHECK(Evaluation("function Twice($x) { $x * 2 } Twice(21)", kStart).number() == 42);
  CHECK(Evaluation("function Rooks($side) { $side & [Rr] } Rooks(a-h1)", kStart).squares() == squares_of("a1 h1"));
}

TEST_CASE("a variable argument is passed by reference", "[functions]") {
  CHECK(Evaluation("function Bump($v) { $v += 1 } n1 = 1 Bump(n1) Bump(n1) n1", kStart).number() == 3);
}

TEST_CASE("function errors", "[functions]") {
  CHECK(compile_error("function F($a) { $a } F(1 2)") == "function 'F' takes 1 argument(s), 2 given");
  CHECK(compile_error("function F($a) { F($a) } F(1)").find("nested more than 64 deep") != std::string::npos);
  CHECK(compile_error("function check() { true }") == "'check' is a filter name");
}

TEST_CASE("a variable in parentheses is passed by value", "[functions]") {
  CHECK(Evaluation("function Bump($v) { $v += 1 } n1 = 1 Bump((n1)) Bump((n1)) n1", kStart).number() == 1);
  CHECK(Evaluation("function Bump($v) { $v += 1 $v } n1 = 1 Bump((n1))", kStart).number() == 2);
  CHECK(Evaluation("function Bump($v) { $v += 1 } n1 = 1 Bump({n1}) n1", kStart).number() == 1);
}
