// Position-identity family: zobristkey and fen "…".
#include <catch2/catch.hpp>

#include "evaluate.h"
#include "game_evaluation.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::GameEvaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}  // namespace

TEST_CASE("zobristkey is the Polyglot key", "[position_identity]") {
  // Reference keys from the Polyglot book format specification.
  CHECK(Evaluation("zobristkey", kStart).text() == "463b96181691fc9c");
  CHECK(Evaluation("zobristkey", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").text() ==
        "823c9b50fd114196");
  // The manual's en passant example: after 1...d5 the key counts the pseudo-legal e5xd6.
  CHECK(Evaluation("zobristkey", "3k4/8/8/2rpPK2/8/8/8/8 w - d6 0 2").text() == "7f2953c5a45efa72");
  CHECK(Evaluation("zobristkey", kStart).matches());
  CHECK(Evaluation("zobristkey == zobristkey", kStart).matches());
}

TEST_CASE("positionid numbers the game tree in pre-order", "[position_identity]") {
  GameEvaluation e("positionid", kStart);
  const auto e4 = e.play(0, {"e2e4"});
  const auto e5 = e.play(e4, {"e7e5"});
  const auto d4 = e.play(0, {"d2d4"});  // a variation: after the main line's subtree
  const auto c5 = e.play(e4, {"c7c5"});  // a variation after 1. e4, before 1. d4's subtree
  CHECK(e.at(0).number() == 0);
  CHECK(e.at(e4).number() == 1);
  CHECK(e.at(e5).number() == 2);
  CHECK(e.at(c5).number() == 3);
  CHECK(e.at(d4).number() == 4);
  CHECK(Evaluation("positionid == 0", kStart).matches());
}

TEST_CASE("fen matches the board placement", "[position_identity]") {
  CHECK(Evaluation("fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"", kStart).matches());
  // The other fields may be given; they are not compared.
  CHECK(Evaluation("fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 5 9\"", kStart).matches());
  CHECK_FALSE(Evaluation("fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR\"", kStart).matches());
  CHECK_FALSE(Evaluation("fen \"8/8/8/8/8/8/8/4K2k\"", kStart).matches());
}

TEST_CASE("fen's extended symbols", "[position_identity]") {
  // A any white piece, a any black piece, _ empty, . anything.
  CHECK(Evaluation("fen \"aa.akbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"", kStart).matches());
  CHECK_FALSE(Evaluation("fen \"Aa.akbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"", kStart).matches());
  // d8 holds the black queen, so `_` there fails.
  CHECK_FALSE(Evaluation("fen \"aa._kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"", kStart).matches());
  CHECK(Evaluation("fen \"......../......../......../......../......../......../......../........\"", kStart).matches());
  CHECK(Evaluation("fen \"......../......../8/8/8/8/AAAAAAAA/AAAAAAAA\"", kStart).matches());
  CHECK_FALSE(Evaluation("fen \"......../......../8/8/8/8/AAAAAAAA/AAAAAAA_\"", kStart).matches());
}

TEST_CASE("fen needs a well-formed quoted placement", "[position_identity]") {
  CHECK_FALSE(compile_error("fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP\"").empty());
  CHECK_FALSE(compile_error("fen \"9/8/8/8/8/8/8/8\"").empty());
  CHECK_FALSE(compile_error("fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX\"").empty());
  CHECK_FALSE(compile_error("fen + 1").empty());  // `fen` alone is a string; `fen a1` is two filters
  CHECK(compile_error("fen \"8/8/8/8/8/8/8/8\"").empty());
}

TEST_CASE("fen alone, currentfen and standardfen are the position's FEN", "[position_identity]") {
  const std::string after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
  CHECK(Evaluation("fen", kStart).text() == kStart);
  CHECK(Evaluation("fen", "4k3/8/8/8/8/8/8/4K3 w - - 12 40").text() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(Evaluation("currentfen", "4k3/8/8/8/8/8/8/4K3 w - - 12 40").text() == "4k3/8/8/8/8/8/8/4K3 w - - 12 40");
  CHECK(Evaluation("currentfen", after_e4).text() == after_e4);
  // No black pawn can take on e3, so the standard form drops the en passant square.
  CHECK(Evaluation("standardfen", after_e4).text() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  const std::string capturable = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
  CHECK(Evaluation("standardfen", capturable).text() == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
  CHECK(Evaluation("fen == currentfen", kStart).matches());
}
