// Dictionary family: declarations, entries, updates, size; and persistence across positions.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("dictionary entries are stored, updated and counted", "[dictionaries]") {
  CHECK(Evaluation("dictionary str --> int (sum) $D $D[\"a\"] = 2 $D[\"a\"] += 3 $D[\"a\"]", kStart).number() == 5);
  CHECK(Evaluation("dictionary int --> int $D $D[1] += 1 $D[2] += 1 $D[2] += 1 #$D", kStart).number() == 2);
  CHECK(Evaluation("dictionary str --> int $D $D[\"x\"] += 7 $D[\"x\"]", kStart).number() == 7);  // += starts at 0
  CHECK(Evaluation("dictionary int --> set $D $D[1] = K $D[1] |= k $D[1]", kStart).squares() == squares_of("e1 e8"));
}

TEST_CASE("a missing entry fails; unbind forgets entries", "[dictionaries]") {
  CHECK_FALSE(Evaluation("dictionary str --> int $D $D[\"none\"]", kStart).matches());
  CHECK_FALSE(Evaluation("dictionary str --> int $D $D[\"a\"] = 1 unbind $D $D[\"a\"]", kStart).matches());
  CHECK(Evaluation("dictionary str --> int $D $D[\"a\"] = 1 $D[\"b\"] = 2 unbind $D[\"a\"] #$D", kStart).number() == 1);
}

TEST_CASE("an undeclared dictionary infers its types from the first store", "[dictionaries]") {
  CHECK(Evaluation("dictionary $D $D[\"k\"] = \"v\" $D[\"k\"]", kStart).text() == "v");
}

TEST_CASE("dictionary errors", "[dictionaries]") {
  CHECK(compile_error("dictionary str --> int $D $D[3] = 1") == "dictionary '$D' has string keys, not numeric");
  CHECK(compile_error("dictionary str --> int (avg) $D") == "unknown merge strategy 'avg'");
  CHECK(compile_error("dictionary str --> float $D") == "unknown dictionary value type 'float'");
  CHECK(compile_error("x[1] = 2") == "only a dictionary entry $D[key] can be assigned this way");
}
