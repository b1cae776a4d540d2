// A REPL session: the loaded games, where the user stands in one of them, and the query state
// (variables, functions) that every evaluated filter shares. Filters go through the same parser,
// binder and filter tree as the batch runner; only what to show differs.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "chess/game.h"
#include "grammar/source.h"
#include "grammar/syntax.h"
#include "interpreter/binder.h"
#include "interpreter/context.h"
#include "interpreter/query.h"
#include "interpreter/registry.h"
#include "repl/board.h"
#include "repl/game_list.h"

namespace quarry::repl {

// A position a `:run` matched: its game, and the way down from the root (child index at each
// ply), which survives parsing the game again.
struct MatchPosition {
  std::uint64_t game_number = 0;
  std::vector<std::uint32_t> path;
};

class Session {
 public:
  Session(const interpreter::Registry& registry, std::ostream& out, BoardStyle style);
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void set_interrupt_flag(const std::atomic<bool>* flag) { interrupt_ = flag; }

  // --- loading (session.cpp) ---------------------------------------------------------------
  bool load_pgn(const std::string& path);
  bool load_fen(std::string_view fen);
  void list_games() const;
  bool select_game(std::uint64_t number);

  // --- moving through the game (navigation.cpp) -------------------------------------------
  bool next(int count);
  bool previous(int count);
  bool go_to_ply(int ply);
  void go_to_start();
  void go_to_end();
  // With n = 0, lists the variations at the current position; else enters the n-th.
  bool enter_variation(int n);
  bool leave_variation();
  // Plays the text as SAN moves when every word is one (a move that is not in the game is
  // played on an imaginary copy); false, with nothing played, when the text is not moves.
  bool play_moves(std::string_view text);

  // --- evaluating (evaluation.cpp) --------------------------------------------------------
  void evaluate(std::string_view text);
  void show_type(std::string_view text);
  void show_board();
  bool source_file(const std::string& path);

  // --- whole-database commands (database.cpp) ----------------------------------------------
  bool find_games(std::string_view filter_text);
  bool run_query_file(const std::string& path);
  bool step_matches(std::string_view argument);

  // --- what the line editor shows ------------------------------------------------------------
  std::string prompt() const;
  std::vector<std::string> filter_names() const;
  std::vector<std::string> user_names() const;  // functions and variables defined so far
  std::ostream& out() const { return out_; }
  const interpreter::Registry& registry() const { return registry_; }
  const BoardStyle& style() const { return style_; }

 private:
  // The game the user moves in becomes `game` (a copy the session owns), at its root.
  void enter_game(std::size_t index);
  void go_to(chess::NodeId node);
  bool is_imaginary(chess::NodeId node) const { return node >= recorded_nodes_; }
  void announce_position() const;
  std::string describe_move(chess::NodeId node) const;

  // Parses and binds `text` as REPL input; nullptr after printing its diagnostics. A cql( … )
  // header is an error unless allowed (a sourced file), and then ignored.
  interpreter::FilterPtr compile(std::string_view text, std::string name, bool header_allowed = false);
  void print_new_diagnostics();
  void prepare_context();
  void print_value(const interpreter::Filter& filter);
  void print_comments();
  bool follow_path(const std::vector<std::uint32_t>& path);

  const interpreter::Registry& registry_;
  std::ostream& out_;
  BoardStyle style_;
  const std::atomic<bool>* interrupt_ = nullptr;

  // Query state shared by every input: one binder, so variables and functions persist. The
  // sources and syntax trees stay alive because function bodies point into them.
  grammar::Diagnostics diagnostics_;
  std::size_t diagnostics_shown_ = 0;
  grammar::SourceFile initial_file_{"<repl>", ""};
  interpreter::Binder binder_;
  interpreter::Stdlib stdlib_;
  std::set<std::string> functions_;
  std::vector<std::unique_ptr<grammar::SourceFile>> sources_;
  std::vector<grammar::SyntaxTree> trees_;
  std::size_t input_count_ = 0;

  interpreter::Context ctx_;
  GameList games_;
  std::size_t game_index_ = 0;
  chess::Game game_;
  chess::NodeId node_ = 0;
  std::size_t recorded_nodes_ = 1;  // nodes from here on were played in the REPL (imaginary)

  std::vector<MatchPosition> matches_;
  std::size_t next_match_ = 0;
};

}  // namespace quarry::repl
