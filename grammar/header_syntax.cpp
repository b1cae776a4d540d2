// The `cql( … )` header that may open a query: flags, file names written bare, ranges, a string.
#include <array>
#include <cctype>
#include <optional>
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

namespace {

// The word of a header parameter, nullopt when `token` names none.
std::optional<ParameterWord> header_word(const Token& token) {
  static constexpr std::array kHeaderWords{
      ParameterWord::Variations, ParameterWord::Quiet,  ParameterWord::Silent,     ParameterWord::Mainline,
      ParameterWord::NoSort,     ParameterWord::Input,  ParameterWord::Output,     ParameterWord::Result,
      ParameterWord::MatchCount, ParameterWord::GameNumber, ParameterWord::MatchString};
  if (token.kind != TokenKind::Identifier) return std::nullopt;
  for (ParameterWord word : kHeaderWords) {
    if (spelling(word) == token.text) return word;
  }
  return std::nullopt;
}

}  // namespace

SyntaxParameter Lowering::header_parameter(TokenStream& in, SourceRange group) {
  const Token& name = in.next();
  std::optional<ParameterWord> word = header_word(name);
  SyntaxParameter param{word.value_or(ParameterWord::SortMatchCount), name.range, {}};
  // `sort matchcount N [M]`: matchcount, and the output sorted by it.
  const bool sort_matchcount = name.kind == TokenKind::Identifier && name.text == "sort" && !in.at_end() &&
                               in.peek().text == "matchcount";
  if (sort_matchcount) param.range.end = in.next().range.end;
  if (!word && !sort_matchcount) {
    std::string hint = "known parameters: input, output, matchcount, gamenumber, variations, quiet, silent, matchstring, result";
    fail(name.range, "unknown cql() parameter '" + std::string(name.text) + "'", hint);
  }
  if (param.word == ParameterWord::Input || param.word == ParameterWord::Output || param.word == ParameterWord::Result) {
    param.values.push_back(raw_word(in, group, name));
  } else if (param.word == ParameterWord::MatchCount || param.word == ParameterWord::SortMatchCount ||
             param.word == ParameterWord::GameNumber) {
    while (param.values.size() < 2 && !in.at_end() && in.peek().kind == TokenKind::Number) {
      param.values.push_back(number(in.next()));
    }
    if (param.values.empty()) fail(in.here(), "'" + std::string(param.spelling()) + "' needs one or two numbers");
  } else if (param.word == ParameterWord::MatchString) {
    if (in.at_end() || in.peek().kind != TokenKind::String) fail(in.here(), "'matchstring' needs a string");
    param.values.push_back(string(in.next()));
  }
  return param;
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
