// The threaded run (--threads N): one reader cuts the input into the games' texts in input order
// (chess/pgn_splitter.h), N workers read, replay and examine them, and the results (PGN text,
// messages, counts, each game's share of the persistent state)
// are taken back in input order, so the run's output is the one-thread run's (docs/threads.md).
#pragma once

#include <memory>
#include <vector>

#include "interpreter/input_list.h"
#include "interpreter/output_file.h"
#include "interpreter/query.h"
#include "interpreter/run_state.h"
#include "interpreter/runner.h"

namespace quarry::interpreter {

// What run_query drives, whether one thread examines the games or several.
class GameRun {
 public:
  virtual ~GameRun() = default;
  // Reads one input to its end. False when the query cannot finish.
  virtual bool read(const ShardFile& input) = 0;
  // After the last input: waits for the games still being examined. False when the query cannot finish.
  virtual bool end_of_input() = 0;
  // Writes held games, runs cqlend, prints the report.
  virtual void finish() = 0;
  // --state-out: what a merge needs, instead of finishing.
  virtual RunState state() = 0;
};

// `query.parallel` must allow threads (an empty sequential_reason); settings.threads >= 2.
std::unique_ptr<GameRun> make_threaded_run(const CompiledQuery& query, const RunSettings& settings, RunStats& stats,
                                           OutputFile* output, const std::vector<ShardFile>& files);

}  // namespace quarry::interpreter
