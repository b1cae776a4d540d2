// The games a REPL session has loaded: kept as PGN text (a tree of positions per game would not
// fit for a large file) and parsed again when one is chosen.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chess/game.h"
#include "chess/pgn_reader.h"

namespace quarry::repl {

struct StoredGame {
  std::uint64_t number = 0;  // 1-based in the input, broken games counted (as the runner counts)
  std::string pgn;           // the game as Quarry writes it: tags, movetext, comments, variations
  std::string summary;       // "Morphy, Paul - Duke Karl … (Paris 1858) 1-0"
};

class GameList {
 public:
  // Reads every game of a PGN file. False (and *error) when the file cannot be read; broken
  // games are kept in skipped() and leave the others loaded.
  bool load(const std::string& path, std::string* error);
  // One game from a FEN: no tags, the position as its root.
  void load_position(const chess::Position& start);

  const std::string& source() const { return source_; }  // the PGN path; "" for a FEN
  std::size_t size() const { return games_.size(); }
  const StoredGame& at(std::size_t index) const { return games_[index]; }
  const std::vector<chess::PgnDiagnostic>& skipped() const { return skipped_; }
  // Games kept with part of their movetext unread (they carry a QuarryWarning tag), and repairs.
  const std::vector<chess::PgnDiagnostic>& warnings() const { return warnings_; }
  // Index of the game with that input number, nullopt when it was skipped or is out of range.
  std::optional<std::size_t> index_of_number(std::uint64_t number) const;

  // The game's tree, parsed from its stored text.
  chess::Game game(std::size_t index) const;

 private:
  std::string source_;
  std::vector<StoredGame> games_;
  std::vector<chess::PgnDiagnostic> skipped_;
  std::vector<chess::PgnDiagnostic> warnings_;
};

// "White - Black (Event Year) Result" from a game's tags, leaving out what is missing.
std::string game_summary(const chess::Game& game);

}  // namespace quarry::repl
