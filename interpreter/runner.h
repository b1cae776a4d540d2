// The game runner: reads games, evaluates the query at every position, writes matching games.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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
  bool strict = false;              // skip games whose movetext breaks off (see PgnReader::next)
  // How much the PGN reader says on stderr: 1 skipped games; 2 also games kept with part of their
  // text unread (they carry a QuarryWarning tag); 3 also corrected values (FEN castling rights).
  int warn_level = 3;
};

struct RunStats {
  std::uint64_t games_read = 0;
  std::uint64_t games_matched = 0;
  std::uint64_t games_skipped = 0;  // broken games reported and skipped
  std::uint64_t games_warned = 0;   // games kept with a QuarryWarning tag (part of the text unread)
  std::uint64_t positions = 0;
  std::uint64_t matched_positions = 0;
  double seconds = 0;
};

// Runs the query. Returns false on an I/O error (input missing, output unwritable), after
// printing the reason; broken games are reported and skipped without failing the run.
bool run_query(const CompiledQuery& query, const RunSettings& settings, RunStats& stats);

}  // namespace quarry::interpreter
