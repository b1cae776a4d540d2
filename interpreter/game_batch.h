// The threaded run's unit of work (parallel_runner.cpp): games travel between the reader and
// the threads in batches, each job's parts in arrays by who writes them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "chess/game.h"
#include "interpreter/context.h"
#include "interpreter/game_examination.h"
#include "interpreter/game_feed.h"
#include "interpreter/game_output.h"
#include "interpreter/query.h"

namespace quarry::interpreter {

// What a job is: a game's text for the thread to read, a game the reader read (a failed input's
// tail), or only messages that come before the next game.
enum class JobKind : std::uint8_t { Messages, Game, Text };

// What the reader hands a thread for one game. Written by the reader when it claims the job and
// read by the thread that examines it; nothing else of the reader's is (JobAtReader).
struct JobInput {
  std::string_view text;              // Text: the game's text, in the splitter's memory (Batch::owners)
  std::uint64_t first_line = 0;
  std::uint64_t ordinal = 0;          // Text: the game's number in the run's input
  const std::string* path = nullptr;  // Text: the input's name, for the reading messages
  JobKind kind = JobKind::Messages;
  TextCut cut = TextCut::Exact;       // Text: a chunk's reader checks that it holds one whole game
  std::uint32_t lookahead = 0;        // Text: bytes after `text` its reader reads (GameTextReader::read)
};

// What the thread that examined a job found, as one small record: written once by that thread and
// read once by the reader. What only some games leave is in JobExtras, written and read only
// where a flag here says so: a line written on one core and read on the other costs a transfer
// each way (hundreds of cycles when the cores are far apart), so a game crosses in a few lines
// and not in the dozen a record with strings and options would take.
struct JobOutcome {
  std::uint64_t positions = 0;  // examined
  std::uint64_t matches = 0;    // matching positions (examined)
  GameExamination::Outcome outcome = GameExamination::Outcome::Examined;
  bool read = false;          // counted in games_read
  bool skipped = false;       // counted in games_skipped
  bool warned = false;        // counted in games_warned
  bool examined = false;
  bool not_one_game = false;  // a chunk that failed its check: the run cuts it again
  bool unread = false;        // after a chunk that failed its check: dropped with it, so not read
  bool said = false;          // JobExtras::said holds what reading the text said
  bool output = false;        // the game is written: its text is in Batch::output_text (JobExtras::output_begin,
                              // output_end), or in JobExtras::output when the run holds its games back
};

// What only some games leave: the thread writes a field only when JobOutcome says the reader is
// to read it (said, output; message when the outcome is a failure; the persistent
// state when the query has any); the rest keep their memory for the next game.
struct JobExtras {
  std::string said;          // reading the text: a skipped game, warnings
  std::string message;       // Failed, Interrupted: the line for standard error
  std::size_t output_begin = 0, output_end = 0;  // the game's text in Batch::output_text
  MatchedGame output;        // the game's text and sort keys, when the run holds its games back
  std::vector<Value> variables;  // this game's share of the persistent state, from a fresh start
  std::vector<Context::Dictionary> dictionaries;
};

// The reader's own side of a job, never read by a thread.
struct JobAtReader {
  std::string before;  // the reader's messages for standard error that precede this game
  std::uint64_t file_index = 0;
};

// Games travel in batches, so that threads meet once per batch and not once per game (a thread
// woken per game costs more than `mate` on it when the machine is busy). A batch's jobs are
// arrays by who writes them: the reader's inputs, the thread's outcomes and extras, the reader's
// own side, each job's entry at the same index.
struct Batch {
  static constexpr std::size_t kGames = 32;
  // Long games (engine analyses) close a batch sooner: a batch's work, and the text it holds in
  // the splitter's blocks, stay those of ordinary games.
  static constexpr std::size_t kTextBytes = std::size_t{64} << 10;
  alignas(64) std::array<JobInput, kGames> inputs;
  alignas(64) std::array<JobOutcome, kGames> outcomes;
  alignas(64) std::array<JobAtReader, kGames> at_reader;
  std::array<JobExtras, kGames> extras;
  // The PGN text of the batch's games that are written as they come (no sort, no run state), one
  // after another in input order: written by the thread that examines the batch, which empties
  // it first, and read by the reader. One buffer a batch keeps its memory from batch to batch and
  // crosses to the reader's core as a run of lines, where a string a game was allocated, filled,
  // read from the other core and freed for every game.
  std::string output_text;
  // Game jobs' games, read by the reader (grown to a Game job's index when one is claimed).
  std::vector<chess::Game> games;
  // The splitter's blocks the texts of `inputs` lie in, each once: a batch's texts mostly share one.
  // Taken and dropped by the reader's thread only (a copy per text would be two atomic operations
  // a game).
  std::vector<std::shared_ptr<const char[]>> owners;
  std::size_t used = 0;        // jobs claimed, kGames at most
  std::size_t text_bytes = 0;  // of the Text jobs
  bool done = false;  // guarded by the run's mutex
};

// The lowest ordinal of a chunk that a thread found failing its check, or kNoFailedChunk. Every
// text of a higher ordinal in the window was cut after that chunk (ordinals grow in window order,
// and a rewind empties the window), so it is dropped when the chunk retires: threads skip it.
constexpr std::uint64_t kNoFailedChunk = ~std::uint64_t{0};

// Whether each game leaves a share of the persistent state to merge (JobExtras::variables,
// dictionaries).
bool has_persistent_state(const CompiledQuery& query);

}  // namespace quarry::interpreter
