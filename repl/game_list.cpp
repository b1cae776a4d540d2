// Loading a PGN file into the session, and getting one game back as a tree.
#include "repl/game_list.h"

#include "chess/pgn_writer.h"

namespace quarry::repl {
namespace {

std::string tag_or_empty(const chess::Game& game, std::string_view name) {
  const std::string* value = game.tag(name);
  return value == nullptr || *value == "?" ? std::string() : *value;
}

}  // namespace

std::string game_summary(const chess::Game& game) {
  std::string white = tag_or_empty(game, "White"), black = tag_or_empty(game, "Black");
  std::string summary = white.empty() && black.empty() ? std::string() : (white.empty() ? "?" : white) + " - " + (black.empty() ? "?" : black);
  std::string event = tag_or_empty(game, "Event");
  std::string date = tag_or_empty(game, "Date");
  std::string year = date.size() >= 4 && date.substr(0, 4) != "????" ? date.substr(0, 4) : std::string();
  std::string where = event + (!event.empty() && !year.empty() ? " " : "") + year;
  if (!where.empty()) summary += (summary.empty() ? "" : " ") + std::string("(") + where + ")";
  std::string result = tag_or_empty(game, "Result");
  if (!result.empty() && result != "*") summary += (summary.empty() ? "" : " ") + result;
  return summary.empty() ? std::string("(no tags)") : summary;
}

bool GameList::load(const std::string& path, std::string* error) {
  std::unique_ptr<chess::PgnReader> reader = chess::PgnReader::open(path, error);
  if (!reader) return false;
  std::vector<StoredGame> games;
  std::vector<chess::PgnDiagnostic> skipped;
  std::vector<chess::PgnDiagnostic> warnings;
  chess::Game game;
  chess::PgnDiagnostic diagnostic;
  std::uint64_t number = 0;
  while (true) {
    chess::PgnReader::Status status = reader->next(game, diagnostic);
    if (status == chess::PgnReader::Status::End) break;
    ++number;
    if (status == chess::PgnReader::Status::Skipped) {
      diagnostic.game_number = number;
      skipped.push_back(diagnostic);
      continue;
    }
    for (chess::PgnDiagnostic warning : reader->warnings()) {
      warning.game_number = number;
      warnings.push_back(std::move(warning));
    }
    StoredGame stored;
    stored.number = number;
    chess::write_pgn(stored.pgn, game, {});
    stored.summary = game_summary(game);
    games.push_back(std::move(stored));
  }
  if (!diagnostic.message.empty()) {
    if (error) *error = path + ": " + diagnostic.message;
    return false;
  }
  source_ = path;
  games_ = std::move(games);
  skipped_ = std::move(skipped);
  warnings_ = std::move(warnings);
  return true;
}

void GameList::load_position(const chess::Position& start) {
  chess::Game game;
  game.set_start(start);
  // The tags carry the start position through the stored text.
  game.set_tag("SetUp", "1");
  game.set_tag("FEN", start.fen());
  StoredGame stored;
  stored.number = 1;
  chess::write_pgn(stored.pgn, game, {});
  stored.summary = start.fen();
  source_.clear();
  games_.assign(1, std::move(stored));
  skipped_.clear();
}

std::optional<std::size_t> GameList::index_of_number(std::uint64_t number) const {
  for (std::size_t i = 0; i < games_.size(); ++i) {
    if (games_[i].number == number) return i;
  }
  return std::nullopt;
}

chess::Game GameList::game(std::size_t index) const {
  chess::Game game;
  chess::PgnDiagnostic diagnostic;
  std::unique_ptr<chess::PgnReader> reader = chess::PgnReader::from_string(games_[index].pgn, source_);
  // The text was written by Quarry from a game it read, so it reads back.
  reader->next(game, diagnostic);
  game.number = games_[index].number;
  return game;
}

}  // namespace quarry::repl
