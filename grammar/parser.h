// Parsing a CQL query text into a syntax tree.
#pragma once

#include <optional>
#include <set>
#include <string>

#include "grammar/keywords.h"
#include "grammar/source.h"
#include "grammar/syntax.h"

namespace quarry::grammar {

// Parses `file` against the keyword table. On error, reports to `diagnostics` (the first error
// stops the parse, so a user sees one clear message) and returns nullopt.
// `functions` (optional) names functions defined elsewhere (the stdlib), so `Name(…)` is a call.
std::optional<SyntaxTree> parse_query(const SourceFile& file, const KeywordTable& keywords, Diagnostics& diagnostics,
                                      const std::set<std::string>* functions = nullptr);

// Piece-designator text (`Ka1`, `[RQ]a-h8`, `_`, `.`, `[]`) to content mask and square set.
bool decode_piece_designator(std::string_view text, std::uint16_t& mask, std::uint64_t& squares);

// Resolves escapes of a string token (with its quotes); false on an unknown escape.
bool unescape_string(std::string_view token, std::string& out, std::string& error);

}  // namespace quarry::grammar
