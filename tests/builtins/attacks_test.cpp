// Attack family: attacks and attackedby.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Black king e8 in double check from the rook e1 and the knight d6.
const std::string kDoubleCheck = "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1";
// The white knight d2 is pinned by the bishop b4 to the king e1 and still attacks f3, b3 …
const std::string kPinned = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1";
}  // namespace

TEST_CASE("attacks yields the attacking pieces", "[attacks]") {
  CHECK(Evaluation("A attacks k", kDoubleCheck).squares() == squares_of("d6 e1"));
  CHECK(Evaluation("A attacks k > 1", kDoubleCheck).matches());
  CHECK(Evaluation("R attacks k", kDoubleCheck).squares() == squares_of("e1"));
  CHECK_FALSE(Evaluation("A attacks k", kStart).matches());
  CHECK(Evaluation("A attacks k", kStart).squares().is_empty());
}

TEST_CASE("pinned pieces and the side not to move still attack", "[attacks]") {
  CHECK(Evaluation("N attacks f3", kPinned).squares() == squares_of("d2"));
  // White's knight attacks while Black is to move as well.
  CHECK(Evaluation("N attacks k", "4k3/8/3N4/8/8/8/8/4K3 b - - 0 1").squares() == squares_of("d6"));
}

TEST_CASE("pawns attack their diagonals only, sliders are blocked", "[attacks]") {
  CHECK(Evaluation("P attacks d3", kStart).squares() == squares_of("c2 e2"));
  CHECK(Evaluation("Pe2 attacks e3", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").squares().is_empty());
  CHECK(Evaluation("p attacks d6", kStart).squares() == squares_of("c7 e7"));
  CHECK(Evaluation("R attacks a8", kStart).squares().is_empty());
  CHECK(Evaluation("R attacks a2", kStart).squares() == squares_of("a1"));
  // A piece defends its own side's pieces: a king of the other colour there would be in check.
  CHECK(Evaluation("Q attacks A", kStart).squares() == squares_of("d1"));
}

TEST_CASE("attackedby yields the attacked squares", "[attacks]") {
  CHECK(Evaluation(". attackedby k", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").squares() ==
        squares_of("d8 f8 d7 e7 f7"));
  CHECK(Evaluation("k attackedby A", kDoubleCheck).squares() == squares_of("e8"));
  CHECK(Evaluation("_ attackedby N", kStart).squares() == squares_of("a3 c3 f3 h3"));
  CHECK_FALSE(Evaluation("k attackedby A", kStart).matches());
  CHECK(Evaluation(". attackedby A", kStart).squares().count() == 22);
}

TEST_CASE("attacks binds tighter than set operators", "[attacks]") {
  // `A attacks k | Kg1` is `{A attacks k} | Kg1`.
  CHECK(Evaluation("A attacks k | Kg1", kDoubleCheck).squares() == squares_of("d6 e1 g1"));
  // `~` binds looser than attacks: `~A attacks k` is `~{A attacks k}`.
  CHECK(Evaluation("~A attacks k", kDoubleCheck).squares().count() == 62);
  CHECK(Evaluation("(~A) attacks k", kDoubleCheck).squares().is_empty());
}
