// Variable-lifetime family: persistent, unbind, isbound, isunbound.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("persistent x = F initialises once, updates apply every time", "[variable_lifetime]") {
  CHECK(Evaluation("persistent x = 5 persistent x = 9 x", kStart).number() == 5);
  CHECK(Evaluation("persistent quiet y = 1 persistent y += 2 y", kStart).number() == 3);
  CHECK(compile_error("persistent 3") == "'persistent' is followed by an assignment to a variable");
  CHECK(compile_error("persistent pos = currentposition") ==
        "a position belongs to one game, so it cannot be kept across games");
}

TEST_CASE("unbind, isbound and isunbound", "[variable_lifetime]") {
  CHECK(Evaluation("x = 1 isbound x", kStart).matches());
  CHECK(Evaluation("x = 1 unbind x isunbound x", kStart).matches());
  CHECK_FALSE(Evaluation("x = 1 unbind x isbound x", kStart).matches());
  CHECK(compile_error("isbound nothing") == "'isbound' needs the name of a variable assigned somewhere before it");
}
