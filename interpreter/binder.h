// The binder: resolves names and checks types, turning the syntax tree into the filter tree.
// After it, nothing looks a name up by string.
#pragma once

#include <initializer_list>

#include "grammar/source.h"
#include "grammar/syntax.h"
#include "interpreter/filter.h"
#include "interpreter/registry.h"

namespace quarry::interpreter {

class Binder {
 public:
  Binder(const Registry& registry, const grammar::SourceFile& file, grammar::Diagnostics& diagnostics)
      : registry_(registry), file_(file), diagnostics_(diagnostics) {}

  // nullptr after reporting an error.
  FilterPtr bind(const grammar::SyntaxNode& node);
  // Binds a sequence as the body of a compound filter (the query body, `{ … }`).
  FilterPtr bind_sequence(const std::vector<grammar::SyntaxPtr>& nodes, const grammar::SyntaxNode* where);

  // --- for bind functions ---------------------------------------------------------------------
  void error(const grammar::SyntaxNode& at, std::string message, std::string hint = {});
  // Checks argument i has one of the types; reports "expected …" at that argument otherwise.
  bool expect(const BindArguments& args, std::size_t index, std::initializer_list<ValueType> types);
  const grammar::SourceFile& file() const { return file_; }

 private:
  FilterPtr bind_with(const BindFunction* bind, const grammar::SyntaxNode& node, std::vector<FilterPtr> arguments,
                      std::vector<BoundParameter> parameters = {});
  bool bind_parameters(const grammar::SyntaxNode& node, std::vector<BoundParameter>& out);
  FilterPtr bind_children(const grammar::SyntaxNode& node, std::vector<FilterPtr>& out);

  const Registry& registry_;
  const grammar::SourceFile& file_;
  grammar::Diagnostics& diagnostics_;
};

}  // namespace quarry::interpreter
