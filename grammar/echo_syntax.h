// The head of the echo filter, `echo [quiet] (s t) [in all]`, read token by token.
#pragma once

#include <string>

#include "grammar/syntax.h"
#include "grammar/token_stream.h"

namespace quarry::grammar {

// Reads `(s t) [in all]` after `echo` and its words: stores the parameter Variables (two
// Identifier values, source then target) and, for `in all`, the parameter All. On malformed
// input sets `error` and `where` and returns false; it also fails when no body follows.
bool read_echo_head(TokenStream& in, SyntaxNode& node, std::string& error, SourceRange& where);

}  // namespace quarry::grammar
