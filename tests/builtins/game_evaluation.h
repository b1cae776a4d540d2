// Test helper, the one fixture for evaluating a query: a game starting at a FEN position, grown
// move by move (UCI) for filters that look beyond the current position (promotedpieces,
// positionid), with tags and comments for the metadata filters.
#pragma once

#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>

#include "builtins/builtins.h"
#include "chess/game.h"
#include "chess/notation.h"
#include "interpreter/query.h"

namespace quarry::testing {

class GameEvaluation {
 public:
  GameEvaluation(const std::string& query_text, const std::string& fen,
                 const interpreter::Registry& registry = builtins::standard_registry())
      : file_("test.cql", query_text) {
    std::string error;
    auto pos = chess::Position::from_fen(fen, &error);
    if (!pos) throw std::runtime_error("bad FEN in test: " + error);
    game_.set_start(*pos);
    query_ = interpreter::compile_query(file_, registry, diagnostics_);
    if (!query_) throw std::runtime_error("query does not compile:\n" + diagnostics_.render());
    ctx_.set_game(game_);
    ctx_.set_node(game_.root());
    interpreter::prepare_context(ctx_, *query_);
  }

  // Plays the moves from `from` (each as a new last child) and returns the node reached.
  chess::NodeId play(chess::NodeId from, std::initializer_list<const char*> moves) {
    chess::NodeId node = from;
    for (const char* uci : moves) {
      auto move = chess::parse_uci(game_.node(node).position, uci);
      if (!move) throw std::runtime_error(std::string("bad move in test: ") + uci);
      node = game_.add_child(node, *move);
    }
    // The context holds the current node by address; a growing tree may move the nodes.
    ctx_.set_node(ctx_.node());
    return node;
  }

  // Evaluation happens at this node from now on.
  GameEvaluation& at(chess::NodeId node) {
    ctx_.set_node(node);
    return *this;
  }

  // Tags, comments and the game number the filters read (metadata, annotations).
  GameEvaluation& tag(const std::string& name, const std::string& value) {
    game_.set_tag(name, value);
    return *this;
  }
  GameEvaluation& comment_after(chess::NodeId node, const std::string& text) {
    game_.edit_annotations(node).comments_after.push_back(text);
    return *this;
  }
  chess::Game& game() { return game_; }
  interpreter::Context& context() { return ctx_; }

  bool matches() { return query_->body->match(ctx_); }
  chess::SquareSet squares() { return query_->body->squares(ctx_); }
  interpreter::MaybeNumber number() { return query_->body->number(ctx_); }
  std::optional<std::string> text() { return query_->body->text(ctx_); }
  interpreter::ValueType type() const { return query_->body->type(); }
  const interpreter::Filter& body() const { return *query_->body; }

 private:
  grammar::SourceFile file_;
  grammar::Diagnostics diagnostics_;
  chess::Game game_;
  std::optional<interpreter::CompiledQuery> query_;
  interpreter::Context ctx_;
};

}  // namespace quarry::testing
