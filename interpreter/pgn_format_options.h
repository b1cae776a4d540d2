// CQLi's PGN output options (--pgnlinewidth, --elidecomments, --coalescecomments, --movenumbers…,
// --includetagpattern, --nosettag, --alwayscomment …): the settings they make and their
// registration on the command line. docs/pgn-writing.md says what each one does.
#pragma once

#include <string>
#include <vector>

#include "chess/pgn_writer.h"

namespace CLI {
class App;
}

namespace quarry::interpreter {

// How matched games are written: the writer's layout and which of the query's edits apply.
struct PgnOutputSettings {
  chess::PgnFormat format;
  bool apply_settag = true;         // --nosettag: settag changes nothing in the output
  bool apply_removetag = true;      // --noremovetag
  bool apply_removecomment = true;  // --noremovecomment
  bool smart_comments = true;       // --alwayscomment, --nosmartcomments: failing branches keep their comments
};

// What the command line gave, before it is turned into settings (the tag patterns are compiled
// then, so a bad one is reported once, as a usage error).
struct PgnFormatOptions {
  PgnOutputSettings settings;
  std::vector<std::string> include_tag_patterns;
  std::vector<std::string> exclude_tag_patterns;
};

// Registers the options on `app` (in the help's "PGN output" group); parsing fills `options`.
// A tag pattern that is no valid regular expression is refused there, as a usage error.
void add_pgn_format_options(CLI::App& app, PgnFormatOptions& options);

// The settings the parsed options make. Tag patterns are ECMAScript regular expressions searched
// for in the tag's name; a tag is written when it matches some include pattern (or none was
// given) and no exclude pattern. Patterns not checked by the options' validator may throw
// std::regex_error.
PgnOutputSettings pgn_output_settings(const PgnFormatOptions& options);

}  // namespace quarry::interpreter
