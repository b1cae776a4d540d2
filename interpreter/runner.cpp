// Game loop: for each game, each position (mainline, or all with variations), evaluate the body.
#include "interpreter/runner.h"

#include <chrono>
#include <cstdio>
#include <new>
#include <stdexcept>
#include <unistd.h>

#include "chess/pgn_reader.h"
#include "interpreter/game_output.h"
#include "interpreter/output_file.h"

namespace quarry::interpreter {
namespace {

using Clock = std::chrono::steady_clock;

class ProgressLine {
 public:
  explicit ProgressLine(bool enabled) : enabled_(enabled && ::isatty(2)), start_(Clock::now()), last_(start_) {}
  void update(const RunStats& stats) {
    if (!enabled_ || (stats.games_read & 1023) != 0) return;
    auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(500)) return;
    last_ = now;
    double seconds = std::chrono::duration<double>(now - start_).count();
    std::fprintf(stderr, "\rquarry: %llu games, %llu matched, %.0f games/s ", static_cast<unsigned long long>(stats.games_read),
                 static_cast<unsigned long long>(stats.games_matched), stats.games_read / seconds);
    shown_ = true;
  }
  void finish() {
    if (shown_) std::fputs("\r\033[K", stderr);
  }

 private:
  bool enabled_;
  bool shown_ = false;
  Clock::time_point start_, last_;
};

bool result_wanted(const RunSettings& settings, const chess::Game& game) {
  if (settings.results.empty()) return true;
  const std::string* tag = game.tag("Result");
  std::string result = tag ? *tag : game.result();
  for (const std::string& r : settings.results) if (r == result) return true;
  return false;
}

// Evaluates the body at each position of one game; returns the number of matching positions.
std::uint64_t examine_game(const CompiledQuery& query, const RunSettings& settings, Context& ctx,
                           const chess::Game& game, const std::vector<bool>& persistent, RunStats& stats) {
  ctx.set_game(game);
  ctx.comments().clear();
  ctx.edits().clear();
  ctx.unbind_variables(persistent);
  ctx.reset_sorts(query.sorts.size());
  std::uint64_t matches = 0;
  auto visit = [&](chess::NodeId id) {
    ctx.charge();
    ctx.set_node(id);
    ++stats.positions;
    std::size_t mark = ctx.comment_mark();
    if (query.body->match(ctx)) {
      ++matches;
      if (!settings.quiet && !settings.silent && !settings.matchstring.empty()) {
        ctx.comments().push_back({id, settings.matchstring});
      }
    } else {
      ctx.rollback_comments(mark);
    }
  };
  if (settings.variations) {
    for (chess::NodeId id : game.preorder()) visit(id);
  } else {
    for (chess::NodeId id = game.root(); id != chess::kNoNode; id = game.mainline_child(id)) visit(id);
  }
  return matches;
}

class Run {
 public:
  Run(const CompiledQuery& query, const RunSettings& settings, RunStats& stats, OutputFile* output)
      : query_(query), settings_(settings), stats_(stats), output_(query, {settings.silent}, output),
        progress_(settings.progress) {
    prepare_context(ctx_, query);
    ctx_.set_variations(settings.variations);
    ctx_.set_secure(settings.secure);
    ctx_.set_quiet(settings.quiet || settings.silent);
    ctx_.set_keep_all_best(settings.keep_all_best);
    ctx_.budget().set_limits(settings.limits);
    for (const VariableInfo& v : query.variables) persistent_.push_back(v.persistent);
  }

  // Reads one input to its end. False on an input error or a query that cannot finish.
  bool read(const std::string& input) {
    std::string error;
    auto reader = chess::PgnReader::open(input, &error);
    if (!reader) {
      std::fprintf(stderr, "quarry: %s\n", error.c_str());
      return false;
    }
    chess::PgnDiagnostic diagnostic;
    while (true) {
      chess::PgnReader::Status status = reader->next(game_, diagnostic);
      if (status == chess::PgnReader::Status::End) {
        if (diagnostic.message.empty()) return true;
        std::fprintf(stderr, "quarry: %s: %s\n", input.c_str(), diagnostic.message.c_str());
        return false;
      }
      ++stats_.games_read;
      for (const std::string& warning : diagnostic.warnings) {
        std::fprintf(stderr, "%s: game %llu: warning: %s\n", input.c_str(),
                     static_cast<unsigned long long>(stats_.games_read), warning.c_str());
      }
      if (status == chess::PgnReader::Status::Skipped) {
        ++stats_.games_skipped;
        std::fprintf(stderr, "%s:%llu: game %llu skipped: %s\n", input.c_str(),
                     static_cast<unsigned long long>(diagnostic.line),
                     static_cast<unsigned long long>(stats_.games_read), diagnostic.message.c_str());
        continue;
      }
      game_.number = stats_.games_read;
      progress_.update(stats_);
      if (!examine()) return false;
    }
  }

  void finish() {
    progress_.finish();
    output_.finish();
    run_end_blocks();
    std::fputs(final_report(query_, ctx_, settings_.show_dictionaries).c_str(), stdout);
  }

 private:
  bool examine() {
    if (settings_.gamenumber && !settings_.gamenumber->contains(static_cast<std::int64_t>(game_.number))) return true;
    if (!result_wanted(settings_, game_)) return true;
    std::uint64_t matches = 0;
    // A game the query cannot finish (a runaway while, a budget, the timeout, memory) is
    // reported and not written; the run goes on with the next game (docs/reliability.md).
    try {
      matches = examine_game(query_, settings_, ctx_, game_, persistent_, stats_);
    } catch (const std::runtime_error& e) {
      return game_failed(e.what());
    } catch (const std::bad_alloc&) {
      return game_failed("out of memory (--maxmemory)");
    } catch (const std::length_error&) {
      return game_failed("a value grew past the largest size a string or list can have");
    }
    if (matches == 0) return true;
    if (settings_.matchcount && !settings_.matchcount->contains(static_cast<std::int64_t>(matches))) return true;
    ++stats_.games_matched;
    stats_.matched_positions += matches;
    output_.add(game_, ctx_);
    return true;
  }

  bool game_failed(const char* reason) {
    ++stats_.games_failed;
    ctx_.comments().clear();
    ctx_.edits().clear();
    std::fprintf(stderr, "quarry: game %llu: error: %s; game skipped\n", static_cast<unsigned long long>(game_.number),
                 reason);
    return true;
  }

  // cqlend bodies run once, when persistent variables and dictionaries are final. There is no
  // game then: position filters see the standard initial position of an empty game.
  void run_end_blocks() {
    if (query_.end_blocks.empty()) return;
    chess::Game empty;
    ctx_.set_game(empty);
    ctx_.set_node(empty.root());
    try {
      for (const Filter* block : query_.end_blocks) block->match(ctx_);
    } catch (const std::runtime_error& e) {
      ++stats_.games_failed;
      std::fprintf(stderr, "quarry: cqlend: error: %s\n", e.what());
    } catch (const std::bad_alloc&) {
      ++stats_.games_failed;
      std::fprintf(stderr, "quarry: cqlend: error: out of memory (--maxmemory)\n");
    }
  }

  const CompiledQuery& query_;
  const RunSettings& settings_;
  RunStats& stats_;
  GameOutput output_;
  ProgressLine progress_;
  Context ctx_;
  chess::Game game_;
  std::vector<bool> persistent_;
};

}  // namespace

bool run_query(const CompiledQuery& query, const RunSettings& settings, RunStats& stats) {
  auto start = Clock::now();
  std::unique_ptr<OutputFile> output;
  std::string error;
  if (!settings.output.empty()) {
    output = OutputFile::open(settings.output, &error, settings.output_mode);
    if (!output) {
      std::fprintf(stderr, "quarry: %s\n", error.c_str());
      return false;
    }
  }
  Run run(query, settings, stats, output.get());
  bool ok = true;
  // An input that cannot be read is reported and the others still run; the run then fails.
  for (const std::string& input : settings.inputs) ok = run.read(input) && ok;
  run.finish();
  if (output && ok && !output->commit(&error)) {
    std::fprintf(stderr, "quarry: %s\n", error.c_str());
    ok = false;
  }
  stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return ok;
}

}  // namespace quarry::interpreter
