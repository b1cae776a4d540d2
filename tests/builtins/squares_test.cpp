// Square family: makesquare, file, rank, type, colortype, pieceid, power, promotedpieces.
#include <catch2/catch.hpp>

#include "evaluate.h"
#include "game_evaluation.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::GameEvaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string kBare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

}  // namespace

TEST_CASE("makesquare", "[squares]") {
  CHECK(Evaluation("makesquare(2 4)", kBare).squares() == squares_of("b4"));
  CHECK(Evaluation("makesquare(1 1)", kBare).squares() == squares_of("a1"));
  CHECK(Evaluation("makesquare(8 8)", kBare).squares() == squares_of("h8"));
  CHECK(Evaluation("b4 == makesquare(2 4)", kBare).matches());
  CHECK(Evaluation("makesquare(1 + 1 2 * 2)", kBare).squares() == squares_of("b4"));
  CHECK(Evaluation("makesquare(file Ke1 rank k)", kBare).squares() == squares_of("e8"));
  CHECK_FALSE(Evaluation("makesquare(0 4)", kBare).matches());
  CHECK_FALSE(Evaluation("makesquare(9 1)", kBare).matches());
  CHECK_FALSE(Evaluation("makesquare(3 9)", kBare).matches());
  // A failing argument makes it fail.
  CHECK_FALSE(Evaluation("makesquare(file Q 1)", kBare).matches());
  CHECK_FALSE(compile_error("makesquare(1)").empty());
}

TEST_CASE("file and rank", "[squares]") {
  CHECK(Evaluation("file a1", kBare).number() == 1);
  CHECK(Evaluation("file K", kBare).number() == 5);
  CHECK(Evaluation("rank k", kBare).number() == 8);
  CHECK(Evaluation("rank h3", kBare).number() == 3);
  CHECK(Evaluation("file K == 5", kBare).matches());
  // Not exactly one square: no value, no match.
  CHECK_FALSE(Evaluation("file R", kBare).matches());
  CHECK_FALSE(Evaluation("rank a1-2", kBare).matches());
  CHECK_FALSE(Evaluation("rank a1-2", kBare).number().has_value());
  // `file` binds tighter than arithmetic: file K + 1 is {file K} + 1.
  CHECK(Evaluation("file K + 1", kBare).number() == 6);
}

TEST_CASE("type and colortype", "[squares]") {
  CHECK(Evaluation("type e4", kStart).number() == 0);
  CHECK(Evaluation("type a2", kStart).number() == 1);
  CHECK(Evaluation("type b1", kStart).number() == 2);
  CHECK(Evaluation("type c8", kStart).number() == 3);
  CHECK(Evaluation("type h8", kStart).number() == 4);
  CHECK(Evaluation("type d1", kStart).number() == 5);
  CHECK(Evaluation("type e8", kStart).number() == 6);
  CHECK(Evaluation("colortype d1", kStart).number() == 5);
  CHECK(Evaluation("colortype d8", kStart).number() == -5);
  CHECK(Evaluation("colortype a7", kStart).number() == -1);
  CHECK(Evaluation("colortype e4", kStart).number() == 0);
  CHECK_FALSE(Evaluation("type a1-2", kStart).matches());
  CHECK_FALSE(Evaluation("colortype Q", kBare).matches());
}

TEST_CASE("pieceid", "[squares]") {
  // Ids follow FEN placement order: a8 is 1, h8 8, a7 9 … h1 32.
  CHECK(Evaluation("pieceid a8", kStart).number() == 1);
  CHECK(Evaluation("pieceid h8", kStart).number() == 8);
  CHECK(Evaluation("pieceid h1", kStart).number() == 32);
  CHECK(Evaluation("pieceid K", kStart).number() == 29);
  CHECK_FALSE(Evaluation("pieceid e4", kStart).matches());
  CHECK_FALSE(Evaluation("pieceid R", kStart).matches());
}

TEST_CASE("power", "[squares]") {
  CHECK(Evaluation("power A", kStart).number() == 39);
  CHECK(Evaluation("power [Aa]", kStart).number() == 78);
  CHECK(Evaluation("power a-h1", kStart).number() == 31);
  CHECK(Evaluation("power _", kStart).number() == 0);
  CHECK(Evaluation("power A >= 39", kStart).matches());
  CHECK_FALSE(Evaluation("power A > 39", kStart).matches());
  CHECK(Evaluation("power [Kk]", kStart).number() == 0);
}

TEST_CASE("promotedpieces", "[squares]") {
  const std::string before = "4k3/1P6/8/8/8/8/6p1/4K2R w - - 0 1";
  auto promoted_after = [&](std::initializer_list<const char*> moves) {
    GameEvaluation e("promotedpieces", before);
    return e.at(e.play(0, moves)).squares();
  };
  CHECK(promoted_after({}).is_empty());
  CHECK(promoted_after({"b7b8q"}) == squares_of("b8"));
  CHECK(promoted_after({"b7b8n", "g2h1r"}) == squares_of("b8 h1"));
  // The promoted piece stays promoted when it moves.
  CHECK(promoted_after({"b7b8q", "e8d7", "b8b5"}) == squares_of("b5"));
  GameEvaluation count("#promotedpieces >= 1", before);
  CHECK(count.at(count.play(0, {"b7b8q"})).matches());
  CHECK_FALSE(count.at(count.play(0, {"e1d1"})).matches());
  CHECK(Evaluation("promotedpieces", kStart).squares().is_empty());
}

TEST_CASE("makesquare from a string names one square", "[squares]") {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(Evaluation("makesquare \"e4\"", start).squares() == squares_of("e4"));
  CHECK(Evaluation("makesquare \"a\" + \"3\"", start).squares() == squares_of("a3"));
  CHECK_FALSE(Evaluation("makesquare \"e9\"", start).matches());
  CHECK(Evaluation("makesquare(5 4)", start).squares() == squares_of("e4"));
}
