// The `cql( … )` header that may open a query: flags, file names written bare, ranges, a string.
#include <array>
#include <cctype>
#include <string>

#include "grammar/lowering.h"

namespace quarry::grammar {

SyntaxPtr Lowering::header(TokenStream& in) {
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

SyntaxParameter Lowering::header_parameter(TokenStream& in, SourceRange group) {
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
SyntaxPtr Lowering::raw_word(TokenStream& in, SourceRange group, const Token& name) {
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

}  // namespace quarry::grammar
