// The echo filter: which positions are targets, its value, its comments and its syntax.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "builtins/branching_game.h"
#include "builtins/evaluate.h"
#include "builtins/game_evaluation.h"

using quarry::chess::NodeId;
using quarry::testing::compile_error;
using quarry::testing::GameEvaluation;

using Tree = quarry::testing::BranchingGame;
using quarry::testing::holds;
using quarry::testing::comments;

TEST_CASE("echo: s is the current position, t every other position of the game", "[echo]") {
  CHECK(holds("echo (s t) s == currentposition", &Tree::e4));
  CHECK(holds("echo (s t) t : ply == 4", &Tree::e4));
  // Targets lie anywhere in the game, before the source too.
  CHECK(holds("echo (s t) t : initial", &Tree::nc6));
  // The source is no target unless `in all` says so.
  CHECK_FALSE(holds("echo (s t) s == t", &Tree::e4));
  CHECK(holds("echo (s t) in all s == t", &Tree::e4));
  CHECK_FALSE(holds("echo (s t) t : ply == 1", &Tree::e4));
  CHECK(holds("echo (s t) in all t : ply == 1", &Tree::e4));
  // Without `variations` only the main line holds targets.
  CHECK(holds("echo (s t) t : move previous from c7", &Tree::e4));
  CHECK_FALSE(holds("echo (s t) t : move previous from c7", &Tree::e4, false));
  CHECK(holds("echo (s t) t : move previous from c7", &Tree::nf3));
}

TEST_CASE("echo evaluates its body at the source", "[echo]") {
  CHECK(holds("echo (s t) ply == 1 and t : ply == 2", &Tree::e4));
  CHECK(holds("echo (s t) currentposition == s", &Tree::f4));
}

TEST_CASE("echo with a numeric body: the largest value where it matched", "[echo]") {
  CHECK(holds("(echo (s t) t : ply) == 4", &Tree::e4));
  CHECK(holds("(echo (s t) t : ply) == 4", &Tree::e4, false));
  CHECK(holds("(echo (s t) distance(s t)) == 5", &Tree::nc6));
  CHECK(holds("(echo (s t) distance(s t)) == 4", &Tree::nc6, false));
  CHECK_FALSE(holds("echo (s t) t : {ply > 9 ply}", &Tree::e4));
}

TEST_CASE("echo comments its matching targets and the source, quiet leaves that out", "[echo]") {
  CHECK(comments("echo (s t) t : ply == 2", &Tree::e4) ==
        std::vector<std::string>{"2:echo target", "6:echo target", "1:echo source"});
  CHECK(comments("echo quiet (s t) t : ply == 2", &Tree::e4).empty());
  CHECK(comments("echo (s t) t : ply == 2", &Tree::e4, true).empty());
  CHECK(comments("echo (s t) t : ply == 9", &Tree::e4).empty());
  // Comments the body made for a target where it failed are dropped.
  CHECK(comments("echo quiet (s t) t : {comment(\"x\") ply == 2}", &Tree::e4) ==
        std::vector<std::string>{"2:x", "6:x"});
}

TEST_CASE("echo needs two position variables and a body", "[echo]") {
  const std::string two_names = "'echo' needs two different variable names in its parentheses, the source and the target";
  CHECK(compile_error("echo (s) true") == two_names);
  CHECK(compile_error("echo (s s) true") == two_names);
  CHECK(compile_error("echo true") == "'echo' needs its two position variables in parentheses");
  CHECK(compile_error("echo (s t)") == "'echo' needs a body filter");
  CHECK(compile_error("echo (s t) in check") == "expected 'all' after 'in'");
  CHECK(compile_error("x = 3 echo (x t) true") == "variable 'x' already holds a numeric");
  CHECK(compile_error("echo (s t) true echo (s t) false").empty());
}
