// The splitter cuts a file into games exactly where the reader does: each game read alone gives
// what the reader of the whole file gives (tags, moves, comments, lines, warnings, skips).
#include "chess/pgn_splitter.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "chess/byte_scan.h"
#include "chess/pgn_lexer.h"

#include "split_cases.h"
#include "split_compare.h"

namespace {

using quarry::test::compare_split;
using quarry::test::kOpera;
using quarry::test::kQuirks;

}  // namespace

TEST_CASE("each game cut by the splitter reads as in the whole file", "[pgn_splitter]") {
  for (const std::string& quirk : kQuirks) {
    for (const std::string& text : {quirk, std::string(kOpera) + quirk, quirk + "\n" + kOpera}) {
      for (bool strict : {false, true}) {
        INFO("input: " << text << "\nstrict: " << strict);
        CHECK(compare_split(text, strict) == "");
        // A source that fails at the end: the games read before the failure stay the same.
        CHECK(compare_split(text, strict, "read error at byte 99") == "");
      }
    }
  }
}

TEST_CASE("with nested comments the splitter cuts where the reader does", "[pgn_splitter]") {
  const std::vector<std::string> nested = {
      "[Event \"a\"]\n\n1. e4 {outer {inner} still a comment 1-0} e5 *\n[Event \"b\"]\n\n1. d4 *\n",
      "[Event \"a\"]\n\n1. e4 {a {b {c} b} a\n[Event \"x\"]\n} e5 1-0\n[Event \"b\"]\n\n1. d4 *\n",
      "[Event \"a\"]\n\n1. e4 {unclosed {inner}\n[Event \"b\"]\n\n1. d4 *\n",
      "[Event \"a\"]\n\n1. e4 {a } } e5 *\n",
  };
  for (const std::string& text : nested) {
    for (bool strict : {false, true}) {
      INFO("input: " << text << "\nstrict: " << strict);
      CHECK(quarry::test::compare_split(text, strict, "", true) == "");
      CHECK(quarry::test::compare_split(text, strict, "read error at byte 40", true) == "");
    }
  }
  // The first input's comment holds a result only when braces nest: without nesting the game ends
  // at "1-0", with it at "*".
  std::vector<char> groups;
  const quarry::chess::GameScan flat = quarry::chess::scan_game(nested[0], true, false, groups, false);
  const quarry::chess::GameScan deep = quarry::chess::scan_game(nested[0], true, false, groups, true);
  CHECK(flat.length < deep.length);
}

TEST_CASE("a scan short of data never ends a game elsewhere than the whole scan", "[pgn_splitter]") {
  using quarry::chess::GameScan;
  std::vector<char> groups;
  std::vector<std::string> texts;
  for (const std::string& quirk : kQuirks) {
    texts.push_back(quirk);
    texts.push_back(std::string(kOpera) + quirk);
  }
  for (const std::string& text : texts) {
    const GameScan whole = quarry::chess::scan_game(text, true, false, groups);
    REQUIRE(whole.outcome == GameScan::Outcome::Complete);
    const auto length = static_cast<std::ptrdiff_t>(whole.length);
    CHECK(whole.lines == static_cast<std::uint64_t>(std::count(text.begin(), text.begin() + length, '\n')));
    for (std::size_t n = 0; n < text.size(); ++n) {
      const GameScan part = quarry::chess::scan_game(std::string_view(text).substr(0, n), false, false, groups);
      if (part.outcome == GameScan::Outcome::NeedMore) continue;
      INFO("input: " << text << "\nprefix: " << n);
      CHECK(part.length == whole.length);
      CHECK(part.has_game == whole.has_game);
      CHECK(part.lines == whole.lines);
    }
  }
}

TEST_CASE("the splitter finds the opera game's end after its result", "[pgn_splitter]") {
  std::vector<char> groups;
  const std::string text = std::string(kOpera) + "[Event \"next\"]\n";
  const quarry::chess::GameScan scan = quarry::chess::scan_game(text, true, false, groups);
  CHECK(scan.has_game);
  CHECK(text.substr(0, scan.length).ends_with("17. Rd8# 1-0"));
}

TEST_CASE("a comment, tag or escaped line across the splitter's read step or block is cut as the reader cuts it",
          "[pgn_splitter]") {
  // The first game fills the first read (a step, or a block) up to `shift` bytes before the
  // feature in the second game.
  const std::vector<std::pair<std::string, bool>> features = {
      {"{a comment\nover lines with 1-0 and\n[Event \"x\"\n}", false},
      {"{outer {inner 1-0}\nstill outer} 2. Nf3 {", true},
      {"\n[White \"a value with \\\"escapes\\\" in it\"]\n", false},
      {"\n% an escaped line with 1-0 in it\n", false},
      {"; a line comment 1-0\r", false},
      {"2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Re1 b5 6. Bb3 d6 7. c3 O-O 8. h3 1-0", false},
  };
  const std::string head = "[Event \"filler\"]\n\n1. e4 {";
  const std::string tail = "} *\n[Event \"straddling\"]\n\n1. e4 e5 ";
  for (std::size_t edge : {quarry::chess::PgnSplitter::kReadStep, quarry::chess::PgnSplitter::kBlockSize}) {
    for (const auto& [feature, nested] : features) {
      for (std::size_t shift : {std::size_t{1}, std::size_t{2}, std::size_t{15}, std::size_t{16}, std::size_t{17},
                                feature.size() - 1}) {
        const std::size_t filler = edge - shift - head.size() - tail.size();
        std::string text = head;
        for (std::size_t i = 0; i < filler; ++i) text += i % 64 == 63 ? '\n' : 'x';
        text += tail + feature + " 2. d4 *\n[Event \"last\"]\n\n1. c4 *\n";
        REQUIRE(text.substr(edge - shift, feature.size()) == feature);
        INFO("edge: " << edge << "\nfeature: " << feature << "\nshift: " << shift);
        CHECK(compare_split(text, false, "", nested) == "");
      }
    }
  }
}

TEST_CASE("the block searches find what a byte-by-byte search finds", "[pgn_splitter]") {
  // Every byte value at every place of a 16-byte block, and the tails shorter than a block.
  std::string text;
  for (int i = 0; i < 256 * 19; ++i) text += static_cast<char>((i * 7 + i / 256) % 256);
  text += "e4 e5 Nf3 Nc6\n\r\t.0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ{}";
  auto usual = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           std::string_view(" \n\r\t.").find(c) != std::string_view::npos;
  };
  auto in_san_word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           std::string_view("+#=-/:_").find(c) != std::string_view::npos;
  };
  const char* const end = text.data() + text.size();
  for (std::size_t from = 0; from < text.size(); ++from) {
    const char* p = text.data() + from;
    INFO("from " << from);
    CHECK(quarry::chess::find_byte<'}', '\n'>(p, end) - p ==
          std::find_if(p, end, [](char c) { return c == '}' || c == '\n'; }) - p);
    CHECK(quarry::chess::find_byte<'"', '\\', '\n', '\r'>(p, end) - p ==
          std::find_if(p, end, [](char c) { return c == '"' || c == '\\' || c == '\n' || c == '\r'; }) - p);
    CHECK(quarry::chess::skip_usual_movetext(p, end) - p == std::find_if_not(p, end, usual) - p);
    CHECK(quarry::chess::skip_symbol_bytes(p, end) - p == std::find_if_not(p, end, in_san_word) - p);
    auto in_tag_name = [](char c) { return quarry::chess::is_pgn_name_char(static_cast<unsigned char>(c)); };
    CHECK(quarry::chess::skip_tag_name(p, end) - p == std::find_if_not(p, end, in_tag_name) - p);
    CHECK(quarry::chess::count_line_feeds(p, end) == static_cast<std::size_t>(std::count(p, end, '\n')));
  }
  const std::string feeds(16 * 300 + 5, '\n');  // more than 255 blocks of 16 line feeds
  CHECK(quarry::chess::count_line_feeds(feeds.data(), feeds.data() + feeds.size()) == feeds.size());
}

TEST_CASE("a game's text stays as it was cut while its owner is kept", "[pgn_splitter]") {
  // Six MiB of games, many read blocks' worth: the splitter reads on while texts are still held.
  std::string text;
  for (int i = 0; text.size() < (std::size_t{6} << 20); ++i) {
    text += "[Event \"" + std::to_string(i) + "\"]\n\n1. e4 e5 {" +
            std::string(static_cast<std::size_t>(i % 700), 'c') + "} 1-0\n\n";
  }
  std::vector<std::string> copies;
  quarry::chess::PgnSplitter copying(quarry::chess::byte_source_from_text(text, ""), false);
  std::string_view game;
  std::uint64_t line = 0;
  while (copying.next(game, line) == quarry::chess::PgnSplitter::Status::Game) copies.emplace_back(game);
  REQUIRE(copies.size() > 3000);
  // Each text is checked when it is let go; every 5000 games the oldest 3000 are, as threads do
  // (the texts held then span more than a block).
  std::deque<std::pair<std::string_view, std::shared_ptr<const char[]>>> held;
  std::size_t released = 0;
  auto release = [&](std::size_t count) {
    for (std::size_t i = 0; i < count; ++i, ++released) {
      INFO("game " << released);
      CHECK(held.front().first == copies.at(released));
      held.pop_front();
    }
  };
  quarry::chess::PgnSplitter holding(quarry::chess::byte_source_from_text(text, ""), false);
  while (holding.next(game, line) == quarry::chess::PgnSplitter::Status::Game) {
    held.emplace_back(game, holding.text_owner());
    if (held.size() == 5000) release(3000);
  }
  release(held.size());
  CHECK(released == copies.size());
}

TEST_CASE("splitter blocks are handed out again only once no text holds them", "[pgn_splitter]") {
  using quarry::chess::SplitterBlocks;
  // The arena's blocks and the others alike.
  for (std::size_t asked : {std::size_t{100}, SplitterBlocks::kBlockSize + 1}) {
    INFO("asked " << asked);
    SplitterBlocks blocks;
    SplitterBlocks::Block first = blocks.take(asked);
    CHECK(first.capacity >= asked);
    const char* const first_bytes = first.bytes.get();
    std::shared_ptr<const char[]> text = first.bytes;  // a text cut from it, still in flight
    blocks.give(std::move(first));
    SplitterBlocks::Block second = blocks.take(asked);
    CHECK(second.bytes.get() != first_bytes);
    text.reset();
    SplitterBlocks::Block third = blocks.take(asked);
    CHECK(third.bytes.get() == first_bytes);
    // Too small for what is asked: not handed out.
    const std::size_t capacity = third.capacity;
    blocks.give(std::move(third));
    CHECK(blocks.take(capacity + 1).bytes.get() != first_bytes);
    CHECK(blocks.take(capacity).bytes.get() == first_bytes);
  }
  // A block grown for a long game is not kept.
  SplitterBlocks blocks;
  SplitterBlocks::Block large = blocks.take(SplitterBlocks::kKeptCapacity + 1);
  const std::weak_ptr<char[]> large_kept = large.bytes;
  blocks.give(std::move(large));
  CHECK(large_kept.expired());
}

TEST_CASE("a small input read whole gives its block back, and its texts keep their bytes", "[pgn_splitter]") {
  // The threads' reader keeps dozens of small inputs in flight; each would otherwise hold a block.
  using quarry::chess::PgnSplitter;
  using quarry::chess::SplitterBlocks;
  SplitterBlocks blocks;
  SplitterBlocks::Block known = blocks.take(SplitterBlocks::kBlockSize);
  char* const known_bytes = known.bytes.get();
  blocks.give(std::move(known));  // the next take hands it out again
  const std::string small = "[Event \"Small\"]\n\n1. e4 e5 1/2-1/2\n\n[Event \"Two\"]\n\n1. d4 *\n";
  PgnSplitter splitter(quarry::chess::byte_source_from_text(small, ""), false, false, &blocks);
  std::string_view text;
  std::uint64_t line = 0;
  REQUIRE(splitter.next(text, line) == PgnSplitter::Status::Game);
  const std::shared_ptr<char[]> owner = splitter.text_owner();
  const std::string first(text);
  CHECK(first.starts_with("[Event \"Small\"]"));
  SplitterBlocks::Block again = blocks.take(SplitterBlocks::kBlockSize);
  CHECK(again.bytes.get() == known_bytes);
  std::memset(again.bytes.get(), '#', again.capacity);
  CHECK(text == first);
  REQUIRE(splitter.next(text, line) == PgnSplitter::Status::Game);
  CHECK(std::string(text).find("[Event \"Two\"]\n\n1. d4 *") != std::string::npos);
  CHECK(splitter.next(text, line) == PgnSplitter::Status::End);

  // An input longer than one read step keeps reading into its block.
  blocks.give(std::move(again));
  std::string large;
  while (large.size() < 2 * PgnSplitter::kReadStep) large += "[Event \"L\"]\n\n1. e4 e5 1/2-1/2\n\n";
  PgnSplitter reading(quarry::chess::byte_source_from_text(large, ""), false, false, &blocks);
  REQUIRE(reading.next(text, line) == PgnSplitter::Status::Game);
  CHECK(reading.text_owner().get() == known_bytes);
}

TEST_CASE("the arena's blocks are kept for good, the others up to kKept", "[pgn_splitter]") {
  using quarry::chess::SplitterBlocks;
  SplitterBlocks blocks;
  std::vector<SplitterBlocks::Block> taken;
  // The arena's blocks, then ordinary ones once it is handed out, each of its own bytes (a
  // splitter asks for kBlockSize at least).
  for (std::size_t i = 0; i < SplitterBlocks::kArenaBlocks + SplitterBlocks::kKept + 1; ++i) {
    taken.push_back(blocks.take(SplitterBlocks::kBlockSize));
    CHECK(taken.back().capacity == SplitterBlocks::kBlockSize);
    for (std::size_t j = 0; j + 1 < taken.size(); ++j) {
      const char* a = taken[j].bytes.get();
      const char* b = taken.back().bytes.get();
      CHECK((b + SplitterBlocks::kBlockSize <= a || a + SplitterBlocks::kBlockSize <= b));
    }
  }
  std::vector<std::weak_ptr<char[]>> kept;
  for (const SplitterBlocks::Block& b : taken) kept.emplace_back(b.bytes);
  // Every block is written to its last byte and keeps what it was given (no two overlap).
  for (std::size_t i = 0; i < taken.size(); ++i) {
    std::memset(taken[i].bytes.get(), static_cast<int>('a' + i), SplitterBlocks::kBlockSize);
  }
  for (std::size_t i = 0; i < taken.size(); ++i) {
    CHECK(taken[i].bytes[0] == static_cast<char>('a' + i));
    CHECK(taken[i].bytes[SplitterBlocks::kBlockSize - 1] == static_cast<char>('a' + i));
  }
  for (SplitterBlocks::Block& b : taken) blocks.give(std::move(b));
  // The first ordinary block given went when the kKept+1st came; the arena's all stay.
  for (std::size_t i = 0; i < kept.size(); ++i) {
    INFO("block " << i);
    CHECK(kept[i].expired() == (i == SplitterBlocks::kArenaBlocks));
  }
  // A text keeps an arena block's bytes after the blocks are gone.
  SplitterBlocks scoped;
  std::shared_ptr<const char[]> text;
  {
    SplitterBlocks inner;
    SplitterBlocks::Block block = inner.take(10);
    std::memcpy(block.bytes.get(), "1. e4 e5 *", 10);
    text = block.bytes;
    inner.give(std::move(block));
  }
  CHECK(std::string_view(text.get(), 10) == "1. e4 e5 *");
}

TEST_CASE("splitters that share their blocks keep every held text as it was cut", "[pgn_splitter]") {
  // Three inputs cut in turn into chunks with one SplitterBlocks, as the threads' reader does; the
  // texts of each input are held until the next input is half cut (an input's last chunks stay in
  // flight while the next one is cut).
  std::vector<std::string> inputs;
  for (int n = 0; n < 3; ++n) {
    std::string text;
    for (int i = 0; text.size() < (std::size_t{2} << 20) + 1000 * n; ++i) {
      text += "[Event \"" + std::to_string(n) + "." + std::to_string(i) + "\"]\n\n1. d4 {" +
              std::string(static_cast<std::size_t>((i * 7 + n) % 500), 'x') + "} *\n\n";
    }
    inputs.push_back(text);
  }
  quarry::chess::SplitterBlocks blocks;
  std::deque<std::pair<std::string_view, std::shared_ptr<const char[]>>> held;
  std::deque<std::string> expected;
  std::size_t checked = 0;
  std::size_t lookaheads = 0;
  for (const std::string& input : inputs) {
    quarry::chess::PgnSplitter splitter(quarry::chess::byte_source_from_text(input, ""), false, false, &blocks);
    std::string_view chunk;
    std::uint64_t line = 0;
    bool last = false;
    std::size_t lookahead = 0;
    std::size_t offset = 0;
    std::size_t cut = 0;
    while (splitter.next_chunk(chunk, line, last, lookahead) == quarry::chess::PgnSplitter::ChunkStatus::Chunk) {
      REQUIRE(chunk == std::string_view(input).substr(offset, chunk.size()));
      offset += chunk.size();
      // The lookahead is the next chunk's first line, to its line feed, held with the chunk (none
      // when the line is not read to its end).
      const std::string_view with_lookahead(chunk.data(), chunk.size() + lookahead);
      REQUIRE(with_lookahead == std::string_view(input).substr(offset - chunk.size(), with_lookahead.size()));
      const std::string_view next_line = std::string_view(input).substr(offset, lookahead);
      REQUIRE((lookahead == 0 || (!last && next_line.starts_with("[Event ") && next_line.find('\n') + 1 == lookahead)));
      if (!last && lookahead > 0) ++lookaheads;
      held.emplace_back(with_lookahead, splitter.text_owner());
      expected.emplace_back(with_lookahead);
      if (++cut % 2000 == 0) {  // the oldest texts are let go, the rest stay in flight
        while (held.size() > 1500) {
          CHECK(held.front().first == expected.front());
          held.pop_front();
          expected.pop_front();
          ++checked;
        }
      }
    }
    CHECK(offset == input.size());
  }
  while (!held.empty()) {
    CHECK(held.front().first == expected.front());
    held.pop_front();
    expected.pop_front();
    ++checked;
  }
  CHECK(checked > 6000);
  CHECK(lookaheads > 6000);  // nearly every chunk but an input's last sees the next one's first line
}

TEST_CASE("a splitter lets its file go once it is read to the end, and still counts its bytes", "[pgn_splitter]") {
  // The threads' reader keeps the splitters of inputs whose chunks are in flight (GameFeed::split),
  // a run of small files dozens at once: none holds its file open past its end.
  using quarry::chess::PgnSplitter;
  namespace fs = std::filesystem;
  auto open_files = [] {
    return std::distance(fs::directory_iterator("/proc/self/fd"), fs::directory_iterator());
  };
  const std::string path = (fs::temp_directory_path() / ("quarry-splitter-end-" + std::to_string(::getpid()))).string();
  std::string text;
  for (int i = 0; text.size() < 3 * PgnSplitter::kReadStep; ++i) {
    text += "[Event \"" + std::to_string(i) + "\"]\n\n1. e4 e5 1/2-1/2\n\n";
  }
  std::ofstream(path) << text;
  const auto before = open_files();
  std::string error;
  auto splitter = PgnSplitter::open(path, false, &error);
  REQUIRE(splitter);
  CHECK(open_files() == before + 1);
  // Every byte kept for a rewind, as the threads' reader keeps an input whose chunks are in flight.
  splitter->keep_from(0);
  std::string_view game;
  std::uint64_t line = 0;
  std::size_t games = 0;
  while (splitter->next(game, line) == PgnSplitter::Status::Game) ++games;
  CHECK(games == static_cast<std::size_t>(std::count(text.begin(), text.end(), '[')));
  CHECK(open_files() == before);
  CHECK(splitter->file_bytes_read() == text.size());
  CHECK(splitter->error().empty());
  // A rewind into the kept bytes cuts them again without the file.
  splitter->rewind(0, 1);
  std::size_t again = 0;
  while (splitter->next(game, line) == PgnSplitter::Status::Game) ++again;
  CHECK(again == games);
  CHECK(splitter->file_bytes_read() == text.size());
  splitter.reset();
  fs::remove(path);

  // A source that fails keeps its error for the failed input's tail.
  PgnSplitter failing(quarry::chess::byte_source_from_text("[Event \"x\"]\n\n1. e4", "the disk failed"), false);
  CHECK(failing.next(game, line) == PgnSplitter::Status::Failed);
  CHECK(failing.error() == "the disk failed");
}
