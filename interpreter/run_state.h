// A run's mergeable state (--state-out): what `quarry merge` needs to finish several shard runs
// as one run would. The file format is versioned and documented in docs/scale.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/context.h"
#include "interpreter/game_output.h"
#include "interpreter/input_list.h"
#include "interpreter/runner.h"

namespace quarry::interpreter {

constexpr int kRunStateVersion = 2;  // 2: the query line records the command-line transforms

struct RunState {
  QuerySource query;
  ShardSpec shard;
  bool show_dictionaries = false;
  bool secure = false;
  RunStats stats;  // seconds is not kept
  std::vector<Value> variables;                  // every slot; only persistent ones are merged
  std::vector<Context::Dictionary> dictionaries;  // in declaration order
  std::vector<MatchedGame> games;                // in input order
};

// Writes atomically (temporary file, then rename). False with *error on failure.
bool write_run_state(const RunState& state, const std::string& path, std::string* error);
// Reads a state file; nullopt with *error (naming the file and what is wrong) on failure.
std::optional<RunState> read_run_state(const std::string& path, std::string* error);

}  // namespace quarry::interpreter
