// Lowers the token tree into the syntax tree: a Pratt parser whose operator and keyword binding
// powers come from tables (operators below, keywords from the registry's KeywordTable).
#include "grammar/parser.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <string>

#include "grammar/echo_syntax.h"
#include "grammar/imagine_syntax.h"
#include "grammar/line_syntax.h"
#include "grammar/operators.h"
#include "grammar/token_stream.h"
#include "grammar/tokens.h"

namespace quarry::grammar {
namespace {

// The first error ends the parse; this unwinds the recursive descent to parse_query.
struct ParseAbort {};

class Lowering {
 public:
  Lowering(const SourceFile& file, const KeywordTable& keywords, Diagnostics& diagnostics)
      : file_(file), keywords_(keywords), diagnostics_(diagnostics) {}

  void know_functions(const std::set<std::string>& names) { functions_.insert(names.begin(), names.end()); }

  SyntaxTree lower(const std::vector<Token>& tokens) {
    SyntaxTree tree;
    TokenStream stream(tokens, {0, static_cast<std::uint32_t>(file_.text().size())});
    if (!stream.at_end() && stream.peek().kind == TokenKind::Identifier && stream.peek().text == "cql") {
      tree.header = header(stream);
    }
    while (!stream.at_end()) tree.body.push_back(expression(stream, precedence::kLowest));
    return tree;
  }

 private:
  [[noreturn]] void fail(SourceRange range, std::string message, std::string hint = {}) {
    diagnostics_.error(file_, range, std::move(message), std::move(hint));
    throw ParseAbort{};
  }

  SyntaxPtr make(SyntaxKind kind, SourceRange range, std::string text = {}) {
    auto node = std::make_unique<SyntaxNode>();
    node->kind = kind;
    node->range = range;
    node->text = std::move(text);
    return node;
  }

  static SourceRange span(const SyntaxNode& a, const SyntaxNode& b) { return {a.range.begin, b.range.end}; }

  // Two limits keep every later recursive pass (binding, evaluation, destruction) within the
  // stack: kMaxDepth nested expressions, and kMaxHeight levels in the tree, which also counts
  // operators chained without nesting (`k & k & … & k` builds one level per operator).
  static constexpr int kMaxDepth = 400;
  static constexpr int kMaxHeight = 1000;

  // Called each time an operator wraps the expression built so far in a new node.
  void deepen(SourceRange where) {
    if (++height_ > kMaxHeight) {
      fail(where, "query nested too deeply (more than " + std::to_string(kMaxHeight) + " levels of operators)",
           "write a long chain of filters as a { … } block, whose filters must all match");
    }
  }

  SyntaxPtr expression(TokenStream& in, int min_power) {
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
        in.next();
        SyntaxPtr index = group_expression(token, "an index");
        auto node = make(SyntaxKind::Binary, {left->range.begin, token.range.end}, "[]");
        deepen(token.range);
        node->children.push_back(std::move(left));
        if (index->kind == SyntaxKind::Binary && index->text == ":") {
          // s[i:j] slices: three children, the string and both bounds.
          node->children.push_back(std::move(index->children[0]));
          node->children.push_back(std::move(index->children[1]));
        } else {
          node->children.push_back(std::move(index));
        }
        left = std::move(node);
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
      int power = keywords_.shape(id).argument_precedence;
      if (power <= min_power) break;
      in.next();
      deepen(token.range);
      auto node = make(SyntaxKind::Keyword, token.range, std::string(token.text));
      node->keyword = id;
      SyntaxPtr right = expression(in, power + 1);
      node->range = span(*left, *right);
      node->children.push_back(std::move(left));
      node->children.push_back(std::move(right));
      left = std::move(node);
    }
    return left;
  }

  SyntaxPtr infix(TokenStream& in, SyntaxPtr left, const InfixOperator& op, const Token& token) {
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

  SyntaxPtr operand(TokenStream& in) {
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

  SyntaxPtr number(const Token& token) {
    auto node = make(SyntaxKind::Number, token.range, std::string(token.text));
    std::int64_t value = 0;
    for (char c : token.text) {
      value = value * 10 + (c - '0');
      if (value > 2147483647) fail(token.range, "number too large (numbers are 32-bit integers)");
    }
    node->number = value;
    return node;
  }

  SyntaxPtr string(const Token& token) {
    std::string value, error;
    if (!unescape_string(token.text, value, error)) fail(token.range, error, "write \\\\ for a backslash");
    return make(SyntaxKind::String, token.range, std::move(value));
  }

  SyntaxPtr piece_designator(const Token& token) {
    auto node = make(SyntaxKind::PieceDesignator, token.range, std::string(token.text));
    if (!decode_piece_designator(token.text, node->piece_mask, node->squares)) {
      fail(token.range, "malformed piece designator '" + std::string(token.text) + "'");
    }
    return node;
  }

  SyntaxPtr prefix_operator(TokenStream& in, const Token& token) {
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

  SyntaxPtr word(TokenStream& in, const Token& token) {
    if (token.text == "not") {
      if (in.at_end()) fail(in.here(), "missing filter after 'not'");
      SyntaxPtr argument = expression(in, precedence::kNot);
      auto node = make(SyntaxKind::Unary, {token.range.begin, argument->range.end}, "not");
      node->children.push_back(std::move(argument));
      return node;
    }
    if (token.text == "cql") fail(token.range, "'cql( … )' must come first in the query");
    int id = keywords_.find(token.text);
    if (id < 0) {
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
    const KeywordShape& shape = keywords_.shape(id);
    auto node = make(SyntaxKind::Keyword, token.range, std::string(token.text));
    node->keyword = id;
    keyword_parameters(in, *node, shape);
    switch (shape.kind) {
      case ShapeKind::Nullary: return node;
      case ShapeKind::Parameters: return node;
      case ShapeKind::Prefix: {
        if (shape.argument_if_string && (in.at_end() || in.peek().kind != TokenKind::String)) return node;
        if (shape.optional_range) {
          // Words may stand on either side of the range (`find 2 4 quiet F`, `find all <-- F`).
          range_parameter(in, *node);
          keyword_parameters(in, *node, shape);
        }
        if (in.at_end()) fail(in.here(), "'" + std::string(token.text) + "' needs an argument");
        if (shape.star_argument && in.peek().kind == TokenKind::Operator && in.peek().text == "*") {
          node->children.push_back(make(SyntaxKind::String, in.next().range, "*"));
          node->range.end = node->children.back()->range.end;
          return node;
        }
        const TokenStream* outer_barrier = colon_barrier_;
        if (shape.argument_stops_at_colon) colon_barrier_ = &in;
        node->children.push_back(expression(in, shape.argument_precedence));
        colon_barrier_ = outer_barrier;
        node->range.end = node->children.back()->range.end;
        return node;
      }
      case ShapeKind::Call:
        if (shape.optional_range) {  // `consecutivemoves quiet 2 5 (P Q)`
          range_parameter(in, *node);
          keyword_parameters(in, *node, shape);
        }
        return call(in, std::move(node), shape);
      case ShapeKind::CallOrPrefix:
        if (!in.at_end() && in.peek().kind == TokenKind::ParenGroup) return call(in, std::move(node), shape);
        if (in.at_end()) fail(in.here(), "'" + std::string(token.text) + "' needs an argument");
        node->children.push_back(expression(in, shape.argument_precedence));
        node->range.end = node->children.back()->range.end;
        return node;
      case ShapeKind::If: return if_filter(in, std::move(node));
      case ShapeKind::Iteration: return iteration(in, std::move(node), shape);
      case ShapeKind::While: return while_filter(in, std::move(node));
      case ShapeKind::Function: return function_definition(in, std::move(node));
      case ShapeKind::Dictionary: return dictionary_declaration(in, std::move(node));
      case ShapeKind::Line: return line_filter(in, std::move(node), shape);
      case ShapeKind::Echo: {
        SourceRange where = in.here();
        if (std::string error; !read_echo_head(in, *node, error, where)) fail(where, error, "write echo (s t) { … }");
        node->children.push_back(body(in));
        node->range.end = node->children.back()->range.end;
        return node;
      }
      case ShapeKind::Imagine: {
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
      case ShapeKind::Infix:
        fail(token.range, "'" + std::string(token.text) + "' needs a filter on its left");
      case ShapeKind::Header:
        fail(token.range, "'cql( … )' must come first in the query");
    }
    return node;
  }

  // `line [words] [range] [words] --> C1 [q] --> C2 [q] …` (grammar/line_syntax.h).
  SyntaxPtr line_filter(TokenStream& in, SyntaxPtr node, const KeywordShape& shape) {
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

  // `if C [then] T [else E]`: each part a whole filter.
  SyntaxPtr if_filter(TokenStream& in, SyntaxPtr node) {
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

  // `piece [all] $p in S BODY`: parameter "variable" names the variable; children: S, BODY.
  SyntaxPtr iteration(TokenStream& in, SyntaxPtr node, const KeywordShape& shape) {
    keyword_parameters(in, *node, shape);
    if (in.at_end() || in.peek().kind != TokenKind::Identifier) {
      fail(in.here(), "'" + node->text + "' needs a variable name", "write " + node->text + " $x in … { … }");
    }
    const Token& name = in.next();
    SyntaxParameter variable{"variable", name.range, {}};
    variable.values.push_back(make(SyntaxKind::Identifier, name.range, std::string(name.text)));
    node->parameters.push_back(std::move(variable));
    // `piece x = S` is the piece assignment, not an iteration: one argument, no body.
    if (node->text == "piece" && node->parameters.size() == 1 && !in.at_end() && in.peek().text == "=") {
      const Token& equals = in.next();
      node->parameters.push_back(SyntaxParameter{"=", equals.range, {}});
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

  // A body written in braces is exactly that block, so `piece $p in S { … } | T` is the union
  // of the iteration and T (the CQLi manual's battery functions rely on it); any other body
  // extends to the right.
  SyntaxPtr body(TokenStream& in) {
    if (in.peek().kind == TokenKind::BraceGroup) return compound(in.next());
    return expression(in, precedence::kLowest);
  }

  // `while (C) BODY`
  SyntaxPtr while_filter(TokenStream& in, SyntaxPtr node) {
    if (in.at_end() || in.peek().kind != TokenKind::ParenGroup) fail(in.here(), "'while' needs its condition in parentheses");
    node->children.push_back(group_expression(in.next(), "a condition"));
    if (in.at_end()) fail(in.here(), "'while' needs a body filter");
    node->children.push_back(body(in));
    node->range.end = node->children.back()->range.end;
    return node;
  }

  // `function Name($a $b) { BODY }`: parameter "name"; parameter "parameters" lists the names.
  SyntaxPtr function_definition(TokenStream& in, SyntaxPtr node) {
    if (in.at_end() || in.peek().kind != TokenKind::Identifier) fail(in.here(), "'function' needs a name");
    const Token& name = in.next();
    if (keywords_.find(name.text) >= 0) fail(name.range, "'" + std::string(name.text) + "' is a filter name");
    SyntaxParameter name_param{"name", name.range, {}};
    name_param.values.push_back(make(SyntaxKind::Identifier, name.range, std::string(name.text)));
    node->parameters.push_back(std::move(name_param));
    if (in.at_end() || in.peek().kind != TokenKind::ParenGroup) fail(in.here(), "expected '(' and the parameter names");
    const Token& group = in.next();
    SyntaxParameter params{"parameters", group.range, {}};
    for (const Token& p : group.children) {
      if (p.kind != TokenKind::Identifier) fail(p.range, "a function parameter must be a name");
      params.values.push_back(make(SyntaxKind::Identifier, p.range, std::string(p.text)));
    }
    node->parameters.push_back(std::move(params));
    if (in.at_end() || in.peek().kind != TokenKind::BraceGroup) fail(in.here(), "a function body is written in { … }");
    // Known from here on, so calls (and recursive calls in the body) parse as calls.
    functions_.insert(std::string(name.text));
    node->children.push_back(compound(in.next()));
    node->range.end = node->children.back()->range.end;
    return node;
  }

  // `dictionary str --> int (sum) $D`, or just `dictionary $D`. Parameters: key, value, merge
  // (absent when not written) and name, each holding one Identifier.
  SyntaxPtr dictionary_declaration(TokenStream& in, SyntaxPtr node) {
    auto word_parameter = [&](const char* name, const Token& t) {
      SyntaxParameter p{name, t.range, {}};
      p.values.push_back(make(SyntaxKind::Identifier, t.range, std::string(t.text)));
      node->parameters.push_back(std::move(p));
    };
    auto expect_word = [&](const char* what) -> const Token& {
      if (in.at_end() || in.peek().kind != TokenKind::Identifier) fail(in.here(), std::string("expected ") + what);
      return in.next();
    };
    const Token& first = expect_word("a dictionary name or its key type");
    if (!in.at_end() && in.peek().kind == TokenKind::Operator && in.peek().text == "-->") {
      in.next();
      word_parameter("key", first);
      word_parameter("value", expect_word("the value type after '-->'"));
      if (!in.at_end() && in.peek().kind == TokenKind::ParenGroup) {
        const Token& group = in.next();
        if (group.children.size() != 1 || group.children[0].kind != TokenKind::Identifier) {
          fail(group.range, "expected one merge strategy in the parentheses", "e.g. (sum), (min), (max)");
        }
        word_parameter("merge", group.children[0]);
      }
      word_parameter("name", expect_word("the dictionary name"));
    } else {
      word_parameter("name", first);
    }
    node->range.end = node->parameters.back().range.end;
    return node;
  }

  // Words after a keyword (`from S`, `all`, `diagonal`), in any order, each at most once.
  void keyword_parameters(TokenStream& in, SyntaxNode& node, const KeywordShape& shape) {
    while (!in.at_end() && shape.optional_title && in.peek().kind == TokenKind::String) {
      SyntaxParameter title{"title", in.peek().range, {}};
      title.values.push_back(string(in.next()));
      node.parameters.push_back(std::move(title));
    }
    // A parameter is a word (`from`, `o-o`) or an operator spelled in the shape (`find <--`).
    while (!in.at_end() && (in.peek().kind == TokenKind::Identifier || in.peek().kind == TokenKind::Operator)) {
      const ParameterSpec* spec = nullptr;
      for (const ParameterSpec& p : shape.parameters) {
        if (p.name == in.peek().text) spec = &p;
      }
      if (spec == nullptr) return;
      const Token& word = in.next();
      for (const SyntaxParameter& seen : node.parameters) {
        if (seen.name == spec->name) fail(word.range, "'" + std::string(spec->name) + "' is given twice");
      }
      SyntaxParameter param;
      param.name = std::string(spec->name);
      param.range = word.range;
      if (spec->takes_value) {
        if (in.at_end()) fail(in.here(), "'" + param.name + "' needs a value");
        const TokenStream* outer_barrier = colon_barrier_;
        if (shape.argument_stops_at_colon) colon_barrier_ = &in;
        param.values.push_back(expression(in, spec->value_precedence));
        colon_barrier_ = outer_barrier;
      }
      node.range.end = std::max(node.range.end, param.values.empty() ? param.range.end : param.values.back()->range.end);
      node.parameters.push_back(std::move(param));
      if (!in.at_end() && shape.optional_title && in.peek().kind == TokenKind::String) {
        SyntaxParameter title{"title", in.peek().range, {}};
        title.values.push_back(string(in.next()));
        node.parameters.push_back(std::move(title));
      }
    }
  }

  // `up 1 7 S`, `up -2 d4`: up to two integers before the argument.
  void range_parameter(TokenStream& in, SyntaxNode& node) {
    SyntaxParameter param;
    param.name = "range";
    while (param.values.size() < 2 && !in.at_end()) {
      const Token& t = in.peek();
      if (t.kind == TokenKind::Number) {
        param.values.push_back(number(in.next()));
      } else if (is_numeric_bound(in)) {
        const Token& name = in.next();
        param.values.push_back(make(SyntaxKind::Identifier, name.range, std::string(name.text)));
      } else if (t.kind == TokenKind::Operator && t.text == "-" && next_is_number(in)) {
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

  static bool next_is_number(const TokenStream& in) { return in.peek_ahead(1) == TokenKind::Number; }

  // A numeric variable as a range bound: a name assigned a number, with a filter still to come.
  bool is_numeric_bound(const TokenStream& in) const {
    const Token& t = in.peek();
    const Token* after = in.token_at(1);
    if (t.kind != TokenKind::Identifier || !numeric_names_.count(std::string(t.text)) || after == nullptr) return false;
    return after->kind != TokenKind::Operator || after->text == "-->" || after->text == "<--";
  }

  static bool looks_numeric(const SyntaxNode& value) {
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

  SyntaxPtr call(TokenStream& in, SyntaxPtr node, const KeywordShape& shape) {
    bool parenthesised = !in.at_end() && in.peek().kind == TokenKind::ParenGroup;
    if (!parenthesised && shape.min_arguments == 0) return node;
    if (!parenthesised) {
      fail(node->range, "'" + node->text + "' takes its arguments in parentheses",
           "write " + node->text + "( … )");
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

  SyntaxPtr compound(const Token& group) {
    auto node = make(SyntaxKind::Compound, group.range, "{}");
    TokenStream in(group.children, group.range);
    while (!in.at_end()) node->children.push_back(expression(in, precedence::kLowest));
    return node;
  }

  // A function argument. A variable in parentheses, `f((x))`, is passed by value (CQLi): it
  // becomes the compound `{x}` (CQL 6.1's way to write that), which the binder copies.
  SyntaxPtr call_argument(TokenStream& args) {
    bool grouped = args.peek().kind == TokenKind::ParenGroup;
    SyntaxPtr argument = expression(args, precedence::kLowest);
    if (!grouped || argument->kind != SyntaxKind::Identifier) return argument;
    auto by_value = make(SyntaxKind::Compound, argument->range, "{}");
    by_value->children.push_back(std::move(argument));
    return by_value;
  }

  // `( F )` groups one filter; `[ i ]` holds one index.
  SyntaxPtr group_expression(const Token& group, std::string_view what) {
    TokenStream in(group.children, group.range);
    if (in.at_end()) fail(group.range, "expected " + std::string(what) + " inside the brackets");
    SyntaxPtr inner = expression(in, precedence::kLowest);
    if (!in.at_end()) fail(in.peek().range, "expected only one filter inside these parentheses",
                           "use { … } to group several filters");
    return inner;
  }

  // --- the cql( … ) header ------------------------------------------------------------------
  SyntaxPtr header(TokenStream& in) {
    const Token& keyword = in.next();
    if (in.at_end() || in.peek().kind != TokenKind::ParenGroup) {
      fail(keyword.range, "'cql' must be followed by its parameters in parentheses", "write cql() for none");
    }
    const Token& group = in.next();
    auto node = make(SyntaxKind::Header, {keyword.range.begin, group.range.end}, "cql");
    TokenStream params(group.children, group.range);
    while (!params.at_end()) node->parameters.push_back(header_parameter(params, group.range));
    return node;
  }

  SyntaxParameter header_parameter(TokenStream& in, SourceRange group) {
    const Token& name = in.next();
    SyntaxParameter param;
    param.name = std::string(name.text);
    param.range = name.range;
    static constexpr std::array kFlags{"variations", "quiet", "silent", "mainline", "nosort"};
    static constexpr std::array kRawText{"input", "output", "result"};
    static constexpr std::array kRanges{"matchcount", "gamenumber"};
    if (name.kind == TokenKind::Identifier) {
      for (const char* flag : kFlags) if (name.text == flag) return param;
      for (const char* raw : kRawText) if (name.text == raw) { param.values.push_back(raw_word(in, group, name)); return param; }
      // `sort matchcount N [M]`: matchcount, and the output sorted by it.
      if (name.text == "sort" && !in.at_end() && in.peek().text == "matchcount") {
        param.name = "sort matchcount";
        param.range.end = in.next().range.end;
      }
      for (const char* r : kRanges) {
        if (name.text != r && !(param.name == "sort matchcount" && std::string_view(r) == "matchcount")) continue;
        while (param.values.size() < 2 && !in.at_end() && in.peek().kind == TokenKind::Number) {
          param.values.push_back(number(in.next()));
        }
        if (param.values.empty()) fail(in.here(), "'" + param.name + "' needs one or two numbers");
        return param;
      }
      if (name.text == "matchstring") {
        if (in.at_end() || in.peek().kind != TokenKind::String) fail(in.here(), "'matchstring' needs a string");
        param.values.push_back(string(in.next()));
        return param;
      }
    }
    std::string hint = "known parameters: input, output, matchcount, gamenumber, variations, quiet, silent, matchstring, result";
    fail(name.range, "unknown cql() parameter '" + std::string(name.text) + "'", hint);
  }

  // A file name or result is written bare (`input games.pgn`): take the raw text to whitespace.
  SyntaxPtr raw_word(TokenStream& in, SourceRange group, const Token& name) {
    if (in.at_end()) fail(in.here(), "'" + std::string(name.text) + "' needs a value");
    std::uint32_t begin = in.peek().range.begin;
    const std::string& text = file_.text();
    std::uint32_t end = begin;
    if (in.peek().kind == TokenKind::String) {
      SyntaxPtr value = string(in.next());
      return value;
    }
    while (end < group.end - 1 && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    in.skip_until(end);
    return make(SyntaxKind::String, {begin, end}, text.substr(begin, end - begin));
  }

  const SourceFile& file_;
  const KeywordTable& keywords_;
  Diagnostics& diagnostics_;
  int depth_ = 0;
  int height_ = 0;  // tree levels above the expression being parsed (see deepen)
  // The token stream whose top-level `:` ends the argument being parsed (see
  // KeywordShape::argument_stops_at_colon); groups have streams of their own.
  const TokenStream* colon_barrier_ = nullptr;
  const TokenStream* line_barrier_ = nullptr;  // the stream of the line constituent being read
  std::set<std::string> functions_;  // functions defined so far: `Name(` is a call
  // Variables assigned a number so far (`n = 3`, `n = x + 1`): such a name may stand as a range
  // bound (`find n check`, CQL's "numeric variable as a range element").
  std::set<std::string> numeric_names_;
};

}  // namespace

std::optional<SyntaxTree> parse_query(const SourceFile& file, const KeywordTable& keywords, Diagnostics& diagnostics,
                                      const std::set<std::string>* functions) {
  std::vector<Token> tokens;
  if (!tokenize(file, tokens, diagnostics)) return std::nullopt;
  try {
    Lowering lowering(file, keywords, diagnostics);
    if (functions) lowering.know_functions(*functions);
    return lowering.lower(tokens);
  } catch (const ParseAbort&) {
    return std::nullopt;
  }
}

}  // namespace quarry::grammar
