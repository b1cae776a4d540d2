// imagine: side to move, swaps, placed and removed pieces, moved pieces; saveposition and the
// ids of saved positions; comments made in imaginary positions.
#include <catch2/catch.hpp>

#include "builtins/evaluate.h"
#include "builtins/game_evaluation.h"

using quarry::interpreter::ValueType;
using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {

const char* const kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// The Triple Loyd of the CQLi manual: no black king yet.
const char* const kLoyd = "8/8/8/8/6Q1/2K5/8/6B1 b - - 0 1";

}  // namespace

TEST_CASE("imagine sidetomove: the target sees the other side to move", "[imagine]") {
  CHECK(Evaluation("imagine sidetomove black : btm", kStart).matches());
  CHECK(Evaluation("imagine sidetomove reverse : btm", kStart).matches());
  CHECK(Evaluation("imagine sidetomove white : wtm", kStart).matches());
  CHECK(Evaluation("imagine sidetomove black : move legal count", kStart).number() == 20);
  CHECK(Evaluation("imagine sidetomove black : move legal count", kStart).type() == ValueType::Numeric);
  // The manual's mobility terms: both sides' legal moves in one position.
  CHECK(Evaluation("(imagine sidetomove white : move legal count) - (imagine sidetomove black : move legal count)",
                   "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
            .number() == 15 - 5);
}

TEST_CASE("imagine places, removes, swaps and moves pieces", "[imagine]") {
  CHECK(Evaluation("imagine piece k --> e3 sidetomove black : mate", kLoyd).matches());
  CHECK(Evaluation("imagine piece k --> h1 sidetomove black : stalemate", kLoyd).matches());
  CHECK_FALSE(Evaluation("imagine piece k --> a8 sidetomove black : { mate or stalemate }", kLoyd).matches());
  CHECK(Evaluation("imagine piece k --> a8 sidetomove white : move legal : mate", kLoyd).matches());
  CHECK(Evaluation("imagine piece _ --> d2 : { not Pd2 and #P == 7 }", kStart).matches());
  CHECK(Evaluation("imagine swap e1 d1 : { Qe1 and Kd1 }", kStart).matches());
  CHECK(Evaluation("imagine piece Qd1 --> d4 : { Qd4 and _d1 }", kStart).matches());
  // A swap needs one square on each side; otherwise the imagine fails.
  CHECK_FALSE(Evaluation("imagine swap d-e1 d8 : true", kStart).matches());
  // The edit leaves the game's position alone.
  CHECK(Evaluation("(imagine swap e1 d1 : true) and Ke1", kStart).matches());
}

TEST_CASE("edits keep the position consistent: castling rights and piece identity", "[imagine]") {
  // The king moved away: no castling after the swap.
  const char* castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  CHECK(Evaluation("move legal castle count", castle).number() == 2);
  CHECK(Evaluation("imagine swap e1 d1 : move legal castle count", castle).number() == 0);
  // Swapped pieces keep their identities.
  CHECK(Evaluation("piece $q = Qd1 imagine swap d1 e1 : $q == e1", kStart).matches());
}

TEST_CASE("currentmutation after imagine, nested with moves", "[imagine]") {
  CHECK(Evaluation("imagine swap e1 d1 sidetomove black : { currentmutation == \"imagine swap Ke1 Qd1 sidetomove black\" }",
                   kStart)
            .matches());
  CHECK(Evaluation("imagine piece k --> a8 sidetomove white : move legal : { mate currentmutation == "
                   "\"imagine piece k --> a8 sidetomove white 1.Qc8#\" }",
                   kLoyd)
            .matches());
}

TEST_CASE("saveposition keeps an imaginary position: positionid names it, position N finds it", "[imagine]") {
  CHECK(Evaluation("saveposition == currentposition", kStart).matches());
  CHECK(Evaluation("move legal from e2 to e4 : { s = saveposition  s : positionid == 1 }", kStart).matches());
  CHECK(Evaluation("move legal from e2 to e4 : { s = saveposition } position 1 : { Pe4 btm ply == 1 }", kStart).matches());
  CHECK_FALSE(Evaluation("position 1 : true", kStart).matches());
  // Each saved position gets its own id.
  CHECK(Evaluation("(move legal count : { s = saveposition s : positionid > 0 }) == 20 position 20 : btm", kStart)
            .matches());
}

TEST_CASE("imagine errors name what is wrong", "[imagine]") {
  CHECK(compile_error("imagine sidetomove green : true") == "'sidetomove' of 'imagine' needs white, black or reverse");
  CHECK(compile_error("imagine swap e1 : true") == "'swap' of 'imagine' needs two pieces or squares");
  CHECK(compile_error("imagine piece k e3 : true") == "expected '-->' after the piece");
  CHECK(compile_error("imagine sidetomove black") == "'imagine' needs ': F' after its mutations");
  CHECK(compile_error("imagine : true") == "'imagine' needs at least one mutation");
  CHECK(compile_error("imagine piece [kq] --> e3 : true") ==
        "'piece' of 'imagine' places one kind of piece (such as k or Q) or empties squares (_)");
  CHECK(compile_error("imagine flip : true") == "'flip' is not a mutation of 'imagine'");
}
