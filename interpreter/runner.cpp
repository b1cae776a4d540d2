// Game loop: for each game, each position (mainline, or all with variations), evaluate the body.
#include "interpreter/runner.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <unistd.h>

#include "chess/pgn_reader.h"
#include "chess/pgn_writer.h"
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
  ctx.unbind_variables(persistent);
  std::uint64_t matches = 0;
  auto visit = [&](chess::NodeId id) {
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

}  // namespace

bool run_query(const CompiledQuery& query, const RunSettings& settings, RunStats& stats) {
  auto start = Clock::now();
  std::unique_ptr<OutputFile> output;
  std::string error;
  if (!settings.output.empty()) {
    output = OutputFile::open(settings.output, &error);
    if (!output) {
      std::fprintf(stderr, "quarry: %s\n", error.c_str());
      return false;
    }
  }
  Context ctx;
  ctx.resize_variables(query.variables.size());
  std::vector<bool> persistent;
  for (const VariableInfo& v : query.variables) persistent.push_back(v.persistent);
  chess::Game game;
  chess::PgnDiagnostic diagnostic;
  ProgressLine progress(settings.progress);
  std::string text;
  std::vector<chess::InsertedComment> comments;
  bool ok = true;
  for (const std::string& input : settings.inputs) {
    auto reader = chess::PgnReader::open(input, &error);
    if (!reader) {
      std::fprintf(stderr, "quarry: %s\n", error.c_str());
      ok = false;
      continue;
    }
    while (true) {
      chess::PgnReader::Status status = reader->next(game, diagnostic);
      if (status == chess::PgnReader::Status::End) {
        if (!diagnostic.message.empty()) {
          std::fprintf(stderr, "quarry: %s: %s\n", input.c_str(), diagnostic.message.c_str());
          ok = false;
        }
        break;
      }
      ++stats.games_read;
      if (status == chess::PgnReader::Status::Skipped) {
        ++stats.games_skipped;
        std::fprintf(stderr, "%s:%llu: game %llu skipped: %s\n", input.c_str(),
                     static_cast<unsigned long long>(diagnostic.line),
                     static_cast<unsigned long long>(stats.games_read), diagnostic.message.c_str());
        continue;
      }
      game.number = stats.games_read;
      progress.update(stats);
      if (settings.gamenumber && !settings.gamenumber->contains(static_cast<std::int64_t>(game.number))) continue;
      if (!result_wanted(settings, game)) continue;
      std::uint64_t matches = 0;
      try {
        matches = examine_game(query, settings, ctx, game, persistent, stats);
      } catch (const std::runtime_error& e) {
        // A query that cannot finish (a runaway while/loop) stops the run; nothing is written.
        std::fprintf(stderr, "quarry: game %llu: error: %s\n", static_cast<unsigned long long>(game.number), e.what());
        return false;
      }
      if (matches == 0) continue;
      if (settings.matchcount && !settings.matchcount->contains(static_cast<std::int64_t>(matches))) continue;
      ++stats.games_matched;
      stats.matched_positions += matches;
      if (!output) continue;
      comments.clear();
      if (!settings.silent) comments.push_back({game.root(), "Game number " + std::to_string(game.number)});
      comments.insert(comments.end(), ctx.comments().begin(), ctx.comments().end());
      text.clear();
      chess::write_pgn(text, game, comments);
      output->write(text);
    }
  }
  progress.finish();
  if (output && !output->commit(&error)) {
    std::fprintf(stderr, "quarry: %s\n", error.c_str());
    ok = false;
  }
  stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return ok;
}

}  // namespace quarry::interpreter
