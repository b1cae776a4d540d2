// The find filter: search order forward and backward, all and ranges, and its comments.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "builtins/evaluate.h"
#include "builtins/branching_game.h"
#include "builtins/game_evaluation.h"

using quarry::chess::NodeId;
using quarry::testing::compile_error;
using quarry::testing::GameEvaluation;

using Tree = quarry::testing::BranchingGame;
using quarry::testing::holds;
using quarry::testing::comments;

TEST_CASE("find: the first position from here on where the filter matches, in position-id order", "[find]") {
  CHECK(holds("(find ply == 3) == position 3", &Tree::e4));
  CHECK(holds("(find ply == 3 and move previous from P) == position 5", &Tree::e4));
  CHECK(holds("(find wtm) == currentposition", &Tree::e5));
  CHECK_FALSE(holds("find ply == 9", &Tree::e4));
  // The search stays in the current position's subtree: from e5 the c5 line is not searched.
  CHECK_FALSE(holds("find move previous from c7", &Tree::e5));
  CHECK(holds("find move previous from c7", &Tree::e4));
  // Without `variations` only the main line is searched.
  CHECK_FALSE(holds("find move previous from c7", &Tree::e4, false));
}

TEST_CASE("find <-- searches the current position and its ancestors, nearest first", "[find]") {
  CHECK(holds("(find <-- btm) == position 3", &Tree::nc6));
  CHECK(holds("(find <-- wtm) == currentposition", &Tree::nc6));
  CHECK(holds("(find <-- initial) == position 0", &Tree::c5_nf3));
  CHECK(holds("(find <-- all wtm) == 3", &Tree::nc6));
  CHECK_FALSE(holds("find <-- move previous from f2", &Tree::nc6));
}

TEST_CASE("find all counts the matching positions and fails on none, a range bounds the count", "[find]") {
  CHECK(holds("(find all true) == 7", &Tree::e4));
  CHECK(holds("(find all true) == 4", &Tree::e5));
  CHECK(holds("(find all true) == 4", &Tree::e4, false));
  CHECK(holds("(find all ply == 2) == 2", &Tree::e4));
  CHECK_FALSE(holds("find all ply == 9", &Tree::e4));
  CHECK(holds("(find 2 ply == 2) == 2", &Tree::e4));
  CHECK_FALSE(holds("find 3 ply == 2", &Tree::e4));
  CHECK(holds("(find 1 5 ply == 2) == 2", &Tree::e4));
  // A range may admit 0.
  CHECK(holds("(find 0 1 ply == 9) == 0", &Tree::e4));
  CHECK(holds("(find all quiet move previous from N) == 2", &Tree::e4));
  // A numeric variable may be a bound of the range.
  CHECK(holds("x = 2 (find x ply == 2) == 2", &Tree::e4));
  CHECK_FALSE(holds("x = 3 find x ply == 2", &Tree::e4));
  CHECK(holds("x = 1 m = 5 (find x m ply == 2) == 2", &Tree::e4));
}

TEST_CASE("find comments where it found, quiet and the query's quiet leave that out", "[find]") {
  CHECK(comments("find ply == 2", &Tree::e4) == std::vector<std::string>{"2:Found"});
  CHECK(comments("find all ply == 2", &Tree::e4) == std::vector<std::string>{"2:Found 1 of 2", "6:Found 2 of 2"});
  CHECK(comments("find quiet ply == 2", &Tree::e4).empty());
  CHECK(comments("find all ply == 2", &Tree::e4, true).empty());
  // Smart comments: what the body says where it fails goes, and a failing find keeps nothing.
  CHECK(comments("find all quiet { comment(\"at \" ply) ply == 2 }", &Tree::e4) ==
        std::vector<std::string>{"2:at 2", "6:at 2"});
  CHECK(comments("find 5 { comment(\"x\") ply == 2 }", &Tree::e4).empty());
}

TEST_CASE("find's words stand in any order around its range", "[find]") {
  CHECK(holds("(find 2 4 quiet ply == 2) == 2", &Tree::e4));
  CHECK(holds("(find all <-- quiet btm) == 2", &Tree::nc6));
  CHECK(holds("(find quiet <-- 1 btm) == 1", &Tree::e4));
  CHECK_FALSE(holds("find quiet <-- 1 btm", &Tree::nf3));
  CHECK(compile_error("find all 1 check") ==
        "'find all' counts every match and a range says how many may match: write one or the other");
  CHECK(compile_error("find 3 1 check") == "the range of 'find' is empty");
  CHECK(compile_error("find") == "'find' needs an argument");
}
