// Game loop: for each game, each position (mainline, or all with variations), evaluate the body.
#include "interpreter/runner.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "interpreter/game_examination.h"
#include "interpreter/game_feed.h"
#include "interpreter/game_output.h"
#include "interpreter/output_file.h"
#include "interpreter/parallel_runner.h"
#include "interpreter/run_state.h"

namespace quarry::interpreter {
namespace {

using Clock = std::chrono::steady_clock;

// The one-thread run: each game is examined as soon as it is read.
class Run final : public GameRun, private GameFeed::Handler {
 public:
  Run(const CompiledQuery& query, const RunSettings& settings, RunStats& stats, OutputFile* output,
      const std::vector<ShardFile>& files)
      : query_(query), settings_(settings), stats_(stats),
        output_(query, output_settings(settings, !settings.state_out.empty()), output),
        progress_(settings.progress, settings.line_increment, files), feed_(settings, stats, progress_) {
    configure_context(ctx_, query, settings);
    for (const VariableInfo& v : query.variables) persistent_.push_back(v.persistent);
  }

  bool read(const ShardFile& input) override { return feed_.read(input, *this); }
  bool end_of_input() override { return true; }
  bool limit_reached() const override { return interpreter::limit_reached(settings_, stats_); }

  void finish() override {
    progress_.finish();
    output_.finish();
    run_end_blocks(query_, ctx_);
    std::fputs(final_report(query_, ctx_, settings_.show_dictionaries).c_str(), stdout);
  }

  // --state-out: what a merge needs, instead of finishing (cqlend and the report wait for it).
  RunState state() override {
    progress_.finish();
    RunState st{settings_.query_source, settings_.shard, settings_.show_dictionaries, settings_.secure, stats_, {}, ctx_.dictionaries(),
                std::move(output_.held())};
    for (std::size_t i = 0; i < query_.variables.size(); ++i) st.variables.push_back(ctx_.variable(static_cast<int>(i)));
    return st;
  }

 private:
  void message(std::string text) override {
    progress_.finish();
    std::fputs(text.c_str(), stderr);
  }

  bool game(chess::Game& game, std::uint64_t file_index) override {
    GameExamination result = examine_game(query_, settings_, ctx_, game, persistent_, stats_, matched_);
    if (result.outcome == GameExamination::Outcome::Interrupted) {
      message(result.message);
      return false;
    }
    if (result.outcome == GameExamination::Outcome::Failed) {
      ++stats_.games_failed;
      message(result.message);
      return true;
    }
    if (!game_kept(settings_, result.matches)) return true;
    ++stats_.games_matched;
    stats_.matched_positions += result.matches;
    if (settings_.show_matches) {
      progress_.finish();
      show_match(settings_, game.number);
    }
    output_.set_file_index(file_index);
    output_.add(game, ctx_, matched_);
    if (settings_.on_game_matched) settings_.on_game_matched(game, matched_);
    return true;
  }

  const CompiledQuery& query_;
  const RunSettings& settings_;
  RunStats& stats_;
  GameOutput output_;
  ProgressLine progress_;
  GameFeed feed_;
  Context ctx_;
  std::vector<bool> persistent_;
  std::vector<chess::NodeId> matched_;  // this game's matching positions
};

// Threads when asked for and the query's state merges (docs/threads.md); else one thread, saying why.
std::unique_ptr<GameRun> make_game_run(const CompiledQuery& query, const RunSettings& settings, RunStats& stats,
                                       OutputFile* output, const std::vector<ShardFile>& files) {
  // The REPL's hook sees each game as it is examined: its runs stay on one thread.
  if (settings.threads > 1 && !settings.on_game_matched) {
    // --limit stops reading at the game that reaches it: one thread reads no further than that.
    const std::string reason = settings.limit > 0 ? "--limit stops reading at the game that reaches the limit"
                                                  : query.parallel.sequential_reason;
    if (reason.empty()) return make_threaded_run(query, settings, stats, output, files);
    std::fprintf(stderr, "quarry: note: running on one thread: %s\n", reason.c_str());
  }
  return std::make_unique<Run>(query, settings, stats, output, files);
}

// The query's tag gate when the run may pass over the games that fail it: nothing is written or
// counted for a game that does not match (game_kept), and only the evaluation limits could make
// such a game fail (a body that stops at its first test still costs a step per position).
const TagGate* tag_gate_for(const CompiledQuery& query, const RunSettings& settings) {
  if (!settings.skip_by_tags || query.tag_gate.empty()) return nullptr;
  const EvaluationLimits defaults;
  if (settings.limits.max_steps != defaults.max_steps || settings.limits.timeout_seconds != defaults.timeout_seconds) {
    return nullptr;
  }
  return &query.tag_gate;
}

}  // namespace

void run_end_blocks(const CompiledQuery& query, Context& ctx) {
  if (query.end_blocks.empty()) return;
  chess::Game empty;
  ctx.set_game(empty);
  ctx.set_node(empty.root());
  try {
    for (const Filter* block : query.end_blocks) block->match(ctx);
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "quarry: cqlend: error: %s\n", e.what());
  }
}

std::string run_summary(const RunStats& stats) {
  const std::string warned =
      stats.games_warned > 0 ? ", " + std::to_string(stats.games_warned) + " kept with warnings" : "";
  char line[320];
  std::snprintf(line, sizeof line, "quarry: %llu games read, %llu matched, %llu skipped (broken)%s in %.2f s (%.0f games/s)\n",
                static_cast<unsigned long long>(stats.games_read), static_cast<unsigned long long>(stats.games_matched),
                static_cast<unsigned long long>(stats.games_skipped), warned.c_str(), stats.seconds,
                stats.seconds > 0 ? static_cast<double>(stats.games_read) / stats.seconds : 0.0);
  return line;
}

std::string cql_summary(const RunStats& stats, const std::string& output) {
  if (stats.games_matched == 0) return "Analyzed " + std::to_string(stats.games_read) + " games\n";
  const std::string target = stats.output_failed                  ? "not written (writing " + output + " failed)"
                             : output == "-" || output == "stdout" ? "written to stdout"
                             : output.empty()                      ? "not written (--dryrun)"
                                                                   : "written to " + output;
  return std::to_string(stats.matched_positions) + " CQL matches (in " + std::to_string(stats.games_matched) +
         " games) " + target + "\n";
}

namespace {

// Reads the inputs through a run that writes into `output` (or keeps a run state). The run lives
// only in here: its GameOutput hands the games it still holds to the file when it is destroyed,
// also when an exception ends the run, so it must be gone before run_query commits or closes the
// file, which this function's scope makes sure of. Returns whether the query could finish;
// `state_written` false when the run state could not be written.
bool run_inputs(const CompiledQuery& query, const RunSettings& settings, RunStats& stats, OutputFile* output,
                bool& state_written) {
  std::vector<ShardFile> files = files_of_shard(expand_inputs(settings.inputs), settings.shard);
  std::unique_ptr<GameRun> game_run = make_game_run(query, settings, stats, output, files);
  GameRun& run = *game_run;
  bool query_ok = true;
  for (const ShardFile& file : files) {
    query_ok = run.read(file) && query_ok;
    if (limit_reached(settings, stats)) break;
  }
  query_ok = run.end_of_input() && query_ok;
  if (!settings.state_out.empty()) {
    std::string error;
    if (query_ok && !write_run_state(run.state(), settings.state_out, &error)) {
      std::fprintf(stderr, "quarry: %s\n", error.c_str());
      state_written = false;
    }
  } else {
    run.finish();
  }
  return query_ok;
}

}  // namespace

bool run_query(const CompiledQuery& query, const RunSettings& caller_settings, RunStats& stats) {
  auto start = Clock::now();
  RunSettings settings = caller_settings;
  settings.tag_gate = tag_gate_for(query, settings);
  // Outlives the run, which is run_inputs' own: the games the run still holds when it goes (an
  // exception) reach the file before it is committed or closed.
  std::unique_ptr<OutputFile> output;
  std::string error;
  if (!settings.output.empty() && settings.state_out.empty()) {
    output = OutputFile::open(settings.output, &error, settings.output_mode);
    if (!output) {
      std::fprintf(stderr, "quarry: %s\n", error.c_str());
      return false;
    }
    settings.games_on_standard_output = output->writes_standard_output();
  }
  bool state_written = true;
  const bool query_ok = run_inputs(query, settings, stats, output.get(), state_written);
  bool ok = query_ok && state_written && stats.input_errors == 0;
  // Games read before an input failed are still written; a query that cannot finish writes nothing.
  if (output && query_ok && !output->commit(&error)) {
    std::fprintf(stderr, "quarry: %s\n", error.c_str());
    stats.output_failed = true;
    ok = false;
  }
  stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return ok;
}

}  // namespace quarry::interpreter
