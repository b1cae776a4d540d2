// The move filter: modes (played, previous, legal, pseudolegal), criteria, and its three values.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "builtins/evaluate.h"
#include "builtins/game_evaluation.h"
#include "builtins/moves.h"

using quarry::chess::Move;
using quarry::chess::NodeId;
using quarry::interpreter::ValueType;
using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::GameEvaluation;
using quarry::testing::squares_of;

namespace {

const char* const kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// 1.e4 e5 (1...c5) 2.Nf3: e5 is the primary reply, c5 a variation.
struct Game {
  NodeId e4, e5, c5, nf3;
};

Game build(GameEvaluation& g) {
  Game t{};
  t.e4 = g.play(g.game().root(), {"e2e4"});
  t.e5 = g.play(t.e4, {"e7e5"});
  t.c5 = g.play(t.e4, {"c7c5"});
  t.nf3 = g.play(t.e5, {"g1f3"});
  return t;
}

}  // namespace

TEST_CASE("move legal and pseudolegal count the moves of the position", "[moves]") {
  CHECK(Evaluation("move legal count", kStart).number() == 20);
  CHECK(Evaluation("move count pseudolegal", kStart).number() == 20);
  CHECK(Evaluation("move legal count from N", kStart).number() == 4);
  CHECK(Evaluation("move legal count", kStart).type() == ValueType::Numeric);
  // The white rook on e2 is pinned along the e-file: sideways moves are only pseudo-legal.
  const char* pinned = "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1";
  CHECK(Evaluation("move legal from R count", pinned).number() == 5);
  CHECK(Evaluation("move pseudolegal from R count", pinned).number() == 12);
  // With a black rook on f8, the king's steps to f1 and f2 are pseudo-legal only.
  const char* guarded = "4kr2/4r3/8/8/8/8/4R3/4K3 w - - 0 1";
  CHECK(Evaluation("move legal from K to f1-2 count", guarded).number() == 0);
  CHECK(Evaluation("move pseudolegal from K to f1-2 count", guarded).number() == 2);
  // A count has a value even when nothing matches.
  CHECK(Evaluation("move legal promote Q count == 0", kStart).matches());
  CHECK(Evaluation("move legal promote Q count", kStart).matches());
}

TEST_CASE("the first parameter decides the value: from, to and capture give squares", "[moves]") {
  Evaluation from("move from N legal", kStart);
  CHECK(from.type() == ValueType::Set);
  CHECK(from.squares() == squares_of("b1 g1"));
  CHECK(Evaluation("move to . from N legal", kStart).squares() == squares_of("a3 c3 f3 h3"));
  // Any other first word: whether a move matches.
  Evaluation logical("move legal from N", kStart);
  CHECK(logical.type() == ValueType::Logical);
  CHECK(logical.matches());
  CHECK_FALSE(Evaluation("move legal from N to e4", kStart).matches());
  CHECK(Evaluation("move from N to e4 legal", kStart).squares() == squares_of(""));
}

TEST_CASE("capture names the captured piece's square, the passed pawn's for en passant", "[moves]") {
  // White pawn e5 can take d6 en passant (capturing d5) or the knight on f6.
  const char* ep = "4k3/8/5n2/3pP3/8/8/8/4K3 w - d6 0 1";
  CHECK(Evaluation("move capture . legal from P", ep).squares() == squares_of("d5 f6"));
  CHECK(Evaluation("move to . legal capture p", ep).squares() == squares_of("d6"));
  CHECK(Evaluation("move legal enpassant", ep).matches());
  CHECK(Evaluation("move legal enpassantsquare d6", ep).matches());
  CHECK_FALSE(Evaluation("move legal enpassantsquare e6", ep).matches());
  CHECK(Evaluation("move legal count capture n", ep).number() == 1);
  CHECK_FALSE(Evaluation("move legal enpassant", kStart).matches());
  // Castling captures nothing although it is stored as the king taking its rook.
  CHECK_FALSE(Evaluation("move legal capture .", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").matches());
}

TEST_CASE("promote takes piece types, squares belong to 'to'", "[moves]") {
  const char* seventh = "3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1";
  CHECK(Evaluation("move legal promote Q count", seventh).number() == 2);
  CHECK(Evaluation("move legal promote [RBN] count", seventh).number() == 6);
  CHECK(Evaluation("move legal promote q to d8 count", seventh).number() == 1);
  CHECK(Evaluation("move to . legal promote N", seventh).squares() == squares_of("c8 d8"));
  CHECK(compile_error("move promote Re8") == "'promote' takes piece types without squares, such as Q or [RBN]");
  CHECK(compile_error("move promote _") == "'promote' needs a piece type, such as Q or [RBN]");
}

TEST_CASE("castle, o-o and o-o-o: castling goes to the king's destination", "[moves]") {
  const char* both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  CHECK(Evaluation("move legal castle count", both).number() == 2);
  CHECK(Evaluation("move to . legal o-o", both).squares() == squares_of("g1"));
  CHECK(Evaluation("move to . legal o-o-o", both).squares() == squares_of("c1"));
  CHECK(Evaluation("move legal from K to g1 castle", both).matches());
  CHECK_FALSE(Evaluation("move legal castle", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").matches());
}

TEST_CASE("the default mode looks at the moves played, variations only with `variations`", "[moves]") {
  GameEvaluation g("move count", kStart);
  Game t = build(g);
  g.context().set_variations(true);
  CHECK(g.at(t.e4).number() == 2);
  g.context().set_variations(false);
  CHECK(g.at(t.e4).number() == 1);
  CHECK(g.at(t.nf3).number() == 0);

  GameEvaluation to("move to .", kStart);
  Game u = build(to);
  to.context().set_variations(true);
  CHECK(to.at(u.e4).squares() == squares_of("c5 e5"));
  CHECK(to.at(to.game().root()).squares() == squares_of("e4"));
}

TEST_CASE("primary and secondary tell the main move from the variations", "[moves]") {
  auto at = [](const std::string& query, NodeId Game::*where) {
    GameEvaluation g(query, kStart);
    Game t = build(g);
    g.context().set_variations(true);
    return g.at(t.*where).matches();
  };
  CHECK(at("move primary to e5", &Game::e4));
  CHECK_FALSE(at("move primary to c5", &Game::e4));
  CHECK(at("move secondary from c7", &Game::e4));
  CHECK(at("move previous secondary", &Game::c5));
  CHECK(at("move previous primary", &Game::e5));
  CHECK(compile_error("move primary secondary") == "'primary' and 'secondary' exclude each other");
  CHECK(compile_error("move legal primary") ==
        "'primary' and 'secondary' tell played moves apart; they do not apply to legal, pseudolegal or reverse moves");
}

TEST_CASE("move previous reads its squares in the position before the move", "[moves]") {
  auto at_nf3 = [](const std::string& query) {
    GameEvaluation g(query, kStart);
    Game t = build(g);
    return g.at(t.nf3).matches();
  };
  CHECK(at_nf3("move previous from N to _"));
  CHECK(at_nf3("move previous from g1 to f3"));
  CHECK_FALSE(at_nf3("move previous from f3"));
  CHECK(at_nf3("(move from . to . previous) == g1"));
  CHECK_FALSE(at_nf3("move previous capture ."));
  GameEvaluation root("move previous", kStart);
  CHECK_FALSE(root.matches());

  // 1.e4 d5 2.exd5 Qxd5: the queen took a pawn standing on d5 before the move.
  GameEvaluation g("move previous from q capture P", kStart);
  NodeId qxd5 = g.play(g.game().root(), {"e2e4", "d7d5", "e4d5", "d8d5"});
  CHECK(g.at(qxd5).matches());
  GameEvaluation captured("move capture . previous", kStart);
  CHECK(captured.at(captured.play(captured.game().root(), {"e2e4", "d7d5", "e4d5"})).squares() == squares_of("d5"));
}

TEST_CASE("a comment after a move filter is a filter of its own", "[moves]") {
  GameEvaluation g("move previous capture . comment \"took\"", kStart);
  NodeId exd5 = g.play(g.game().root(), {"e2e4", "d7d5", "e4d5"});
  CHECK(g.at(exd5).matches());
  REQUIRE(g.context().comments().size() == 1);
  CHECK(g.context().comments()[0].text == "took");
}

TEST_CASE("null matches a null move, square criteria never do", "[moves]") {
  GameEvaluation g("move previous null", kStart);
  NodeId pass = g.game().add_child(g.game().root(), Move::null());
  CHECK(g.at(pass).matches());
  GameEvaluation any("move previous", kStart);
  CHECK(any.at(any.game().add_child(any.game().root(), Move::null())).matches());
  GameEvaluation squares("move previous from b1", kStart);
  CHECK_FALSE(squares.at(squares.game().add_child(squares.game().root(), Move::null())).matches());
  // A pass is legal unless the side to move is in check (CQLi: `move legal null : …`).
  CHECK(Evaluation("move legal null", kStart).matches());
  CHECK_FALSE(Evaluation("move legal null", "4k3/8/8/8/8/8/8/4K2r w - - 0 1").matches());
}

TEST_CASE("move filter errors name what is wrong", "[moves]") {
  CHECK(compile_error("move legal previous") ==
        "'previous' and 'legal' cannot be combined: a move filter looks at one kind of move");
  CHECK(compile_error("move from 3") == "'from' of 'move' expects a set filter, but this is a numeric filter");
  CHECK(compile_error("move enpassant enpassantsquare d6") == "write 'enpassant' or 'enpassantsquare S', not both");
  CHECK(compile_error("move previous reverse") ==
        "'previous' and 'reverse' cannot be combined: a move filter looks at one kind of move");
  CHECK(compile_error("move reverse null") == "'null' does not apply to reverse moves: a pass cannot be taken back");
  CHECK(compile_error("move previous : check") == "'move previous' cannot be speculative: its move was already made");
}

TEST_CASE("a plain filter over one move (previous, or played without variations) agrees with its count", "[moves]") {
  // match() of these forms looks at the one move directly; `count` walks the move list.
  // 1.e4 d5 2.exd5 (2.e5) Qxd5: captures, a non-capture, a primary and a secondary move.
  const char* const criteria[] = {"capture .", "from P", "to d5", "capture P", "from a-h1 capture .",
                                  "primary capture .", "secondary", "from (K | P)", "capture (d5 | e5)"};
  for (const char* c : criteria) {
    for (const char* mode : {"", "previous "}) {
      for (const bool variations : {false, true}) {
        GameEvaluation plain(std::string("move ") + mode + c, kStart);
        GameEvaluation counted(std::string("move count ") + mode + c, kStart);
        for (GameEvaluation* g : {&plain, &counted}) {
          const NodeId exd5 = g->play(g->game().root(), {"e2e4", "d7d5", "e4d5"});
          g->play(g->game().node(exd5).parent, {"e4e5"});
          g->play(exd5, {"d8d5"});
          g->context().set_variations(variations);
        }
        for (NodeId n = 0; n < plain.game().node_count(); ++n) {
          INFO(mode << c << " at node " << n << (variations ? " with variations" : ""));
          CHECK(plain.at(n).matches() == (counted.at(n).number() > 0));
        }
      }
    }
  }
}

TEST_CASE("set criteria that name the same squares everywhere are read once, with the same answers", "[moves]") {
  // `capture .` and `to d5` are fixed when bound; the unions name the same squares but are
  // evaluated at each position.
  const std::pair<const char*, const char*> pairs[] = {{"capture .", "capture (. | a1)"},
                                                        {"to d5", "to (d5 | d5)"},
                                                        {"from a-h1 capture .", "from (a-h1 | a1) capture (. | a1)"},
                                                        {"enpassantsquare .", "enpassantsquare (. | a1)"}};
  for (const auto& [fixed, evaluated] : pairs) {
    for (const char* mode : {"", "previous ", "legal ", "count ", "count previous "}) {
      GameEvaluation a(std::string("move ") + mode + fixed, kStart);
      GameEvaluation b(std::string("move ") + mode + evaluated, kStart);
      for (GameEvaluation* g : {&a, &b}) g->play(g->game().root(), {"e2e4", "d7d5", "e4d5", "c7c5", "d5c6"});
      for (NodeId n = 0; n < a.game().node_count(); ++n) {
        INFO(mode << fixed << " at node " << n);
        CHECK(a.at(n).matches() == b.at(n).matches());
        if (std::string(mode).starts_with("count")) CHECK(a.at(n).number() == b.at(n).number());
      }
    }
  }
}

TEST_CASE("set criteria read once charge the steps their evaluation in the position before charges", "[moves]") {
  // `move previous capture (. | a1)` switches to the parent position to read its sets, a step
  // --maxsteps counts; `capture .` is read once but charges the same step. The steps of
  // `F F` at `node`, or 1 when fewer (a max_steps of 0 is no limit).
  auto steps_at = [](const std::string& filter, NodeId node) {
    const std::string query = filter + " " + filter;
    for (std::uint64_t max_steps = 1;; ++max_steps) {
      GameEvaluation g(query, kStart);
      g.play(g.game().root(), {"e2e4", "d7d5", "e4d5"});
      g.context().budget().set_limits({max_steps, 0});
      g.context().budget().start_game();
      try {
        g.at(node).matches();
        return max_steps;
      } catch (const quarry::interpreter::EvaluationLimit&) {
      }
    }
  };
  const std::pair<const char*, const char*> pairs[] = {{"move previous capture .", "move previous capture (. | a1)"},
                                                        {"move previous to .", "move previous to (. | a1)"},
                                                        {"move capture .", "move capture (. | a1)"}};
  for (const auto& [fixed, evaluated] : pairs) {
    for (NodeId n = 0; n < 4; ++n) {
      INFO(fixed << " at node " << n);
      CHECK(steps_at(fixed, n) == steps_at(evaluated, n));
    }
  }
  CHECK(steps_at("move previous capture .", 3) == 2);  // 3.exd5: both match
  CHECK(steps_at("move previous", 3) == 1);            // no sets, no switch: no step
}

namespace {

// The comments a context holds, as (node, text) pairs, to compare two evaluations.
std::vector<std::pair<NodeId, std::string>> held_comments(GameEvaluation& g) {
  std::vector<std::pair<NodeId, std::string>> held;
  for (const auto& c : g.context().comments()) held.emplace_back(c.node, c.text);
  return held;
}

// 1.e4 d5 2.exd5 (2.e5) 2...Qxd5: captures, non-captures, a variation and the last position.
void play_capture_game(GameEvaluation& g, bool variations) {
  const NodeId exd5 = g.play(g.game().root(), {"e2e4", "d7d5", "e4d5"});
  g.play(g.game().node(exd5).parent, {"e4e5"});
  g.play(exd5, {"d8d5"});
  g.context().set_variations(variations);
}

}  // namespace

TEST_CASE("not of a move filter answers and comments as not of any other filter", "[moves]") {
  // `not M` for a move filter that writes no comments is bound without Not's comment mark; the
  // `and true` keeps Not. The filters that write comments (a `:` target, a set criterion
  // evaluated per position) must keep Not, whose rollback drops them: the comments held after
  // each evaluation are compared, so binding one of them without Not fails here.
  const char* const filters[] = {"move capture .",
                                 "move previous capture .",
                                 "move to d5",
                                 "move capture (. | a1)",
                                 "move legal capture .",
                                 "move count capture .",
                                 "move all capture .",
                                 "move from P",
                                 "move previous from a-h1",
                                 "move secondary",
                                 "move legal : check",
                                 "move legal : {check comment \"c\"}",
                                 "move legal : {comment \"c\" check}",
                                 "move from {comment \"p\" P}",
                                 "move previous to {comment \"t\" d5}",
                                 "move legal capture {comment \"x\" .}"};
  for (const char* f : filters) {
    for (const bool variations : {false, true}) {
      GameEvaluation negated(std::string("not ") + f, kStart);
      GameEvaluation kept(std::string("not (") + f + " and true)", kStart);
      for (GameEvaluation* g : {&negated, &kept}) play_capture_game(*g, variations);
      for (NodeId n = 0; n < negated.game().node_count(); ++n) {
        INFO("not " << f << " at node " << n << (variations ? " with variations" : ""));
        CHECK(negated.at(n).matches() == kept.at(n).matches());
        CHECK(held_comments(negated) == held_comments(kept));
      }
    }
  }
  // The commenting filters do comment on their own, somewhere in this game: the comparison
  // above is not between two empty lists.
  for (const char* f : {"move legal : {check comment \"c\"}", "move legal : {comment \"c\" check}",
                        "move from {comment \"p\" P}", "move previous to {comment \"t\" d5}",
                        "move legal capture {comment \"x\" .}"}) {
    GameEvaluation alone(f, kStart);
    play_capture_game(alone, true);
    for (NodeId n = 0; n < alone.game().node_count(); ++n) alone.at(n).matches();
    INFO(f);
    CHECK_FALSE(alone.context().comments().empty());
  }
}

TEST_CASE("not of a move filter binds as NegatedMove only when it writes no comments", "[moves]") {
  // The fast path applies at all: fixed criteria and no target.
  for (const char* f :
       {"not move capture .", "not move previous capture .", "not move legal from a-h1", "not move secondary"}) {
    INFO(f);
    CHECK(quarry::builtins::is_negated_move(GameEvaluation(f, kStart).body()));
  }
  // A target, or a criterion evaluated per position, keeps Not; so does a Not of something else.
  for (const char* f : {"not move legal : check", "not move legal : {check comment \"c\"}",
                        "not move from {comment \"p\" P}", "not move capture (. | a1)",
                        "not (move capture . and true)", "not check"}) {
    INFO(f);
    CHECK_FALSE(quarry::builtins::is_negated_move(GameEvaluation(f, kStart).body()));
  }
}
