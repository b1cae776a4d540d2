// Binding syntax nodes through the registry's bind functions.
#include "interpreter/binder.h"

#include <string>

namespace quarry::interpreter {

using grammar::SyntaxKind;
using grammar::SyntaxNode;

void Binder::error(const SyntaxNode& at, std::string message, std::string hint) {
  diagnostics_.error(file_, at.range, std::move(message), std::move(hint));
}

bool Binder::expect(const BindArguments& args, std::size_t index, std::initializer_list<ValueType> types) {
  const Filter& argument = *args.arguments[index];
  for (ValueType t : types) {
    if (argument.type() == t) return true;
  }
  std::string wanted;
  for (ValueType t : types) wanted += (wanted.empty() ? "" : " or ") + std::string(type_name(t));
  const SyntaxNode& where = index < args.node.children.size() ? *args.node.children[index] : args.node;
  std::string owner = args.node.kind == SyntaxKind::Keyword ? "'" + args.node.text + "'" : "'" + args.node.text + "'";
  error(where, owner + " expects a " + wanted + " filter here, but this is a " + std::string(type_name(argument.type())) + " filter");
  return false;
}

FilterPtr Binder::bind_children(const SyntaxNode& node, std::vector<FilterPtr>& out) {
  for (const auto& child : node.children) {
    FilterPtr bound = bind(*child);
    if (!bound) return nullptr;
    out.push_back(std::move(bound));
  }
  return FilterPtr();
}

FilterPtr Binder::bind_with(const BindFunction* bind, const SyntaxNode& node, std::vector<FilterPtr> arguments,
                            std::vector<BoundParameter> parameters) {
  BindArguments args{*this, node, std::move(arguments), std::move(parameters)};
  return (*bind)(args);
}

bool Binder::bind_parameters(const SyntaxNode& node, std::vector<BoundParameter>& out) {
  for (const grammar::SyntaxParameter& p : node.parameters) {
    BoundParameter bound;
    bound.syntax = &p;
    for (const auto& value : p.values) {
      FilterPtr f = bind(*value);
      if (!f) return false;
      bound.values.push_back(std::move(f));
    }
    out.push_back(std::move(bound));
  }
  return true;
}

FilterPtr Binder::bind_sequence(const std::vector<grammar::SyntaxPtr>& nodes, const SyntaxNode* where) {
  std::vector<FilterPtr> bound;
  for (const auto& node : nodes) {
    FilterPtr f = bind(*node);
    if (!f) return nullptr;
    bound.push_back(std::move(f));
  }
  SyntaxNode placeholder;
  placeholder.kind = SyntaxKind::Compound;
  placeholder.text = "{}";
  if (where) placeholder.range = where->range;
  return bind_with(registry_.find_operator(construct::kCompound, -1), where ? *where : placeholder, std::move(bound));
}

FilterPtr Binder::bind(const SyntaxNode& node) {
  std::vector<FilterPtr> arguments;
  switch (node.kind) {
    case SyntaxKind::Number:
      return bind_with(registry_.find_operator(construct::kNumber, 0), node, {});
    case SyntaxKind::String:
      return bind_with(registry_.find_operator(construct::kString, 0), node, {});
    case SyntaxKind::PieceDesignator:
      return bind_with(registry_.find_operator(construct::kPieceDesignator, 0), node, {});
    case SyntaxKind::Compound:
      return bind_sequence(node.children, &node);
    case SyntaxKind::Keyword: {
      if (!node.children.empty()) {
        bind_children(node, arguments);
        if (arguments.size() != node.children.size()) return nullptr;
      }
      std::vector<BoundParameter> parameters;
      if (!bind_parameters(node, parameters)) return nullptr;
      const FilterSpec& spec = registry_.spec(node.keyword);
      return bind_with(&spec.bind, node, std::move(arguments), std::move(parameters));
    }
    case SyntaxKind::Unary:
    case SyntaxKind::Binary: {
      const BindFunction* bind = registry_.find_operator(node.text, static_cast<int>(node.children.size()));
      if (bind == nullptr) {
        error(node, "the operator '" + node.text + "' is not available in this version of Quarry");
        return nullptr;
      }
      bind_children(node, arguments);
      if (arguments.size() != node.children.size()) return nullptr;
      return bind_with(bind, node, std::move(arguments));
    }
    case SyntaxKind::Identifier: {
      std::string_view suggestion = registry_.keywords().suggest(node.text);
      std::string hint = suggestion.empty() ? std::string() : "did you mean '" + std::string(suggestion) + "'?";
      error(node, "unknown filter or undefined variable '" + node.text + "'", hint);
      return nullptr;
    }
    case SyntaxKind::Assign:
      error(node, "assignment '" + node.text + "' is not available in this version of Quarry");
      return nullptr;
    case SyntaxKind::Header:
      error(node, "'cql( … )' must come first in the query");
      return nullptr;
  }
  return nullptr;
}

}  // namespace quarry::interpreter
