// cqlend: deferred to the end of the run; within a game it matches and evaluates nothing.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;

TEST_CASE("cqlend matches without evaluating its body during games", "[end_blocks]") {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(Evaluation("x = 1 cqlend { x = 2 } x", start).number() == 1);
  CHECK(Evaluation("cqlend false", start).matches());
}
