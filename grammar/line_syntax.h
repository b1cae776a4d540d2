// The irregular pieces of `line … --> C1 --> C2 …`: its arrows and the quantifiers after a
// constituent (`*`, `+`, `?`, `{n}`, `{m,n}`, `{m,}`, `{,n}`, `{*}`, `{+}`).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "grammar/syntax.h"
#include "grammar/token_stream.h"

namespace quarry::grammar {

// How often a constituent may match in a row; max < 0 means no upper bound.
struct LineRepeat {
  std::int64_t min = 1;
  std::int64_t max = 1;
};

inline bool is_line_arrow(std::string_view text) { return text == "-->" || text == "<--"; }

// Whether the stream stands at a one-character quantifier (`*`, `+`, `?`) that ends a line
// constituent: `?` always; `*` and `+` when no operand can follow them (nothing at their level,
// an arrow, an infix operator or word). Elsewhere they multiply and add (`line --> a * b --> c`).
bool at_line_quantifier(const TokenStream& in);

// Reads the quantifier after a constituent, if one is there. On a malformed brace quantifier sets
// `error` (and `where`) and returns nullopt; with no quantifier returns {1, 1}.
std::optional<LineRepeat> read_line_repeat(TokenStream& in, std::string& error, SourceRange& where);

// The parameter Repeat recording a constituent's quantifier: two Number values, min and max
// (max -1: no bound). A `line` keyword node holds one per child, in order.
SyntaxParameter line_repeat_parameter(const LineRepeat& repeat, SourceRange range);

// Parses one constituent's filter, stopping before a line quantifier at its level.
using ParseConstituent = std::function<SyntaxPtr(TokenStream&)>;

struct LineSyntaxError {
  std::string message;
  std::string hint;
  SourceRange where;
};

// Reads `--> C1 [q] --> C2 [q] …` into `node`: one child per filter, each followed in
// node.parameters by its Repeat; the arrow is the parameter ForwardArrow or BackwardArrow. A
// parenthesised group of constituents, `(C1 --> C2)+`, is written as the parameter GroupOpen
// before its constituents and GroupClose after them, holding the group's own repeat like Repeat. False (with `error`) on
// malformed input.
bool read_line_constituents(TokenStream& in, SyntaxNode& node, const ParseConstituent& parse, LineSyntaxError& error);

}  // namespace quarry::grammar
