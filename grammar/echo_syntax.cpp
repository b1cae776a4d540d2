// The head of the echo filter (see echo_syntax.h).
#include "grammar/echo_syntax.h"

#include <memory>

namespace quarry::grammar {

bool read_echo_head(TokenStream& in, SyntaxNode& node, std::string& error, SourceRange& where) {
  where = in.here();
  if (in.at_end() || in.peek().kind != TokenKind::ParenGroup) {
    error = "'echo' needs its two position variables in parentheses";
    return false;
  }
  const Token& group = in.next();
  where = group.range;
  if (group.children.size() != 2 || group.children[0].kind != TokenKind::Identifier ||
      group.children[1].kind != TokenKind::Identifier || group.children[0].text == group.children[1].text) {
    error = "'echo' needs two different variable names in its parentheses, the source and the target";
    return false;
  }
  SyntaxParameter variables{ParameterWord::Variables, group.range, {}};
  for (const Token& name : group.children) {
    auto n = std::make_unique<SyntaxNode>();
    n->kind = SyntaxKind::Identifier;
    n->range = name.range;
    n->text = std::string(name.text);
    variables.values.push_back(std::move(n));
  }
  node.parameters.push_back(std::move(variables));
  if (!in.at_end() && in.peek().kind == TokenKind::Identifier && in.peek().text == "in") {
    const Token& in_word = in.next();
    where = in_word.range;
    if (in.at_end() || in.peek().kind != TokenKind::Identifier || in.peek().text != "all") {
      error = "expected 'all' after 'in'";
      return false;
    }
    node.parameters.push_back(SyntaxParameter{ParameterWord::All, in.next().range, {}});
  }
  if (in.at_end()) {
    where = in.here();
    error = "'echo' needs a body filter";
    return false;
  }
  return true;
}

}  // namespace quarry::grammar
