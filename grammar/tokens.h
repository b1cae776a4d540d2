// Token tree: the query split into tokens and bracketed groups by the PEGTL grammar (tokenizer.cpp).
// The parser (parser.cpp) lowers it into the syntax tree with operator precedence from tables.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "grammar/source.h"

namespace quarry::grammar {

enum class TokenKind : std::uint8_t {
  Number,
  String,           // text includes the quotes; escapes unresolved
  PieceDesignator,  // `Ka1`, `[RQ]a-h8`, `_`, `.`, `[]`
  Identifier,       // keywords and names alike
  Operator,
  CaptureReference, // `\1`, `\-1`, `\{name}`, `\-{name}`: a regex capture after `~~`
  BraceGroup,       // { … }
  ParenGroup,       // ( … )
  IndexGroup,       // x[ … ] written directly after an operand
};

struct Token {
  TokenKind kind = TokenKind::Identifier;
  SourceRange range;
  std::string_view text;
  std::vector<Token> children;  // group contents
};

// Splits the source into a token tree. On a lexical error (unterminated string, comment or
// group, stray character) reports one diagnostic and returns false.
bool tokenize(const SourceFile& file, std::vector<Token>& out, Diagnostics& diagnostics);

}  // namespace quarry::grammar
