// Writing matched games: the inserted comments (sort titles, game number, the query's comments),
// the query's edits (settag, removetag, removecomment), and the order of the output (input order,
// or by the sort filters' best values).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "chess/pgn_writer.h"
#include "interpreter/context.h"
#include "interpreter/output_file.h"
#include "interpreter/pgn_format_options.h"
#include "interpreter/query.h"

namespace quarry::interpreter {

struct OutputSettings {
  bool silent = false;  // no comments at all
  std::string match_comment;  // written at each matching position (--matchstring); "" for none
  bool hold_all = false;  // keep every matched game for a run state (--state-out), write none
  PgnOutputSettings pgn;  // layout, and which of the query's edits apply
  bool no_header = false;  // --noheader: no {Game number N} comment
  bool no_sort = false;    // --nosort: write each game as it matches, sort comments kept
  bool sort_matchcount = false;  // --sortmatchcount: most matching positions first
};

// A matched game as written, with what orders it: the sort filters' best values, then input
// order (the input file's index in the run's file list, then the game number).
struct MatchedGame {
  std::vector<std::optional<SortKey>> keys;
  std::uint64_t number = 0;
  std::uint64_t file = 0;
  std::string text;
  std::uint64_t matches = 0;  // matching positions (--sortmatchcount); not kept in a run state
};

// Puts games in output order: best first for every sort in turn (a game without a value for a
// sort after those with one), ties and unsorted queries in input order.
// With by_matchcount, the games with the most matching positions come first (--sortmatchcount).
void order_matched_games(const std::vector<SortInfo>& sorts, std::vector<MatchedGame>& games,
                         bool by_matchcount = false);

// Whether matched games are held back and written in sort order at the end (sort filters or
// --sortmatchcount, unless --nosort), rather than as they match.
inline bool games_sorted(const CompiledQuery& query, const OutputSettings& settings) {
  return (!query.sorts.empty() || settings.sort_matchcount) && !settings.no_sort;
}

class GameOutput {
 public:
  GameOutput(const CompiledQuery& query, OutputSettings settings, OutputFile* file)
      : query_(query), settings_(std::move(settings)), file_(file), writer_(settings_.pgn.format),
        as_matched_(file != nullptr && !games_sorted(query, settings_) && !settings_.hold_all),
        in_blocks_(as_matched_ && file->takes_blocks()) {}
  // Games collected for a block are handed to the file, also when an exception ends the run:
  // the file writes them as it writes what its stream holds when it is closed. So the file must
  // outlive this (run_query keeps the run in a function of its own, run_inputs, for that).
  ~GameOutput();
  GameOutput(const GameOutput&) = delete;
  GameOutput& operator=(const GameOutput&) = delete;

  // A matched game, with its matching positions and what the query recorded in ctx while
  // examining it.
  void add(const chess::Game& game, Context& ctx, std::span<const chess::NodeId> matched);
  // Writes games held back for sorting. Call once at the end.
  void finish();
  // A matched game as add() would write it, neither written nor held: the text is in the
  // writer's buffer, valid until the next game (the threaded run copies it into its batch).
  std::string_view text(const chess::Game& game, Context& ctx, std::span<const chess::NodeId> matched) {
    return render(game, ctx, matched);
  }
  // The input file the next games come from (orders games merged from file shards).
  void set_file_index(std::uint64_t file) { file_index_ = file; }
  // hold_all: the matched games, for the run state.
  std::vector<MatchedGame>& held() { return held_; }

 private:
  // The game as written, in the writer's buffer (valid until the next game); in a block: after
  // the games not yet handed to the file.
  std::string_view render(const chess::Game& game, Context& ctx, std::span<const chess::NodeId> matched);
  // Hands the games collected in the writer's buffer to the file. They are collected until they
  // fill the file's buffer (OutputFile::kWriteBuffer), so that the file writes them with no copy.
  void hand_over_games();
  // The next entry of header_ at the root, its text to fill (entries keep their memory).
  std::string& next_header(const chess::Game& game);
  // Adds the query's comments to groups_, with the match comments among them; returns the match
  // comments left for the writer to put last at their nodes.
  chess::RepeatedComment add_query_comments(Context& ctx, std::span<const chess::NodeId> matched);

  const CompiledQuery& query_;
  OutputSettings settings_;
  OutputFile* file_;
  std::vector<MatchedGame> held_;
  std::uint64_t file_index_ = 0;
  chess::PgnWriter writer_;
  // Games are written to the file as they match (no sort to wait for, no run state to hold them).
  const bool as_matched_;
  // Games written as they match are collected in the writer's buffer and handed to the file in
  // blocks (OutputFile::takes_blocks): each copied into the stream's buffer cost ~1.5% of `true`.
  const bool in_blocks_;
  std::vector<chess::InsertedComment> header_;  // sort titles and "Game number N"; the first header_used_
  std::size_t header_used_ = 0;                 // are this game's, the rest keep their memory
  std::vector<std::span<const chess::InsertedComment>> groups_;  // header_, then the query's comments
  std::vector<chess::InsertedComment> match_comments_;  // when they must go among the query's own
  chess::Game edited_;
};

// Persistent variables (not quiet) and, when asked, dictionaries, printed after the run.
std::string final_report(const CompiledQuery& query, Context& ctx, bool show_dictionaries);

}  // namespace quarry::interpreter
