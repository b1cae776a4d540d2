// The parser's state and its parts, shared by the files that each read one syntactic shape:
// pratt_expressions.cpp (operands, prefix and infix operators), keyword_syntax.cpp (a keyword and
// its parameters, range and arguments), block_syntax.cpp (compounds, if, while, iteration, line,
// echo, imagine), declaration_syntax.cpp (function, dictionary), header_syntax.cpp (cql( … )).
// Internal to grammar/: parse_query (parser.h) is the entry point.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/keywords.h"
#include "grammar/operators.h"
#include "grammar/source.h"
#include "grammar/syntax.h"
#include "grammar/token_stream.h"

namespace quarry::grammar {

// The first error ends the parse; this unwinds the recursive descent to parse_query.
struct ParseAbort {};

class Lowering {
 public:
  Lowering(const SourceFile& file, const KeywordTable& keywords, Diagnostics& diagnostics)
      : file_(file), keywords_(keywords), diagnostics_(diagnostics) {}

  void know_functions(const std::set<std::string>& names) { functions_.insert(names.begin(), names.end()); }

  SyntaxTree lower(const std::vector<Token>& tokens);

 private:
  [[noreturn]] void fail(SourceRange range, std::string message, std::string hint = {});
  SyntaxPtr make(SyntaxKind kind, SourceRange range, std::string text = {}) const;
  static SourceRange span(const SyntaxNode& a, const SyntaxNode& b) { return {a.range.begin, b.range.end}; }

  // --- pratt_expressions.cpp: the Pratt core ---
  // Two limits keep every later recursive pass (binding, evaluation, destruction) within the
  // stack: kMaxDepth nested expressions, and kMaxHeight levels in the tree, which also counts
  // operators chained without nesting (`k & k & … & k` builds one level per operator).
  static constexpr int kMaxDepth = 400;
  static constexpr int kMaxHeight = 1000;
  void deepen(SourceRange where);
  SyntaxPtr expression(TokenStream& in, int min_power);
  SyntaxPtr index(TokenStream& in, SyntaxPtr left);
  SyntaxPtr infix_keyword(TokenStream& in, SyntaxPtr left, int id);
  SyntaxPtr infix(TokenStream& in, SyntaxPtr left, const InfixOperator& op, const Token& token);
  SyntaxPtr operand(TokenStream& in);
  SyntaxPtr number(const Token& token);
  SyntaxPtr string(const Token& token);
  SyntaxPtr piece_designator(const Token& token);
  SyntaxPtr prefix_operator(TokenStream& in, const Token& token);
  SyntaxPtr group_expression(const Token& group, std::string_view what);
  // Parses one filter at `power`; when stop_at_colon, a `:` at the level of `in` ends it
  // (otherwise the barrier in force stays).
  SyntaxPtr argument_expression(TokenStream& in, int power, bool stop_at_colon);

  // --- keyword_syntax.cpp: words, keywords by shape, their parameters and arguments ---
  SyntaxPtr word(TokenStream& in, const Token& token);
  SyntaxPtr name_or_call(TokenStream& in, const Token& token);
  SyntaxPtr keyword(TokenStream& in, const Token& token, int id);
  SyntaxPtr prefix_keyword(TokenStream& in, SyntaxPtr node, const KeywordShape& shape);
  SyntaxPtr call_or_prefix(TokenStream& in, SyntaxPtr node, const KeywordShape& shape);
  SyntaxPtr call(TokenStream& in, SyntaxPtr node, const KeywordShape& shape);
  SyntaxPtr call_argument(TokenStream& args);
  void keyword_parameters(TokenStream& in, SyntaxNode& node, const KeywordShape& shape);
  void title_parameter(TokenStream& in, SyntaxNode& node);
  void range_parameter(TokenStream& in, SyntaxNode& node);
  bool is_numeric_bound(const TokenStream& in) const;
  static bool looks_numeric(const SyntaxNode& value);

  // --- block_syntax.cpp: filters with bodies ---
  SyntaxPtr compound(const Token& group);
  SyntaxPtr body(TokenStream& in);
  SyntaxPtr if_filter(TokenStream& in, SyntaxPtr node);
  SyntaxPtr while_filter(TokenStream& in, SyntaxPtr node);
  SyntaxPtr iteration(TokenStream& in, SyntaxPtr node, const KeywordShape& shape);
  SyntaxPtr line_filter(TokenStream& in, SyntaxPtr node, const KeywordShape& shape);
  SyntaxPtr echo_filter(TokenStream& in, SyntaxPtr node);
  SyntaxPtr imagine_filter(TokenStream& in, SyntaxPtr node);

  // --- declaration_syntax.cpp: names introduced for the rest of the query ---
  SyntaxPtr function_definition(TokenStream& in, SyntaxPtr node);
  SyntaxPtr dictionary_declaration(TokenStream& in, SyntaxPtr node);

  // --- header_syntax.cpp: cql( … ) ---
  SyntaxPtr header(TokenStream& in);
  SyntaxParameter header_parameter(TokenStream& in, SourceRange group);
  SyntaxPtr raw_word(TokenStream& in, SourceRange group, const Token& name);

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

}  // namespace quarry::grammar
