// Test helper: compiles a query with the standard registry and evaluates it at a FEN position.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "builtins/builtins.h"
#include "chess/game.h"
#include "interpreter/query.h"

namespace quarry::testing {

// A one-position game and a compiled query, evaluated at that position.
class Evaluation {
 public:
  Evaluation(const std::string& query_text, const std::string& fen) : file_("test.cql", query_text) {
    std::string error;
    auto pos = chess::Position::from_fen(fen, &error);
    if (!pos) throw std::runtime_error("bad FEN in test: " + error);
    game_.set_start(*pos);
    query_ = interpreter::compile_query(file_, builtins::standard_registry(), diagnostics_);
    if (!query_) throw std::runtime_error("query does not compile:\n" + diagnostics_.render());
    ctx_.set_game(game_);
    ctx_.set_node(game_.root());
    interpreter::prepare_context(ctx_, *query_);
  }

  bool matches() { return query_->body->match(ctx_); }
  chess::SquareSet squares() { return query_->body->squares(ctx_); }
  std::optional<std::int64_t> number() { return query_->body->number(ctx_); }
  std::optional<std::string> text() { return query_->body->text(ctx_); }
  interpreter::ValueType type() const { return query_->body->type(); }

 private:
  grammar::SourceFile file_;
  grammar::Diagnostics diagnostics_;
  chess::Game game_;
  std::optional<interpreter::CompiledQuery> query_;
  interpreter::Context ctx_;
};

// The first diagnostic a query produces when compiled, "" if it compiles.
inline std::string compile_error(const std::string& query_text) {
  grammar::SourceFile file("test.cql", query_text);
  grammar::Diagnostics diagnostics;
  auto query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics);
  return diagnostics.all().empty() ? std::string() : diagnostics.all()[0].message;
}

// Squares written as "a1 c3", in the SquareSet's own order, for readable expectations.
inline chess::SquareSet squares_of(const std::string& names) {
  chess::SquareSet s;
  for (std::size_t i = 0; i + 1 < names.size() + 1;) {
    std::size_t end = names.find(' ', i);
    if (end == std::string::npos) end = names.size();
    if (end > i) s |= chess::Square::parse(names.substr(i, end - i));
    i = end + 1;
  }
  return s;
}

}  // namespace quarry::testing
