// consecutivemoves (P Q): the longest run of identical moves in a row on the lines from lca(P Q)
// to P and to Q; its range and the comments at the run's ends.
#include <catch2/catch.hpp>

#include "builtins/evaluate.h"
#include "builtins/game_evaluation.h"

using quarry::chess::NodeId;
using quarry::testing::compile_error;
using quarry::testing::GameEvaluation;

namespace {

const char* const kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Main line 1.e4 e5 2.Nf3 Nc6 3.Bb5; variation 1.d4 e5 2.Nf3 Nc6 3.Nc3: after the first move both
// lines play e5 Nf3 Nc6, three moves in a row.
struct Lines {
  NodeId main_end, side_end;
};

Lines build(GameEvaluation& g) {
  g.context().set_variations(true);
  const NodeId root = g.game().root();
  return {g.play(root, {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}), g.play(root, {"d2d4", "e7e5", "g1f3", "b8c6", "b1c3"})};
}

std::int64_t value_at(const std::string& query) {
  GameEvaluation g(query, kStart);
  build(g);
  g.at(g.game().root());
  return g.number().value_or(-1);
}

}  // namespace

TEST_CASE("consecutivemoves counts the longest run of the same moves on two lines", "[consecutivemoves]") {
  CHECK(value_at("consecutivemoves(position 5 position 10)") == 3);
  CHECK(value_at("consecutivemoves 3 3 (position 5 position 10)") == 3);
  CHECK(value_at("consecutivemoves 4 9 (position 5 position 10)") == -1);
  // One line is a prefix of the other's start: no common moves below their common ancestor.
  CHECK(value_at("consecutivemoves(position 2 position 5)") == -1);
  CHECK(value_at("consecutivemoves 0 2 (position 2 position 5)") == 0);
  CHECK(compile_error("consecutivemoves 3 1 (currentposition currentposition)") == "the range of 'consecutivemoves' is empty");
  CHECK(compile_error("consecutivemoves(currentposition 3)").find("position") != std::string::npos);
}

TEST_CASE("consecutivemoves comments the end of the run on both lines unless quiet", "[consecutivemoves]") {
  GameEvaluation g("consecutivemoves(position 5 position 10)", kStart);
  const Lines l = build(g);
  g.at(g.game().root());
  REQUIRE(g.number() == 3);
  const auto& comments = g.context().comments();
  REQUIRE(comments.size() == 2);
  CHECK(comments[0].text == "Consecutive moves: 3");
  // After ...Nc6 on each line: the run's last move.
  CHECK(comments[0].node == g.game().node(l.main_end).parent);
  CHECK(comments[1].node == g.game().node(l.side_end).parent);
  GameEvaluation quiet("consecutivemoves quiet (position 5 position 10)", kStart);
  build(quiet);
  quiet.at(quiet.game().root());
  CHECK(quiet.number() == 3);
  CHECK(quiet.context().comments().empty());
}
