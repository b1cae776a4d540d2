// The game runner: reads games, evaluates the query at every position, writes matching games.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "interpreter/game_constant.h"
#include "interpreter/input_list.h"
#include "interpreter/output_file.h"
#include "interpreter/pgn_format_options.h"
#include "interpreter/query.h"

namespace quarry::interpreter {

// The query text as the run compiled it: a run state carries it so the merge compiles the same query.
struct QuerySource {
  std::string name;        // the query file's name, or "<command line>"
  std::string text;        // its text
  std::string extra_text;  // --cql text added to a query file ("" when none)
  std::vector<std::string> transforms = {};  // command-line transforms wrapping the body (--flip, …)
};

// Everything the run needs, after the command line has overridden the query header.
struct RunSettings {
  std::vector<std::string> inputs;  // "-" = standard input
  std::string output;               // "" = write nothing; "-" = standard output
  std::optional<CountRange> matchcount;
  std::optional<CountRange> gamenumber;
  bool variations = false;
  bool quiet = false;
  bool silent = false;
  std::string matchstring = "CQL";
  std::vector<std::string> results;
  bool progress = false;            // a progress line on stderr (terminals only)
  bool show_dictionaries = false;   // print dictionaries after the run
  bool secure = false;              // refuse filters that read or write files
  bool keep_all_best = false;       // sort keeps comments at every equally best position
  bool strict = false;              // skip games whose movetext breaks off (see PgnReader::next)
  bool nested_comments = false;     // --nestedcomments: braces nest inside PGN comments
  // How much the PGN reader says on stderr: 1 skipped games; 2 also games kept with part of their
  // text unread (they carry a QuarryWarning tag); 3 also corrected values (FEN castling rights).
  int warn_level = 3;

  // Runs beyond one process (docs/scale.md).
  ShardSpec shard;                  // which games or files this run examines
  std::string state_out;            // write the mergeable state here instead of finishing the run
  QuerySource query_source;         // recorded in the state

  // The REPL's hooks: told of each game kept (after matchcount), with its matching positions in
  // the order visited; and the Ctrl-C flag, polled at every position.
  std::function<void(const chess::Game&, const std::vector<chess::NodeId>&)> on_game_matched;
  const std::atomic<bool>* interrupt = nullptr;
  OutputMode output_mode = OutputMode::Replace;  // --append, --noclobber
  EvaluationLimits limits;          // --maxsteps, --timeout (per game)
  PgnOutputSettings pgn;            // how matched games are written (--pgnlinewidth, --elidecomments …)
  // --threads: workers examining games (docs/threads.md); 1 examines them as they are read.
  unsigned threads = 1;

  // CQLi's run and output options (docs/cli.md).
  std::uint64_t limit = 0;             // --limit: stop after this many matching games (0: no limit)
  std::uint64_t line_increment = 1000;  // --lineincrement: games between progress updates
  bool show_matches = false;           // --showmatches: print each matching game's number
  bool no_sort = false;                // --nosort: write games as they match even when sorting
  bool no_header = false;              // --noheader: no {Game number N} comment
  bool sort_matchcount = false;        // --sortmatchcount: most matching positions first
  bool skip_unknown_variants = false;  // --skipunknownvariants: skip such games without a message

  // Games that fail the query's tag gate (game_constant.h) are passed over once their tags are
  // read, as games outside -g are (docs/pgn-reading.md). False reads them in full (tests compare).
  bool skip_by_tags = true;
  // Set by run_query, not by callers: the gate the readers ask, or nullptr when the run may not skip.
  const TagGate* tag_gate = nullptr;
  // Set by run_query: the games go through standard output's stream (`-o -`, `-o /dev/stdout`, `-o`
  // naming the file of `> out.pgn`), so --showmatches lines go to standard error instead.
  bool games_on_standard_output = false;
};

struct RunStats {
  std::uint64_t games_read = 0;
  std::uint64_t games_matched = 0;
  std::uint64_t games_skipped = 0;  // broken games reported and skipped
  std::uint64_t games_warned = 0;   // games kept with a QuarryWarning tag (part of the text unread)
  std::uint64_t games_failed = 0;   // games whose evaluation hit a limit or ran out of memory
  std::uint64_t positions = 0;
  std::uint64_t matched_positions = 0;
  std::uint64_t input_errors = 0;   // inputs that could not be opened or failed while read
  bool output_failed = false;       // the output could not be written (run_query said why)
  double seconds = 0;
};

// Runs the query. Returns false on an I/O error (an input missing or failing part way, the output
// unwritable), after printing the reason; the other inputs still run and the games read are
// still written. Broken games are reported and skipped without failing the run.
// With settings.state_out the run writes its mergeable state there instead of an output file,
// and leaves cqlend and the final report to `quarry merge`.
// A game whose evaluation goes past a limit or runs out of memory is reported, counted in
// games_failed and not written; the run goes on with the next game.
bool run_query(const CompiledQuery& query, const RunSettings& settings, RunStats& stats);

// cqlend bodies, once, when persistent variables and dictionaries are final. There is no game
// then: position filters see the standard initial position of an empty game.
void run_end_blocks(const CompiledQuery& query, Context& ctx);

// The summary line printed to standard error after a run (or a merge).
std::string run_summary(const RunStats& stats);
// The line CQL and CQLi print, for tools that read it: `N CQL matches (in G games) written to
// FILE` (N matching positions), or `Analyzed G games` when nothing matched.
std::string cql_summary(const RunStats& stats, const std::string& output);

}  // namespace quarry::interpreter
