// Comment text as the PGN writer writes it: as it can be read back unchanged, or compacted.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace quarry::chess {

// Whether the text can be written between braces as it is: no line end, no '}'. Every comment
// is tested (`true` inserts one per position), so a table decides each character without branches.
inline bool plain_comment(std::string_view text) {
  static constexpr auto kSpecial = [] {
    std::array<bool, 256> special{};
    special['\n'] = special['\r'] = special['}'] = true;
    return special;
  }();
  bool any = false;
  for (char c : text) any |= kSpecial[static_cast<unsigned char>(c)];
  return !any;
}

// Appends the text so that it reads back unchanged: line ends become '\n' (a lone CR would end a
// ';' comment early) and a line starting with '[' gets a space before it (a reader takes
// "[Event " at a line start inside a comment as the next game, as Quarry's does).
void append_readable_comment(std::string& out, std::string_view text);

// --compactcomments: `out` becomes the text with every run of blanks (line ends included) as one
// space, none at the ends.
void assign_compact_text(std::string& out, std::string_view text);

}  // namespace quarry::chess
