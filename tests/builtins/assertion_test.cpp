// Tests of assert: matches with its condition, stops the game when the condition fails.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "evaluate.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("assert matches when its condition does", "[assertion]") {
  Evaluation holds("assert wtm", kStart);
  CHECK(holds.matches());
  CHECK(holds.type() == quarry::interpreter::ValueType::Logical);
}

TEST_CASE("a failing assert is a run-time error naming where it stands", "[assertion]") {
  Evaluation fails("\n  assert btm", kStart);
  try {
    fails.matches();
    FAIL("assert btm did not stop white's move");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find("assertion failed at test.cql:2:3: assert btm") != std::string::npos);
  }
  CHECK(compile_error("assert") != "");
}
