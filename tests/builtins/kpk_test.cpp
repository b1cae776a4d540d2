// KPK family: kpk, the bitbase's verdict for the side with the pawn.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;

TEST_CASE("kpk", "[kpk]") {
  // Opposition: the side to move decides.
  CHECK(Evaluation("kpk", "8/4k3/8/4K3/4P3/8/8/8 b - - 0 1").number() == 1);
  CHECK(Evaluation("kpk", "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1").number() == 0);
  CHECK(Evaluation("kpk == 0", "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1").matches());
  // A black pawn: the verdict is Black's.
  CHECK(Evaluation("kpk", "8/8/8/4p3/4k3/8/4K3/8 w - - 0 1").number() == 1);
  CHECK(Evaluation("kpk", "8/8/8/4p3/4k3/8/4K3/8 b - - 0 1").number() == 0);
  // No value on other material: the filter does not match.
  CHECK_FALSE(Evaluation("kpk", "8/4k3/8/4K3/4PP2/8/8/8 b - - 0 1").number());
  CHECK_FALSE(Evaluation("kpk", "8/4k3/8/4K3/4P3/8/8/7N b - - 0 1").matches());
  CHECK_FALSE(Evaluation("kpk", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").matches());
}
