// Quantifiers and arrows of the line filter, read token by token (see line_syntax.h).
#include "grammar/line_syntax.h"

#include <algorithm>
#include <memory>

namespace quarry::grammar {

namespace {

bool is_operator(const Token& t, std::string_view text) { return t.kind == TokenKind::Operator && t.text == text; }

bool is_one_char_quantifier(const Token& t) { return is_operator(t, "*") || is_operator(t, "+") || is_operator(t, "?"); }

std::optional<std::int64_t> small_number(const Token& t) {
  if (t.kind != TokenKind::Number || t.text.size() > 9) return std::nullopt;
  std::int64_t value = 0;
  for (char c : t.text) value = value * 10 + (c - '0');
  return value;
}

// `{n}` `{m,n}` `{m,}` `{,n}` `{*}` `{+}`: whether the group looks like a quantifier at all.
bool looks_like_quantifier(const Token& group) {
  if (group.kind != TokenKind::BraceGroup || group.children.empty()) return false;
  const Token& first = group.children.front();
  return first.kind == TokenKind::Number || is_operator(first, ",") ||
         (group.children.size() == 1 && is_one_char_quantifier(first));
}

LineRepeat one_char_repeat(std::string_view text) {
  if (text == "*") return {0, -1};
  if (text == "+") return {1, -1};
  return {0, 1};
}

}  // namespace

bool at_line_quantifier(const TokenStream& in) {
  if (in.at_end() || !is_one_char_quantifier(in.peek())) return false;
  if (in.peek().text == "?") return true;
  // `*` and `+` multiply and add unless no operand can follow: nothing, an arrow, or an operator
  // that cannot start one (`line --> check + >= 5` compares the line's length).
  const Token* after = in.token_at(1);
  if (after == nullptr) return true;
  if (after->kind == TokenKind::Operator) return after->text != "-" && after->text != "~" && after->text != "#";
  return after->kind == TokenKind::Identifier && (after->text == "and" || after->text == "or" || after->text == "in");
}

std::optional<LineRepeat> read_line_repeat(TokenStream& in, std::string& error, SourceRange& where) {
  if (at_line_quantifier(in)) return one_char_repeat(in.next().text);
  if (in.at_end() || !looks_like_quantifier(in.peek())) return LineRepeat{};
  const Token& group = in.next();
  where = group.range;
  const auto& parts = group.children;
  if (parts.size() == 1 && is_one_char_quantifier(parts[0])) return one_char_repeat(parts[0].text);
  LineRepeat repeat{0, -1};
  std::size_t i = 0;
  std::optional<std::int64_t> low;
  if (i < parts.size() && (low = small_number(parts[i]))) ++i;
  const bool comma = i < parts.size() && is_operator(parts[i], ",");
  if (comma) ++i;
  std::optional<std::int64_t> high;
  if (comma && i < parts.size() && (high = small_number(parts[i]))) ++i;
  if (i != parts.size() || (!low && !high)) {
    error = "malformed repetition after a line constituent";
    return std::nullopt;
  }
  if (low) repeat.min = *low;
  if (!comma) repeat.max = repeat.min;
  else if (high) repeat.max = *high;
  if (repeat.max >= 0 && repeat.max < repeat.min) {
    error = "the repetition of a line constituent is empty";
    return std::nullopt;
  }
  if (repeat.max == 0) {
    error = "a line constituent repeated at most 0 times never matches";
    return std::nullopt;
  }
  return repeat;
}

SyntaxParameter line_repeat_parameter(const LineRepeat& repeat, SourceRange range) {
  SyntaxParameter p{ParameterWord::Repeat, range, {}};
  for (std::int64_t value : {repeat.min, repeat.max}) {
    auto n = std::make_unique<SyntaxNode>();
    n->kind = SyntaxKind::Number;
    n->range = range;
    n->number = value;
    n->text = std::to_string(value);
    p.values.push_back(std::move(n));
  }
  return p;
}

namespace {

const char* const kRepeatHint = "write *, +, ?, {n}, {m,n}, {m,} or {,n}";

bool is_arrow_token(const Token& t) { return t.kind == TokenKind::Operator && is_line_arrow(t.text); }

// Whether a parenthesised group holds line constituents: an arrow at its own level, or a group
// of them first (`((C1 --> C2){2})+`). The lexer bounds the nesting this recursion follows.
bool is_line_group(const Token& t) {
  if (t.kind != TokenKind::ParenGroup || t.children.empty()) return false;
  return is_line_group(t.children.front()) || std::any_of(t.children.begin(), t.children.end(), is_arrow_token);
}

class ConstituentReader {
 public:
  ConstituentReader(SyntaxNode& node, const ParseConstituent& parse, LineSyntaxError& error)
      : node_(node), parse_(parse), error_(error) {}

  // Reads `--> C [q] --> C [q] …` up to the first token that is not an arrow; inside a group the
  // first constituent has no arrow before it (`leading_arrow` false).
  bool sequence(TokenStream& in, bool leading_arrow) {
    for (bool first = true; !in.at_end(); first = false) {
      if (!first || leading_arrow) {
        if (!is_arrow_token(in.peek())) return true;
        const Token& a = in.next();
        if (arrow_.empty()) {
          arrow_ = std::string(a.text);
          node_.parameters.push_back({a.text == "-->" ? ParameterWord::ForwardArrow : ParameterWord::BackwardArrow, a.range, {}});
        }
        if (a.text != arrow_) return fail(a.range, "the arrows of a 'line' may not be mixed", "write every arrow as " + arrow_);
        if (in.at_end()) return fail(in.here(), "expected a filter after '" + arrow_ + "'", "");
      }
      if (!(is_line_group(in.peek()) ? group(in) : filter(in))) return false;
    }
    return true;
  }

  bool found_arrow() const { return !arrow_.empty(); }

 private:
  bool fail(SourceRange where, std::string message, std::string hint) {
    error_ = {std::move(message), std::move(hint), where};
    return false;
  }

  bool group(TokenStream& in) {
    const Token& g = in.next();
    TokenStream inner(g.children, g.range);
    if (is_arrow_token(inner.peek())) {
      return fail(inner.peek().range, "a group of line constituents starts with a filter", "write (C1 --> C2)");
    }
    node_.parameters.push_back({ParameterWord::GroupOpen, g.range, {}});
    if (!sequence(inner, false)) return false;
    if (!inner.at_end()) {
      return fail(inner.peek().range, "expected '" + arrow_ + "' between the constituents of this group",
                  "write (C1 " + arrow_ + " C2); use { … } to join filters into one constituent");
    }
    SourceRange where = g.range;
    std::string message;
    std::optional<LineRepeat> repeat = read_line_repeat(in, message, where);
    if (!repeat) return fail(where, message, kRepeatHint);
    SyntaxParameter close = line_repeat_parameter(*repeat, where);
    close.word = ParameterWord::GroupClose;
    node_.parameters.push_back(std::move(close));
    node_.range.end = std::max(g.range.end, where.end);
    return true;
  }

  bool filter(TokenStream& in) {
    node_.children.push_back(parse_(in));
    SourceRange where = node_.children.back()->range;
    std::string message;
    std::optional<LineRepeat> repeat = read_line_repeat(in, message, where);
    if (!repeat) return fail(where, message, kRepeatHint);
    node_.parameters.push_back(line_repeat_parameter(*repeat, where));
    node_.range.end = std::max(node_.children.back()->range.end, where.end);
    return true;
  }

  SyntaxNode& node_;
  const ParseConstituent& parse_;
  LineSyntaxError& error_;
  std::string arrow_;
};

}  // namespace

bool read_line_constituents(TokenStream& in, SyntaxNode& node, const ParseConstituent& parse, LineSyntaxError& error) {
  ConstituentReader reader(node, parse, error);
  if (!reader.sequence(in, true)) return false;
  if (!reader.found_arrow()) {
    error = {"'line' needs its constituents after an arrow", "write line --> F1 --> F2", in.here()};
    return false;
  }
  return true;
}

}  // namespace quarry::grammar
