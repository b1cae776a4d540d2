// Lowers the token tree into the syntax tree: PEGTL has split the query into tokens and groups
// (tokenizer.cpp); a Pratt parser whose operator and keyword binding powers come from tables
// (operators.h, the registry's KeywordTable) builds the tree. Each syntactic shape has its own
// file (see lowering.h); this one holds the entry point and what they share.
#include "grammar/parser.h"

#include "grammar/lowering.h"
#include "grammar/tokens.h"

namespace quarry::grammar {

SyntaxTree Lowering::lower(const std::vector<Token>& tokens) {
  SyntaxTree tree;
  TokenStream stream(tokens, {0, static_cast<std::uint32_t>(file_.text().size())});
  if (!stream.at_end() && stream.peek().kind == TokenKind::Identifier && stream.peek().text == "cql") {
    tree.header = header(stream);
  }
  while (!stream.at_end()) tree.body.push_back(expression(stream, precedence::kLowest));
  return tree;
}

void Lowering::fail(SourceRange range, std::string message, std::string hint) {
  diagnostics_.error(file_, range, std::move(message), std::move(hint));
  throw ParseAbort{};
}

SyntaxPtr Lowering::make(SyntaxKind kind, SourceRange range, std::string text) const {
  auto node = std::make_unique<SyntaxNode>();
  node->kind = kind;
  node->range = range;
  node->text = std::move(text);
  return node;
}

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
