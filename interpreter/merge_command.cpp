// The merge command: read the states, check they are the shards of one run, merge, finish.
#include "interpreter/merge_command.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "interpreter/exit_status.h"
#include "interpreter/output_file.h"
#include "interpreter/run_state.h"
#include "interpreter/state_merge.h"

namespace quarry::interpreter {
namespace {

struct MergeCommand {
  std::vector<std::string> states;
  std::string output;
  bool show_dictionaries = false;
};

// The states must be every shard of one run of one query, each once.
bool check_shards(std::vector<RunState>& states, const std::vector<std::string>& paths, std::string* error) {
  const RunState& first = states.front();
  std::vector<bool> seen(first.shard.count, false);
  for (std::size_t i = 0; i < states.size(); ++i) {
    const RunState& s = states[i];
    if (s.query.name != first.query.name || s.query.text != first.query.text || s.query.extra_text != first.query.extra_text) {
      *error = paths[i] + " ran a different query than " + paths[0];
      return false;
    }
    if (s.shard.count != first.shard.count || s.shard.by_file != first.shard.by_file) {
      *error = paths[i] + " is from a different sharding than " + paths[0];
      return false;
    }
    if (seen[s.shard.index]) {
      *error = "shard " + std::to_string(s.shard.index) + " is given twice (" + paths[i] + ")";
      return false;
    }
    seen[s.shard.index] = true;
  }
  for (std::size_t k = 0; k < seen.size(); ++k) {
    if (!seen[k]) {
      *error = "shard " + std::to_string(k) + " of " + std::to_string(first.shard.count) + " is missing";
      return false;
    }
  }
  std::sort(states.begin(), states.end(), [](const RunState& a, const RunState& b) { return a.shard.index < b.shard.index; });
  return true;
}

std::optional<CompiledQuery> compile(const QuerySource& source, const Registry& registry) {
  grammar::SourceFile file(source.name, source.text);
  grammar::SourceFile extra("<command line>", source.extra_text);
  grammar::Diagnostics diagnostics;
  std::optional<CompiledQuery> query =
      compile_query(file, registry, diagnostics, source.extra_text.empty() ? nullptr : &extra,
                    {.transforms = source.transforms});
  std::fputs(diagnostics.render().c_str(), stderr);
  return query;
}

// Writes the games, runs cqlend and prints the report, as the end of a single run does.
bool finish(const CompiledQuery& query, RunState& merged, const MergeCommand& cmd, std::string* error) {
  std::unique_ptr<OutputFile> output = OutputFile::open(cmd.output, error);
  if (!output) return false;
  order_matched_games(query.sorts, merged.games);
  for (const MatchedGame& g : merged.games) output->write(g.text);
  Context ctx;
  prepare_context(ctx, query);
  ctx.set_secure(merged.secure);
  for (std::size_t i = 0; i < merged.variables.size(); ++i) ctx.variable(static_cast<int>(i)) = merged.variables[i];
  for (std::size_t i = 0; i < merged.dictionaries.size(); ++i) ctx.dictionary(static_cast<int>(i)) = std::move(merged.dictionaries[i]);
  run_end_blocks(query, ctx);
  std::fputs(final_report(query, ctx, cmd.show_dictionaries || merged.show_dictionaries).c_str(), stdout);
  return output->commit(error);
}

}  // namespace

int run_merge(int argc, char** argv, const Registry& registry) {
  auto start = std::chrono::steady_clock::now();
  CLI::App app{"quarry merge: combines the states of shard runs (--state-out) into the result of one run", "quarry merge"};
  MergeCommand cmd;
  app.add_option("states", cmd.states, "state files written by --state-out, one per shard")->required();
  app.add_option("-o,--output", cmd.output, "PGN file for the matched games (- for standard output)")->required();
  app.add_flag("--showdictionaries", cmd.show_dictionaries, "print every dictionary after the merge");
  try {
    app.parse(argc - 1, argv + 1);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : kExitUsage;
  }
  std::string error;
  std::vector<RunState> states;
  for (const std::string& path : cmd.states) {
    std::optional<RunState> state = read_run_state(path, &error);
    if (!state) {
      std::fprintf(stderr, "quarry merge: %s\n", error.c_str());
      return kExitIo;
    }
    states.push_back(std::move(*state));
  }
  if (!check_shards(states, cmd.states, &error)) {
    std::fprintf(stderr, "quarry merge: %s\n", error.c_str());
    return kExitUsage;
  }
  std::optional<CompiledQuery> query = compile(states.front().query, registry);
  if (!query) return kExitQueryError;
  RunState merged = std::move(states.front());
  for (std::size_t i = 1; i < states.size(); ++i) {
    if (!merge_run_state(*query, merged, std::move(states[i]), &error)) {
      std::fprintf(stderr, "quarry merge: %s\n", error.c_str());
      return kExitIo;
    }
  }
  bool ok = finish(*query, merged, cmd, &error);
  if (!ok) std::fprintf(stderr, "quarry merge: %s\n", error.c_str());
  merged.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fputs(run_summary(merged.stats).c_str(), stderr);
  if (merged.stats.input_errors > 0) {
    std::fprintf(stderr, "quarry merge: %llu inputs failed in the shards (their messages say which)\n",
                 static_cast<unsigned long long>(merged.stats.input_errors));
  }
  return ok && merged.stats.input_errors == 0 ? 0 : kExitIo;
}

}  // namespace quarry::interpreter
