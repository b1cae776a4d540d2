// Game-tree filters: position values, navigation, relations between positions, and `:`.
#include <catch2/catch.hpp>

#include "builtins/evaluate.h"
#include "builtins/branching_game.h"
#include "builtins/game_evaluation.h"

using quarry::chess::NodeId;
using quarry::testing::compile_error;
using quarry::testing::GameEvaluation;

using Tree = quarry::testing::BranchingGame;
using quarry::testing::holds;

TEST_CASE("currentposition, initialposition and position N name nodes by position id", "[game_tree]") {
  CHECK(holds("currentposition == position 4", &Tree::nc6));
  CHECK(holds("initialposition == position 0", &Tree::nc6));
  CHECK(holds("position 1+1 : ply == 2", &Tree::nc6));
  CHECK_FALSE(holds("position 99", &Tree::nc6));
  CHECK_FALSE(holds("position -1", &Tree::nc6));
  // Without `variations` the positions inside variations are out of reach.
  CHECK(holds("position 6", &Tree::nc6, true));
  CHECK_FALSE(holds("position 6", &Tree::nc6, false));
}

TEST_CASE("parent and child move one step, child(i) picks the i-th move", "[game_tree]") {
  CHECK(holds("parent == position 3", &Tree::nc6));
  CHECK_FALSE(holds("initialposition : parent", &Tree::nc6));
  CHECK(holds("child == position 2", &Tree::e4));
  CHECK(holds("child(0) == position 2", &Tree::e4));
  CHECK(holds("child(1) == position 6", &Tree::e4));
  CHECK_FALSE(holds("child(2)", &Tree::e4));
  CHECK_FALSE(holds("child(1)", &Tree::e4, false));
  CHECK_FALSE(holds("child", &Tree::nc6));
  CHECK(holds("initialposition : child : child : child : child == position 4", &Tree::e4));
}

TEST_CASE("lca, distance, ancestor and descendant relate two positions", "[game_tree]") {
  CHECK(holds("lca(currentposition position 4) == position 1", &Tree::c5_nf3));
  CHECK(holds("distance(currentposition position 4) == 5", &Tree::c5_nf3));
  CHECK(holds("distance(currentposition initialposition) == 4", &Tree::nc6));
  CHECK(holds("distance(currentposition currentposition) == 0", &Tree::nc6));
  CHECK(holds("ancestor(position 1 currentposition)", &Tree::c5_nf3));
  CHECK(holds("ancestor(currentposition currentposition)", &Tree::c5_nf3));
  CHECK_FALSE(holds("ancestor(position 2 currentposition)", &Tree::c5_nf3));
  CHECK(holds("descendant(currentposition position 6)", &Tree::c5_nf3));
  CHECK_FALSE(holds("descendant(position 6 currentposition)", &Tree::c5_nf3));
  CHECK_FALSE(holds("distance(currentposition position 99)", &Tree::nc6));
}

TEST_CASE("mainline, variation, virtualmainline and depth place a position in the tree", "[game_tree]") {
  CHECK(holds("mainline and not variation and depth == 0", &Tree::nc6));
  CHECK(holds("variation and not mainline and depth == 1", &Tree::c5_nf3));
  // 1...c5 is a Black alternative: still a virtual main line. 2.f4 is a White one: not.
  CHECK(holds("virtualmainline", &Tree::c5_nf3));
  CHECK(holds("virtualmainline", &Tree::nc6));
  CHECK_FALSE(holds("virtualmainline", &Tree::f4));
}

TEST_CASE("P : F evaluates F at P with F's type, and fails when P does", "[game_tree]") {
  GameEvaluation g("parent : ply", quarry::testing::kStartFen);
  Tree t = Tree::build(g);
  CHECK(g.at(t.nc6).number() == 3);
  CHECK(holds("parent : btm", &Tree::nc6));
  CHECK(holds("(parent : #[Pp]) == 16", &Tree::e4));
  CHECK(holds("parent : true", &Tree::e4));
  CHECK_FALSE(holds("initialposition : parent : true", &Tree::e4));
  // The current position comes back afterwards.
  CHECK(holds("{parent : ply} == 3 and ply == 4", &Tree::nc6));
}

TEST_CASE("positions compare by id, convert to text and intersect square by square", "[game_tree]") {
  CHECK(holds("position 5 > position 4 and position 1 < currentposition", &Tree::c5_nf3));
  CHECK(holds("parent != currentposition", &Tree::nc6));
  CHECK(holds("initialposition : parent != currentposition", &Tree::nc6));
  CHECK(holds("x = parent x == position 3 x : ply == 3", &Tree::nc6));
  {
    GameEvaluation g(R"(str(currentposition " " parent))", quarry::testing::kStartFen);
    Tree t = Tree::build(g);
    CHECK(g.at(t.nc6).text() == "move 3 (wtm) move 2 (btm)");
    CHECK(g.at(t.c5).text() == "move 2 (wtm) position 6 move 1 (btm)");
  }
  GameEvaluation g("currentposition & initialposition", quarry::testing::kStartFen);
  Tree t = Tree::build(g);
  CHECK(g.at(t.e4).squares().count() == 62);
  CHECK(g.at(g.game().root()).squares().count() == 64);
}

TEST_CASE("game-tree filters check their argument types", "[game_tree]") {
  CHECK(compile_error("lca(1 2)") != "");
  CHECK(compile_error("distance(currentposition)") != "");
  CHECK(compile_error("3 : check") != "");
  CHECK(compile_error("position \"x\"") != "");
  CHECK(compile_error("x = currentposition x = 3") != "");
  CHECK(compile_error("currentposition < 3") != "");
}
