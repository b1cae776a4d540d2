// Test fixture: a small game tree with a White and a Black alternative, for game-tree filters.
#pragma once

#include <string>
#include <vector>

#include "builtins/game_evaluation.h"

namespace quarry::testing {

inline const char* const kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// 1.e4 e5 (2.f4) 2.Nf3 Nc6, with the Black alternative 1...c5 2.Nf3. Position ids (pre-order):
// start 0, e4 1, e5 2, Nf3 3, Nc6 4, f4 5, c5 6, Nf3 7.
struct BranchingGame {
  chess::NodeId e4, e5, nf3, nc6, f4, c5, c5_nf3;

  static BranchingGame build(GameEvaluation& g) {
    BranchingGame t{};
    t.e4 = g.play(g.game().root(), {"e2e4"});
    t.e5 = g.play(t.e4, {"e7e5"});
    t.nf3 = g.play(t.e5, {"g1f3"});
    t.nc6 = g.play(t.nf3, {"b8c6"});
    t.f4 = g.play(t.e5, {"f2f4"});
    t.c5 = g.play(t.e4, {"c7c5"});
    t.c5_nf3 = g.play(t.c5, {"g1f3"});
    return t;
  }
};

// The node `where` picks; nullptr picks the start position.
inline chess::NodeId node_of(GameEvaluation& g, const BranchingGame& t, chess::NodeId BranchingGame::*where) {
  return where ? t.*where : g.game().root();
}

// Evaluates `query` at the node `where` picks (nullptr: the start), with variations visible or not.
inline bool holds(const std::string& query, chess::NodeId BranchingGame::*where = nullptr, bool variations = true) {
  GameEvaluation g(query, kStartFen);
  BranchingGame t = BranchingGame::build(g);
  g.context().set_variations(variations);
  return g.at(node_of(g, t, where)).matches();
}

// The comments a query leaves when evaluated at `where` (with variations), as "id:text".
inline std::vector<std::string> comments(const std::string& query, chess::NodeId BranchingGame::*where,
                                         bool quiet = false) {
  GameEvaluation g(query, kStartFen);
  BranchingGame t = BranchingGame::build(g);
  g.context().set_variations(true);
  g.context().set_quiet(quiet);
  g.at(t.*where).matches();
  std::vector<std::string> out;
  for (const auto& c : g.context().comments()) {
    out.push_back(std::to_string(g.game().position_ids()[c.node]) + ":" + c.text);
  }
  return out;
}

}  // namespace quarry::testing
