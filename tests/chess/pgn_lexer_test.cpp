// Tests of the PGN lexer: token kinds, tag quirks, comments, suffixes, line numbers, buffering.
#include "chess/pgn_lexer.h"
#include "chess/pgn_lexer_next.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

using namespace quarry::chess;
using namespace std::string_literals;

namespace {

struct Tok {
  PgnTokenKind kind;
  std::string text;
  std::string name;
  std::uint64_t line;
  int nag;
};

std::vector<Tok> lex_all(PgnLexer& lexer) {
  std::vector<Tok> out;
  for (PgnToken t = lexer.next(); t.kind != PgnTokenKind::End; t = lexer.next()) {
    out.push_back(Tok{t.kind, std::string(t.text), std::string(t.name), t.line, t.nag});
  }
  return out;
}

std::vector<Tok> lex(const std::string& text) {
  PgnLexer lexer(text);
  return lex_all(lexer);
}

}  // namespace

TEST_CASE("lexer: tags and simple movetext", "[pgn_lexer]") {
  auto t = lex("[Event \"Casual\"]\n[White \"Morphy, P.\"]\n\n1. e4 e5 2. Nf3 1-0\n");
  REQUIRE(t.size() == 8);
  CHECK(t[0].kind == PgnTokenKind::Tag);
  CHECK(t[0].name == "Event");
  CHECK(t[0].text == "Casual");
  CHECK(t[1].text == "Morphy, P.");
  CHECK(t[1].line == 2);
  CHECK(t[2].kind == PgnTokenKind::MoveNumber);
  CHECK(t[2].line == 4);
  CHECK(t[3].kind == PgnTokenKind::Symbol);
  CHECK(t[3].text == "e4");
  CHECK(t[6].text == "Nf3");
  CHECK(t[7].kind == PgnTokenKind::Result);
  CHECK(t[7].text == "1-0");
}

TEST_CASE("lexer: tag value quirks", "[pgn_lexer]") {
  SECTION("escaped quote and backslash stay raw until unescaped") {
    auto t = lex(R"([Event "A \"B\" C\\D"])");
    REQUIRE(t.size() == 1);
    std::string v;
    unescape_tag_value(t[0].text, v);
    CHECK(v == R"(A "B" C\D)");
  }
  SECTION("value ending in a backslash") {
    auto t = lex("[Event \"It \\\"]\n[Site \"X\"]\n");
    REQUIRE(t.size() == 2);
    std::string v;
    unescape_tag_value(t[0].text, v);
    CHECK(v == "It \\");
    CHECK(t[1].text == "X");
  }
  SECTION("unescaped quotes inside") {
    auto t = lex("[White \"A \"B\" C\"]\r\n");
    REQUIRE(t.size() == 1);
    CHECK(t[0].text == "A \"B\" C");
  }
  SECTION("backslash that escapes nothing") {
    auto t = lex(R"([White "Guyard\Lemarchand"])");
    std::string v;
    unescape_tag_value(t[0].text, v);
    CHECK(v == "Guyard\\Lemarchand");
  }
  SECTION("two tags on a line, then movetext") {
    auto t = lex("[White \"a\"] [Black \"b\"] 1. e4 *");
    REQUIRE(t.size() == 5);
    CHECK(t[0].text == "a");
    CHECK(t[1].name == "Black");
    CHECK(t[1].text == "b");
    CHECK(t[3].text == "e4");
  }
  SECTION("unquoted value and missing bracket") {
    auto t = lex("[Round 3]\n[Date \"1858.??.??\"\n");
    REQUIRE(t.size() == 2);
    CHECK(t[0].text == "3");
    CHECK(t[1].text == "1858.??.??");
  }
  SECTION("a bracket that starts no tag is skipped") {
    auto t = lex("[ ] e4");
    REQUIRE(t.size() == 1);
    CHECK(t[0].text == "e4");
  }
}

TEST_CASE("lexer: comments", "[pgn_lexer]") {
  auto t = lex("e4 { a\nmulti-line  comment } e5 ; rest of line\nNf3 {unclosed");
  REQUIRE(t.size() == 6);
  CHECK(t[1].kind == PgnTokenKind::Comment);
  CHECK(t[1].text == "a\nmulti-line  comment");
  CHECK(t[2].line == 2);
  CHECK(t[3].kind == PgnTokenKind::Comment);
  CHECK(t[3].text == "rest of line");
  CHECK(t[4].line == 3);
  CHECK(t[5].text == "unclosed");
  PgnLexer lexer(std::string("{ open\n[Event \"Next\"]\n"));
  PgnToken c = lexer.next();
  CHECK(c.kind == PgnTokenKind::Comment);
  CHECK(c.unterminated);
  PgnToken tag = lexer.next();
  CHECK(tag.kind == PgnTokenKind::Tag);
  CHECK(tag.text == "Next");
}

TEST_CASE("lexer: escape lines, NAGs, suffixes, move numbers", "[pgn_lexer]") {
  auto t = lex("% escaped line e4\n12. e4!? 12... Nf6?! 13\xE2\x80\xA6 Bb5!! $14 $300 Qh5?? d4! c5? -- ");
  std::vector<std::pair<PgnTokenKind, int>> want = {
      {PgnTokenKind::MoveNumber, 0}, {PgnTokenKind::Symbol, 0}, {PgnTokenKind::Nag, 5},
      {PgnTokenKind::MoveNumber, 0}, {PgnTokenKind::Symbol, 0}, {PgnTokenKind::Nag, 6},
      {PgnTokenKind::MoveNumber, 0}, {PgnTokenKind::Symbol, 0}, {PgnTokenKind::Nag, 3},
      {PgnTokenKind::Nag, 14},       {PgnTokenKind::Nag, 0},    {PgnTokenKind::Symbol, 0},
      {PgnTokenKind::Nag, 4},        {PgnTokenKind::Symbol, 0}, {PgnTokenKind::Nag, 1},
      {PgnTokenKind::Symbol, 0},     {PgnTokenKind::Nag, 2},    {PgnTokenKind::Symbol, 0}};
  REQUIRE(t.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    CHECK(t[i].kind == want[i].first);
    if (t[i].kind == PgnTokenKind::Nag) CHECK(t[i].nag == want[i].second);
  }
  CHECK(t[0].text == "12.");
  CHECK(t[3].text == "12...");
  CHECK(t[6].text == "13\xE2\x80\xA6");
  CHECK(t[17].text == "--");
}

TEST_CASE("lexer: results, castling, variations", "[pgn_lexer]") {
  auto t = lex("O-O-O 0-0 (1/2-1/2) 0-1 * \xC2\xBD-\xC2\xBD 1-0");
  REQUIRE(t.size() == 9);
  CHECK(t[0].kind == PgnTokenKind::Symbol);
  CHECK(t[1].kind == PgnTokenKind::Symbol);
  CHECK(t[1].text == "0-0");
  CHECK(t[2].kind == PgnTokenKind::VariationStart);
  CHECK(t[3].kind == PgnTokenKind::Result);
  CHECK(t[4].kind == PgnTokenKind::VariationEnd);
  for (std::size_t i = 5; i < 9; ++i) CHECK(t[i].kind == PgnTokenKind::Result);
}

TEST_CASE("lexer: BOM, CRLF, ^Z, NUL and Latin-1 bytes", "[pgn_lexer]") {
  auto t = lex("\xEF\xBB\xBF[Event \"Caf\xE9\"]\r\n\r\n1. e4\x1A e5 \x00 *"s);
  REQUIRE(t.size() == 5);
  CHECK(t[0].text == "Caf\xE9");
  CHECK(t[1].line == 3);
  CHECK(t[2].text == "e4");
  CHECK(t[3].text == "e5");
  CHECK(t[4].kind == PgnTokenKind::Result);
}

TEST_CASE("lexer: streaming across block boundaries", "[pgn_lexer]") {
  // Enough games to cross several 1 MiB refills, plus one comment longer than a block.
  std::string text;
  const std::string game = "[Event \"Block test\"]\n\n1. e4 {short} e5 2. Nf3 Nc6 1-0\n\n";
  while (text.size() < 3 * PgnLexer::kBlockSize) text += game;
  text += "{" + std::string(PgnLexer::kBlockSize + 17, 'x') + "} e4";
  std::FILE* f = std::tmpfile();
  REQUIRE(f != nullptr);
  std::fwrite(text.data(), 1, text.size(), f);
  std::rewind(f);
  PgnLexer streamed(f);
  auto a = lex_all(streamed);
  std::fclose(f);
  auto b = lex(text);
  REQUIRE(a.size() == b.size());
  std::size_t same = 0;
  while (same < a.size() && a[same].kind == b[same].kind && a[same].text == b[same].text &&
         a[same].line == b[same].line) {
    ++same;
  }
  CHECK(same == a.size());
  CHECK(a[a.size() - 2].text.size() == PgnLexer::kBlockSize + 17);
  CHECK(a.back().text == "e4");
}

TEST_CASE("lexer: garbage never hangs", "[pgn_lexer]") {
  std::uint32_t seed = 12345;
  for (int round = 0; round < 300; ++round) {
    std::string text;
    for (int i = 0; i < 400; ++i) {
      seed = seed * 1664525u + 1013904223u;
      const char alphabet[] = "[]{}();%$!?*.\"\\ \n\rabcdeNBRQKO0123456789-+#=/\xEF\xBB\xBF\xC2\xBD\xE2\x80\xA6";
      text += alphabet[(seed >> 16) % (sizeof alphabet - 1)];
    }
    PgnLexer lexer(text);
    std::size_t count = 0;
    while (lexer.next().kind != PgnTokenKind::End) REQUIRE(++count <= text.size());
  }
}

TEST_CASE("lexer: brackets in movetext", "[pgn_lexer]") {
  PgnLexer lexer("4. Bxc6 [4. Ba4] ] [%clk 0:01:02] e5\n[Event \"n\"]\n  [Site \"s\"]\n[Diagram] Nf3 [Event \"g\"]\n"s);
  lexer.set_movetext(true);
  auto t = lex_all(lexer);
  REQUIRE(t.size() == 16);
  CHECK(t[2].kind == PgnTokenKind::BracketStart);
  CHECK(t[3].kind == PgnTokenKind::MoveNumber);
  CHECK(t[4].text == "Ba4");
  CHECK(t[5].kind == PgnTokenKind::BracketEnd);
  CHECK(t[6].kind == PgnTokenKind::BracketEnd);
  CHECK(t[7].kind == PgnTokenKind::Comment);
  CHECK(t[7].text == "[%clk 0:01:02]");
  CHECK(t[8].text == "e5");
  CHECK(t[9].kind == PgnTokenKind::Tag);  // a tag pair first on its line
  CHECK(t[9].line == 2);
  CHECK(t[10].kind == PgnTokenKind::Tag);
  CHECK(t[10].name == "Site");
  CHECK(t[11].kind == PgnTokenKind::BracketStart);  // "[Diagram]": no quoted value
  CHECK(t[12].text == "Diagram");
  CHECK(t[13].kind == PgnTokenKind::BracketEnd);
  CHECK(t[14].text == "Nf3");
  CHECK(t[15].kind == PgnTokenKind::Tag);  // `[Event "` starts a record even mid-line
  CHECK(t[15].text == "g");
  // Outside movetext every '[' with a name is a tag, as before.
  auto tags = lex("[14.Nxb5 Qa5]\n");
  REQUIRE(tags.size() == 1);
  CHECK(tags[0].kind == PgnTokenKind::Tag);
}

TEST_CASE("lexer: a tag read in the buffer is the tag parse_tag_line reads from its line", "[pgn_lexer]") {
  // The lexer reads a tag whose closing quote and ']' it sees before the line's end where it
  // lies, and parses any other through parse_tag_line; both must read every line alike. Random
  // lines of quotes, backslashes, brackets and blanks, the value long (past 16 bytes) or short.
  std::uint32_t seed = 777;
  auto random = [&seed](std::uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 16) % n;
  };
  const char alphabet[] = "\"\\] \tab[\r";
  for (int round = 0; round < 3000; ++round) {
    std::string value;
    const std::uint32_t length = random(2) == 0 ? random(6) : 10 + random(30);
    for (std::uint32_t i = 0; i < length; ++i) value += alphabet[random(sizeof alphabet - 1)];
    const std::string line = "[Event \"" + value;
    const std::string ends[] = {"\n1. e4 *\n", "", "\r\n[Site \"x\"]\n"};
    const std::string& end = ends[random(3)];
    std::string cut = line;  // the line as skip_to_line_end ends it (at the first CR or LF)
    cut = cut.substr(0, cut.find_first_of("\r\n"));
    const TagLine want = parse_tag_line(cut, 1);
    PgnLexer lexer(line + end);
    const PgnToken& t = lexer.next();
    INFO("line: " << line);
    REQUIRE(t.kind == PgnTokenKind::Tag);
    CHECK(t.name == want.name);
    CHECK(t.text == want.text);
    // The rest of the line after the tag is lexed next, from where parse_tag_line says it ends.
    std::vector<Tok> rest = lex_all(lexer);
    std::vector<Tok> want_rest = lex(cut.substr(want.tag_end) + line.substr(cut.size()) + end);
    REQUIRE(rest.size() == want_rest.size());
    for (std::size_t i = 0; i < rest.size(); ++i) {
      CHECK(rest[i].kind == want_rest[i].kind);
      CHECK(rest[i].text == want_rest[i].text);
    }
  }
}

TEST_CASE("lexer: a move read with room after it equals the same move at the end of the text", "[pgn_lexer]") {
  // With more than 16 bytes after a word's start, next() reads the usual move and the usual move
  // number itself; at the end of the text lex_symbol and the general number path read them. Both
  // must give the same tokens, quirks included.
  const std::vector<std::string> snippets = {
      "Nf3", "exd5", "e8=Q+", "Qh4#", "O-O-O", "dxc6ep", "dxc6e.p.", "e5 e.p.", "Nbd7!?", "Event \"cut\"]",
      "Event \"cut\" ]", "White \"A\"]", "abcdefghijklmnopqrstuv", "abcdefghijklmno", "abcdefghijklmnop",
      "R1e2", "12. e4", "12... e5", "3.Nf3", "1-0", "0-0", "1/2-1/2", "Kxe", "Nf3 \"x\"", "a\"b", "e4;c",
      "12.\xE2\x80\xA6 e5"};
  for (const std::string& s : snippets) {
    for (bool skip_numbers : {false, true}) {
      CAPTURE(s, skip_numbers);
      auto lex_with = [&](const std::string& text) {
        PgnLexer lexer(text);
        lexer.set_skip_move_numbers(skip_numbers);
        return lex_all(lexer);
      };
      const auto at_end = lex_with(s);
      const auto with_room = lex_with(s + "\n" + std::string(40, ' '));
      REQUIRE(at_end.size() == with_room.size());
      for (std::size_t i = 0; i < at_end.size(); ++i) {
        CHECK(at_end[i].kind == with_room[i].kind);
        CHECK(at_end[i].text == with_room[i].text);
        CHECK(at_end[i].name == with_room[i].name);
        CHECK(at_end[i].line == with_room[i].line);
        CHECK(at_end[i].nag == with_room[i].nag);
      }
    }
  }
}

TEST_CASE("lexer: the space after a move is passed with it, and blanks, lines and what follows read as before",
          "[pgn_lexer]") {
  // Moves with room after them (the usual-move path), each followed by a space and then another
  // blank, a line break, a tag line, a quote, a comment, a NAG or a further move. (The tokens are
  // those the lexer gave before it passed the space with the move.)
  const std::string text = "1. e4 e5 \n[Event \"x\"]\n2. Nf3  Nc6\t{c} d4 ;rest\nBb5 $1 a6 \"q\" Ba4 \r\nc6 (f5) " +
                           std::string(40, ' ');
  PgnLexer lexer(text);
  lexer.set_movetext(true);
  const auto tokens = lex_all(lexer);
  const std::vector<std::tuple<PgnTokenKind, std::string, std::uint64_t>> expected = {
      {PgnTokenKind::MoveNumber, "1.", 1}, {PgnTokenKind::Symbol, "e4", 1},
      {PgnTokenKind::Symbol, "e5", 1},     {PgnTokenKind::Tag, "x", 2},
      {PgnTokenKind::MoveNumber, "2.", 3}, {PgnTokenKind::Symbol, "Nf3", 3},
      {PgnTokenKind::Symbol, "Nc6", 3},    {PgnTokenKind::Comment, "c", 3},
      {PgnTokenKind::Symbol, "d4", 3},     {PgnTokenKind::Comment, "rest", 3},
      {PgnTokenKind::Symbol, "Bb5", 4},    {PgnTokenKind::Nag, "$1", 4},
      {PgnTokenKind::Tag, "q", 4},  // `a6 "q"`: a word, a space, a quote is a tag line that lost its '['
      {PgnTokenKind::Symbol, "c6", 5},
      {PgnTokenKind::VariationStart, "(", 5}, {PgnTokenKind::Symbol, "f5", 5},
      {PgnTokenKind::VariationEnd, ")", 5}};
  REQUIRE(tokens.size() == expected.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    CAPTURE(i);
    CHECK(tokens[i].kind == std::get<0>(expected[i]));
    CHECK(tokens[i].text == std::get<1>(expected[i]));
    CHECK(tokens[i].line == std::get<2>(expected[i]));
  }
  // A result after a move still ends where its text ends (the splitter's check reads from there).
  const std::string game = "e4 e5 1-0   " + std::string(40, ' ');
  lexer.reset(game, 1);
  lexer.set_movetext(true);
  while (lexer.next().kind != PgnTokenKind::Result) {
  }
  CHECK(lexer.text_offset() == 9);
}

TEST_CASE("lexer: next_inline() gives the tokens next() gives", "[pgn_lexer]") {
  // The reader's loop reads with next_inline(); everything else with next().
  const std::string text =
      "\xEF\xBB\xBF[Event \"a \\\"b\\\"\"]\r\n[Site \"x\"]\r\n\r\n1. e4 e5!? 2.Nf3 $1 {c {d} e} 2... Nc6 ; line\n"
      "3. Bb5 (3. d4 exd4) [3... a6] 4.O-O 0-0 dxc6ep e.p. +/- = 12\xE2\x80\xA6 Qh4# \xC2\xBD-\xC2\xBD\n"
      "%escape\n@junk ] 1-0\n[Event \"next\"] *";
  for (bool movetext : {false, true}) {
    for (bool skip_numbers : {false, true}) {
      CAPTURE(movetext, skip_numbers);
      PgnLexer by_call(text);
      PgnLexer by_inline(text);
      for (PgnLexer* lexer : {&by_call, &by_inline}) {
        lexer->set_movetext(movetext);
        lexer->set_skip_move_numbers(skip_numbers);
      }
      const auto called = lex_all(by_call);
      std::vector<Tok> inlined;
      for (PgnToken t = by_inline.next_inline(); t.kind != PgnTokenKind::End; t = by_inline.next_inline()) {
        inlined.push_back(Tok{t.kind, std::string(t.text), std::string(t.name), t.line, t.nag});
      }
      REQUIRE(called.size() == inlined.size());
      CHECK(called.size() > 20);
      for (std::size_t i = 0; i < called.size(); ++i) {
        CAPTURE(i);
        CHECK(called[i].kind == inlined[i].kind);
        CHECK(called[i].text == inlined[i].text);
        CHECK(called[i].name == inlined[i].name);
        CHECK(called[i].line == inlined[i].line);
        CHECK(called[i].nag == inlined[i].nag);
      }
    }
  }
}
