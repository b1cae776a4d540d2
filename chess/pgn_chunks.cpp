// Speculative chunks: PgnSplitter's cut up to the next line that starts with "[Event " (the
// splitter's members for it live here, with the search and the check, apart from the exact cut).
#include "chess/pgn_chunks.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "chess/byte_scan.h"
#include "chess/event_line_scan.h"
#include "chess/pgn_splitter.h"

namespace quarry::chess {

bool chunk_holds_one_game(const PgnReader& reader, PgnReader::Status status, std::string_view chunk,
                          bool last_chunk) {
  if (status == PgnReader::Status::End) return false;
  switch (reader.last_game_end()) {
    case PgnReader::GameEnd::Result: {
      // A result in the lookahead (tags only in the chunk, the next line's tag, moves and result
      // on one line) ends a game that runs past the chunk.
      if (reader.text_offset() > chunk.size()) return false;
      const std::string_view after = chunk.substr(reader.text_offset());
      return std::all_of(after.begin(), after.end(), is_chunk_blank);
    }
    case PgnReader::GameEnd::NextGame: return reader.text_offset() == chunk.size();
    case PgnReader::GameEnd::EndOfInput: return last_chunk;
  }
  return false;
}

PgnSplitter::ChunkStatus PgnSplitter::next_chunk(std::string_view& text, std::uint64_t& first_line,
                                                 bool& last_chunk, std::size_t& lookahead) {
  // The chunk's leading blanks (after a game cut serially: the line ends before the next game)
  // are passed first: the line feed before the chunk's end comes after its first other byte.
  bool blanks = true;
  std::size_t searched = begin_;  // the line feeds in [begin_, searched) are counted in `feeds`
  std::size_t feeds = 0;
  while (true) {
    if (failure_told_) return ChunkStatus::End;
    if (begin_ == end_ && eof_) return failed_ ? ChunkStatus::Serial : ChunkStatus::End;
    if (base_ + begin_ < no_cut_before_) return ChunkStatus::Serial;
    const char* const data = buf_.get();
    for (; blanks && searched < end_ && is_chunk_blank(data[searched]); ++searched) {
      feeds += data[searched] == '\n' ? 1 : 0;
    }
    blanks = blanks && searched == end_;
    // A line feed is looked at once the 7 bytes after it are there.
    const std::size_t stop = blanks ? searched : std::max(searched, end_ >= 7 ? end_ - 7 : 0);
    const char* const feed = find_event_line_feed(data + searched, data + stop, feeds, widest_event_line_scan());
    std::size_t cut = static_cast<std::size_t>(feed - data) + 1;
    last_chunk = false;
    lookahead = 0;
    if (feed == data + stop) {
      searched = stop;
      if (!eof_) {
        if (end_ - begin_ >= kMaxChunk) {
          no_cut_before_ = base_ + end_;  // the serial cut goes on past what was searched
          return ChunkStatus::Serial;
        }
        const std::size_t from_begin = searched - begin_;
        read_more();
        searched = begin_ + from_begin;
        continue;
      }
      if (failed_) return ChunkStatus::Serial;  // next() reads the failed input's tail as it must
      if (blanks) {  // the input ends in blanks, as the serial cut finds no game there
        begin_ = end_;
        return ChunkStatus::End;
      }
      feeds += count_line_feeds(data + searched, data + end_);
      cut = end_;
      last_chunk = true;
    } else if (const void* const line_end = std::memchr(data + cut, '\n', end_ - cut)) {
      // The "[Event " line after the chunk, to its line feed: its bytes are not written again
      // while the chunk is in flight (a block that a text holds is not moved in). Only a whole
      // line: the serial reader lexes the tag to the line's end, and where that end is not read
      // yet, it may meet the input's failure there (and end on the error, without this game).
      lookahead = static_cast<std::size_t>(static_cast<const char*>(line_end) - data) + 1 - cut;
    }
    text = std::string_view(data + begin_, cut - begin_);
    first_line = line_;
    line_ += feeds;
    begin_ = cut;
    return ChunkStatus::Chunk;
  }
}

void PgnSplitter::rewind(std::uint64_t offset, std::uint64_t line) {
  if (offset < base_) rejoin_earlier(offset);
  begin_ = static_cast<std::size_t>(offset - base_);
  line_ = line;
  failure_told_ = false;
}

void PgnSplitter::drop_earlier() {
  std::size_t dropped = 0;
  for (; dropped < earlier_.size() && earlier_end(dropped) <= keep_from_; ++dropped) {
    blocks_->give(std::move(earlier_[dropped].block));
  }
  earlier_.erase(earlier_.begin(), earlier_.begin() + static_cast<std::ptrdiff_t>(dropped));
}

void PgnSplitter::rejoin_earlier(std::uint64_t offset) {
  // keep_from() kept every byte from the oldest chunk in flight, the only place a rewind goes to.
  if (earlier_.empty() || offset < earlier_.front().base) {
    std::fputs("quarry: internal error: a splitter rewound to bytes it did not keep\n", stderr);
    std::abort();
  }
  const std::size_t size = static_cast<std::size_t>(base_ + end_ - offset);
  SplitterBlocks::Block block = blocks_->take(std::max(size + kBlockSize / 2, kBlockSize));
  SplitterBlocks::Block current{std::exchange(buf_, std::move(block.bytes)), capacity_, mapped_};
  capacity_ = block.capacity;
  mapped_ = block.mapped;
  map_through(size);
  char* out = buf_.get();
  for (std::size_t i = 0; i < earlier_.size(); ++i) {
    EarlierBlock& earlier = earlier_[i];
    const std::uint64_t from = std::max(offset, earlier.base);
    const std::uint64_t end = earlier_end(i);
    if (from < end) {
      std::memcpy(out, earlier.block.bytes.get() + (from - earlier.base), static_cast<std::size_t>(end - from));
      out += end - from;
    }
    blocks_->give(std::move(earlier.block));
  }
  earlier_.clear();
  std::memcpy(out, current.bytes.get(), end_);
  if (current.capacity >= kBlockSize) blocks_->give(std::move(current));
  base_ = offset;
  end_ = size;
}

}  // namespace quarry::chess
