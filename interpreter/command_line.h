// The command line as CQL 6.1 and CQLi take it: options with one or two dashes, in any case,
// each taking exactly its own values, and the query file anywhere among them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/pgn_format_options.h"
#include "interpreter/runner.h"

namespace CLI {
class App;
}

namespace quarry::interpreter {

struct CommandLine {
  std::string query_file;
  std::vector<std::string> inputs;
  std::string output;
  std::string append_file;  // -a FILE: the output, appended to
  std::vector<std::int64_t> matchcount;
  std::vector<std::int64_t> gamenumber;
  std::vector<std::string> cql_texts;  // each --cql, in order
  std::string matchstring;
  bool matchstring_given = false;
  bool variations = false;
  bool mainline = false;
  bool quiet = false;
  bool silent = false;
  bool parse_only = false;
  bool single_threaded = false;
  unsigned threads = 0;  // --threads; 0: every core
  PgnFormatOptions pgn;  // PGN output options (interpreter/pgn_format_options.h)
  bool no_progress = false;
  bool show_dictionaries = false;
  bool secure = false;
  bool keep_all_best = false;
  bool strict = false;
  bool nested_comments = false;  // --nestedcomments
  int warn_level = 3;
  // Runs beyond one process (docs/scale.md).
  std::string shard;
  std::string shard_by = "game";
  std::string state_out;
  // Reliability: output modes and per-game limits (docs/reliability.md).
  bool noclobber = false;
  double timeout_seconds = 0;
  std::uint64_t max_steps = EvaluationLimits{}.max_steps;
  std::optional<std::uint64_t> max_memory_mb;
  // CQLi's run and output options (docs/cli.md).
  std::optional<std::uint64_t> limit;
  std::uint64_t line_increment = 1000;
  bool show_matches = false;
  bool no_sort = false;
  bool no_header = false;
  bool sort_matchcount = false;
  bool skip_unknown_variants = false;
  bool create_directories = false;  // --createdirectories: make the output file's directories
  bool dry_run = false;             // --dryrun: name the output file, write nothing
  std::uint64_t max_open_output_files = 1;  // --maxopenoutputfiles: Quarry keeps one open
  bool binary_output = false;       // --binaryoutput: Quarry's output is always byte for byte
  std::vector<std::pair<std::string, std::string>> assignments;     // --assign VAR VALUE
  std::vector<std::pair<std::string, std::string>> variant_aliases;  // --variantalias A B
  // Filters injected into the body, as CQL's command line adds them (--player, --fen, …).
  std::vector<std::string> players, whites, blacks, events, sites, fens;
  std::string result;
  std::vector<std::int64_t> year;
  bool wtm = false;
  bool btm = false;
  bool virtual_mainline = false;
  std::vector<std::string> transforms;  // --flip, --rotate90, …: in the order given
  std::vector<std::string> hhdb;        // --hhdb "KEY [TEXT]": hhdb KEY ["TEXT"]
  // CQLi's console and front-end options (docs/cli.md).
  bool ansi_colors = false;      // --ansicolors: colour the diagnostics
  bool console_unicode = true;   // --noconsoleunicode: diagnostics and --parse in ASCII
  bool license = false;          // --license: print the licence statement and stop
  bool gui = false;              // --gui: CQL 6.1's GUI protocol; accepted, changes nothing
  std::uint64_t pipe_timeout = 0;   // --pipetimeout: Quarry has no command pipe
  bool no_commit_log = false;       // --nocommitlog: accepted, changes nothing
  bool no_async_messages = false;   // --noasyncmessages: messages are already per game, in order
};

struct ParseResult {
  std::optional<CommandLine> command_line;  // nullopt: stop with `status` (help, version, error)
  int status = 0;
  std::string out;  // what to print on standard output (help, version)
  std::string err;  // what to print on standard error (the error, with a hint)
};

// Parses the arguments after the program name.
ParseResult parse_command_line(const std::vector<std::string>& args);

// Registers the main command's options on `app`, writing into `cl`.
void add_options(CLI::App& app, CommandLine& cl);

// The query text the injection options stand for (`--player K` is `player "K"`, `--wtm` is
// `wtm`, …), joined with the --cql texts; "" when there is none. False with *error on a bad value.
bool command_line_filters(const CommandLine& cl, std::string& text, std::string* error);

// Diagnostics and --parse output as --ansicolors and --noconsoleunicode ask: colours for
// "error:", "warning:", "hint:" and the caret line; ASCII instead of other characters ("…" as
// "...", the caret line moved to keep pointing at its text).
std::string console_text(const CommandLine& cl, const std::string& text);

// --assign VAR VALUE as query text: a number when VALUE is one, else a string.
std::string assignment_text(const std::vector<std::pair<std::string, std::string>>& assignments);

}  // namespace quarry::interpreter
