// Streaming PGN reader: splits input into games, parses tags and movetext, replays SAN into a Game.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "chess/game.h"

namespace quarry::chess {

// Why a game was skipped: its number in the input, the line where the fault is, and the text.
struct PgnDiagnostic {
  std::uint64_t game_number = 0;
  std::uint64_t line = 0;
  std::string message;  // e.g. "illegal move 'Nf6' at 12..." or "unparseable FEN"
  // Set with every game: what was read but looks wrong (a tag given twice, which is also what a
  // tag line cut short and merged into the next game looks like).
  std::vector<std::string> warnings;
};

class PgnReader {
 public:
  enum class Status { Game, Skipped, End };

  // Reads a file; "-" reads standard input. Returns nullptr and sets *error when it can't open.
  static std::unique_ptr<PgnReader> open(const std::string& path, std::string* error);
  // Reads an open stream (not closed by the reader) or an in-memory text (tests).
  PgnReader(std::FILE* stream, std::string name);
  static std::unique_ptr<PgnReader> from_string(std::string text, std::string name = "<string>");
  ~PgnReader();
  PgnReader(const PgnReader&) = delete;
  PgnReader& operator=(const PgnReader&) = delete;

  // Reads the next game. Game: `game` holds it. Skipped: the game was malformed, `diagnostic`
  // says why and where, and the reader has already moved past it. End: input exhausted (or a
  // read error, reported in diagnostic.message).
  Status next(Game& game, PgnDiagnostic& diagnostic);

  const std::string& name() const { return name_; }
  std::uint64_t games_seen() const { return games_seen_; }

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
  std::string name_;
  std::uint64_t games_seen_ = 0;
};

}  // namespace quarry::chess
