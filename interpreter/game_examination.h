// Examining one game: the body at each position, with the failures a game may end in (a budget,
// the timeout, memory, Ctrl-C) caught and described. Both runners use it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chess/game.h"
#include "interpreter/context.h"
#include "interpreter/game_output.h"
#include "interpreter/query.h"
#include "interpreter/runner.h"

namespace quarry::interpreter {

struct GameExamination {
  enum class Outcome { Examined, Failed, Interrupted };
  Outcome outcome = Outcome::Examined;
  std::uint64_t matches = 0;  // matching positions (Examined)
  std::string message;        // Failed, Interrupted: the line for standard error
};

// Sizes ctx for the query and applies the run's settings (variations, secure, quiet, limits, Ctrl-C).
void configure_context(Context& ctx, const CompiledQuery& query, const RunSettings& settings);

// Evaluates the body at each position of one game (the mainline, or every position with
// variations); the matching nodes go to `matched`, in the order visited. Positions examined are
// counted in stats.positions. A failed game leaves no comments or edits in ctx.
GameExamination examine_game(const CompiledQuery& query, const RunSettings& settings, Context& ctx, const chess::Game& game,
                             const std::vector<bool>& persistent, RunStats& stats, std::vector<chess::NodeId>& matched);

// The comment written at each matching position (--matchstring); empty under quiet or silent.
std::string_view match_comment(const RunSettings& settings);

// Whether a game with this many matching positions is written (at least one, within --matchcount).
bool game_kept(const RunSettings& settings, std::uint64_t matches);

// How the run's matched games are written; `hold_all` keeps them for a run state or a merge.
OutputSettings output_settings(const RunSettings& settings, bool hold_all);

// --showmatches: the matching game's number, on standard output unless the games go there
// (RunSettings::games_on_standard_output).
void show_match(const RunSettings& settings, std::uint64_t game_number);

// --limit: true once the run has written as many games as asked.
bool limit_reached(const RunSettings& settings, const RunStats& stats);

}  // namespace quarry::interpreter
