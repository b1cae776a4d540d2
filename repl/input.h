// What the REPL does with raw input text before it runs: whether a line needs a continuation
// (braces or parentheses still open) and which words complete the one being typed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace quarry::repl {

// True while `text` leaves a `{`, `(` or `[` open, or a `/* comment` unterminated. Brackets
// inside strings and comments do not count; a surplus closer never asks for more (the parser
// reports it).
bool needs_more_input(std::string_view text);

// `:find` text: a capitalised word that is not a piece designator is a PGN tag name and reads
// as `(tag "Name")`, so `White ~~ "Tal"` is a filter. Strings are left alone.
std::string tag_words_to_filters(std::string_view text);

// The words that may complete the word ending at the cursor.
struct Completion {
  std::size_t word_start = 0;           // where the word being completed begins in the line
  std::vector<std::string> candidates;  // sorted, without duplicates
};

// What completes at the end of `line` (the text before the cursor): a command name after a
// leading `:`, a path after `:load`, `:run` and `:source`, a filter name after `:help`, else a
// filter, function or variable name.
struct CompletionWords {
  std::vector<std::string> commands;  // with their leading ':'
  std::vector<std::string> filters;
  std::vector<std::string> names;     // user functions and variables
};
Completion complete(std::string_view line, const CompletionWords& words);

// Files and directories (these with a '/' after them) whose path starts with `partial`.
std::vector<std::string> complete_path(std::string_view partial);

// The longest prefix shared by every word ("" for none).
std::string common_prefix(const std::vector<std::string>& words);

}  // namespace quarry::repl
