// Game loop: for each game, each position (mainline, or all with variations), evaluate the body.
#include "interpreter/runner.h"

#include <chrono>
#include <cstdio>
#include <new>
#include <stdexcept>
#include <string>
#include <unistd.h>

#include "chess/pgn_reader.h"
#include "chess/variant.h"
#include "interpreter/game_output.h"
#include "interpreter/output_file.h"
#include "interpreter/run_state.h"

namespace quarry::interpreter {
namespace {

using Clock = std::chrono::steady_clock;

// One line on a terminal: games, games/s, bytes read of the total, and the time left; redrawn
// every `increment` games (--lineincrement), at most twice a second.
class ProgressLine {
 public:
  ProgressLine(bool enabled, std::uint64_t increment, const std::vector<ShardFile>& files)
      : enabled_(enabled && ::isatty(2)), increment_(increment > 0 ? increment : 1), start_(Clock::now()), last_(start_) {
    bool all_known = false;
    total_ = total_size(files, &all_known);
    if (!all_known) total_ = 0;
  }
  void update(const RunStats& stats, std::uint64_t bytes_read) {
    if (!enabled_ || stats.games_read % increment_ != 0) return;
    auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(500)) return;
    last_ = now;
    double seconds = std::chrono::duration<double>(now - start_).count();
    std::string line = "\rquarry: " + std::to_string(stats.games_read) + " games, " + std::to_string(stats.games_matched) +
                       " matched, " + std::to_string(static_cast<std::uint64_t>(stats.games_read / seconds)) + " games/s, " +
                       megabytes(bytes_read);
    if (total_ > 0 && bytes_read > 0 && bytes_read <= total_) {
      double left = seconds * static_cast<double>(total_ - bytes_read) / static_cast<double>(bytes_read);
      line += " of " + megabytes(total_) + ", ETA " + clock_text(left);
    }
    std::fprintf(stderr, "%s\033[K", line.c_str());
    shown_ = true;
  }
  // Clears the line (before a message, and at the end); the next update draws it again.
  void finish() {
    if (shown_) std::fputs("\r\033[K", stderr);
    shown_ = false;
  }

 private:
  static std::string megabytes(std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / 1e6);
    return text;
  }
  static std::string clock_text(double seconds) {
    auto s = static_cast<std::uint64_t>(seconds + 0.5);
    char text[32];
    std::snprintf(text, sizeof text, "%llu:%02llu:%02llu", static_cast<unsigned long long>(s / 3600),
                  static_cast<unsigned long long>(s / 60 % 60), static_cast<unsigned long long>(s % 60));
    return text;
  }
  bool enabled_;
  std::uint64_t increment_;
  bool shown_ = false;
  std::uint64_t total_ = 0;  // 0 when unknown (standard input)
  Clock::time_point start_, last_;
};

OutputSettings output_settings(const RunSettings& s) {
  OutputSettings o;
  o.silent = s.silent;
  o.hold_all = !s.state_out.empty();
  o.no_header = s.no_header;
  o.no_sort = s.no_sort;
  o.sort_matchcount = s.sort_matchcount;
  return o;
}

// A game the reader skipped because its [Variant] tag names rules Quarry does not play.
bool of_unknown_variant(const chess::Game& game) {
  const std::string* variant = game.tag("Variant");
  return variant != nullptr && !chess::variant_rules_from_name(*variant);
}

bool result_wanted(const RunSettings& settings, const chess::Game& game) {
  if (settings.results.empty()) return true;
  const std::string* tag = game.tag("Result");
  std::string result = tag ? *tag : game.result();
  for (const std::string& r : settings.results) if (r == result) return true;
  return false;
}

// Evaluates the body at each position of one game; returns the number of matching positions.
// The matching nodes go to `matched`, in the order visited.
std::uint64_t examine_game(const CompiledQuery& query, const RunSettings& settings, Context& ctx,
                           const chess::Game& game, const std::vector<bool>& persistent, RunStats& stats,
                           std::vector<chess::NodeId>& matched) {
  ctx.set_game(game);
  ctx.comments().clear();
  ctx.edits().clear();
  ctx.unbind_variables(persistent);
  ctx.reset_sorts(query.sorts.size());
  matched.clear();
  auto visit = [&](chess::NodeId id) {
    ctx.charge();
    ctx.check_interrupt();
    ctx.set_node(id);
    ++stats.positions;
    std::size_t mark = ctx.comment_mark();
    if (query.body->match(ctx)) {
      matched.push_back(id);
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
  return matched.size();
}

class Run {
 public:
  Run(const CompiledQuery& query, const RunSettings& settings, RunStats& stats, OutputFile* output,
      const std::vector<ShardFile>& files)
      : query_(query), settings_(settings), stats_(stats),
        output_(query, output_settings(settings), output),
        progress_(settings.progress, settings.line_increment, files) {
    prepare_context(ctx_, query);
    ctx_.set_variations(settings.variations);
    ctx_.set_secure(settings.secure);
    ctx_.set_quiet(settings.quiet || settings.silent);
    ctx_.set_keep_all_best(settings.keep_all_best);
    ctx_.set_interrupt_flag(settings.interrupt);
    ctx_.budget().set_limits(settings.limits);
    for (const VariableInfo& v : query.variables) persistent_.push_back(v.persistent);
  }

  // Reads one input to its end. False when the query cannot finish. An input that cannot be
  // opened, or fails part way (a corrupt archive), is reported and counted; the games read
  // before the failure stay, and the run goes on with the next input.
  bool read(const ShardFile& input) {
    std::string error;
    auto reader = chess::PgnReader::open(input.path, &error);
    if (!reader) {
      progress_.finish();
      std::fprintf(stderr, "quarry: %s\n", error.c_str());
      ++stats_.input_errors;
      return true;
    }
    reader->set_strict(settings_.strict);
    output_.set_file_index(input.index);
    const std::uint64_t ordinal_before = ordinal_;
    chess::PgnDiagnostic diagnostic;
    while (true) {
      chess::PgnReader::Status status = reader->next(game_, diagnostic);
      if (status == chess::PgnReader::Status::End) {
        bytes_done_ += reader->file_bytes_read();
        if (diagnostic.message.empty()) return true;
        progress_.finish();
        ++stats_.input_errors;
        std::fprintf(stderr, "quarry: %s: %s; %llu games read before it, the rest of the file is skipped\n",
                     input.path.c_str(), diagnostic.message.c_str(), static_cast<unsigned long long>(ordinal_ - ordinal_before));
        return true;
      }
      if (!settings_.shard.owns_game(++ordinal_)) continue;
      ++stats_.games_read;
      if (status == chess::PgnReader::Status::Skipped && settings_.skip_unknown_variants && of_unknown_variant(game_)) {
        continue;
      }
      if (status == chess::PgnReader::Status::Skipped) {
        ++stats_.games_skipped;
        progress_.finish();
        std::fprintf(stderr, "%s:%llu: game %llu skipped: %s\n", input.path.c_str(),
                     static_cast<unsigned long long>(diagnostic.line), static_cast<unsigned long long>(ordinal_),
                     diagnostic.message.c_str());
        continue;
      }
      game_.number = ordinal_;
      report_warnings(input.path, reader->warnings());
      progress_.update(stats_, bytes_done_ + reader->file_bytes_read());
      if (!examine()) return false;
      if (limit_reached()) return true;
    }
  }

  // --limit: the run stops once this many games matched.
  bool limit_reached() const { return settings_.limit > 0 && stats_.games_matched >= settings_.limit; }

  void finish() {
    progress_.finish();
    output_.finish();
    run_end_blocks(query_, ctx_);
    std::fputs(final_report(query_, ctx_, settings_.show_dictionaries).c_str(), stdout);
  }

  // --state-out: what a merge needs, instead of finishing (cqlend and the report wait for it).
  RunState state() {
    progress_.finish();
    RunState st{settings_.query_source, settings_.shard, settings_.show_dictionaries, settings_.secure, stats_, {}, ctx_.dictionaries(),
                std::move(output_.held())};
    for (std::size_t i = 0; i < query_.variables.size(); ++i) st.variables.push_back(ctx_.variable(static_cast<int>(i)));
    return st;
  }

 private:
  // Each warning once per game, as loud as --warnlevel allows; a game that lost text is counted.
  void report_warnings(const std::string& input, const std::vector<chess::PgnDiagnostic>& warnings) {
    bool lost_text = false;
    for (const chess::PgnDiagnostic& w : warnings) {
      lost_text = lost_text || !w.repaired;
      if (settings_.warn_level < (w.repaired ? 3 : 2)) continue;
      std::fprintf(stderr, "%s:%llu: game %llu: warning: %s\n", input.c_str(), static_cast<unsigned long long>(w.line),
                   static_cast<unsigned long long>(ordinal_), w.message.c_str());
    }
    if (lost_text) ++stats_.games_warned;
  }

  bool examine() {
    if (settings_.gamenumber && !settings_.gamenumber->contains(static_cast<std::int64_t>(game_.number))) return true;
    if (!result_wanted(settings_, game_)) return true;
    std::uint64_t matches = 0;
    // A game the query cannot finish (a runaway while, a budget, the timeout, memory) is
    // reported and not written; the run goes on with the next game (docs/reliability.md).
    try {
      matches = examine_game(query_, settings_, ctx_, game_, persistent_, stats_, matched_);
    } catch (const Interrupted& e) {
      // Ctrl-C in the REPL stops the whole run, not just this game.
      std::fprintf(stderr, "quarry: game %llu: %s\n", static_cast<unsigned long long>(game_.number), e.what());
      return false;
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
    if (settings_.show_matches) show_match();
    output_.add(game_, ctx_, matches);
    if (settings_.on_game_matched) settings_.on_game_matched(game_, matched_);
    return true;
  }

  // --showmatches: the game's number, on standard output unless the games go there.
  void show_match() {
    progress_.finish();
    std::FILE* to = settings_.output == "-" || settings_.output == "stdout" ? stderr : stdout;
    std::fprintf(to, "match: game %llu\n", static_cast<unsigned long long>(game_.number));
    std::fflush(to);
  }

  bool game_failed(const char* reason) {
    ++stats_.games_failed;
    ctx_.comments().clear();
    ctx_.edits().clear();
    std::fprintf(stderr, "quarry: game %llu: error: %s; game skipped\n", static_cast<unsigned long long>(game_.number),
                 reason);
    return true;
  }

  const CompiledQuery& query_;
  const RunSettings& settings_;
  RunStats& stats_;
  GameOutput output_;
  ProgressLine progress_;
  Context ctx_;
  chess::Game game_;
  std::vector<bool> persistent_;
  std::uint64_t ordinal_ = 0;     // games seen in the whole input, this shard's or not
  std::uint64_t bytes_done_ = 0;  // file bytes of the inputs read to the end
  std::vector<chess::NodeId> matched_;  // this game's matching positions
};

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
  const std::string target = output == "-" || output == "stdout" ? "written to stdout"
                             : output.empty()                     ? "not written (--dryrun)"
                                                                  : "written to " + output;
  return std::to_string(stats.matched_positions) + " CQL matches (in " + std::to_string(stats.games_matched) +
         " games) " + target + "\n";
}

bool run_query(const CompiledQuery& query, const RunSettings& settings, RunStats& stats) {
  auto start = Clock::now();
  std::unique_ptr<OutputFile> output;
  std::string error;
  if (!settings.output.empty() && settings.state_out.empty()) {
    output = OutputFile::open(settings.output, &error, settings.output_mode);
    if (!output) {
      std::fprintf(stderr, "quarry: %s\n", error.c_str());
      return false;
    }
  }
  std::vector<ShardFile> files = files_of_shard(expand_inputs(settings.inputs), settings.shard);
  Run run(query, settings, stats, output.get(), files);
  bool query_ok = true;
  for (const ShardFile& file : files) {
    query_ok = run.read(file) && query_ok;
    if (run.limit_reached()) break;
  }
  bool ok = query_ok && stats.input_errors == 0;
  if (!settings.state_out.empty()) {
    if (query_ok && !write_run_state(run.state(), settings.state_out, &error)) {
      std::fprintf(stderr, "quarry: %s\n", error.c_str());
      ok = false;
    }
  } else {
    run.finish();
    // Games read before an input failed are still written; a query that cannot finish writes nothing.
    if (output && query_ok && !output->commit(&error)) {
      std::fprintf(stderr, "quarry: %s\n", error.c_str());
      ok = false;
    }
  }
  stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return ok;
}

}  // namespace quarry::interpreter
