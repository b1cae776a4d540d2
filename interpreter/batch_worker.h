// A thread's own side of the threaded run (parallel_runner.cpp): it reads and examines a batch's
// games with its own context and renderer.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "chess/game.h"
#include "interpreter/context.h"
#include "interpreter/game_batch.h"
#include "interpreter/game_feed.h"
#include "interpreter/game_output.h"
#include "interpreter/query.h"
#include "interpreter/runner.h"

namespace quarry::interpreter {

// A worker's own context and renderer: nothing a worker writes is shared until its batch is done.
class Worker {
 public:
  // `render`: the run writes games (or keeps them); `hold`: it keeps them (MatchedGame), for a
  // sort or a run state, rather than writing them in input order (Batch::output_text).
  Worker(const CompiledQuery& query, const RunSettings& settings, bool render, bool hold,
         std::atomic<std::uint64_t>& failed_chunk);

  // Reads and examines every job of `batch`, writing its outcomes (and extras, output text).
  void examine(Batch& batch);

 private:
  void note_failed_chunk(std::uint64_t ordinal);
  void examine(const chess::Game& game, JobOutcome& outcome, JobExtras& extras, std::string& output_text);

  const CompiledQuery& query_;
  const RunSettings& settings_;
  bool render_;
  bool hold_;
  GameOutput output_;
  GameTextReader text_reader_;
  chess::Game game_;  // the game read from a text job
  RunStats stats_;    // what reading the text counted
  std::string said_;  // what reading the text said
  Context ctx_;
  std::vector<bool> persistent_;
  std::vector<chess::NodeId> matched_;
  const bool has_state_;
  std::atomic<std::uint64_t>& failed_chunk_;  // the run's, shared by its threads
};

}  // namespace quarry::interpreter
