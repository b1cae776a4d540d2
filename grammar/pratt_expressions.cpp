// The Pratt core of the parser: operands (literals, groups, words), prefix operators, and the
// loop that folds infix operators, infix keywords and `[ … ]` indexes by binding power.
#include <cstdint>
#include <string>

#include "grammar/lowering.h"
#include "grammar/line_syntax.h"
#include "grammar/parser.h"

namespace quarry::grammar {

// Called each time an operator wraps the expression built so far in a new node.
void Lowering::deepen(SourceRange where) {
  if (++height_ > kMaxHeight) {
    fail(where, "query nested too deeply (more than " + std::to_string(kMaxHeight) + " levels of operators)",
         "write a long chain of filters as a { … } block, whose filters must all match");
  }
}

SyntaxPtr Lowering::expression(TokenStream& in, int min_power) {
  struct DepthGuard {
    int& depth;
    int& height;
    int height_before;
    DepthGuard(int& d, int& h) : depth(d), height(h), height_before(h) { ++depth; ++height; }
    ~DepthGuard() {
      --depth;
      height = height_before;
    }
  } guard(depth_, height_);
  if (depth_ > kMaxDepth) fail(in.here(), "query nested too deeply (more than " + std::to_string(kMaxDepth) + " levels)");
  SyntaxPtr left = operand(in);
  while (!in.at_end()) {
    const Token& token = in.peek();
    if (token.kind == TokenKind::IndexGroup) {
      left = index(in, std::move(left));
      continue;
    }
    if (token.kind != TokenKind::Operator && token.kind != TokenKind::Identifier) break;
    if (&in == colon_barrier_ && token.text == ":") break;
    if (&in == line_barrier_ && at_line_quantifier(in)) break;
    if (const InfixOperator* op = find_infix(token.text)) {
      if (op->power < min_power || (op->power == min_power && !op->right_associative)) break;
      in.next();
      deepen(token.range);
      left = infix(in, std::move(left), *op, token);
      continue;
    }
    int id = token.kind == TokenKind::Identifier ? keywords_.find(token.text) : -1;
    if (id < 0 || keywords_.shape(id).kind != ShapeKind::Infix) break;
    if (keywords_.shape(id).argument_precedence <= min_power) break;
    left = infix_keyword(in, std::move(left), id);
  }
  return left;
}

// `x[i]`, and the slice `s[i:j]` with three children: the string and both bounds.
SyntaxPtr Lowering::index(TokenStream& in, SyntaxPtr left) {
  const Token& token = in.next();
  SyntaxPtr inner = group_expression(token, "an index");
  auto node = make(SyntaxKind::Binary, {left->range.begin, token.range.end}, "[]");
  deepen(token.range);
  node->children.push_back(std::move(left));
  if (inner->kind == SyntaxKind::Binary && inner->text == ":") {
    node->children.push_back(std::move(inner->children[0]));
    node->children.push_back(std::move(inner->children[1]));
  } else {
    node->children.push_back(std::move(inner));
  }
  return node;
}

// `S attacks T`: a keyword of shape Infix, left-associative at its argument precedence.
SyntaxPtr Lowering::infix_keyword(TokenStream& in, SyntaxPtr left, int id) {
  const Token& token = in.next();
  deepen(token.range);
  auto node = make(SyntaxKind::Keyword, token.range, std::string(token.text));
  node->keyword = id;
  SyntaxPtr right = expression(in, keywords_.shape(id).argument_precedence + 1);
  node->range = span(*left, *right);
  node->children.push_back(std::move(left));
  node->children.push_back(std::move(right));
  return node;
}

SyntaxPtr Lowering::infix(TokenStream& in, SyntaxPtr left, const InfixOperator& op, const Token& token) {
  bool entry = left->kind == SyntaxKind::Binary && left->text == "[]";  // $D[k] = v
  if (op.kind == SyntaxKind::Assign && left->kind != SyntaxKind::Identifier && !entry) {
    fail(token.range, "the left side of '" + std::string(op.text) + "' must be a variable name");
  }
  if (in.at_end()) fail(in.here(), "missing operand after '" + std::string(op.text) + "'");
  SyntaxPtr right = expression(in, op.right_associative ? op.power : op.power + 1);
  if (op.kind == SyntaxKind::Assign && left->kind == SyntaxKind::Identifier && looks_numeric(*right)) {
    numeric_names_.insert(left->text);
  }
  auto node = make(op.kind, span(*left, *right), std::string(op.text));
  node->children.push_back(std::move(left));
  node->children.push_back(std::move(right));
  return node;
}

SyntaxPtr Lowering::operand(TokenStream& in) {
  if (in.at_end()) fail(in.here(), "expected a filter here");
  const Token& token = in.next();
  switch (token.kind) {
    case TokenKind::Number: return number(token);
    case TokenKind::CaptureReference: return make(SyntaxKind::CaptureReference, token.range, std::string(token.text));
    case TokenKind::String: return string(token);
    case TokenKind::PieceDesignator: return piece_designator(token);
    case TokenKind::Identifier: return word(in, token);
    case TokenKind::BraceGroup: return compound(token);
    case TokenKind::ParenGroup: return group_expression(token, "a filter");
    case TokenKind::IndexGroup: fail(token.range, "unexpected '['");
    case TokenKind::Operator: return prefix_operator(in, token);
  }
  fail(token.range, "unexpected text");
}

SyntaxPtr Lowering::number(const Token& token) {
  auto node = make(SyntaxKind::Number, token.range, std::string(token.text));
  std::int64_t value = 0;
  for (char c : token.text) {
    value = value * 10 + (c - '0');
    if (value > 2147483647) fail(token.range, "number too large (numbers are 32-bit integers)");
  }
  node->number = value;
  return node;
}

SyntaxPtr Lowering::string(const Token& token) {
  std::string value, error;
  if (!unescape_string(token.text, value, error)) fail(token.range, error, "write \\\\ for a backslash");
  return make(SyntaxKind::String, token.range, std::move(value));
}

SyntaxPtr Lowering::piece_designator(const Token& token) {
  auto node = make(SyntaxKind::PieceDesignator, token.range, std::string(token.text));
  if (!decode_piece_designator(token.text, node->piece_mask, node->squares)) {
    fail(token.range, "malformed piece designator '" + std::string(token.text) + "'");
  }
  return node;
}

SyntaxPtr Lowering::prefix_operator(TokenStream& in, const Token& token) {
  int power = 0;
  if (token.text == "-") power = precedence::kUnaryMinus;
  else if (token.text == "~") power = precedence::kComplement;
  // `#` counts its operand: binds tighter than arithmetic so `#A + 1` adds to the count.
  else if (token.text == "#") power = precedence::kSetPrefix;
  // The backquote (CQLi's identity `F) takes its operand as unary minus does.
  else if (token.text == "`") power = precedence::kUnaryMinus;
  else fail(token.range, "unexpected '" + std::string(token.text) + "'", "an operator needs a filter on its left");
  if (in.at_end()) fail(in.here(), "missing operand after '" + std::string(token.text) + "'");
  // The least 32-bit number has no positive counterpart: `-2147483648` is one literal.
  if (token.text == "-" && in.peek().kind == TokenKind::Number && in.peek().text == "2147483648" &&
      in.peek().range.begin == token.range.end) {
    const Token& digits = in.next();
    auto node = make(SyntaxKind::Number, {token.range.begin, digits.range.end}, "-2147483648");
    node->number = -2147483648LL;
    return node;
  }
  SyntaxPtr argument = expression(in, power);
  auto node = make(SyntaxKind::Unary, {token.range.begin, argument->range.end}, std::string(token.text));
  node->children.push_back(std::move(argument));
  return node;
}

// `( F )` groups one filter; `[ i ]` holds one index.
SyntaxPtr Lowering::group_expression(const Token& group, std::string_view what) {
  TokenStream in(group.children, group.range);
  if (in.at_end()) fail(group.range, "expected " + std::string(what) + " inside the brackets");
  SyntaxPtr inner = expression(in, precedence::kLowest);
  if (!in.at_end()) fail(in.peek().range, "expected only one filter inside these parentheses",
                         "use { … } to group several filters");
  return inner;
}

SyntaxPtr Lowering::argument_expression(TokenStream& in, int power, bool stop_at_colon) {
  const TokenStream* outer_barrier = colon_barrier_;
  if (stop_at_colon) colon_barrier_ = &in;
  SyntaxPtr filter = expression(in, power);
  colon_barrier_ = outer_barrier;
  return filter;
}

}  // namespace quarry::grammar
