// The game runner: reads games, evaluates the query at every position, writes matching games.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/output_file.h"
#include "interpreter/query.h"

namespace quarry::interpreter {

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
  OutputMode output_mode = OutputMode::Replace;  // --append, --noclobber
  EvaluationLimits limits;          // --maxsteps, --timeout (per game)
};

struct RunStats {
  std::uint64_t games_read = 0;
  std::uint64_t games_matched = 0;
  std::uint64_t games_skipped = 0;  // broken games reported and skipped
  std::uint64_t games_failed = 0;   // games whose evaluation hit a limit or ran out of memory
  std::uint64_t positions = 0;
  std::uint64_t matched_positions = 0;
  double seconds = 0;
};

// Runs the query. Returns false on an I/O error (input missing, output unwritable), after
// printing the reason; broken games are reported and skipped without failing the run. A game
// whose evaluation goes past a limit or runs out of memory is reported, counted in
// games_failed and not written; the run goes on with the next game.
bool run_query(const CompiledQuery& query, const RunSettings& settings, RunStats& stats);

}  // namespace quarry::interpreter
