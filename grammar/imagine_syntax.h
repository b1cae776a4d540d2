// The mutations of CQLi's `imagine` filter and its target: `imagine M1 M2 … : F`, where each
// mutation is `sidetomove white|black|reverse`, `swap X Y` or `piece P --> S`.
#pragma once

#include <functional>
#include <string>

#include "grammar/syntax.h"
#include "grammar/token_stream.h"

namespace quarry::grammar {

// Parses one filter from the stream at the given binding power; with stop_at_colon the filter
// ends before a `:` at its level (a mutation's value), otherwise it may contain one (the target).
using ParseFilter = std::function<SyntaxPtr(TokenStream&, int power, bool stop_at_colon)>;

// Reads the mutations after `imagine` into node.parameters (in written order, each named by its
// word with its values: SideToMove a String value, Swap two filters, Piece two filters),
// then `: F` as the node's one child. On malformed input sets `error`, `hint` and `where` and
// returns false.
bool read_imagine(TokenStream& in, SyntaxNode& node, const ParseFilter& parse, std::string& error, std::string& hint,
                  SourceRange& where);

}  // namespace quarry::grammar
