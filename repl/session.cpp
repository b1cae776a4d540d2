// The session's games: loading a PGN file or a FEN, choosing a game, and what the prompt shows.
#include "repl/session.h"

#include <algorithm>

#include "chess/notation.h"

namespace quarry::repl {

Session::Session(const interpreter::Registry& registry, std::ostream& out, BoardStyle style)
    : registry_(registry), out_(out), style_(style), binder_(registry, initial_file_, diagnostics_) {
  if (!interpreter::load_stdlib(stdlib_, registry_, binder_, functions_, diagnostics_)) print_new_diagnostics();
  diagnostics_shown_ = diagnostics_.all().size();
  // The user walks into variations and imaginary lines, so game-tree filters must reach them.
  ctx_.set_variations(true);
  games_.load_position(chess::Position::initial());
  enter_game(0);
}

bool Session::load_pgn(const std::string& path) {
  GameList loaded;
  std::string error;
  if (!loaded.load(path, &error)) {
    out_ << "error: " << error << "\n";
    return false;
  }
  for (const chess::PgnDiagnostic& d : loaded.skipped()) {
    out_ << path << ":" << d.line << ": game " << d.game_number << " skipped: " << d.message << "\n";
  }
  std::size_t kept_with_warnings = 0;
  std::uint64_t last_warned = 0;
  for (const chess::PgnDiagnostic& d : loaded.warnings()) {
    out_ << path << ":" << d.line << ": game " << d.game_number << ": warning: " << d.message << "\n";
    if (!d.repaired && d.game_number != last_warned) ++kept_with_warnings;
    if (!d.repaired) last_warned = d.game_number;
  }
  out_ << path << ": " << loaded.size() << (loaded.size() == 1 ? " game" : " games") << " loaded, "
       << loaded.skipped().size() << " skipped";
  if (kept_with_warnings > 0) out_ << ", " << kept_with_warnings << " kept with warnings";
  out_ << "\n";
  if (loaded.size() == 0) return false;
  games_ = std::move(loaded);
  matches_.clear();
  enter_game(0);
  out_ << "game " << games_.at(0).number << ": " << games_.at(0).summary << "\n";
  return true;
}

bool Session::load_fen(std::string_view fen) {
  std::string error;
  std::optional<chess::Position> position = chess::Position::from_fen(fen, &error);
  if (!position) {
    out_ << "error: bad FEN: " << error << "\n";
    return false;
  }
  games_.load_position(*position);
  matches_.clear();
  enter_game(0);
  return true;
}

void Session::list_games() const {
  for (std::size_t i = 0; i < games_.size(); ++i) {
    out_ << (i == game_index_ ? "* " : "  ") << games_.at(i).number << ". " << games_.at(i).summary << "\n";
  }
}

bool Session::select_game(std::uint64_t number) {
  std::optional<std::size_t> index = games_.index_of_number(number);
  if (!index) {
    out_ << "error: no game " << number << " (" << games_.size() << " loaded";
    if (!games_.skipped().empty()) out_ << ", " << games_.skipped().size() << " skipped";
    out_ << ")\n";
    return false;
  }
  enter_game(*index);
  out_ << "game " << number << ": " << games_.at(*index).summary << "\n";
  return true;
}

void Session::enter_game(std::size_t index) {
  game_index_ = index;
  game_ = games_.game(index);
  recorded_nodes_ = game_.node_count();
  ctx_.set_game(game_);
  node_ = game_.root();
}

std::string Session::describe_move(chess::NodeId node) const {
  const chess::GameNode& n = game_.node(node);
  if (n.parent == chess::kNoNode) return "start";
  const chess::Position& before = game_.node(n.parent).position;
  std::string number = std::to_string(before.fullmove_number());
  number += before.side_to_move() == chess::Color::White ? "." : "...";
  return number + chess::to_san(before, n.move, n.position);
}

void Session::announce_position() const {
  out_ << describe_move(node_);
  for (std::string comment : game_.annotations(node_).comments_after) {
    std::replace(comment.begin(), comment.end(), '\n', ' ');
    out_ << " {" << comment << "}";
  }
  if (is_imaginary(node_)) out_ << " (imaginary)";
  out_ << "\n";
}

std::string Session::prompt() const {
  const chess::Position& position = game_.node(node_).position;
  std::string where = games_.source().empty() ? "fen" : "game " + std::to_string(games_.at(game_index_).number);
  where += ", move " + std::to_string(position.fullmove_number());
  where += position.side_to_move() == chess::Color::White ? ", white" : ", black";
  if (is_imaginary(node_)) where += " (imaginary)";
  else if (!game_.is_mainline(node_)) where += " (variation)";
  return where + "> ";
}

std::vector<std::string> Session::filter_names() const {
  std::vector<std::string> names;
  for (const interpreter::FilterSpec& spec : registry_.specs()) names.emplace_back(spec.shape.name);
  return names;
}

std::vector<std::string> Session::user_names() const {
  std::vector<std::string> names(functions_.begin(), functions_.end());
  for (const interpreter::VariableInfo& v : binder_.variables()) {
    if (!v.name.empty()) names.push_back(v.name);
  }
  return names;
}

}  // namespace quarry::repl
