// Reading the run's games in input order, for the one-thread and the threaded runner alike: the
// shard's games, numbered, filtered by --gamenumber and the result, with the reader's messages
// (skipped games, warnings, inputs that fail) handed over as text in input order.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "chess/game.h"
#include "chess/pgn_reader.h"
#include "interpreter/input_list.h"
#include "interpreter/runner.h"

namespace quarry::interpreter {

// One line on a terminal: games, games/s, bytes read of the total, and the time left.
class ProgressLine {
 public:
  // Redrawn every `increment` games (--lineincrement), at most twice a second.
  ProgressLine(bool enabled, std::uint64_t increment, const std::vector<ShardFile>& files);
  void update(const RunStats& stats, std::uint64_t bytes_read);
  // Clears the line (before a message, and at the end); the next update draws it again.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  std::uint64_t increment_;
  bool shown_ = false;
  std::uint64_t total_ = 0;  // 0 when unknown (standard input)
  Clock::time_point start_, last_;
};

class GameFeed {
 public:
  // What the runner does with the games and messages.
  class Handler {
   public:
    virtual ~Handler() = default;
    // A game to examine (already numbered); the handler may take its contents. False stops the run.
    virtual bool game(chess::Game& game, std::uint64_t file_index) = 0;
    // Text for standard error, in input order (whole lines).
    virtual void message(std::string text) = 0;
    // --limit: true once enough games matched; the feed then reads no further.
    virtual bool limit_reached() const { return false; }
  };

  GameFeed(const RunSettings& settings, RunStats& stats, ProgressLine& progress)
      : settings_(settings), stats_(stats), progress_(progress) {}

  // Reads one input to its end. False when the handler stopped the run. An input that cannot be
  // opened, or fails part way (a corrupt archive), is reported and counted; the games read
  // before the failure stay, and the run goes on with the next input.
  bool read(const ShardFile& input, Handler& handler);

 private:
  void report_warnings(const std::string& input, const std::vector<chess::PgnDiagnostic>& warnings, Handler& handler);

  const RunSettings& settings_;
  RunStats& stats_;
  ProgressLine& progress_;
  chess::Game game_;
  std::uint64_t ordinal_ = 0;     // games seen in the whole input, this shard's or not
  std::uint64_t bytes_done_ = 0;  // file bytes of the inputs read to the end
};

}  // namespace quarry::interpreter
