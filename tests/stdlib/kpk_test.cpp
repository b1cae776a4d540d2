// stdlib/kpk.cql: the seed's rule-based KPK recognisers, each rule on a position of its own, and
// their agreement with the exact bitbase (`kpk`) on those positions.
#include <catch2/catch.hpp>

#include "builtins/evaluate.h"

using quarry::testing::Evaluation;

namespace {
bool rule_draw(const std::string& fen) { return Evaluation("kpkRuleDraw()", fen).matches(); }
bool rule_win(const std::string& fen) { return Evaluation("kpkRuleWin()", fen).matches(); }
std::int64_t exact(const std::string& fen) { return Evaluation("kpk", fen).number().value_or(-1); }
}  // namespace

TEST_CASE("kpkRuleDraw: each drawing rule", "[stdlib][kpk]") {
  const char* draws[] = {
      "8/8/8/8/8/3k4/4P3/K7 b - - 0 1",     // the pawn falls
      "8/8/8/4k3/4P3/4K3/8/8 b - - 0 1",    // kings in front of and behind the pawn, weaker side to move
      "8/8/8/4k3/4P3/3K4/8/8 w - - 0 1",    // the stronger king diagonally behind, stronger side to move
      "8/8/4k3/8/3PK3/8/8/8 w - - 0 1",     // vertical opposition, the pawn beside the king
      "8/8/4k3/3P4/4K3/8/8/8 b - - 0 1",    // the same after the pawn's checking move
      "8/8/4k3/8/4P3/3K4/8/8 w - - 0 1",    // the seed's code
      "K7/2k5/8/8/8/P7/8/8 w - - 0 1",      // the rook pawn's king held on the rook file
      "8/8/4k3/4p3/4K3/8/8/8 w - - 0 1",    // a black pawn: kings in front and behind
  };
  for (const char* fen : draws) {
    INFO(fen);
    CHECK(rule_draw(fen));
    CHECK_FALSE(rule_win(fen));
    CHECK(exact(fen) == 0);
  }
}

TEST_CASE("kpkRuleWin: each winning rule", "[stdlib][kpk]") {
  const char* wins[] = {
      "8/3K4/4P3/8/8/8/8/6k1 b - - 0 1",  // the king guards every square in front of the pawn
      "7k/8/8/8/P7/8/8/4K3 w - - 0 1",    // outside the square of the pawn
      "7k/8/8/8/8/8/P7/4K3 b - - 0 1",    // outside it even with the move (two-square first step)
      "4K3/8/8/8/8/8/p7/7k w - - 0 1",    // a black pawn, White outside its square
  };
  for (const char* fen : wins) {
    INFO(fen);
    CHECK(rule_win(fen));
    CHECK_FALSE(rule_draw(fen));
    CHECK(exact(fen) == 1);
  }
}

TEST_CASE("the KPK rules stay silent where they do not apply", "[stdlib][kpk]") {
  // Inside the square, the defender to move: neither rule.
  CHECK_FALSE(rule_win("8/4k3/8/P7/8/8/8/4K3 b - - 0 1"));
  CHECK_FALSE(rule_draw("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"));
  // Stalemate of the knight pawn's defender is no win.
  CHECK_FALSE(rule_win("7k/5K2/6P1/8/8/8/8/8 b - - 0 1"));
  // Other material.
  CHECK_FALSE(rule_win("7k/8/8/8/P7/8/8/4K2N w - - 0 1"));
  CHECK_FALSE(rule_draw("8/8/8/4k3/4P3/4K3/8/7n b - - 0 1"));
}
