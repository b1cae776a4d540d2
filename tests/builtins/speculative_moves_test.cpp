// The speculative move filter `move … [all] : F`: each matching move made on an imaginary copy,
// F evaluated there; its value, `all`, `count all`, nesting, and what the imaginary position is.
#include <catch2/catch.hpp>

#include "builtins/evaluate.h"

using quarry::interpreter::ValueType;
using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {

// White to move: Ra8 is the one check, and it mates (back rank).
const char* const kBackRank = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
const char* const kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

TEST_CASE("move … : F keeps the moves after which F matches, with the move filter's type", "[moves][imaginary]") {
  CHECK(Evaluation("move legal : mate", kBackRank).matches());
  CHECK(Evaluation("move legal : mate", kBackRank).type() == ValueType::Logical);
  CHECK(Evaluation("move legal count : mate", kBackRank).number() == 1);
  CHECK(Evaluation("move legal count : check", kBackRank).number() == 1);
  CHECK(Evaluation("move to . legal : mate", kBackRank).squares() == squares_of("a8"));
  CHECK(Evaluation("move from . legal : mate", kBackRank).squares() == squares_of("a1"));
  CHECK_FALSE(Evaluation("move legal : mate", kStart).matches());
  CHECK(Evaluation("move legal count : mate", kStart).number() == 0);
  // The target sees the position after the move: Black to move, the pawn moved.
  CHECK(Evaluation("move legal count from e2 : { btm Pe4 }", kStart).number() == 1);
  // The move filter's own criteria still select the moves.
  CHECK(Evaluation("move legal from R count : check", kBackRank).number() == 1);
}

TEST_CASE("all: whether F matched after every move, count all: their number then, else none", "[moves][imaginary]") {
  CHECK(Evaluation("move legal all : btm", kStart).matches());
  CHECK(Evaluation("move legal all : btm", kStart).type() == ValueType::Logical);
  CHECK_FALSE(Evaluation("move legal all : Pe2", kStart).matches());
  CHECK(Evaluation("move legal count all : btm", kStart).number() == 20);
  CHECK_FALSE(Evaluation("move legal count all : Pe2", kStart).number().has_value());
  CHECK(Evaluation("move legal from N count all : btm", kStart).number() == 4);
}

TEST_CASE("speculative moves nest, and a legal null move passes", "[moves][imaginary]") {
  CHECK(Evaluation("move legal count : move legal count : true", kStart).number() == 20);
  CHECK(Evaluation("(move legal from e2 to e4 : move legal count : true) and true", kStart).matches());
  // Two passes give the position back with its key (the en passant square gone).
  CHECK(Evaluation("$k = zobristkey move legal null : move legal null : { zobristkey == $k }", kStart).matches());
  CHECK(Evaluation("move legal null : btm", kStart).matches());
  CHECK(Evaluation("move pseudolegal null count", kStart).number() == 1);
  // In check a pass is not legal.
  CHECK_FALSE(Evaluation("move legal null : true", "4k3/8/8/8/8/8/8/4RK2 b - - 0 1").matches());
}

TEST_CASE("in an imaginary position after a move: move previous, parent, ply, positionid", "[moves][imaginary]") {
  CHECK(Evaluation("move legal from g1 to f3 : move previous from g1", kStart).matches());
  CHECK(Evaluation("$p = currentposition move legal : { parent == $p }", kStart).matches());
  CHECK(Evaluation("move legal all : { ply == 1 }", kStart).matches());
  CHECK(Evaluation("move legal all : terminal", kStart).matches());
  CHECK_FALSE(Evaluation("move legal : initial", kStart).matches());
  // An unsaved imaginary position has no id.
  CHECK_FALSE(Evaluation("move legal : positionid", kStart).matches());
}

TEST_CASE("currentmutation articulates the moves made, numbered", "[moves][imaginary]") {
  CHECK(Evaluation("currentmutation == \"\"", kStart).matches());
  CHECK(Evaluation("move legal : { mate currentmutation == \"1.Ra8#\" }", kBackRank).matches());
  CHECK(Evaluation("move legal from e2 to e4 : move legal from e7 to e5 : { currentmutation == \"1.e4 1...e5\" }", kStart)
            .matches());
  CHECK(Evaluation("move legal null : { currentmutation == \"1.--\" }", kStart).matches());
}

TEST_CASE("move reverse: the moves that could have led here, and their predecessors", "[moves][imaginary]") {
  // Sam Loyd's retractor from the CQLi manual: retract bxa8=B... then mate.
  const char* loyd = "1B5r/5pp1/1p6/7p/p2P2N1/2Pn4/PP6/R4K1k b - - 0 1";
  CHECK(Evaluation("move legal reverse count", loyd).number() > 0);
  CHECK(Evaluation("move legal reverse count", loyd).number() ==
        Evaluation("move reverse count", loyd).number());
  CHECK(Evaluation("move legal reverse count", loyd).number() <= Evaluation("move pseudolegal reverse count", loyd).number());
  // The predecessor has White to move; a retraction leads back a ply.
  CHECK(Evaluation("move legal reverse all : wtm", loyd).matches());
  CHECK(Evaluation("move legal reverse from a7 to b8 : { Pa7 wtm }", loyd).matches());
  // From a7 to b8: the bishop's five (quiet, or uncapturing N B R Q) and the pawn's four
  // capture-promotions.
  CHECK(Evaluation("move legal reverse from a7 to b8 count", loyd).number() == 9);
  CHECK(Evaluation("move legal reverse from a7 to b8 promote B count", loyd).number() == 4);
  CHECK(Evaluation("move legal reverse capture b8 count : true", loyd).number() ==
        Evaluation("move legal reverse to b8 capture b8 count", loyd).number());
}

TEST_CASE("currentmutation after a reverse move and then a move: the manual's retractors", "[moves][imaginary]") {
  const char* loyd = "1B5r/5pp1/1p6/7p/p2P2N1/2Pn4/PP6/R4K1k b - - 0 1";
  CHECK(Evaluation("move legal reverse : move legal : { mate currentmutation == \"1.~Pa7x(B)b8=B 1.a8=Q#\" }", loyd)
            .matches());
  const char* en_passant = "n7/2b2pq1/3P3p/p7/2k5/1R5P/3Q1P1K/1b4r1 b - - 0 1";
  CHECK(Evaluation("move legal reverse : move legal : { mate currentmutation == \"1.~Pe5x(P)d6 1.Qc3#\" }", en_passant)
            .matches());
}

TEST_CASE("a variable holding an unsaved imaginary position names none once the filter is done", "[moves][imaginary]") {
  CHECK(Evaluation("move legal from e2 to e4 : { $p = currentposition } not ($p : true)", kStart).matches());
  CHECK(Evaluation("move legal from e2 to e4 : { $p = saveposition } $p : Pe4", kStart).matches());
}
