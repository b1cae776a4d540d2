// One tag pair as the PGN writer writes it: "[Name \"value\"]" and a line end, into a buffer.
#pragma once

#include <cstddef>

#include "chess/game.h"

namespace quarry::chess {

// The most a tag line takes: "[", the name (or "_"), " \"", the value with every character
// escaped, "\"]\n".
inline std::size_t tag_line_bound(const Tag& tag) { return tag.name.size() + 2 * tag.value.size() + 8; }

// A tag is one line: a control character in the value (a newline from settag would start a
// forged tag line) becomes a space, and a name keeps only the characters a tag name may have.
// Written at `to`, which has room for tag_line_bound characters; returns the end.
char* write_tag(char* to, const Tag& tag);

}  // namespace quarry::chess
