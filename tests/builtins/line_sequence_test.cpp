// The line filter: constituents and quantifiers, both arrows, its parameters and its comments.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "builtins/branching_game.h"
#include "builtins/evaluate.h"
#include "builtins/game_evaluation.h"

using quarry::chess::NodeId;
using quarry::testing::compile_error;
using quarry::testing::GameEvaluation;

namespace {

// 1.e4 e5 (2.f4) 2.Nf3 Nc6 (1...c5 2.Nf3): ids start 0, e4 1, e5 2, Nf3 3, Nc6 4, f4 5, c5 6, Nf3 7.
using Tree = quarry::testing::BranchingGame;

using quarry::testing::holds;
using quarry::testing::node_of;

// The comments `query` leaves at each of `wheres` in turn (with variations unless told), as "id:text".
std::vector<std::string> comments(const std::string& query, std::vector<NodeId Tree::*> wheres = {nullptr},
                                  bool quiet = false, bool variations = true) {
  GameEvaluation g(query, quarry::testing::kStartFen);
  Tree t = Tree::build(g);
  g.context().set_variations(variations);
  g.context().set_quiet(quiet);
  for (NodeId Tree::*where : wheres) g.at(node_of(g, t, where)).matches();
  std::vector<std::string> out;
  for (const auto& c : g.context().comments()) {
    out.push_back(std::to_string(g.game().position_ids()[c.node]) + ":" + c.text);
  }
  return out;
}

}  // namespace

TEST_CASE("line: the longest line from here, counted in positions, the first constituent here", "[line]") {
  CHECK(holds("(line --> . +) == 5"));
  CHECK(holds("(line --> . +) == 5", nullptr, false));
  CHECK(holds("(line --> . +) == 4", &Tree::e4));
  CHECK(holds("(line --> . --> .) == 2"));
  CHECK(holds("(line --> wtm --> btm --> wtm) == 3"));
  CHECK_FALSE(holds("line --> btm"));
  CHECK(holds("(line --> . ? --> initial) == 1"));
  // Into a variation only with variations on.
  CHECK(holds("(line --> . * --> move previous from c7) == 3"));
  CHECK_FALSE(holds("line --> . * --> move previous from c7", nullptr, false));
  // Constituents that may match nothing give a line of length 0.
  CHECK(holds("(line --> check *) == 0"));
}

TEST_CASE("line quantifiers: * + ? {n} {m,n} {m,} {,n}", "[line]") {
  CHECK(holds("(line --> . {2}) == 2"));
  CHECK(holds("(line --> . {2,3}) == 3"));
  CHECK(holds("(line --> . {,2}) == 2"));
  CHECK(holds("(line --> . {3,}) == 5"));
  CHECK(holds("(line --> . {+}) == 5"));
  CHECK_FALSE(holds("line --> . {6,}"));
  CHECK_FALSE(holds("line --> wtm {2}"));
  // `*` and `+` between operands keep their arithmetic meaning.
  CHECK(holds("(line --> 1 * 2 == 2 --> 1 + 1 == 2) == 2"));
  CHECK(holds("line --> . + >= 5"));
  CHECK_FALSE(holds("line --> . + > 5"));
  CHECK(holds("line --> wtm ? --> btm and true", &Tree::e4));
  CHECK(compile_error("line --> check {3,1}") == "the repetition of a line constituent is empty");
  CHECK(compile_error("line --> check {x}") != "");
}

TEST_CASE("line <-- follows the parents, arrows may not be mixed", "[line]") {
  CHECK(holds("(line <-- . +) == 5", &Tree::nc6));
  CHECK(compile_error("line <-- wtm --> btm") == "the arrows of a 'line' may not be mixed");
  CHECK(holds("(line <-- . * <-- initial) == 4", &Tree::c5_nf3));
  CHECK(compile_error("line") == "'line' needs its constituents after an arrow");
}

TEST_CASE("line parameters: singlecolor, primary, secondary, firstmatch, lastposition, range", "[line]") {
  CHECK(holds("(line singlecolor --> wtm +) == 3"));
  CHECK(holds("(line --> wtm +) == 1"));
  CHECK_FALSE(holds("line primary --> . * --> move previous from c7"));
  CHECK(holds("(line secondary --> . --> move previous from c7) == 2", &Tree::e4));
  CHECK(holds("(line secondary --> . +) == 1"));
  CHECK(holds("(line secondary <-- . +) == 2", &Tree::c5));
  CHECK(holds("(line firstmatch --> . +) == 1"));
  CHECK(holds("(line lastposition --> . +) == position 4"));
  CHECK(holds("(line lastposition <-- . +) == initialposition", &Tree::c5_nf3));
  CHECK_FALSE(holds("line 2 3 --> . +"));
  CHECK(holds("(line 4 6 --> . +) == 5"));
  CHECK(holds("(line quiet 4 6 firstmatch --> . {4,}) == 4"));
  CHECK(compile_error("line primary secondary --> check") == "'line' follows primary or secondary moves, not both");
  CHECK(compile_error("line 3 1 --> check") == "the range of 'line' is empty");
}

TEST_CASE("line comments its start and end and keeps only its constituents' comments on that line", "[line]") {
  // CQLi's words: the start names where the line ends, the end its length and where it starts.
  CHECK(comments("line --> . {2}", {&Tree::e4}) ==
        std::vector<std::string>{"1:Start line that ends at move 2(wtm)", "2:End line of length 2 that starts at move 1(btm)"});
  CHECK(comments("line --> {comment(\"w\") wtm} --> {comment(\"b\") btm}") ==
        std::vector<std::string>{"0:Start line that ends at move 1(btm)", "0:w", "1:b",
                                 "1:End line of length 2 that starts at move 1(wtm)"});
  CHECK(comments("line --> {comment(\"p\" ply) .} {1,2} --> btm") ==
        std::vector<std::string>{"0:Start line that ends at move 1(btm)", "0:p0",
                                 "1:End line of length 2 that starts at move 1(wtm)"});
  CHECK(comments("line --> {comment(\"w\") wtm} --> initial").empty());
  CHECK(comments("line quiet --> . {2}", {&Tree::e4}).empty());
  CHECK(comments("line --> . {2}", {&Tree::e4}, true).empty());
}

TEST_CASE("line nestban: a line starting inside a line matched before in this game is ignored", "[line]") {
  CHECK(comments("line nestban quiet --> {comment(\"at \" ply) .} {2}", {nullptr, &Tree::e4, &Tree::e5}) ==
        std::vector<std::string>{"0:at 0", "1:at 1", "2:at 2", "3:at 3"});
  CHECK(comments("line quiet --> {comment(\"at \" ply) .} {2}", {nullptr, &Tree::e4}) ==
        std::vector<std::string>{"0:at 0", "1:at 1", "1:at 1", "2:at 2"});
  // The same start may be evaluated again.
  CHECK(comments("line nestban quiet --> {comment(\"at \" ply) .} {2}", {nullptr, nullptr}).size() == 4);
}

TEST_CASE("line groups: parenthesised constituents quantified together", "[line]") {
  // Main line 1.e4 e5 2.Nf3 Nc6: positions alternate wtm, btm.
  CHECK(holds("(line --> (wtm --> btm)+) == 4", nullptr, false));
  CHECK(holds("(line --> (wtm --> btm){1}) == 2", nullptr, false));
  CHECK(holds("(line --> (wtm --> btm){2} --> wtm) == 5", nullptr, false));
  CHECK_FALSE(holds("line --> (wtm --> btm){3}", nullptr, false));
  CHECK(holds("(line --> (btm --> wtm)* --> wtm) == 1", nullptr, false));
  CHECK(holds("(line --> (btm --> wtm)* --> btm) == 3", &Tree::e4, false));
  CHECK(holds("(line --> wtm --> (btm --> wtm)? --> btm) == 4", nullptr, false));
  // Nested groups, quantifiers inside a group, a single filter in parentheses.
  CHECK(holds("(line --> ((wtm --> btm){2})+) == 4", nullptr, false));
  CHECK(holds("(line --> (. {2} --> wtm)) == 3", nullptr, false));
  CHECK(holds("(line --> (wtm)+ --> btm) == 2", nullptr, false));
  // A group that can match nothing does not loop.
  CHECK(holds("(line --> (check ? --> mate ?)* --> .) == 1", nullptr, false));
  // Backwards the arrows inside the group are <-- too.
  CHECK(holds("(line <-- (wtm <-- btm)+) == 4", &Tree::nc6, false));
  CHECK(compile_error("line <-- (btm --> wtm)+") == "the arrows of a 'line' may not be mixed");
  CHECK(compile_error("line --> (wtm btm)+") == "expected only one filter inside these parentheses");
  CHECK(compile_error("line --> (wtm --> btm btm)") == "expected '-->' between the constituents of this group");
  CHECK(compile_error("line --> (--> btm)") == "a group of line constituents starts with a filter");
  CHECK(compile_error("line --> (wtm --> btm){2,1}") == "the repetition of a line constituent is empty");
}

TEST_CASE("line groups keep the constituents' comments of the reported line", "[line]") {
  CHECK(comments("line quiet --> ({comment(\"w\") wtm} --> {comment(\"b\") btm}){2}") ==
        std::vector<std::string>{"0:w", "1:b", "2:w", "3:b"});
}

TEST_CASE("line: each evaluation decides its constituents afresh, nested lines apart", "[line]") {
  // A line's per-position results are kept in buffers reused from one evaluation to the next; a
  // constituent reading a variable changed in between must be evaluated again.
  GameEvaluation g("persistent x = 0 x += 1 (line --> x == 1 +) == 2", quarry::testing::kStartFen);
  const NodeId e4 = g.play(0, {"e2e4"});
  CHECK(g.at(0).matches());
  CHECK_FALSE(g.at(0).matches());
  CHECK_FALSE(g.at(e4).matches());
  // A line inside a constituent runs while the outer one is under way.
  CHECK(holds("(line --> {(line --> . +) >= 4} +) == 2", nullptr, false));
}

TEST_CASE("line of one quantified filter: its own walk finds what the general search finds", "[line]") {
  // `line --> F q` takes a walk of its own (a count for a state); `F q --> false ?` is the same
  // line (its second constituent never matches and may match nothing) through the general search,
  // which a line of two constituents takes. Their lines, comments and values must agree
  // everywhere, with variations and without (where the walk reads the only child directly).
  const std::vector<NodeId Tree::*> everywhere{nullptr, &Tree::e4, &Tree::e5, &Tree::nf3, &Tree::nc6,
                                               &Tree::f4, &Tree::c5, &Tree::c5_nf3};
  const std::vector<std::string> filters{".", "wtm", "{comment(\"p\" ply) .}", "{comment(\"w\") wtm}",
                                         "not move previous from c7"};
  const std::vector<std::string> repeats{"+", "*", "?", "{2}", "{1,3}", "{2,}", "{,2}"};
  const std::vector<std::string> options{"", "firstmatch", "singlecolor", "nestban", "primary", "secondary",
                                         "lastposition", "2 3"};
  for (const char* arrow : {"-->", "<--"}) {
    for (const std::string& option : options) {
      for (const std::string& f : filters) {
        for (const std::string& q : repeats) {
          const std::string head = "line " + option + " " + arrow + " ";
          const std::string own = head + f + " " + q;
          const std::string general = own + " " + arrow + " false ?";
          INFO(own);
          for (const bool variations : {true, false}) {
            CHECK(comments(own, everywhere, false, variations) == comments(general, everywhere, false, variations));
            for (NodeId Tree::*where : everywhere) {
              const bool found = holds(own, where, variations);
              CHECK(found == holds(general, where, variations));
              if (found) CHECK(holds("(" + own + ") == (" + general + ")", where, variations));
            }
          }
        }
      }
    }
  }
}

TEST_CASE("line's walk of one filter leaves the current position where it was", "[line]") {
  // The walk moves the current position along the line and puts it back once, at its end.
  CHECK(holds("{(line --> . +) == 4  ply == 1  move previous from e2}", &Tree::e4, false));
  CHECK(holds("{(line --> {ply >= 1} +) == 4  ply == 1}", &Tree::e4, false));
  CHECK(holds("{(line <-- . +) == 3  ply == 2}", &Tree::e5, false));
}

// The comments `query` leaves at the start of the main line 1.e4 e5 2.Nf3 Nc6 (five positions),
// after "matched" or "failed": those in the log, then those a sort kept.
static std::vector<std::string> main_line_comments(const std::string& query, bool smart) {
  GameEvaluation g(query, quarry::testing::kStartFen);
  Tree::build(g);
  g.context().set_variations(false);
  g.context().set_smart_comments(smart);
  const bool matched = g.at(0).matches();
  std::vector<std::string> out{matched ? "matched" : "failed"};
  for (const auto& c : g.context().comments()) out.push_back(std::to_string(c.node) + ":" + c.text);
  for (const auto& sort : g.context().sorts()) {
    for (const auto& c : sort.comments) out.push_back(std::to_string(c.node) + ":" + c.text);
  }
  return out;
}

TEST_CASE("line's walk of one filter gives the current position back when the budget runs out in it", "[line]") {
  // Each limit from 1 step to the whole line's throws at a later point of the walk.
  int thrown = 0;
  for (std::uint64_t max_steps = 1; max_steps < 40; ++max_steps) {
    GameEvaluation g("line --> . +", quarry::testing::kStartFen);
    const Tree t = Tree::build(g);
    g.context().set_variations(false);
    g.context().budget().set_limits({max_steps, 0});
    g.context().budget().start_game();
    g.at(t.e4);
    try {
      g.matches();
    } catch (const quarry::interpreter::EvaluationLimit&) {
      ++thrown;
    }
    INFO("max_steps " << max_steps);
    CHECK(g.context().node() == t.e4);
  }
  CHECK(thrown > 5);
}

TEST_CASE("line compared with a number in a sort: a length the comparison rejects leaves no comments", "[line]") {
  const std::vector<std::string> kept{"matched", "0:Start line that ends at move 3(wtm)",
                                      "4:End line of length 5 that starts at move 1(wtm)"};
  CHECK(main_line_comments("sort (line --> . +) >= 5", true) == kept);
  CHECK(main_line_comments("sort (line --> . +) >= 6", true) == std::vector<std::string>{"failed"});
  CHECK(main_line_comments("sort (line --> {comment(\"p\") .} +) != 5", true) == std::vector<std::string>{"failed"});
  CHECK(main_line_comments("sort (line --> {comment(\"p\") .} {2} --> btm) < 3", true) ==
        std::vector<std::string>{"failed"});
  // Without smart comments a failing branch keeps its comments: the line writes them all.
  std::vector<std::string> failed_but_kept = kept;
  failed_but_kept[0] = "failed";
  CHECK(main_line_comments("sort (line --> . +) >= 6", false) == failed_but_kept);
}

TEST_CASE("line compared with a number outside a sort writes what it would write compared with a variable",
          "[line]") {
  // Nothing rolls a failing comparison back in these places: the line's comments stay, as they
  // do when the bound is a variable the line cannot know of.
  const char* const contexts[] = {
      "while ({comment(\"a\") (line --> {comment(\"c\") .} +) >= BOUND}) {}",
      "comment((line --> {comment(\"c\") .} +) >= BOUND)",
      "message((line --> {comment(\"c\") .} +) >= BOUND)",
      "str((line --> {comment(\"c\") .} +) >= BOUND) != \"q\"",
      "y=0 loop { y+=1 y<3 if y==2 {(line --> {comment(\"c\") .} +) >= BOUND} else true }",
      "function f() {line --> {comment(\"c\") .} +} comment(f() >= BOUND)",
      "(line --> {comment(\"c\") .} +) >= BOUND",
  };
  for (const std::string context : contexts) {
    auto with_bound = [&](const std::string& bound) {
      std::string query = "x=100 " + context;
      query.replace(query.find("BOUND"), 5, bound);
      return main_line_comments(query, true);
    };
    INFO(context);
    const std::vector<std::string> literal = with_bound("100");
    CHECK(literal == with_bound("x"));
    CHECK(std::count(literal.begin(), literal.end(), "4:c") == 1);
  }
}

TEST_CASE("line nestban: a line the comparison rejects still bans its positions", "[line]") {
  GameEvaluation g("sort (line nestban --> . +) < 5", quarry::testing::kStartFen);
  const Tree t = Tree::build(g);
  g.context().set_variations(false);
  CHECK_FALSE(g.at(0).matches());   // length 5, rejected
  CHECK_FALSE(g.at(t.e4).matches());  // inside that line: no line starts here (length 4 would pass)
  GameEvaluation fresh("sort (line nestban --> . +) < 5", quarry::testing::kStartFen);
  const Tree u = Tree::build(fresh);
  fresh.context().set_variations(false);
  CHECK(fresh.at(u.e4).matches());
}

TEST_CASE("line keeps its constituents' game edits on the reported line, as it keeps their comments", "[line]") {
  // The edits at each matched position, as "node:value" for settag and "node:removecomment".
  auto edits_of = [](const std::string& query, NodeId Tree::*where) {
    GameEvaluation g(query, quarry::testing::kStartFen);
    const Tree t = Tree::build(g);
    g.context().set_variations(true);
    std::vector<std::string> out{g.at(node_of(g, t, where)).matches() ? "matched" : "failed"};
    for (const auto& e : g.context().edits()) {
      out.push_back(std::to_string(e.node) + ":" +
                    (e.kind == quarry::interpreter::GameEdit::Kind::SetTag ? e.value : "removecomment"));
    }
    return out;
  };
  CHECK(edits_of("line --> {settag(\"Ply\" str(ply)) .} {2}", nullptr) ==
        std::vector<std::string>{"matched", "0:0", "1:1"});
  CHECK(edits_of("line --> wtm --> {removecomment btm}", nullptr) ==
        std::vector<std::string>{"matched", "1:removecomment"});
  // The one line of five positions goes through 1...e5 (node 2): the removecomment the search
  // also made at 1...c5 (node 6) is dropped.
  CHECK(edits_of("line --> . --> . --> {removecomment wtm} --> . --> .", nullptr) ==
        std::vector<std::string>{"matched", "2:removecomment"});
  // A line that fails keeps none.
  CHECK(edits_of("line --> {settag(\"P\" \"x\") .} --> initial", nullptr) == std::vector<std::string>{"failed"});
}
