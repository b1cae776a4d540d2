// Reading the run's games in input order, for the one-thread and the threaded runner alike: the
// shard's games, numbered, filtered by --gamenumber and the result, with the reader's messages
// (skipped games, warnings, inputs that fail) handed over as text in input order.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/game.h"
#include "chess/pgn_reader.h"
#include "chess/pgn_splitter.h"
#include "interpreter/context.h"
#include "interpreter/input_list.h"
#include "interpreter/runner.h"

namespace quarry::interpreter {

// One line on a terminal: games, games/s, bytes read of the total, and the time left.
class ProgressLine {
 public:
  // Redrawn once `increment` more games are read (--lineincrement), at most twice a second.
  ProgressLine(bool enabled, std::uint64_t increment, const std::vector<ShardFile>& files);
  // The count is compared, not divided: the threaded run counts games as batches retire, by
  // dozens at a time, so a multiple of `increment` may never be the count when it asks.
  // `bytes_read()` (the bytes read of the inputs) is asked only for a line drawn: it calls down
  // to the file's source, once a game otherwise.
  template <typename BytesRead>
  void update(const RunStats& stats, BytesRead bytes_read) {
    if (!enabled_ || stats.games_read < next_ || !due(stats.games_read)) return;
    draw(stats, bytes_read());
  }
  // Clears the line (before a message, and at the end); the next update draws it again.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  // With `games` read, past next_: moves next_ on, and says whether half a second has passed
  // since the line was last drawn.
  bool due(std::uint64_t games);
  void draw(const RunStats& stats, std::uint64_t bytes_read);
  bool enabled_;
  std::uint64_t increment_;
  std::uint64_t next_;  // the count of games read at which the line is looked at again
  bool shown_ = false;
  std::uint64_t total_ = 0;  // 0 when unknown (standard input)
  Clock::time_point start_, last_;
};

// How a game text handed to the threads was cut from its input.
enum class TextCut : std::uint8_t {
  Exact,      // PgnSplitter::next: one game's text, as the one-thread reader reads it
  Chunk,      // PgnSplitter::next_chunk, up to a line's start: checked when read
  LastChunk,  // PgnSplitter::next_chunk, up to the end of an input read whole: checked when read
};

class SpeculativeCuts;

// A broken invariant of the threaded run's speculative cuts or its merge (a game retired out of
// input order, a failed chunk's cut not found again): said on standard error, then the run
// aborts, so that no wrong output is put in place (a regular output file is only linked in at a
// clean end). Checked in release builds too: the merge's mistakes would otherwise be silent.
[[noreturn]] void threads_internal_error(const char* what);

class GameFeed {
 public:
  class Speculation;
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
    // split() only: the text of the game numbered `ordinal` in the run's input (a game this run
    // examines, by --shard and --gamenumber), for a thread to read with read_game_text. False
    // stops the run.
    // Only a run that splits implements it; for the others no text is handed out. A copy of
    // `owner` keeps `text` valid (PgnSplitter::text_owner).
    // `cut` says whether the text is one game's (Exact) or a chunk cut speculatively, whose
    // reader checks that it holds one whole game (GameTextReader::read); chunks are handed out
    // only to a handler that offers speculation(). `lookahead`: the bytes after a chunk (Chunk)
    // that its reader reads too (PgnSplitter::next_chunk), kept valid by `owner` as `text` is.
    virtual bool game_text(std::string_view /*text*/, std::uint64_t /*first_line*/, std::uint64_t /*ordinal*/,
                           const ShardFile& /*input*/, const std::shared_ptr<char[]>& /*owner*/,
                           TextCut /*cut*/, std::size_t /*lookahead*/) {
      return false;
    }
    // split() cuts chunks only for a handler that returns its Speculation here (opting in): the
    // splitter keeps the bytes of every chunk not yet retired, so a handler must retire them.
    virtual Speculation* speculation() { return nullptr; }
  };

  // What split() needs from a handler to cut chunks speculatively (Handler::speculation).
  class Speculation {
   public:
    virtual ~Speculation() = default;
    // The ordinal of the last game text retired (its results merged): the splitter may forget
    // the bytes up to there.
    virtual std::uint64_t retired_ordinal() const = 0;
    // Retires every text handed out (or up to a chunk that failed its check). False stops the run.
    virtual bool settle() = 0;
    // Once, after a chunk failed its check at retire time: its ordinal. Nothing of it or of any
    // text handed out after it was merged, and the messages said before them are kept; split()
    // cuts the input again from that chunk's start (and the inputs after it from theirs).
    virtual std::optional<std::uint64_t> take_rewind() = 0;
  };

  GameFeed(const RunSettings& settings, RunStats& stats, ProgressLine& progress);
  ~GameFeed();

  // Reads one input to its end. False when the handler stopped the run. An input that cannot be
  // opened, or fails part way (a corrupt archive), is reported and counted; the games read
  // before the failure stay, and the run goes on with the next input.
  bool read(const ShardFile& input, Handler& handler);
  // Like read, but only finds where each game's text ends (chess/pgn_splitter.h) and hands the
  // text to the handler: the threaded run's reader. The games the run does not examine (other
  // shards', outside --gamenumber) are counted as read does, without being parsed. Without
  // --shard and --gamenumber the input is cut into chunks instead, where it can be
  // (docs/threads.md), and cut again game by game from a chunk that fails its check.
  // split() leaves an input's last chunks in flight while it cuts the next inputs (the threads
  // do not run dry at each input's end, however small the inputs): it keeps each such input
  // until its chunks retire, and after a chunk that fails cuts its input again from there, then
  // every input after it again from its start.
  bool split(const ShardFile& input, Handler& handler);
  // After the last split(): retires every chunk the kept inputs still have in flight (cutting
  // them again from one that fails). False when the handler stopped the run.
  bool settle_split(Handler& handler);

 private:
  struct InputCut;
  using InputCuts = std::deque<std::unique_ptr<InputCut>>;
  enum class CutEnd : std::uint8_t { Ended, Stopped, EarlierFailed };
  enum class Rewind : std::uint8_t { None, Current, Earlier };
  bool read_games(chess::PgnReader& reader, const ShardFile& input, std::uint64_t ordinal_before, Handler& handler);
  // Cuts the inputs of `todo` in order, each to its end (the first from where it stands), and
  // keeps those left with chunks in flight. False when the handler stopped the run.
  bool cut_in_order(InputCuts& todo, Handler& handler);
  // Cuts `current` to its end; the kept inputs are the ones before it. EarlierFailed: a chunk of
  // a kept input failed its check (`failed`).
  CutEnd cut(InputCut& current, Handler& handler, std::uint64_t& failed);
  // Forgets the kept inputs whose chunks all retired, and keeps the oldest's bytes from its first
  // chunk in flight. True when a kept input still has chunks in flight.
  bool keep_kept(std::uint64_t retired_ordinal);
  // After a text was handed out or the handler settled: when a chunk failed its check, goes back
  // to it if it is the current input's (the splitter, the ordinal), and says whose it was.
  Rewind rewound(InputCut& current, Speculation& speculation, std::uint64_t& failed);
  // The kept input's chunk numbered `failed` failed: that input goes to the front of `todo`, to
  // be cut again from the chunk, and every kept input after it, to be cut again from its start.
  void requeue(std::uint64_t failed, InputCuts& todo);

  const RunSettings& settings_;
  RunStats& stats_;
  ProgressLine& progress_;
  chess::Game game_;
  Context probe_;                 // where the tag gate is asked (movetext_unneeded)
  std::uint64_t ordinal_ = 0;     // games seen in the whole input, this shard's or not
  std::uint64_t bytes_done_ = 0;  // file bytes of the inputs read to the end
  chess::SplitterBlocks blocks_;  // the splitters' memory, from one input to the next (before kept_: it outlives it)
  // The inputs split() finished whose texts may still be dropped and cut again, in input order:
  // those with chunks in flight, and those with texts that ended while an earlier one had chunks
  // in flight. Each has a text in flight, so the window bounds how many there are; a splitter at
  // its input's end holds neither file nor decoder.
  InputCuts kept_;
};

// True when a game's moves cannot change the run's output: not this shard's, outside
// --gamenumber, its Result tag not among --result's, or it fails the query's tag gate
// (settings.tag_gate, asked in `probe` with the game numbered `ordinal`). Such games are read
// past (the reader's movetext filter), neither replayed nor reported on.
bool movetext_unneeded(const RunSettings& settings, std::uint64_t ordinal, chess::Game& tags, Context& probe);
// Whether movetext_unneeded may answer true for some game of this run; the readers set no movetext
// filter when it cannot.
bool movetext_may_be_unneeded(const RunSettings& settings);

// What the one-thread run counts and says about a game the reader returned (Game or Skipped),
// numbered `ordinal`, once it is counted in games_read: skipped games and warnings are appended
// to `messages`. True when the game is to be examined.
bool admit_game(const RunSettings& settings, RunStats& stats, chess::PgnReader::Status status, chess::Game& game,
                const chess::PgnDiagnostic& diagnostic, const std::vector<chess::PgnDiagnostic>& warnings,
                const std::string& path, std::uint64_t ordinal, std::string& messages);

// What GameTextReader::read made of a text: a game to examine; read, counted and said about, or
// nothing to count; a chunk that does not hold exactly one whole game (nothing of it counts).
enum class TextRead : std::uint8_t { Examine, Passed, NotOneGame };

// A thread's side of split(): reads the game texts split() handed out, one at a time, counting
// and saying about each what read() would. The reader keeps its memory from game to game.
class GameTextReader {
 public:
  explicit GameTextReader(const RunSettings& settings);
  // Reads the text of the game numbered `ordinal` into `game`, with the `lookahead` bytes after
  // it (a chunk's: Handler::game_text). A chunk (TextCut::Chunk, LastChunk) holds that game
  // exactly when the game ends on its result, outside every variation, and only blanks follow,
  // or on the next game's tag at the chunk's end (or a last chunk's game runs to its end): then
  // it reads as the one-thread reader reads the game, and its start and end are where the serial
  // cut puts them, give or take blanks (docs/threads.md says why).
  TextRead read(std::string_view text, std::size_t lookahead, std::uint64_t first_line, std::uint64_t ordinal,
                TextCut cut, const std::string& path, chess::Game& game, RunStats& stats, std::string& messages);

 private:
  const RunSettings& settings_;
  std::unique_ptr<chess::PgnReader> reader_;
  std::uint64_t ordinal_ = 0;      // of the game being read, for the movetext filter
  chess::Game* game_ = nullptr;    // the game being read, for the movetext filter
  Context probe_;                  // where the tag gate is asked
};

}  // namespace quarry::interpreter
