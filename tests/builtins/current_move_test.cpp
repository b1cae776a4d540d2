// Tests of the current-move family: castle, o-o, o-o-o and enpassant standing alone.
#include <catch2/catch.hpp>

#include "game_evaluation.h"

using quarry::testing::GameEvaluation;

namespace {
const std::string kCastling = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
const std::string kEnPassant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
}  // namespace

TEST_CASE("castle, o-o and o-o-o ask about the move that led here", "[current_move]") {
  for (const char* query : {"castle", "o-o", "o-o-o"}) {
    GameEvaluation start(query, kCastling);
    CHECK_FALSE(start.matches());  // no move led to the start
  }
  GameEvaluation kingside("o-o", kCastling);
  auto short_castle = kingside.play(kingside.game().root(), {"e1h1"});
  CHECK(kingside.at(short_castle).matches());
  GameEvaluation queenside("o-o-o", kCastling);
  auto long_castle = queenside.play(queenside.game().root(), {"e1a1"});
  CHECK(queenside.at(long_castle).matches());
  auto short_again = queenside.play(queenside.game().root(), {"e1h1"});
  CHECK_FALSE(queenside.at(short_again).matches());
  GameEvaluation either("castle", kCastling);
  auto king_step = either.play(either.game().root(), {"e1f1"});
  CHECK_FALSE(either.at(king_step).matches());
  auto castled = either.play(either.game().root(), {"e1a1"});
  CHECK(either.at(castled).matches());
}

TEST_CASE("enpassant alone: the move that led here captured en passant", "[current_move]") {
  GameEvaluation e("enpassant", kEnPassant);
  auto capture = e.play(e.game().root(), {"e5d6"});
  CHECK(e.at(capture).matches());
  auto push = e.play(e.game().root(), {"e5e6"});
  CHECK_FALSE(e.at(push).matches());
  // Inside move it is still move's parameter: a legal en passant capture exists here.
  GameEvaluation legal("move legal enpassant", kEnPassant);
  CHECK(legal.matches());
}
