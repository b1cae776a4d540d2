// Corresponding-squares family: correspondingsquares with its attacker, critical squares and forms.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kFine70 = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1";
const std::string kLockock = "8/3p4/3p2k1/3P4/4P1p1/6P1/8/K7 w - - 0 1";
// Lockock after 7...Kg5 8.Ke3: the mutual zugzwang with Black to move, and with White to move.
const std::string kLockockZugzwangBtm = "8/3p4/3p4/3P2k1/4P1p1/4K1P1/8/8 b - - 0 1";
const std::string kLockockZugzwangWtm = "8/3p4/3p4/3P2k1/4P1p1/4K1P1/8/8 w - - 0 1";
}  // namespace

TEST_CASE("correspondingsquares winningmoves: Fine #70", "[corresponding_squares]") {
  CHECK(Evaluation("correspondingsquares winningmoves", kFine70).squares() == squares_of("b1"));
  CHECK(Evaluation("correspondingsquares white winningmoves", kFine70).squares() == squares_of("b1"));
  // The moves are the named attacker's, whichever side is to move.
  CHECK(Evaluation("correspondingsquares white winningmoves", "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 b - - 0 1").squares() ==
        squares_of("b1"));
  // The black king is not on a corresponding square of a1.
  CHECK_FALSE(Evaluation("k & correspondingsquares", kFine70).matches());
}

TEST_CASE("correspondingsquares with given critical squares: Lockock", "[corresponding_squares]") {
  CHECK(Evaluation("correspondingsquares critical [e5,f4] winningmoves", kLockock).squares() == squares_of("b1"));
  // Against Ke3 the black king must stand on g5 (or have taken the g3 pawn, which Ke3 does not
  // guard); the set is read for the attacker given.
  CHECK(Evaluation("correspondingsquares white critical [e5,f4]", kLockockZugzwangBtm).squares() == squares_of("g3 g5"));
  CHECK(Evaluation("k & correspondingsquares white critical [e5,f4]", kLockockZugzwangBtm).matches());
  // The default critical squares (the pawns g4 and d7 after the break) give another system.
  CHECK(Evaluation("correspondingsquares white", kLockockZugzwangBtm).squares() !=
        Evaluation("correspondingsquares white critical e5 | f4", kLockockZugzwangBtm).squares());
}

TEST_CASE("correspondingsquares zugzwang", "[corresponding_squares]") {
  CHECK(Evaluation("correspondingsquares critical [e5,f4] zugzwang", kLockockZugzwangWtm).matches());
  CHECK(Evaluation("correspondingsquares zugzwang critical [e5,f4]", kLockockZugzwangWtm).type() ==
        quarry::interpreter::ValueType::Logical);
  // With the defender to move it is no zugzwang of the attacker's: the attacker is not to move.
  CHECK_FALSE(Evaluation("correspondingsquares white critical [e5,f4] zugzwang", kLockockZugzwangBtm).matches());
  CHECK_FALSE(Evaluation("correspondingsquares critical [e5,f4] zugzwang", kLockock).matches());
}

TEST_CASE("correspondingsquares needs a king-and-pawn ending", "[corresponding_squares]") {
  const std::string with_knight = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K5N1 w - - 0 1";
  CHECK(Evaluation("correspondingsquares", with_knight).squares().is_empty());
  CHECK_FALSE(Evaluation("correspondingsquares zugzwang", with_knight).matches());
  CHECK(Evaluation("correspondingsquares winningmoves", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .squares()
            .is_empty());
}

TEST_CASE("correspondingsquares under flipcolor and its errors", "[corresponding_squares]") {
  // Fine #70 with colours reversed: Black's only winning move is Kb8.
  const std::string reversed = "k7/8/8/p2p1p2/P2p1P2/3P4/K7/8 b - - 0 1";
  CHECK(Evaluation("flipcolor correspondingsquares white winningmoves", kFine70).squares() == squares_of("b1"));
  CHECK(Evaluation("correspondingsquares black winningmoves", reversed).squares() == squares_of("b8"));
  CHECK(compile_error("correspondingsquares white black") != "");
  CHECK(compile_error("correspondingsquares zugzwang winningmoves") != "");
  CHECK(compile_error("correspondingsquares critical 3") != "");
}
