// Sort family: value, best-value bookkeeping is exercised in tests/interpreter/runner_test.cpp.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("sort has the value of its argument and matches when it has one", "[sort]") {
  CHECK(Evaluation("sort \"Pawns\" #P", kStart).number() == 8);
  CHECK(Evaluation("sort min \"Pawns\" P", kStart).number() == 8);
  CHECK_FALSE(Evaluation("sort 1/0", kStart).matches());
  CHECK(compile_error("sort check") != "");
  CHECK(compile_error("sort min max 1") == "'sort' takes min or max, not both");
}

TEST_CASE("sort takes a string and has its value", "[sort]") {
  Evaluation names("x = \"Capablanca\" sort \"Name\" x", kStart);
  CHECK(names.type() == quarry::interpreter::ValueType::String);
  CHECK(names.text() == "Capablanca");
  CHECK(compile_error("sort \"Name\" str(\"x\" \"y\")") == "");
}
