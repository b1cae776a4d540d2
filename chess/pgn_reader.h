// Streaming PGN reader: splits input into games, parses tags and movetext, replays SAN into a Game.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "chess/game.h"
#include "chess/input_stream.h"

namespace quarry::chess {

// Why a game was skipped or what was wrong with a game that was kept: its number in the input,
// the line where the fault is, and the text.
struct PgnDiagnostic {
  std::uint64_t game_number = 0;
  std::uint64_t line = 0;
  std::string message;  // e.g. "illegal move 'Nf6' at 12..." or "unparseable FEN"
  // Warnings only. false: part of the game's text was not read as written (moves after junk
  // dropped, an unclosed comment, square brackets read as a variation); the game carries a
  // kWarningTag tag. true: a value was corrected (FEN castling rights, en passant square), the
  // game was read in full and is not tagged.
  bool repaired = false;
};

// The tag a kept game gets when part of its text could not be read as written; its value is the
// warning(s), joined by "; ". Queries see it with `tag "QuarryWarning"`.
inline constexpr const char* kWarningTag = "QuarryWarning";

class PgnReader {
 public:
  // Bypassed: the movetext filter said the game's moves are not needed; the game (numbered,
  // with its tags only) was read past without replaying its moves and without diagnostics.
  enum class Status { Game, Skipped, End, Bypassed };
  // Asked once per game, when its tags are read and it is known to be a game (its number is
  // games_seen() + 1): true skips the movetext (python-chess's visitor skip after the headers).
  using MovetextFilter = std::function<bool(std::uint64_t number, const Game& tags)>;

  // Reads a file; "-" reads standard input. gzip, zstd, bzip2 and xz data (known by its first
  // bytes) is decompressed as it is read. Returns nullptr and sets *error when it can't open.
  static std::unique_ptr<PgnReader> open(const std::string& path, std::string* error);
  // Reads an open stream (not closed by the reader), a byte source (compressed data is
  // decompressed as it is read: chess/input_stream.h) or an in-memory text (tests).
  PgnReader(std::FILE* stream, std::string name);
  PgnReader(std::unique_ptr<ByteSource> source, std::string name);
  static std::unique_ptr<PgnReader> from_string(std::string text, std::string name = "<string>");
  ~PgnReader();
  PgnReader(const PgnReader&) = delete;
  PgnReader& operator=(const PgnReader&) = delete;

  // Reads the next game. Game: `game` holds it. Skipped: the game was malformed, `diagnostic`
  // says why and where, and the reader has already moved past it. End: input exhausted (or a
  // read error, reported in diagnostic.message).
  // A game whose movetext breaks off (an illegal or half-written move, a bad result token, an
  // unclosed comment) is returned with the moves read before the fault and a warning; strict
  // reading skips it instead, as it skips games with square brackets in their movetext.
  Status next(Game& game, PgnDiagnostic& diagnostic);
  // Warnings about the game the last next() returned (Status::Game), at most one per kind.
  const std::vector<PgnDiagnostic>& warnings() const { return warnings_; }
  void set_strict(bool strict);
  void set_movetext_filter(MovetextFilter filter);
  // Starts over on one game's text cut from a file by PgnSplitter (its first byte on line
  // `first_line`): the threads read games so. The text is read in place, without a copy: it must
  // stay valid while next() reads it. games_seen() goes on counting.
  void read_text(std::string_view text, std::uint64_t first_line);
  // The input's first byte is on this line of its file (before the first next()).
  void start_at_line(std::uint64_t line);
  void set_nested_comments(bool nested);  // see PgnLexer::set_nested_comments
  // How the game the last next() read ended: a result outside every variation (the only end
  // that depends on the game's own text alone), the next game's first tag, or the input's end.
  enum class GameEnd : std::uint8_t { Result, NextGame, EndOfInput };
  GameEnd last_game_end() const;
  // After read_text: the bytes of the text read so far (for a game that ended on its result,
  // the end of the result token); for a game ended by the next game's first tag, where that tag
  // starts.
  std::size_t text_offset() const;

  const std::string& name() const { return name_; }
  std::uint64_t games_seen() const { return games_seen_; }
  // Bytes taken from the file so far (compressed bytes for an archive): progress reports.
  std::uint64_t file_bytes_read() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
  std::string name_;
  std::uint64_t games_seen_ = 0;
  std::vector<PgnDiagnostic> warnings_;
};

}  // namespace quarry::chess
