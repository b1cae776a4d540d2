// Reachability family: legalposition and reachableposition with its articulation.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string kNotToMoveInCheck = "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1";
// Coakley's switcheroo after Qf5 <--> ph7: mate, legal, but the black pawns need two captures.
const std::string kTry = "2b2rk1/2pnqppQ/4n3/p1b1ppN1/Br2P3/2N2PBP/PPP3P1/3R1R1K b - - 0 1";
}  // namespace

TEST_CASE("legalposition", "[reachability]") {
  CHECK(Evaluation("legalposition", kStart).matches());
  CHECK_FALSE(Evaluation("legalposition", kNotToMoveInCheck).matches());
  CHECK(Evaluation("legalposition", kTry).matches());
}

TEST_CASE("reachableposition matches, and articulates in str", "[reachability]") {
  CHECK(Evaluation("reachableposition", kStart).matches());
  CHECK_FALSE(Evaluation("reachableposition", kTry).matches());
  CHECK(Evaluation("str reachableposition", kStart).text() == "<Reachable position>");
  CHECK(Evaluation("str(\"try: \" reachableposition)", kTry).text() ==
        "try: <Unreachable position: Black Pawn structure implies 2 captures but White is only missing 1 piece>");
  CHECK(Evaluation("str reachableposition", kNotToMoveInCheck).text() ==
        "<Unreachable position: Black King is in check but it is White's move>");
}

TEST_CASE("lippoldlegal asks Lippold's correct definition of 3- and 4-man pawnless positions", "[reachability]") {
  CHECK(Evaluation("lippoldlegal", "8/8/8/8/8/k7/8/R5K1 b - - 0 1").matches());
  CHECK_FALSE(Evaluation("lippoldlegal", "8/8/8/8/8/k7/8/RK6 b - - 0 1").matches());  // derivedly illegal
  CHECK_FALSE(Evaluation("lippoldlegal", "8/8/8/8/8/k7/8/R5K1 w - - 0 1").matches());  // initially illegal
  CHECK_FALSE(Evaluation("lippoldlegal", kStart).matches());                            // not a small endgame
  CHECK_FALSE(Evaluation("lippoldlegal", "8/8/8/8/8/k7/P7/6K1 b - - 0 1").matches());   // pawns are outside it
}
