// Speculative chunks: PgnSplitter's cut up to the next line that starts with "[Event " (the
// splitter's members for it live here, with the search and the check, apart from the exact cut).
#include "chess/pgn_chunks.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "chess/byte_scan.h"
#include "chess/pgn_splitter.h"
#include "chess/square_count.h"

namespace quarry::chess {
namespace {

// The first line feed in [p, e) that "[Event " follows (the 7 bytes after e are there too), or e
// when there is none; `feeds` counts the line feeds passed, that one included. One pass over the
// bytes, 64 or 16 at a time: a line feed is looked at only where "[E" follows it (about one a
// game, where every line feed is one a line), and the others are counted by their bits.
const char* find_event_line_feed(const char* p, const char* e, std::size_t& feeds) {
  std::uint64_t event_line = 0;  // "\n[Event " as 8 bytes, in the machine's byte order
  std::memcpy(&event_line, "\n[Event ", sizeof event_line);
  auto starts_event_line = [event_line](const char* q) {
    std::uint64_t bytes = 0;
    std::memcpy(&bytes, q, sizeof bytes);
    return bytes == event_line;
  };
#if defined(__SSE2__)
  // Bit i: the byte at b + i is `byte` (b + i + 2 is before e + 7: the loads stay in bounds).
  auto in_16 = [](const char* b, char byte) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b));
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(byte))));
  };
  // The line feeds of the 16 bytes at b, and those of them that "[E" follows.
  auto feeds_in_16 = [&in_16](const char* b, unsigned& event_like) {
    const unsigned line_feeds = in_16(b, '\n');
    event_like = line_feeds & in_16(b + 1, '[') & in_16(b + 2, 'E');
    return line_feeds;
  };
  // Among the line feeds `mask` of the bytes at b, the one of `event_like` that starts the event
  // line, with the line feeds up to it counted; without one, every line feed is counted.
  auto event_line_in = [&feeds, &starts_event_line](const char* b, std::uint64_t mask,
                                                    std::uint64_t event_like) -> const char* {
    for (; event_like != 0; event_like &= event_like - 1) {
      const unsigned at = static_cast<unsigned>(std::countr_zero(event_like));
      if (starts_event_line(b + at)) {
        feeds += static_cast<std::size_t>(bits_set(mask & (~std::uint64_t{0} >> (63 - at))));
        return b + at;
      }
    }
    feeds += static_cast<std::size_t>(bits_set(mask));
    return nullptr;
  };
  for (; e - p >= 64; p += 64) {
    unsigned like[4];
    const std::uint64_t mask = feeds_in_16(p, like[0]) | std::uint64_t{feeds_in_16(p + 16, like[1])} << 16 |
                               std::uint64_t{feeds_in_16(p + 32, like[2])} << 32 |
                               std::uint64_t{feeds_in_16(p + 48, like[3])} << 48;
    const std::uint64_t event_like = like[0] | std::uint64_t{like[1]} << 16 | std::uint64_t{like[2]} << 32 |
                                     std::uint64_t{like[3]} << 48;
    if (const char* const feed = event_line_in(p, mask, event_like)) return feed;
  }
  for (; e - p >= 16; p += 16) {
    unsigned event_like = 0;
    const unsigned mask = feeds_in_16(p, event_like);
    if (const char* const feed = event_line_in(p, mask, event_like)) return feed;
  }
#endif
  for (; p != e; ++p) {
    if (*p != '\n') continue;
    ++feeds;
    if (starts_event_line(p)) return p;
  }
  return e;
}

}  // namespace

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
    const char* const feed = find_event_line_feed(data + searched, data + stop, feeds);
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
