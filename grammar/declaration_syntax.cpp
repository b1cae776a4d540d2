// Declarations that introduce a name for the rest of the query: `function Name($a $b) { … }` and
// `dictionary [KEY --> VALUE [(MERGE)]] NAME`.
#include <string>

#include "grammar/lowering.h"

namespace quarry::grammar {

// `function Name($a $b) { BODY }`: parameter Name; parameter Parameters lists the names.
SyntaxPtr Lowering::function_definition(TokenStream& in, SyntaxPtr node) {
  if (in.at_end() || in.peek().kind != TokenKind::Identifier) fail(in.here(), "'function' needs a name");
  const Token& name = in.next();
  if (keywords_.find(name.text) >= 0) fail(name.range, "'" + std::string(name.text) + "' is a filter name");
  SyntaxParameter name_param{ParameterWord::Name, name.range, {}};
  name_param.values.push_back(make(SyntaxKind::Identifier, name.range, std::string(name.text)));
  node->parameters.push_back(std::move(name_param));
  if (in.at_end() || in.peek().kind != TokenKind::ParenGroup) fail(in.here(), "expected '(' and the parameter names");
  const Token& group = in.next();
  SyntaxParameter params{ParameterWord::Parameters, group.range, {}};
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

// `dictionary str --> int (sum) $D`, or just `dictionary $D`. Parameters: Key, Value, Merge
// (absent when not written) and Name, each holding one Identifier.
SyntaxPtr Lowering::dictionary_declaration(TokenStream& in, SyntaxPtr node) {
  auto word_parameter = [&](ParameterWord word, const Token& t) {
    SyntaxParameter p{word, t.range, {}};
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
    word_parameter(ParameterWord::Key, first);
    word_parameter(ParameterWord::Value, expect_word("the value type after '-->'"));
    if (!in.at_end() && in.peek().kind == TokenKind::ParenGroup) {
      const Token& group = in.next();
      if (group.children.size() != 1 || group.children[0].kind != TokenKind::Identifier) {
        fail(group.range, "expected one merge strategy in the parentheses", "e.g. (sum), (min), (max)");
      }
      word_parameter(ParameterWord::Merge, group.children[0]);
    }
    word_parameter(ParameterWord::Name, expect_word("the dictionary name"));
  } else {
    word_parameter(ParameterWord::Name, first);
  }
  node->range.end = node->parameters.back().range.end;
  return node;
}

}  // namespace quarry::grammar
