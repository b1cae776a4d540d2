// The splitter cuts a file into games exactly where the reader does: each game read alone gives
// what the reader of the whole file gives (tags, moves, comments, lines, warnings, skips).
#include "chess/pgn_splitter.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <catch2/catch.hpp>
#include <zlib.h>

#include "chess/byte_scan.h"
#include "chess/pgn_lexer.h"

#include "split_compare.h"

namespace {

using quarry::test::compare_split;

const char* const kOpera =
    "[Event \"Paris\"]\n[White \"Morphy\"]\n[Black \"Duke\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5\n"
    "10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8\n"
    "17. Rd8# 1-0\n\n";

// Inputs with the quirks real files have; each is also read after the opera game, glued on.
const std::vector<std::string> kQuirks = {
    "",
    "\n\n  \n",
    "{ a comment and nothing else }",
    "1. e4 e5 2. Nf3 *\n1. d4 d5 *\n",                       // games without tags
    "1. e4 e5\n\n1. d4 d5 1-0\n",                             // a tagless game running on
    "[Event \"a\"]\n[Site \"b\"",                             // a tag cut short at the end
    "[Event \"a\"]\n[Site \"b\n[White \"c\"]\n\n1. e4 *\n",   // a tag line cut short
    "Event \"lost its bracket\"]\n[White \"x\"]\n\n1. e4 e5 *\n[Event \"b\"]\n1. d4 *",
    "[Event \"a\"]\n\n1. e4 {a comment\n[with a bracket line]\n} e5 *\n",
    "[Event \"a\"]\n\n1. e4 {unclosed\n[Event \"b\"]\n\n1. d4 d5 *\n",
    "[Event \"a\"]\r[Site \"b\"]\r\r1. e4 e5 ; rest of line\r2. Nf3 *\r[Event \"c\"]\r\r1. d4 *\r",
    "[Event \"a\"]\r\n\r\n1. e4 e5 {two\r\nlines} 2. Nf3 1-0\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n",
    "%escaped line [Event \"no\"]\n[Event \"a\"]\n\n1. e4 % 1-0 escaped\ne5 *\n",
    // An error, then a result in a variation.
    "[Event \"a\"]\n\n1. e4 e5 2. Zz9 (2. Nf3 1-0) 3. Nc3 0-1\n[Event \"b\"]\n\n1. d4 *\n",
    "[Event \"a\"]\n\n1. e4 (1. d4 1-0 d5) e5 (1... c5 (1... e6 *) 2. Nf3) 1/2-1/2\n",
    "[Event \"a\"]\n\n1. e4 e5 [2. Nf3 (2. Nc3 *] 2. Bc4 * [Event \"b\"]\n1. d4 *\n",
    "[Event \"a\"]\n\n1. e4 e5 ] ) 2. Nf3 (2. Bc4 ] *) 1-0\n",
    "[Event \"a\"]\n\n1. e4 [%clk 0:01:00] e5 [Diagram] 2. Nf3 [White \"x\"] 1-0\n[White \"y\"]\n1. d4 *\n",
    "[Event \"a\"]\n\n1. e4 e5 2. Bc[Event \"d\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    "\xEF\xBB\xBF[Event \"bom\"]\n\n1. e4 \xC2\xBD-\xC2\xBD\n\xEF\xBB\xBF[Event \"b\"]\n1. d4 1/2\n",
    "[Event \"a\"]\n[FEN \"garbage\"]\n\n1. e4 (1. d4 *) 1-0\n[Event \"b\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. N@f3 (3. Nc3 *) 1-0\n",
    "[Event \"a\"]\n\n1. e4 e5 2. dxc6ep e.p. 1/2ep 3. a3 1-0 garbage @x \"quoted\" 1-0\n",
    "[Event \"a\"]\n\n1. e4 $1 !? +/- = -+ 1... e5 2… Nf3 --  *\n",
    "[ Event \"spaced\" ]\n[ ]\n[\n\n1. e4 * [\n",
    "1-0\n*\n0-1 1/2-1/2\n",
    "{ before } [Event \"a\"] { between } [Site \"b\"]\n{ after }\n1. e4 * { trailing }\n",
    "[Event \"a\"]\n\n1. e4 {unterminated to the end",
    "[Event \"a\"]\n\n1. e4 (1. d4 (1. c4",
    // Movetext the splitter passes over a run of words at a time: results glued to other tokens,
    // '-' and '/' in words with and without digits, and the bytes that end a word.
    "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. O-O-O?! -- +/- -+ 12.1-0 *\n",
    "1. e4 e5 2. Nf3!1-0 [Event \"b\"]\n1. d4 *",
    "1. e4 $11-0 e5 2. d4 $1 1/2ep 3. c4 *\n",
    "1. e4 e5 (2. Nf3) 2. d4 exd4)1-0\n2. c3 (2. Nc3 1-0) 0-1\n",
    "1. e4 #x\x1A" "1-0 e5 #y\x0B" "1-0 2. d4 *\n",
    "1. e4\x00" "e5\x0B" "2. Nf3\x0C" "Nc6\t3. Bb5\r" "1-0\n",
    "1. e4 d5 2. e5 f5 3. exf6e.p.1-0 *\n1. e4 d5 2. e5 f5 3. exf6 e.p. 1-0ep 4. a3 1/2\n",
    "1. e4 e5 % 1-0 is not read\n2. Nf3 ; 0-1 neither\n2... Nc6 *\n",
    "1. e4 e5 2\xE2\x80\xA6 Nf3 3. \xE9t\xE9 Nc6 \xC2\xBD-\xC2\xBD\n",
    "1. e4 e5 2. Nf3Nc6Bb5a6Ba4Nf6Be7Re1b5Bb3d6c3 3. Re1!!!!!!!!!!!!!!!!!!!!!!?1-0 *\n",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1/2-1/2",
    // A name followed by a quote in movetext reads as a tag line.
    "[Event \"a\"]\n\n1. e4 e5 White \"x\"] 2. Nf3 *\n",
    "[Event \"a\"]\n\n1. e4 e5\tWhite \"x\"] 2. Nf3 e5 Black\"y\"] 3. Bc4 O-O \"z\"] 12 \"w\"] *\n",
    "[Event \"a\"]\n\n1. e4 e5 White  \"x\"] 2. Nf3 O-O\"q\"] *\n",
    "[Event \"a\"]\n\n1. e4 e5 White \"",
    // '[' at a line's start (after a line feed only: CR alone does not start a line) or mid-line.
    "[Event \"a\"]\n\n1. e4 e5\n[White \"x\"]\n2. Nf3 *\n",
    "[Event \"a\"]\n\n1. e4 e5 [White \"x\"] 2. Nf3 *\n",
    "[Event \"a\"]\r\r1. e4 e5 \r[White \"x\"] 2. Nf3 *\r[Event \"b\"]\r\r1. d4 *\r",
    "[Event \"a\"]\n\n1. e4 e5 \n  \t[Site \"x\"] 2. Nf3 *\n",
    "[Event \"a\"]\n\n1. e4 e5\x0C\n[Site \"y\"] 2. Nf3 [Event \"b\"]\n\n1. d4 *\n",
    "[Event \"a\"]\n\n1. e4 e5\n2. Nf3 [White \"x\"] Nc6 *\n",
    "[Event \"a\"]\n\n1. e4 e5 {c}\n2. Nf3 [White \"x\"] Nc6 (2... d6)\n[Black \"y\"] *\n",
    "[Event \"a\"]\n[Black \"y\n1-0 \"]\n[Event \"b\"]\n\n1. d4 *\n",
    "[Event \"a\"]\n[Annotator \"end\\\n1-0 \"x\"]\n[Event \"b\"]\n1. d4 *\n",
    // Tag values: escapes, blanks before ']', quotes inside, two tags on a line, a line cut short.
    "[Event \"a \\\"quoted\\\" b\"]\n[Site \"back\\\\\"]\n[White \"x\" \t]\n[Black \"y\"junk\"]\n"
    "[Round \"1\"]  [Date \"2\"]\n[Annotator \"end\\\n[Result \"*\"]\n[ECO \"a\"b\n[Time \"t\"]\r\n\n1. e4 *\n",
    "[Event \"a value of more than sixteen bytes, with \\\"escapes\\\" past the first block\"]\n\n1. e4 *\n",
    "[Event unquoted value]\n[Site \"a\"] [White\t\t\"b\"]\n\n1. e4 *\n",
    // Comments whose end falls at every place of a 16-byte block.
    "1. e4 {} e5 {0} 2. Nf3 {0123456789abcde} Nc6 {0123456789abcdef} 3. Bb5 {0123456789abcdef0} a6 "
    "{0123456789abcdef0123456789abcde} 1-0\n",
    "1. e4 {a comment of several lines\nwith 1-0 in it\n[Event inside\nand more} e5 *\n",
    // Tag lines the splitter passes over in one loop, and the ones it leaves to the token rules.
    "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 *\r\n[Event \"c\"]\r\n[Site \"d\"]\r\n1. d4 *\r\n",
    "[Event \"a\"]\n[Site \"unclosed\n[Round \"1\"]\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"x\\\"]\" ]\n[Round \"1\"]\n1. e4 1-0\n",
    "[Event \"a\"]\n[ Site \"b\"]\n[1 \"c\"]\n[Round\t\"2\"\t]\n1. e4 *\n",
    "[Event \"a\"]\r[Site \"b\"]\n\r\n[Round \"c\"]\n1. e4 *\n",
    "[Event \"a\"]\n{c}\n[Site \"b\"]\n[Round \"c\"] 1. e4 [Annotator \"x\"]\n1. d4 *\n",
    "[Event \"a\"] [Site \"b\"]\n[Round \"c\"]\n[White \"d",
    "[Event \"a\"]\n[Site \"b\"]\n[",
};

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

TEST_CASE("a comment, tag or escaped line across the splitter's read block is cut as the reader cuts it",
          "[pgn_splitter]") {
  // The first game fills the block up to `shift` bytes before the feature in the second game.
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
  for (const auto& [feature, nested] : features) {
    for (std::size_t shift : {std::size_t{1}, std::size_t{2}, std::size_t{15}, std::size_t{16}, std::size_t{17},
                              feature.size() - 1}) {
      const std::size_t filler = quarry::chess::PgnSplitter::kBlockSize - shift - head.size() - tail.size();
      std::string text = head;
      for (std::size_t i = 0; i < filler; ++i) text += i % 64 == 63 ? '\n' : 'x';
      text += tail + feature + " 2. d4 *\n[Event \"last\"]\n\n1. c4 *\n";
      REQUIRE(text.substr(quarry::chess::PgnSplitter::kBlockSize - shift, feature.size()) == feature);
      INFO("feature: " << feature << "\nshift: " << shift);
      CHECK(compare_split(text, false, "", nested) == "");
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
  // Six read blocks' worth of games: the splitter reads on while texts are still held.
  std::string text;
  for (int i = 0; text.size() < 6 * quarry::chess::PgnSplitter::kBlockSize; ++i) {
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

// --- speculative chunks (PgnSplitter::next_chunk, chunk_holds_one_game) -----------------------

namespace {

using quarry::test::compare_chunked;

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
    {"[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 *\n", true},            // ended by the next tag
    {"[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n\n1. d4 *\n", true},         // tags only
    {"[Event \"a\"]\n\n1. e4 {c\n[Event \"b\"]\n} e5 *\n[Event \"c\"]\n\n1. d4 *\n", true},  // [Event in a comment
    {"[Event \"a\"]\n\n1. e4 (1. d4 1-0\n[Event \"b\"]\n\n1. c4 *\n", true},     // a result in a variation
    {"[Event \"a\"]\n\n1. e4 * 1. d4 *\n[Event \"b\"]\n\n1. c4 *\n", true},      // two games in a chunk
    {"[Site \"a\"]\n\n1. e4 *\n[Site \"b\"]\n\n1. d4 *\n[Event \"c\"]\n\n1. c4 *\n", true},  // no [Event first
    {"1. e4 *\n1. d4 *\n", true},                                                  // no tags at all
    {"[Event \"a\"]\n\n1. e4 *\n\x0B\n[Event \"b\"]\n\n1. d4 *\n", true},         // a blank the check does not take
    {"[Event \"a\"]\n\n1. e4 e5 2. Qh5", false},                                   // the last game runs to the end
    {"[Event \"a\"]\n\n1. e4 *\n{the end}\n", true},
    {"[Event \"a\"]\n\n1. e4 *\n  [Event \"indented\"]\n\n1. e4 *\n[Event \"b\"]\n\n1. d4 *\n", true},
    {"[Event \"a\"]\n\n1. e4 {a {b\n[Event \"x\"]\n} } e5 1-0\n[Event \"b\"]\n\n1. d4 *\n", true, true},
    {"[Event \"a\"]\n\n1. e4 {a {b} c} e5 1-0\n[Event \"b\"]\n\n1. d4 *\n", false, true},
    {"[Event \"a\"]\n\n1. e4 [14. d4 d5] e5 1-0\n[Event \"b\"]\n\n1. d4 [Diagram] *\n", false},
};

}  // namespace

TEST_CASE("speculative chunks read as the whole file, and fail their check where they must", "[pgn_splitter]") {
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
  for (int i = 0; text.size() < 5 * quarry::chess::PgnSplitter::kBlockSize; ++i) {
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

TEST_CASE("chunks failing while others are in flight across read blocks are cut again exactly", "[pgn_splitter]") {
  const std::string text = long_text_with_quirks();
  for (std::size_t ahead : {std::size_t{1}, std::size_t{160}, std::size_t{5000}}) {
    INFO("ahead: " << ahead);
    std::size_t failures = 0;
    CHECK(compare_chunked(text, false, ahead, "", false, &failures) == "");
    CHECK(failures >= 8);
    CHECK(compare_chunked(text, false, ahead, "read error at the end") == "");
  }
  // Without quirks no chunk fails: every game's [Event line is found, 64 or 16 bytes a step.
  std::string clean;
  for (int i = 0; clean.size() < 3 * quarry::chess::PgnSplitter::kBlockSize; ++i) {
    clean += kOpera;
    clean += std::string(static_cast<std::size_t>(i % 67), i % 2 == 0 ? '\n' : ' ') + "\n";
  }
  std::size_t clean_failures = 0;
  CHECK(compare_chunked(clean, false, 160, "", false, &clean_failures) == "");
  CHECK(clean_failures == 0);
  // Cut short part way, as a corrupt archive is: the chunks before the failure, the tail serially.
  CHECK(compare_chunked(text.substr(0, text.size() / 2 + 17), false, 160, "corrupt data") == "");
}

TEST_CASE("a compressed input is cut into chunks as its text is", "[pgn_splitter]") {
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
