// Speculative chunks (PgnSplitter::next_chunk, chunk_holds_one_game): read as the threaded run
// reads them, with texts in flight and failed chunks cut again serially, they give what the reader
// of the whole file gives.
#include "chess/pgn_chunks.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include <catch2/catch.hpp>
#include <zlib.h>

#include "chess/pgn_splitter.h"

#include "split_cases.h"
#include "split_compare.h"

namespace {

using quarry::test::compare_chunked;
using quarry::test::kOpera;
using quarry::test::kQuirks;

struct ChunkCase {
  std::string text;
  bool fails;  // some chunk fails its check and is cut again serially
  bool nested = false;
  bool fails_after_opera = fails;  // glued on after the opera game
};

// Texts where a chunk is exact and where it is not; each also read after the opera game.
const std::vector<ChunkCase> kChunkCases = {
    {"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 1-0\n[Event \"c\"]\n\n1. c4 0-1\n", false},
    {"[Event \"a\"]\r\n\r\n1. e4 1/2-1/2 \t\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 1-0", false},    // CRLF, no last LF
    // A BOM: at the input's start, or where no line starts with [Event (the opera game's chunk runs on).
    {"\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 *\n[Event \"b\"]\n\n1. d4 \xC2\xBD-\xC2\xBD\n", false, false, true},
    {"[Event \"a\"]\n\n1. e4 *\n{stray}\n[Event \"b\"]\n\n1. d4 *\n", true},     // a comment between games
    {"[Event \"a\"]\n\n1. e4 * {after}\n[Event \"b\"]\n\n1. d4 *\n", true},      // a comment after the result
    {"[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 *\n", false},           // ended by the next tag
    {"[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n1. d4\n[Event \"c\"]\n1. c4\n", false},  // no result in any game
    {"[Event \"a\"]\n\n1. e4 (1. d4\n[Event \"b\"]\n\n1. d4 *\n", false},        // ... in a variation too
    {"[Event \"a\"]\n\n1. e4 e5\n[Event  \"b\"]\n\n1. d4 *\n", false},          // blanks before the value
    {"[Event \"a\"]\n\n1. e4 e5\n[Site \"b\"]\n\n1. d4 *\n[Event \"c\"]\n\n1. c4 *\n", true},  // ended by a tag in the chunk
    {"[Site \"x\"]\n\n[Event \"h\"] 1. e4 1-0\n[Event \"b\"]\n\n1. d4 *\n", true},  // the result in the lookahead (fuzz)
    // The next line not read to its end: no lookahead (with a read error there, the serial
    // reader meets it lexing the tag, and ends on the error without the game; fuzz).
    {"[Event \"a\"]\n\n1. e4 e5\n[Event \"b", true},
    {"[Event \"a\"]\n\n1. e4 e5\n[Event b]\n\n1. d4 *\n", true},                  // no quote: a bracket in movetext
    {"[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n\n1. d4 *\n", true},         // tags only
    // An [Event line ends an open comment (PgnLexer::at_event_tag) in the serial reading too.
    {"[Event \"a\"]\n\n1. e4 {c\n[Event \"b\"]\n} e5 *\n[Event \"c\"]\n\n1. d4 *\n", false},  // [Event in a comment
    {"[Event \"a\"]\n\n1. e4 (1. d4 1-0\n[Event \"b\"]\n\n1. c4 *\n", false},    // a result in a variation
    {"[Event \"a\"]\n\n1. e4 * 1. d4 *\n[Event \"b\"]\n\n1. c4 *\n", true},      // two games in a chunk
    {"[Site \"a\"]\n\n1. e4 *\n[Site \"b\"]\n\n1. d4 *\n[Event \"c\"]\n\n1. c4 *\n", true},  // no [Event first
    {"1. e4 *\n1. d4 *\n", true},                                                  // no tags at all
    {"[Event \"a\"]\n\n1. e4 *\n\x0B\n[Event \"b\"]\n\n1. d4 *\n", true},         // a blank the check does not take
    {"[Event \"a\"]\n\n1. e4 e5 2. Qh5", false},                                   // the last game runs to the end
    {"[Event \"a\"]\n\n1. e4 *\n{the end}\n", true},
    {"[Event \"a\"]\n\n1. e4 *\n  [Event \"indented\"]\n\n1. e4 *\n[Event \"b\"]\n\n1. d4 *\n", true},
    {"[Event \"a\"]\n\n1. e4 {a {b\n[Event \"x\"]\n} } e5 1-0\n[Event \"b\"]\n\n1. d4 *\n", false, true},
    {"[Event \"a\"]\n\n1. e4 {a {b} c} e5 1-0\n[Event \"b\"]\n\n1. d4 *\n", false, true},
    {"[Event \"a\"]\n\n1. e4 [14. d4 d5] e5 1-0\n[Event \"b\"]\n\n1. d4 [Diagram] *\n", false},
};

}  // namespace

TEST_CASE("speculative chunks read as the whole file, and fail their check where they must", "[pgn_chunks]") {
  for (const ChunkCase& c : kChunkCases) {
    for (bool after_opera : {false, true}) {
      const std::string text = after_opera ? kOpera + c.text : c.text;
      for (bool strict : {false, true}) {
        for (std::size_t ahead : {std::size_t{1}, std::size_t{2}, std::size_t{100}}) {
          INFO("input: " << text << "\nstrict: " << strict << " ahead: " << ahead);
          std::size_t failures = 0;
          CHECK(compare_chunked(text, strict, ahead, "", c.nested, &failures) == "");
          CHECK((failures > 0) == (after_opera ? c.fails_after_opera : c.fails));
          CHECK(compare_chunked(text, strict, ahead, "read error at byte 99", c.nested) == "");
        }
      }
    }
  }
  for (const std::string& quirk : kQuirks) {
    for (const std::string& text : {quirk, std::string(kOpera) + quirk, quirk + "\n" + kOpera}) {
      for (bool strict : {false, true}) {
        INFO("input: " << text << "\nstrict: " << strict);
        CHECK(compare_chunked(text, strict, 3) == "");
        CHECK(compare_chunked(text, strict, 3, "read error at byte 99") == "");
      }
    }
  }
}

namespace {

// Some megabytes of games, with a quirk now and then that fails a chunk while many are in
// flight, and a game longer than a chunk may be.
std::string long_text_with_quirks() {
  std::string text;
  for (int i = 0; text.size() < (std::size_t{5} << 20); ++i) {
    text += "[Event \"" + std::to_string(i) + "\"]\n\n1. e4 e5 {" +
            std::string(static_cast<std::size_t>(i % 700), 'c') + "}";
    if (i % 997 == 5) text += " 1-0\n{between games}\n";
    else if (i % 1499 == 7) text += " 2. Nf3\n";
    else if (i == 3000) text += std::string(quarry::chess::PgnSplitter::kMaxChunk + 100, ' ') + "*\n";
    else text += " 1-0\n\n";
  }
  return text;
}

}  // namespace

TEST_CASE("chunks failing while others are in flight across read blocks are cut again exactly", "[pgn_chunks]") {
  const std::string text = long_text_with_quirks();
  for (std::size_t ahead : {std::size_t{1}, std::size_t{160}, std::size_t{5000}}) {
    INFO("ahead: " << ahead);
    std::size_t failures = 0;
    CHECK(compare_chunked(text, false, ahead, "", false, &failures) == "");
    CHECK(failures >= 8);
    CHECK(compare_chunked(text, false, ahead, "read error at the end") == "");
  }
  // Without quirks no chunk fails: every game's [Event line is found, 64 bytes a step or one by one.
  std::string clean;
  for (int i = 0; clean.size() < 3 * quarry::chess::PgnSplitter::kBlockSize; ++i) {
    clean += kOpera;
    clean += std::string(static_cast<std::size_t>(i % 67), i % 2 == 0 ? '\n' : ' ') + "\n";
  }
  std::size_t clean_failures = 0;
  CHECK(compare_chunked(clean, false, 160, "", false, &clean_failures) == "");
  CHECK(clean_failures == 0);
  // Line feeds by the thousand inside games (comments of blank lines, up to 64 a search step for
  // 300 steps): the search adds them up in byte lanes, which must not overflow, and every game's
  // first line stays exact.
  std::string feeds;
  for (std::size_t run : {std::size_t{1}, std::size_t{63}, std::size_t{64}, std::size_t{4031}, std::size_t{4032},
                          std::size_t{4033}, std::size_t{19200}}) {
    feeds += "[Event \"" + std::to_string(run) + "\"]\n\n1. e4 {" + std::string(run, '\n') + "} e5 1-0\n\n";
  }
  feeds += kOpera;
  std::size_t feeds_failures = 0;
  CHECK(compare_chunked(feeds, false, 160, "", false, &feeds_failures) == "");
  CHECK(feeds_failures == 0);
  // Cut short part way, as a corrupt archive is: the chunks before the failure, the tail serially.
  CHECK(compare_chunked(text.substr(0, text.size() / 2 + 17), false, 160, "corrupt data") == "");
}

TEST_CASE("a compressed input is cut into chunks as its text is", "[pgn_chunks]") {
  const std::string text = long_text_with_quirks();
  z_stream z{};
  REQUIRE(deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string packed(deflateBound(&z, text.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(packed.data());
  z.avail_out = static_cast<uInt>(packed.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  packed.resize(z.total_out);
  deflateEnd(&z);
  // A name of this process's own (other worktrees run the same test at once), removed however
  // the test case ends.
  struct TempFile {
    std::string path = (std::filesystem::temp_directory_path() /
                        ("quarry-chunks-test-" + std::to_string(::getpid()) + ".pgn.gz")).string();
    ~TempFile() { std::remove(path.c_str()); }
  } file;
  {
    std::ofstream out(file.path, std::ios::binary);
    out << packed;
    REQUIRE(out);
  }
  std::string error;
  auto whole = quarry::chess::open_byte_source(file.path, &error);
  auto chunked = quarry::chess::open_byte_source(file.path, &error);
  REQUIRE(whole);
  REQUIRE(chunked);
  std::size_t failures = 0;
  const std::vector<std::string> chunked_read =
      quarry::test::read_chunked(std::move(chunked), false, false, 160, &failures);
  CHECK(quarry::test::first_difference(quarry::test::read_whole(std::move(whole), false, false), chunked_read) == "");
  CHECK(failures >= 8);
}

TEST_CASE("a splitter goes back to bytes kept in earlier blocks, from an input's start or a chunk's",
          "[pgn_chunks]") {
  // The feed keeps an input's bytes from its start while the input before has chunks in flight
  // (a failed one there sends this input back to its start), and from its oldest chunk in flight
  // otherwise: block switches leave those bytes in their blocks, and a rewind joins them again.
  using quarry::chess::PgnSplitter;
  std::string text;
  std::vector<std::uint64_t> game_offsets, game_lines;
  std::uint64_t line = 1;
  for (int i = 0; text.size() < 3 * PgnSplitter::kBlockSize; ++i) {
    game_offsets.push_back(text.size());
    game_lines.push_back(line);
    const std::string game = "[Event \"" + std::to_string(i) + "\"]\n\n1. d4 {" +
                             std::string(static_cast<std::size_t>(i * 131 % 3000), 'x') + "} d5 1-0\n\n";
    text += game;
    line += static_cast<std::uint64_t>(std::count(game.begin(), game.end(), '\n'));
  }
  // Cuts chunks up to input offset `until`, each checked against the text; every chunk's start
  // is a game's.
  auto cut_through = [&](PgnSplitter& splitter, std::uint64_t until, std::vector<std::shared_ptr<const char[]>>& held) {
    std::string_view chunk;
    std::uint64_t first_line = 0;
    bool last = false;
    std::size_t lookahead = 0;
    while (splitter.offset() < until) {
      const std::uint64_t offset = splitter.offset();
      REQUIRE(splitter.next_chunk(chunk, first_line, last, lookahead) == PgnSplitter::ChunkStatus::Chunk);
      REQUIRE(chunk == std::string_view(text).substr(offset, chunk.size()));
      const auto game = std::find(game_offsets.begin(), game_offsets.end(), offset);
      REQUIRE(game != game_offsets.end());
      CHECK(first_line == game_lines[static_cast<std::size_t>(game - game_offsets.begin())]);
      held.push_back(splitter.text_owner());  // texts in flight: their blocks are not read into
    }
  };
  for (std::size_t back_to : {std::size_t{0}, std::size_t{3}, game_offsets.size() / 3}) {
    INFO("back to game " << back_to);
    PgnSplitter splitter(quarry::chess::byte_source_from_text(text, ""), false);
    std::vector<std::shared_ptr<const char[]>> held;
    splitter.keep_from(game_offsets[back_to]);
    // Past two block switches, with the texts of the first block let go half way.
    cut_through(splitter, 2 * PgnSplitter::kBlockSize + 1000, held);
    held.erase(held.begin(), held.begin() + static_cast<std::ptrdiff_t>(held.size() / 2));
    cut_through(splitter, 5 * PgnSplitter::kBlockSize / 2, held);
    splitter.rewind(game_offsets[back_to], game_lines[back_to]);
    splitter.keep_from(PgnSplitter::kKeepNone);
    CHECK(splitter.offset() == game_offsets[back_to]);
    cut_through(splitter, text.size(), held);
    CHECK(splitter.offset() == text.size());
  }
}
