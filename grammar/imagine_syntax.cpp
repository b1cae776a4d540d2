// Reading `imagine M1 M2 … : F` token by token; the filters inside come from the parser.
#include "grammar/imagine_syntax.h"

#include "grammar/keywords.h"

namespace quarry::grammar {
namespace {

bool is_word(const TokenStream& in, std::string_view word) {
  return !in.at_end() && in.peek().kind == TokenKind::Identifier && in.peek().text == word;
}

bool is_operator(const TokenStream& in, std::string_view op) {
  return !in.at_end() && in.peek().kind == TokenKind::Operator && in.peek().text == op;
}

}  // namespace

bool read_imagine(TokenStream& in, SyntaxNode& node, const ParseFilter& parse, std::string& error, std::string& hint,
                  SourceRange& where) {
  auto fail = [&](std::string message, std::string advice) {
    where = in.here();
    error = std::move(message);
    hint = std::move(advice);
    return false;
  };
  auto value = [&](SyntaxParameter& p) {
    if (in.at_end() || is_operator(in, ":")) return false;
    p.values.push_back(parse(in, precedence::kSetParameter, true));
    p.range.end = p.values.back()->range.end;
    return true;
  };
  while (!in.at_end() && !is_operator(in, ":")) {
    const Token& word = in.next();
    SyntaxParameter p{ParameterWord::SideToMove, word.range, {}};
    if (word.kind != TokenKind::Identifier) {
      where = word.range;
      error = "expected a mutation of 'imagine' here";
      hint = "write sidetomove white|black|reverse, swap X Y or piece P --> S, then : F";
      return false;
    }
    if (word.text == "sidetomove") {
      if (!is_word(in, "white") && !is_word(in, "black") && !is_word(in, "reverse")) {
        return fail("'sidetomove' of 'imagine' needs white, black or reverse", "imagine sidetomove black : F");
      }
      const Token& side = in.next();
      auto text = std::make_unique<SyntaxNode>();
      text->kind = SyntaxKind::String;
      text->range = side.range;
      text->text = std::string(side.text);
      p.values.push_back(std::move(text));
      p.range.end = side.range.end;
    } else if (word.text == "swap") {
      p.word = ParameterWord::Swap;
      if (!value(p) || !value(p)) return fail("'swap' of 'imagine' needs two pieces or squares", "imagine swap Qd1 kh8 : F");
    } else if (word.text == "piece") {
      p.word = ParameterWord::Piece;
      if (!value(p)) return fail("'piece' of 'imagine' needs a piece, then --> and the squares", "imagine piece k --> e3 : F");
      if (!is_operator(in, "-->")) return fail("expected '-->' after the piece", "imagine piece k --> e3 : F");
      in.next();
      if (!value(p)) return fail("expected the squares after '-->'", "imagine piece k --> e3 : F");
    } else {
      where = word.range;
      error = "'" + std::string(word.text) + "' is not a mutation of 'imagine'";
      hint = "write sidetomove white|black|reverse, swap X Y or piece P --> S";
      return false;
    }
    node.parameters.push_back(std::move(p));
  }
  if (node.parameters.empty()) return fail("'imagine' needs at least one mutation", "imagine sidetomove black : F");
  if (!is_operator(in, ":")) return fail("'imagine' needs ': F' after its mutations", "imagine sidetomove black : mate");
  in.next();
  if (in.at_end()) return fail("expected a filter after ':'", "imagine sidetomove black : mate");
  node.children.push_back(parse(in, precedence::kColon, false));
  node.range.end = node.children.back()->range.end;
  return true;
}

}  // namespace quarry::grammar
