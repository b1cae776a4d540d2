// Test helpers: a query compiled with the standard registry and evaluated at a FEN position;
// compile errors; squares written as names.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "builtins/builtins.h"
#include "builtins/game_evaluation.h"
#include "interpreter/query.h"

namespace quarry::testing {

// A one-position game and a compiled query, evaluated at that position (a GameEvaluation whose
// game has no moves).
using Evaluation = GameEvaluation;

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
