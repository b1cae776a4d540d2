// Finds where each game's text ends without parsing it, so that threads can parse and replay the
// games while one thread only cuts the input: a byte scanner that follows PgnLexer's token rules
// and PgnReader's game rules (a tag after movetext, or a result outside every variation, ends a
// game) exactly, without building tokens, tags or moves.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "chess/input_stream.h"
#include "chess/splitter_blocks.h"

namespace quarry::chess {

// One game's text as PgnReader would read it from the start of `data`.
struct GameScan {
  enum class Outcome : std::uint8_t { Complete, NeedMore };
  Outcome outcome = Outcome::NeedMore;
  std::size_t length = 0;  // bytes of the game's text (Complete)
  bool has_game = false;   // tags, moves or a result: PgnReader numbers it; stray comments alone are not a game
  std::uint64_t lines = 0; // line feeds in the game's text
};

// Scans one game. Without `at_eof` the data may continue: a scan that needs a byte past the end
// of `data` (PgnLexer would refill its buffer there) stops with NeedMore. `strict` is
// PgnReader::set_strict's: square brackets in movetext do not open a group then.
// `nested_comments` is PgnReader::set_nested_comments': a '{' in a comment opens a nested one.
// `groups` is scratch memory (the open '(' and '[' groups), kept between calls.
GameScan scan_game(std::string_view data, bool at_eof, bool strict, std::vector<char>& groups,
                   bool nested_comments = false);

class PgnSplitter {
 public:
  enum class Status : std::uint8_t { Game, End, Failed };
  static constexpr std::size_t kBlockSize = SplitterBlocks::kBlockSize;
  static constexpr std::size_t kReadStep = std::size_t{64} << 10;  // read_more's least read

  // Reads a file ("-": standard input; compressed data is decompressed as it is read). nullptr,
  // with *error set, when it cannot be opened.
  // `blocks`, when given, outlives the splitter: its memory is read into and given back there.
  static std::unique_ptr<PgnSplitter> open(const std::string& path, bool strict, std::string* error,
                                           bool nested_comments = false, SplitterBlocks* blocks = nullptr);
  PgnSplitter(std::unique_ptr<ByteSource> source, bool strict, bool nested_comments = false,
              SplitterBlocks* blocks = nullptr);
  ~PgnSplitter();
  PgnSplitter(const PgnSplitter&) = delete;
  PgnSplitter& operator=(const PgnSplitter&) = delete;

  // Game: `text` holds the next game's text, starting on line `first_line`; it stays valid until
  // the next call, or for as long as a copy of text_owner() (taken before the next call) is kept.
  // End: the input is read. Failed (once, then End): the input failed part way
  // (error() says how); `text` holds everything read after the last whole game: a PgnReader
  // reading it from a source that fails the same way (byte_source_from_text) reads what the
  // reader of the whole input would have read, and fails the same way.
  Status next(std::string_view& text, std::uint64_t& first_line);
  // Keeps the memory of the text next() handed out last: a thread may read the text while the
  // splitter goes on, without a copy. Copies are made and dropped on the splitter's thread only;
  // a reference, as a copy is two atomic operations: the one who keeps the text makes it (the
  // threaded run, once a batch).
  const std::shared_ptr<char[]>& text_owner() const { return buf_; }
  const std::string& error() const;

  // Speculative cutting (the threads' reader, interpreter/game_feed.cpp): a chunk runs from the
  // next byte not handed out to the next line that starts with "[Event " (or to the end of an
  // input read whole), found without scanning the games; a reader of the chunk checks that it
  // holds one whole game (chunk_holds_one_game; both are in chess/pgn_chunks.{h,cpp}). Chunk: `text`
  // is the chunk (last_chunk: it runs to the input's end); the `lookahead` bytes after it are the
  // next chunk's first line when it is read to its line feed (else none, nor after a last
  // chunk): the chunk's reader reads them too, to see the tag that ends a game without a result,
  // and they stay valid as long as the text does.
  // Serial: no chunk now (no such line within kMaxChunk bytes, or the input failed part way):
  // next() cuts the next game. End: the input is read.
  enum class ChunkStatus : std::uint8_t { Chunk, Serial, End };
  static constexpr std::size_t kMaxChunk = std::size_t{1} << 20;
  ChunkStatus next_chunk(std::string_view& text, std::uint64_t& first_line, bool& last_chunk, std::size_t& lookahead);
  // The input offset of the next byte to hand out (the start of the next chunk or game).
  std::uint64_t offset() const { return base_ + begin_; }
  // Keeps the bytes from input offset `offset` (at or after the first byte still held, and at
  // or before offset()) in memory, for rewind(); kKeepNone: only those not yet handed out.
  static constexpr std::uint64_t kKeepNone = ~std::uint64_t{0};
  void keep_from(std::uint64_t offset) {
    keep_from_ = offset;
    if (!earlier_.empty()) drop_earlier();
  }
  // Goes back to input offset `offset`, on line `line`, a point where the serial cut starts a
  // text (kept with keep_from): the cutting starts over from there.
  void rewind(std::uint64_t offset, std::uint64_t line);
  std::uint64_t file_bytes_read() const { return source_ ? source_->file_bytes_read() : file_bytes_at_end_; }

 private:
  void read_more();
  // At the end of an input read whole in its first step, before any of it is handed out (a small
  // file): its bytes move to memory of their size, and the block goes back for the next input.
  // The threads' reader keeps dozens of small inputs in flight at once (GameFeed::split); each
  // would otherwise hold a block, and the next input take a new one.
  void fit_whole_input();
  // Maps the block's pages up to byte `until` before they are written (chess/page_mapping.h).
  void map_through(std::size_t until);
  // Gives back the earlier blocks whose bytes all lie before keep_from_.
  void drop_earlier();
  // The input offset where earlier_[i]'s bytes end: the next one's start, or buf_'s.
  std::uint64_t earlier_end(std::size_t i) const { return i + 1 < earlier_.size() ? earlier_[i + 1].base : base_; }
  // A rewind to input offset `offset`, before buf_'s first byte: the kept bytes from there, in
  // the earlier blocks, and buf_'s are copied into one block again.
  void rejoin_earlier(std::uint64_t offset);

  // A block left for the next while it held bytes kept for a rewind (keep_from): it holds the
  // input's bytes from `base` to where the next block starts (earlier_end). Only the bytes not
  // handed out move to the next block; the kept ones stay here, read by the texts in flight, and
  // are copied again only for a rewind.
  struct EarlierBlock {
    SplitterBlocks::Block block;
    std::uint64_t base = 0;
  };

  std::unique_ptr<ByteSource> source_;  // null once the input was read to its end without failing
  std::uint64_t file_bytes_at_end_ = 0;  // the source's file_bytes_read() when it went
  bool strict_;
  bool nested_comments_;
  SplitterBlocks own_blocks_;  // when open() was given none
  SplitterBlocks* blocks_;     // where blocks come from and go back to
  std::shared_ptr<char[]> buf_;
  std::size_t capacity_ = 0;
  std::size_t mapped_ = 0;  // Block::mapped of buf_
  std::size_t begin_ = 0;  // first byte not yet handed out
  std::size_t end_ = 0;    // end of the bytes read
  std::uint64_t base_ = 0;  // input offset of buf_[0]
  std::uint64_t keep_from_ = kKeepNone;
  std::vector<EarlierBlock> earlier_;  // in input order
  std::uint64_t no_cut_before_ = 0;  // input offset: no chunk ends before it (next_chunk gave up)
  std::uint64_t line_ = 1;  // line of buf_[begin_]
  bool eof_ = false;
  bool failed_ = false;     // the source ended with an error
  bool failure_told_ = false;
  std::vector<char> groups_;
};

}  // namespace quarry::chess
