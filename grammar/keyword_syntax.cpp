// A word in operand position: `not`, a variable or function call, or a registered keyword read by
// its shape (KeywordShape) with its parameter words, optional range and arguments.
#include <algorithm>
#include <array>
#include <string>

#include "grammar/lowering.h"

namespace quarry::grammar {

SyntaxPtr Lowering::word(TokenStream& in, const Token& token) {
  if (token.text == "not") {
    if (in.at_end()) fail(in.here(), "missing filter after 'not'");
    SyntaxPtr argument = expression(in, precedence::kNot);
    auto node = make(SyntaxKind::Unary, {token.range.begin, argument->range.end}, "not");
    node->children.push_back(std::move(argument));
    return node;
  }
  if (token.text == "cql") fail(token.range, "'cql( … )' must come first in the query");
  int id = keywords_.find(token.text);
  if (id < 0) return name_or_call(in, token);
  return keyword(in, token, id);
}

// A word that is no keyword: a call of a known function, else a variable name.
SyntaxPtr Lowering::name_or_call(TokenStream& in, const Token& token) {
  if (functions_.count(std::string(token.text)) && !in.at_end() && in.peek().kind == TokenKind::ParenGroup) {
    auto call_node = make(SyntaxKind::FunctionCall, token.range, std::string(token.text));
    const Token& group = in.next();
    TokenStream args(group.children, group.range);
    while (!args.at_end()) call_node->children.push_back(call_argument(args));
    call_node->range.end = group.range.end;
    return call_node;
  }
  if (!in.at_end() && in.peek().kind == TokenKind::ParenGroup && in.peek().range.begin == token.range.end) {
    fail(token.range, "unknown function '" + std::string(token.text) + "'",
         "define it with function " + std::string(token.text) + "(…) { … } before the call");
  }
  if (is_cql_filter_name(token.text)) {
    fail(token.range, "'" + std::string(token.text) + "' is a CQL filter that this version of Quarry does not have",
         "docs/language.md lists the filters Quarry knows");
  }
  SyntaxPtr name = make(SyntaxKind::Identifier, token.range, std::string(token.text));
  // `$x = F` binds to the name just before it, so `A | $x = B` is `A | ($x = B)`.
  if (!in.at_end() && in.peek().kind == TokenKind::Operator) {
    const InfixOperator* op = find_infix(in.peek().text);
    if (op && op->kind == SyntaxKind::Assign) {
      const Token& op_token = in.next();
      return infix(in, std::move(name), *op, op_token);
    }
  }
  return name;
}

// A registered keyword: its parameter words, then what its shape says follows.
SyntaxPtr Lowering::keyword(TokenStream& in, const Token& token, int id) {
  const KeywordShape& shape = keywords_.shape(id);
  auto node = make(SyntaxKind::Keyword, token.range, std::string(token.text));
  node->keyword = id;
  keyword_parameters(in, *node, shape);
  switch (shape.kind) {
    case ShapeKind::Nullary: return node;
    case ShapeKind::Parameters: return node;
    case ShapeKind::Prefix: return prefix_keyword(in, std::move(node), shape);
    case ShapeKind::Call:
      if (shape.optional_range) {  // `consecutivemoves quiet 2 5 (P Q)`
        range_parameter(in, *node);
        keyword_parameters(in, *node, shape);
      }
      return call(in, std::move(node), shape);
    case ShapeKind::CallOrPrefix: return call_or_prefix(in, std::move(node), shape);
    case ShapeKind::If: return if_filter(in, std::move(node));
    case ShapeKind::Iteration: return iteration(in, std::move(node), shape);
    case ShapeKind::While: return while_filter(in, std::move(node));
    case ShapeKind::Function: return function_definition(in, std::move(node));
    case ShapeKind::Dictionary: return dictionary_declaration(in, std::move(node));
    case ShapeKind::Line: return line_filter(in, std::move(node), shape);
    case ShapeKind::Echo: return echo_filter(in, std::move(node));
    case ShapeKind::Imagine: return imagine_filter(in, std::move(node));
    case ShapeKind::Infix: fail(token.range, "'" + std::string(token.text) + "' needs a filter on its left");
    case ShapeKind::Header: fail(token.range, "'cql( … )' must come first in the query");
  }
  return node;
}

// One argument after the keyword's words (and range): `up 1 7 S`, `result *`, `position N : F`.
SyntaxPtr Lowering::prefix_keyword(TokenStream& in, SyntaxPtr node, const KeywordShape& shape) {
  if (shape.argument_if_string && (in.at_end() || in.peek().kind != TokenKind::String)) return node;
  if (shape.optional_range) {
    // Words may stand on either side of the range (`find 2 4 quiet F`, `find all <-- F`).
    range_parameter(in, *node);
    keyword_parameters(in, *node, shape);
  }
  if (in.at_end()) fail(in.here(), "'" + node->text + "' needs an argument");
  if (shape.star_argument && in.peek().kind == TokenKind::Operator && in.peek().text == "*") {
    node->children.push_back(make(SyntaxKind::String, in.next().range, "*"));
    node->range.end = node->children.back()->range.end;
    return node;
  }
  node->children.push_back(argument_expression(in, shape.argument_precedence, shape.argument_stops_at_colon));
  node->range.end = node->children.back()->range.end;
  return node;
}

// `comment("x" K)` or `comment K`.
SyntaxPtr Lowering::call_or_prefix(TokenStream& in, SyntaxPtr node, const KeywordShape& shape) {
  if (!in.at_end() && in.peek().kind == TokenKind::ParenGroup) return call(in, std::move(node), shape);
  if (in.at_end()) fail(in.here(), "'" + node->text + "' needs an argument");
  node->children.push_back(expression(in, shape.argument_precedence));
  node->range.end = node->children.back()->range.end;
  return node;
}

SyntaxPtr Lowering::call(TokenStream& in, SyntaxPtr node, const KeywordShape& shape) {
  bool parenthesised = !in.at_end() && in.peek().kind == TokenKind::ParenGroup;
  if (!parenthesised && shape.min_arguments == 0) return node;
  if (!parenthesised) {
    fail(node->range, "'" + node->text + "' takes its arguments in parentheses", "write " + node->text + "( … )");
  }
  const Token& group = in.next();
  TokenStream args(group.children, group.range);
  while (!args.at_end()) node->children.push_back(expression(args, precedence::kLowest));
  int count = static_cast<int>(node->children.size());
  if (count < shape.min_arguments || (shape.max_arguments >= 0 && count > shape.max_arguments)) {
    std::string expected = shape.min_arguments == shape.max_arguments ? std::to_string(shape.min_arguments)
                           : shape.max_arguments < 0 ? "at least " + std::to_string(shape.min_arguments)
                           : std::to_string(shape.min_arguments) + " to " + std::to_string(shape.max_arguments);
    fail(group.range, "'" + node->text + "' takes " + expected + " argument(s), " + std::to_string(count) + " given");
  }
  node->range.end = group.range.end;
  return node;
}

// A function argument. A variable in parentheses, `f((x))`, is passed by value (CQLi): it
// becomes the compound `{x}` (CQL 6.1's way to write that), which the binder copies.
SyntaxPtr Lowering::call_argument(TokenStream& args) {
  bool grouped = args.peek().kind == TokenKind::ParenGroup;
  SyntaxPtr argument = expression(args, precedence::kLowest);
  if (!grouped || argument->kind != SyntaxKind::Identifier) return argument;
  auto by_value = make(SyntaxKind::Compound, argument->range, "{}");
  by_value->children.push_back(std::move(argument));
  return by_value;
}

// Words after a keyword (`from S`, `all`, `diagonal`), in any order, each at most once.
void Lowering::keyword_parameters(TokenStream& in, SyntaxNode& node, const KeywordShape& shape) {
  while (!in.at_end() && shape.optional_title && in.peek().kind == TokenKind::String) title_parameter(in, node);
  // A parameter is a word (`from`, `o-o`) or an operator spelled in the shape (`find <--`).
  while (!in.at_end() && (in.peek().kind == TokenKind::Identifier || in.peek().kind == TokenKind::Operator)) {
    const ParameterSpec* spec = nullptr;
    for (const ParameterSpec& p : shape.parameters) {
      if (spelling(p.word) == in.peek().text) spec = &p;
    }
    if (spec == nullptr) return;
    const Token& word = in.next();
    for (const SyntaxParameter& seen : node.parameters) {
      if (seen.word == spec->word) fail(word.range, "'" + std::string(spelling(spec->word)) + "' is given twice");
    }
    SyntaxParameter param{spec->word, {}, {}};
    param.range = word.range;
    if (spec->takes_value) {
      if (in.at_end()) fail(in.here(), "'" + std::string(param.spelling()) + "' needs a value");
      param.values.push_back(argument_expression(in, spec->value_precedence, shape.argument_stops_at_colon));
    }
    node.range.end = std::max(node.range.end, param.values.empty() ? param.range.end : param.values.back()->range.end);
    node.parameters.push_back(std::move(param));
    if (!in.at_end() && shape.optional_title && in.peek().kind == TokenKind::String) title_parameter(in, node);
  }
}

// `sort "Checks" max F`: a string among the words is the parameter Title.
void Lowering::title_parameter(TokenStream& in, SyntaxNode& node) {
  SyntaxParameter title{ParameterWord::Title, in.peek().range, {}};
  title.values.push_back(string(in.next()));
  node.parameters.push_back(std::move(title));
}

// `up 1 7 S`, `up -2 d4`: up to two integers before the argument.
void Lowering::range_parameter(TokenStream& in, SyntaxNode& node) {
  SyntaxParameter param{ParameterWord::Range, {}, {}};
  while (param.values.size() < 2 && !in.at_end()) {
    const Token& t = in.peek();
    if (t.kind == TokenKind::Number) {
      param.values.push_back(number(in.next()));
    } else if (is_numeric_bound(in)) {
      const Token& name = in.next();
      param.values.push_back(make(SyntaxKind::Identifier, name.range, std::string(name.text)));
    } else if (t.kind == TokenKind::Operator && t.text == "-" && in.peek_ahead(1) == TokenKind::Number) {
      const Token& minus = in.next();
      SyntaxPtr value = number(in.next());
      value->number = -value->number;
      value->range.begin = minus.range.begin;
      param.values.push_back(std::move(value));
    } else {
      break;
    }
  }
  if (!param.values.empty()) {
    param.range = {param.values.front()->range.begin, param.values.back()->range.end};
    node.parameters.push_back(std::move(param));
  }
}

// A numeric variable as a range bound: a name assigned a number, with a filter still to come.
bool Lowering::is_numeric_bound(const TokenStream& in) const {
  const Token& t = in.peek();
  const Token* after = in.token_at(1);
  if (t.kind != TokenKind::Identifier || !numeric_names_.count(std::string(t.text)) || after == nullptr) return false;
  return after->kind != TokenKind::Operator || after->text == "-->" || after->text == "<--";
}

bool Lowering::looks_numeric(const SyntaxNode& value) {
  if (value.kind == SyntaxKind::Number) return true;
  if (value.kind == SyntaxKind::Unary && value.text == "#") return true;
  if (value.kind == SyntaxKind::Unary && value.text == "-") return looks_numeric(*value.children[0]);
  if (value.kind != SyntaxKind::Binary) return false;
  static constexpr std::array kArithmetic{"+", "-", "*", "/", "%"};
  for (const char* op : kArithmetic) {
    if (value.text == op) return looks_numeric(*value.children[0]) || looks_numeric(*value.children[1]);
  }
  return false;
}

}  // namespace quarry::grammar
