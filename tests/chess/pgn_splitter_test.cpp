// The splitter cuts a file into games exactly where the reader does: each game read alone gives
// what the reader of the whole file gives (tags, moves, comments, lines, warnings, skips).
#include "chess/pgn_splitter.h"

#include <algorithm>

#include <catch2/catch.hpp>

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
    "[Event \"a\"]\n\n1. e4 e5 2. Zz9 (2. Nf3 1-0) 3. Nc3 0-1\n[Event \"b\"]\n\n1. d4 *\n",  // an error, then a result in a variation
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
