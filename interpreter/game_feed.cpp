// The input loop shared by the runners, and the progress line.
#include "interpreter/game_feed.h"

#include <cstdio>
#include <unistd.h>

#include "chess/pgn_reader.h"
#include "chess/variant.h"

namespace quarry::interpreter {
namespace {

std::string megabytes(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / 1e6);
  return text;
}

std::string clock_text(double seconds) {
  auto s = static_cast<std::uint64_t>(seconds + 0.5);
  char text[32];
  std::snprintf(text, sizeof text, "%llu:%02llu:%02llu", static_cast<unsigned long long>(s / 3600),
                static_cast<unsigned long long>(s / 60 % 60), static_cast<unsigned long long>(s % 60));
  return text;
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

std::string number_text(std::uint64_t n) { return std::to_string(n); }

}  // namespace

ProgressLine::ProgressLine(bool enabled, std::uint64_t increment, const std::vector<ShardFile>& files)
    : enabled_(enabled && ::isatty(2)), increment_(increment > 0 ? increment : 1), start_(Clock::now()), last_(start_) {
  bool all_known = false;
  total_ = total_size(files, &all_known);
  if (!all_known) total_ = 0;
}

void ProgressLine::update(const RunStats& stats, std::uint64_t bytes_read) {
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

void ProgressLine::finish() {
  if (shown_) std::fputs("\r\033[K", stderr);
  shown_ = false;
}

bool GameFeed::read(const ShardFile& input, Handler& handler) {
  std::string error;
  auto reader = chess::PgnReader::open(input.path, &error);
  if (!reader) {
    handler.message("quarry: " + error + "\n");
    ++stats_.input_errors;
    return true;
  }
  reader->set_strict(settings_.strict);
  reader->set_nested_comments(settings_.nested_comments);
  const std::uint64_t ordinal_before = ordinal_;
  chess::PgnDiagnostic diagnostic;
  while (true) {
    chess::PgnReader::Status status = reader->next(game_, diagnostic);
    if (status == chess::PgnReader::Status::End) {
      bytes_done_ += reader->file_bytes_read();
      if (diagnostic.message.empty()) return true;
      ++stats_.input_errors;
      handler.message("quarry: " + input.path + ": " + diagnostic.message + "; " + number_text(ordinal_ - ordinal_before) +
                      " games read before it, the rest of the file is skipped\n");
      return true;
    }
    if (!settings_.shard.owns_game(++ordinal_)) continue;
    ++stats_.games_read;
    if (status == chess::PgnReader::Status::Skipped && settings_.skip_unknown_variants && of_unknown_variant(game_)) {
      continue;
    }
    if (status == chess::PgnReader::Status::Skipped) {
      ++stats_.games_skipped;
      handler.message(input.path + ":" + number_text(diagnostic.line) + ": game " + number_text(ordinal_) +
                      " skipped: " + diagnostic.message + "\n");
      continue;
    }
    game_.number = ordinal_;
    report_warnings(input.path, reader->warnings(), handler);
    progress_.update(stats_, bytes_done_ + reader->file_bytes_read());
    if (settings_.gamenumber && !settings_.gamenumber->contains(static_cast<std::int64_t>(game_.number))) continue;
    if (!result_wanted(settings_, game_)) continue;
    if (!handler.game(game_, input.index)) return false;
    if (handler.limit_reached()) return true;
  }
}

// Each warning once per game, as loud as --warnlevel allows; a game that lost text is counted.
void GameFeed::report_warnings(const std::string& input, const std::vector<chess::PgnDiagnostic>& warnings,
                               Handler& handler) {
  bool lost_text = false;
  for (const chess::PgnDiagnostic& w : warnings) {
    lost_text = lost_text || !w.repaired;
    if (settings_.warn_level < (w.repaired ? 3 : 2)) continue;
    handler.message(input + ":" + number_text(w.line) + ": game " + number_text(ordinal_) + ": warning: " + w.message + "\n");
  }
  if (lost_text) ++stats_.games_warned;
}

}  // namespace quarry::interpreter
