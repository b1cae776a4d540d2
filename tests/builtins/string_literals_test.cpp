// String-literals family: literals and concatenation.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;

TEST_CASE("string literals and +", "[strings]") {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(Evaluation("\"ab\" + \"cd\"", start).text() == "abcd");
  CHECK(Evaluation("\"a\\\"b\"", start).text() == "a\"b");
  CHECK(Evaluation("\"\"", start).matches());
  CHECK(quarry::testing::compile_error("\"a\" + 1") != "");
}
