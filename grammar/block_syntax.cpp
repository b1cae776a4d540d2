// Filters built around other filters: `{ … }` compounds, `if`, `while`, the iterations `piece`
// and `square`, and the glue to the token-level readers of `line`, `echo` and `imagine`.
#include <string>

#include "grammar/echo_syntax.h"
#include "grammar/imagine_syntax.h"
#include "grammar/line_syntax.h"
#include "grammar/lowering.h"

namespace quarry::grammar {

SyntaxPtr Lowering::compound(const Token& group) {
  auto node = make(SyntaxKind::Compound, group.range, "{}");
  TokenStream in(group.children, group.range);
  while (!in.at_end()) node->children.push_back(expression(in, precedence::kLowest));
  return node;
}

// A body written in braces is exactly that block, so `piece $p in S { … } | T` is the union
// of the iteration and T (the CQLi manual's battery functions rely on it); any other body
// extends to the right.
SyntaxPtr Lowering::body(TokenStream& in) {
  if (in.peek().kind == TokenKind::BraceGroup) return compound(in.next());
  return expression(in, precedence::kLowest);
}

// `if C [then] T [else E]`: each part a whole filter.
SyntaxPtr Lowering::if_filter(TokenStream& in, SyntaxPtr node) {
  if (in.at_end()) fail(in.here(), "'if' needs a condition");
  node->children.push_back(expression(in, precedence::kLowest));
  if (!in.at_end() && in.peek().kind == TokenKind::Identifier && in.peek().text == "then") in.next();
  if (in.at_end()) fail(in.here(), "'if' needs a filter to evaluate when the condition matches");
  node->children.push_back(expression(in, precedence::kLowest));
  if (!in.at_end() && in.peek().kind == TokenKind::Identifier && in.peek().text == "else") {
    in.next();
    if (in.at_end()) fail(in.here(), "'else' needs a filter");
    node->children.push_back(expression(in, precedence::kLowest));
  }
  node->range.end = node->children.back()->range.end;
  return node;
}

// `while (C) BODY`
SyntaxPtr Lowering::while_filter(TokenStream& in, SyntaxPtr node) {
  if (in.at_end() || in.peek().kind != TokenKind::ParenGroup) fail(in.here(), "'while' needs its condition in parentheses");
  node->children.push_back(group_expression(in.next(), "a condition"));
  if (in.at_end()) fail(in.here(), "'while' needs a body filter");
  node->children.push_back(body(in));
  node->range.end = node->children.back()->range.end;
  return node;
}

// `piece [all] $p in S BODY`: parameter Variable names the variable; children: S, BODY.
SyntaxPtr Lowering::iteration(TokenStream& in, SyntaxPtr node, const KeywordShape& shape) {
  keyword_parameters(in, *node, shape);
  if (in.at_end() || in.peek().kind != TokenKind::Identifier) {
    fail(in.here(), "'" + node->text + "' needs a variable name", "write " + node->text + " $x in … { … }");
  }
  const Token& name = in.next();
  SyntaxParameter variable{ParameterWord::Variable, name.range, {}};
  variable.values.push_back(make(SyntaxKind::Identifier, name.range, std::string(name.text)));
  node->parameters.push_back(std::move(variable));
  // `piece x = S` is the piece assignment, not an iteration: one argument, no body.
  if (node->text == "piece" && node->parameters.size() == 1 && !in.at_end() && in.peek().text == "=") {
    const Token& equals = in.next();
    node->parameters.push_back(SyntaxParameter{ParameterWord::Assign, equals.range, {}});
    if (in.at_end()) fail(in.here(), "expected the square of the piece after '='", "write piece x = Ke1");
    node->children.push_back(expression(in, precedence::kSetPrefix));
    node->range.end = node->children.back()->range.end;
    return node;
  }
  if (in.at_end() || in.peek().text != "in") fail(in.here(), "expected 'in' after the variable name");
  in.next();
  if (in.at_end()) fail(in.here(), "expected what '" + node->text + "' iterates over");
  node->children.push_back(expression(in, precedence::kSetPrefix));
  if (in.at_end()) fail(in.here(), "'" + node->text + "' needs a body filter");
  node->children.push_back(body(in));
  node->range.end = node->children.back()->range.end;
  return node;
}

// `line [words] [range] [words] --> C1 [q] --> C2 [q] …` (grammar/line_syntax.h).
SyntaxPtr Lowering::line_filter(TokenStream& in, SyntaxPtr node, const KeywordShape& shape) {
  range_parameter(in, *node);
  keyword_parameters(in, *node, shape);
  ParseConstituent parse = [this](TokenStream& s) {
    const TokenStream* outer_barrier = line_barrier_;
    line_barrier_ = &s;
    SyntaxPtr filter = expression(s, precedence::kLowest);
    line_barrier_ = outer_barrier;
    return filter;
  };
  LineSyntaxError error;
  if (!read_line_constituents(in, *node, parse, error)) fail(error.where, error.message, error.hint);
  return node;
}

// `echo [quiet] (s t) [in all] BODY` (grammar/echo_syntax.h).
SyntaxPtr Lowering::echo_filter(TokenStream& in, SyntaxPtr node) {
  SourceRange where = in.here();
  if (std::string error; !read_echo_head(in, *node, error, where)) fail(where, error, "write echo (s t) { … }");
  node->children.push_back(body(in));
  node->range.end = node->children.back()->range.end;
  return node;
}

// `imagine M1 M2 … : F` (grammar/imagine_syntax.h). A mutation's value ends before `:`; the
// target after it starts with no barrier, so it may contain `:` of its own.
SyntaxPtr Lowering::imagine_filter(TokenStream& in, SyntaxPtr node) {
  ParseFilter parse = [this](TokenStream& s, int power, bool stop_at_colon) {
    const TokenStream* outer_barrier = colon_barrier_;
    colon_barrier_ = stop_at_colon ? &s : nullptr;
    SyntaxPtr filter = expression(s, power);
    colon_barrier_ = outer_barrier;
    return filter;
  };
  SourceRange where = in.here();
  std::string error, hint;
  if (!read_imagine(in, *node, parse, error, hint, where)) fail(where, error, hint);
  return node;
}

}  // namespace quarry::grammar
