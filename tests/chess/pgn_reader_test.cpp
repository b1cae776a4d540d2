// Tests of the streaming PGN reader: game splitting, tags, tree building, quirks, bad input.
#include "chess/pgn_reader.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "chess/notation.h"

using namespace quarry::chess;
using namespace std::string_literals;

namespace {

const char* const kOperaGame =
    "[Event \"Paris\"]\n[Site \"Paris FRA\"]\n[Date \"1858.??.??\"]\n[White \"Morphy, Paul\"]\n"
    "[Black \"Duke Karl / Count Isouard\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n"
    "8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n"
    "14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n\n";

struct Result {
  std::vector<Game> games;
  std::vector<PgnDiagnostic> skipped;
  std::vector<PgnDiagnostic> warnings;  // of every game kept, in order
};

Result read_all(const std::string& text, bool strict = false) {
  Result r;
  auto reader = PgnReader::from_string(text);
  reader->set_strict(strict);
  Game game;
  PgnDiagnostic diag;
  for (int guard = 0; guard < 100000; ++guard) {
    const auto status = reader->next(game, diag);
    if (status == PgnReader::Status::End) break;
    if (status == PgnReader::Status::Game) {
      r.games.push_back(game);
      r.warnings.insert(r.warnings.end(), reader->warnings().begin(), reader->warnings().end());
    }
    if (status == PgnReader::Status::Skipped) r.skipped.push_back(diag);
  }
  return r;
}

const std::string* warning_tag(const Game& g) { return g.tag(kWarningTag); }

std::vector<std::string> mainline_san(const Game& g) {
  std::vector<std::string> out;
  for (NodeId id = g.mainline_child(g.root()); id != kNoNode; id = g.mainline_child(id)) {
    out.push_back(to_san(g.node(g.node(id).parent).position, g.node(id).move));
  }
  return out;
}

int mainline_length(const Game& g) { return static_cast<int>(mainline_san(g).size()); }

}  // namespace

TEST_CASE("reader: a plain game", "[pgn_reader]") {
  auto r = read_all(kOperaGame);
  REQUIRE(r.games.size() == 1);
  const Game& g = r.games[0];
  CHECK(g.number == 1);
  CHECK(g.first_line == 1);
  CHECK(g.tags().size() == 6);
  REQUIRE(g.tag("White") != nullptr);
  CHECK(*g.tag("White") == "Morphy, Paul");
  CHECK(g.result() == "1-0");
  CHECK(mainline_length(g) == 33);
  CHECK(g.node(static_cast<NodeId>(g.node_count() - 1)).position.is_checkmate());
}

TEST_CASE("reader: game boundaries", "[pgn_reader]") {
  SECTION("no blank line before the next [Event") {
    auto r = read_all("[Event \"a\"]\n1. e4 e5 *\n[Event \"b\"]\n1. d4 *");
    REQUIRE(r.games.size() == 2);
    CHECK(*r.games[1].tag("Event") == "b");
    CHECK(r.games[1].first_line == 3);
  }
  SECTION("a result ends the movetext; movetext without tags") {
    auto r = read_all("1. e4 e5 1-0 1. d4 d5 0-1\n\n1. c4 *");
    REQUIRE(r.games.size() == 3);
    CHECK(r.games[0].tags().empty());
    CHECK(mainline_san(r.games[1]) == std::vector<std::string>{"d4", "d5"});
    CHECK(r.games[2].result() == "*");
  }
  SECTION("tags without result then tags") {
    auto r = read_all("[Event \"a\"]\n1. e4\n\n[Event \"b\"]\n\n1. d4");
    REQUIRE(r.games.size() == 2);
    CHECK(r.games[0].result().empty());
    CHECK(mainline_length(r.games[1]) == 1);
  }
  SECTION("comments between tags stay with the game") {
    auto r = read_all(
        "[Event \"a\"]\n{note}\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]\n\n1. Ra8# 1/2\n");
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].tags().size() == 2);
    CHECK(r.games[0].annotations(0).comments_after == std::vector<std::string>{"note"});
    CHECK(r.games[0].node(1).position.is_checkmate());
    CHECK(r.games[0].result() == "1/2-1/2");
  }
  SECTION("zero-move games, empty input, stray comments") {
    CHECK(read_all("").games.empty());
    CHECK(read_all("\n\n  \n").games.empty());
    auto r = read_all("[Event \"x\"]\n\n*\n\n{ remark }\n[Event \"y\"]\n[Result \"1-0\"]\n\n{ trailing }");
    REQUIRE(r.games.size() == 2);
    CHECK(r.games[1].annotations(0).comments_after == std::vector<std::string>{"remark", "trailing"});
    CHECK(r.games[0].node_count() == 1);
    CHECK(r.games[1].node_count() == 1);
    CHECK(r.games[1].number == 2);
  }
}

TEST_CASE("reader: comments, NAGs and variations", "[pgn_reader]") {
  auto r = read_all(
      "{Start} 1. e4 {King pawn} $1 e5!? (1... c5 {Sicilian} 2. Nf3 (2. c3 $6 d5) (2. f4)) "
      "({Or} 1... e6?) 2. Nf3 ; line comment\n Nc6 *");
  REQUIRE(r.games.size() == 1);
  const Game& g = r.games[0];
  CHECK(g.annotations(0).comments_after == std::vector<std::string>{"Start"});
  const NodeId e4 = g.mainline_child(0);
  CHECK(g.annotations(e4).comments_after == std::vector<std::string>{"King pawn"});
  CHECK(g.annotations(e4).nags == std::vector<std::uint8_t>{1});
  const NodeId e5 = g.mainline_child(e4);
  CHECK(g.annotations(e5).nags == std::vector<std::uint8_t>{5});
  const NodeId c5 = g.node(e5).next_sibling;
  REQUIRE(c5 != kNoNode);
  CHECK(g.annotations(c5).comments_after == std::vector<std::string>{"Sicilian"});
  const NodeId e6 = g.node(c5).next_sibling;
  REQUIRE(e6 != kNoNode);
  CHECK(g.annotations(e6).comments_before == std::vector<std::string>{"Or"});
  CHECK(g.annotations(e6).nags == std::vector<std::uint8_t>{2});
  const NodeId nf3 = g.mainline_child(c5);
  const NodeId c3 = g.node(nf3).next_sibling;
  REQUIRE(c3 != kNoNode);
  CHECK(g.node(g.node(c3).next_sibling).ply == 3);
  CHECK(mainline_san(g) == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6"});
  const NodeId nf3_main = g.mainline_child(e5);
  CHECK(g.annotations(nf3_main).comments_after == std::vector<std::string>{"line comment"});
  CHECK(g.is_mainline(nf3_main));
  CHECK_FALSE(g.is_mainline(c3));
  CHECK(g.preorder().size() == g.node_count());
}

TEST_CASE("reader: deep nesting does not recurse", "[pgn_reader]") {
  std::string text = "1. e4 e5 ";
  for (int i = 0; i < 100000; ++i) text += "(1... d5 ";
  for (int i = 0; i < 100000; ++i) text += ") ";
  text += "*";
  auto r = read_all(text);
  REQUIRE(r.games.size() == 1);
  CHECK(r.games[0].node_count() == 100003);
  CHECK(r.games[0].preorder().size() == 100003);
}

TEST_CASE("reader: FEN, SetUp, Chess960", "[pgn_reader]") {
  SECTION("FEN with and without SetUp") {
    auto r = read_all(
        "[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]\n\n1. Ra8# 1-0\n\n"
        "[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 30\"]\n\n30... h6 *\n");
    REQUIRE(r.games.size() == 2);
    CHECK(r.games[0].node(1).position.is_checkmate());
    CHECK(r.games[1].node(0).position.fullmove_number() == 30);
  }
  SECTION("SetUp without FEN is the standard start") {
    auto r = read_all("[Variant \"Chess960\"]\n[SetUp \"1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *");
    REQUIRE(r.games.size() == 1);
    CHECK(mainline_length(r.games[0]) == 7);
    CHECK(r.games[0].node(0).position.chess960());
  }
  SECTION("Chess960 castling") {
    auto r = read_all(
        "[Variant \"fischerandom\"]\n[SetUp \"1\"]\n"
        "[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1\"]\n\n"
        "1. O-O O-O-O *");
    REQUIRE(r.games.size() == 1);
    CHECK(mainline_length(r.games[0]) == 2);
  }
  SECTION("bad FEN is reported") {
    auto r = read_all("[Event \"a\"]\n[FEN \"garbage\"]\n\n1. e4 *\n\n" + std::string(kOperaGame));
    REQUIRE(r.skipped.size() == 1);
    CHECK(r.skipped[0].game_number == 1);
    CHECK(r.skipped[0].line == 2);
    CHECK(r.skipped[0].message.find("garbage") != std::string::npos);
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].number == 2);
  }
}

TEST_CASE("reader: real-file quirks", "[pgn_reader]") {
  SECTION("BOM, CRLF, ^Z, Latin-1, escaped tags") {
    auto r = read_all(
        "\xEF\xBB\xBF[Event \"It \\\"]\r\n[White \"Andr\xE9 \\\"Dede\\\" \\\\ X\"]\r\n\r\n"
        "1. e4 e5\r\n2. Nf3 1-0\r\n\x1A"s);
    REQUIRE(r.games.size() == 1);
    CHECK(*r.games[0].tag("Event") == "It \\");
    CHECK(*r.games[0].tag("White") == "Andr\xE9 \"Dede\" \\ X");
    CHECK(mainline_length(r.games[0]) == 3);
    auto crlf = read_all("1. e4 {two\r\nlines} *\r\n");
    REQUIRE(crlf.games.size() == 1);
    CHECK(crlf.games[0].annotations(1).comments_after == std::vector<std::string>{"two\nlines"});
  }
  SECTION("null moves, ellipsis numbers, half-point result") {
    auto r = read_all("1. e4 -- 2. d4 e5 3. Nf3 3\xE2\x80\xA6 exd4 \xC2\xBD-\xC2\xBD");
    REQUIRE(r.games.size() == 1);
    const Game& g = r.games[0];
    CHECK(g.node(2).move.is_null());
    CHECK(mainline_length(g) == 6);
    CHECK(g.result() == "1/2-1/2");
  }
  SECTION("results inside variations do not end the game") {
    auto r = read_all("1. e4 (1. f3 e5 2. g4 Qh4# 0-1) 1... e5 1-0");
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].result() == "1-0");
    CHECK(mainline_length(r.games[0]) == 2);
  }
}

TEST_CASE("reader: strict reading skips games with bad moves", "[pgn_reader]") {
  auto r = read_all(
      "[Event \"bad\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 Ke7?? 4. Qxh8 *\n\n" + std::string(kOperaGame) +
      "1. Nf6 *\n1. e4 e5 (1... Nf3) *\n1. e4 e5 (1... c5 2. Ke5 (2. Nf3 d6) 2... Nc6) 2. Nf3 *\n",
      true);
  REQUIRE(r.skipped.size() == 2);
  CHECK(r.skipped[0].game_number == 1);
  CHECK(r.skipped[0].line == 4);
  CHECK(r.skipped[0].message == "illegal move \"Qxh8\" after 3... Ke7");
  CHECK(r.skipped[1].message == "illegal move \"Nf6\" at move 1");
  // A bad move in a variation drops the rest of that variation only (pgn-extract accepts these).
  REQUIRE(r.games.size() == 3);
  CHECK(r.games[0].number == 2);
  CHECK(r.games[1].node_count() == 3);
  const Game& g = r.games[2];
  CHECK(g.number == 5);
  CHECK(g.node_count() == 5);
  CHECK(mainline_san(g) == std::vector<std::string>{"e4", "e5", "Nf3"});
}

TEST_CASE("reader: reads a file and stdin-like streams", "[pgn_reader]") {
  std::string error;
  CHECK(PgnReader::open("/nonexistent/file.pgn", &error) == nullptr);
  CHECK(error.find("/nonexistent/file.pgn") != std::string::npos);
  const std::string dir = std::string(__FILE__).substr(0, std::string(__FILE__).rfind('/'));
  auto reader = PgnReader::open(dir + "/../data/pgn/classics.pgn", &error);
  REQUIRE(reader != nullptr);
  Game game;
  PgnDiagnostic diag;
  int games = 0;
  while (true) {
    const auto s = reader->next(game, diag);
    if (s == PgnReader::Status::End) break;
    CHECK(s == PgnReader::Status::Game);
    if (s == PgnReader::Status::Skipped) WARN(diag.message);
    ++games;
  }
  CHECK(games == 5);
}

TEST_CASE("reader: garbage and truncated input never crash or hang", "[pgn_reader]") {
  const std::string base = std::string(kOperaGame) +
                           "[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]\n\n1. Ra8# {mate} (1. Kf1 $2) 1-0\n";
  std::uint32_t seed = 99;
  auto rnd = [&] {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  for (int round = 0; round < 400; ++round) {
    std::string text = base.substr(0, rnd() % base.size());  // truncated
    const int edits = static_cast<int>(rnd() % 12);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const char junk[] = "[](){};%$!?*.-\"\\\n 0123456789NBRQKOxabcdefgh=+#\xBD\xEF\x1A";
      text[rnd() % text.size()] = junk[rnd() % (sizeof junk - 1)];
    }
    auto r = read_all(text);
    CHECK(r.games.size() + r.skipped.size() <= text.size() + 1);
  }
}

TEST_CASE("reader: a bad mainline move ends the movetext and the game is kept, marked", "[pgn_reader]") {
  auto r = read_all("[Event \"bad\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 Ke7?? 4. Qxh8 Nf6 *\n\n" + std::string(kOperaGame) +
                    "1. Nf6 *\n");
  REQUIRE(r.skipped.empty());
  REQUIRE(r.games.size() == 3);
  CHECK(mainline_length(r.games[0]) == 6);
  REQUIRE(warning_tag(r.games[0]) != nullptr);
  CHECK(*warning_tag(r.games[0]) == "illegal move \"Qxh8\" after 3... Ke7 (movetext read up to it)");
  CHECK(warning_tag(r.games[1]) == nullptr);
  CHECK(mainline_length(r.games[2]) == 0);
  REQUIRE(r.warnings.size() == 2);
  CHECK(r.warnings[0].game_number == 1);
  CHECK(r.warnings[0].line == 4);
  CHECK_FALSE(r.warnings[0].repaired);
  CHECK(r.warnings[1].game_number == 3);
  CHECK(r.warnings[1].message == "illegal move \"Nf6\" at move 1 (movetext read up to it)");
}

TEST_CASE("reader: moves the reader cannot play, in and out of variations, each with its own outcome",
          "[pgn_reader]") {
  // A bad move in a variation drops the rest of that variation only; the comment before the first
  // move of the next variation still goes to that move, and the mainline goes on.
  auto r = read_all("1. e4 e5 (1... c5 2. Nf3 Qxh8 3. d4) ({Or} 1... e6 {French}) 2. Nf3 Nc6 *\n");
  REQUIRE(r.games.size() == 1);
  const Game& g = r.games[0];
  CHECK(warning_tag(g) == nullptr);
  CHECK(mainline_san(g) == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6"});
  const NodeId e5 = g.mainline_child(g.mainline_child(g.root()));
  const NodeId c5 = g.node(e5).next_sibling;
  REQUIRE(c5 != kNoNode);
  const NodeId nf3 = g.mainline_child(c5);
  REQUIRE(nf3 != kNoNode);
  CHECK(g.mainline_child(nf3) == kNoNode);  // Qxh8 and 3. d4 dropped
  const NodeId e6 = g.node(c5).next_sibling;
  REQUIRE(e6 != kNoNode);
  CHECK(g.annotations(e6).comments_before == std::vector<std::string>{"Or"});
  CHECK(g.annotations(e6).comments_after == std::vector<std::string>{"French"});
  // Past the longest game a tree holds (65,000 plies) the movetext stops, and the game is kept.
  std::string shuffle = "1. Nf3 Nf6";
  for (int move = 2; move <= 32500; move += 2) {
    // Appended piece by piece: GCC 12 warns (-Warray-bounds, a false positive) on "…" + string.
    shuffle.append(" ").append(std::to_string(move)).append(". Ng1 Ng8 ");
    shuffle.append(std::to_string(move + 1)).append(". Nf3 Nf6");
  }
  auto long_game = read_all(shuffle + " *\n");
  REQUIRE(long_game.games.size() == 1);
  CHECK(long_game.games[0].node_count() == 65001);
  REQUIRE(warning_tag(long_game.games[0]) != nullptr);
  CHECK(*warning_tag(long_game.games[0]) == "game too long at \"Nf3\" (movetext read up to it)");  // ply 65,001
}

TEST_CASE("reader: garbled results keep the game", "[pgn_reader]") {
  for (const char* token : {"1-O", "1/2-1/", "0-", "O-1"}) {
    auto r = read_all("[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 " + std::string(token) + "\n\n" + kOperaGame);
    REQUIRE(r.games.size() == 2);
    CHECK(mainline_length(r.games[0]) == 4);
    CHECK(mainline_length(r.games[1]) == 33);
    REQUIRE(warning_tag(r.games[0]) != nullptr);
    // "O-1" is read as a move (castling is written with O), so it is an illegal move, not a result.
    const std::string kind = token[0] == 'O' ? "illegal move" : "bad result";
    CHECK(*warning_tag(r.games[0]) == kind + " \"" + token + "\"" + (token[0] == 'O' ? " after 2... Nc6" : "") +
                                          " (movetext read up to it)");
  }
  // Castling with zeros is a move even where it is illegal.
  auto z = read_all("1. e4 0-0 *");
  CHECK(*warning_tag(z.games[0]) == "illegal move \"0-0\" after 1. e4 (movetext read up to it)");
}

TEST_CASE("reader: a record cut off mid-move or mid-comment, then a good game", "[pgn_reader]") {
  auto r = read_all("[Event \"a\"]\n\n1. d4 d5 2. c4 Nf\n[Event \"b\"]\n\n1. d4 d5 2. c4 {The queen's\n" +
                    std::string(kOperaGame) + "[Event \"c\"]\n\n1. e4 e5 2. Bc[Event \"d\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
  REQUIRE(r.games.size() == 5);
  CHECK(*r.games[0].tag("Event") == "a");
  CHECK(mainline_length(r.games[0]) == 3);
  CHECK(*warning_tag(r.games[0]) == "illegal move \"Nf\" after 2. c4 (movetext read up to it)");
  CHECK(mainline_length(r.games[1]) == 3);
  CHECK(r.games[1].annotations(3).comments_after == std::vector<std::string>{"The queen's"});
  CHECK(*warning_tag(r.games[1]) == "comment without closing '}'");
  CHECK(mainline_length(r.games[2]) == 33);
  CHECK(warning_tag(r.games[2]) == nullptr);
  // The next record glued to a half-written move on the same line still starts a game.
  CHECK(mainline_length(r.games[3]) == 2);
  CHECK(*r.games[4].tag("Event") == "d");
  CHECK(mainline_length(r.games[4]) == 4);
  auto strict = read_all("1. d4 d5 2. c4 {The queen's\n" + std::string(kOperaGame), true);
  REQUIRE(strict.skipped.size() == 1);
  CHECK(strict.skipped[0].message == "comment without closing '}'");
  CHECK(strict.games.size() == 1);
}

TEST_CASE("reader: square brackets in movetext are read as variations", "[pgn_reader]") {
  auto r = read_all("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 [4. Ba4 Nf6 (4... b5) 5. O-O] 4... dxc6\n"
                    "[Diagram] 5. O-O [5. Nxe5 Qd4 (5... Qg5 ] 5... f6 1-0\n" + std::string(kOperaGame));
  REQUIRE(r.games.size() == 2);
  const Game& g = r.games[0];
  CHECK(mainline_san(g) == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "f6"});
  CHECK(g.result() == "1-0");
  // Root and 10 mainline moves; 4. Ba4 Nf6 5. O-O with 4... b5; 5. Nxe5 Qd4 with 5... Qg5, whose
  // '(' the ']' closes.
  CHECK(g.node_count() == 11 + 3 + 1 + 3);
  REQUIRE(warning_tag(g) != nullptr);
  CHECK(*warning_tag(g) == "square brackets in movetext read as a variation");
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].line == 3);
  CHECK(mainline_length(r.games[1]) == 33);
  auto strict = read_all("1. e4 e5 [1... c5] 2. Nf3 *\n", true);
  REQUIRE(strict.skipped.size() == 1);
  CHECK(strict.skipped[0].message == "square bracket in movetext");
  // A stray ']' and a ')' inside a bracket change nothing.
  auto stray = read_all("1. e4 ] e5 [1... c5 2. Nf3 ) d6] 2. Nf3 *\n");
  CHECK(mainline_length(stray.games[0]) == 3);
  CHECK(stray.games[0].node_count() == 7);
}

TEST_CASE("reader: FEN repairs are said once per game, not marked", "[pgn_reader]") {
  auto r = read_all("[FEN \"r3k2r/8/8/8/8/8/8/4K3 w KQkq e6 0 1\"]\n\n1. Kd2 O-O-O+ 0-1\n"
                    "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O O-O-O 0-1\n"
                    "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. exd6 *\n");
  REQUIRE(r.games.size() == 3);
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].repaired);
  CHECK(r.warnings[0].line == 1);
  CHECK(r.warnings[0].message ==
        "FEN repaired: castling rights the position cannot have dropped (kept \"kq\"), "
        "impossible en passant square \"e6\" dropped");
  for (const Game& g : r.games) CHECK(warning_tag(g) == nullptr);
  CHECK(mainline_length(r.games[0]) == 2);
}

TEST_CASE("reader: [Variant] chooses the rules, unknown variants are skipped", "[pgn_reader][variant]") {
  SECTION("Four-File games replay from the variant's start or a FEN") {
    auto r = read_all(
        "[Variant \"Four-File\"]\n\n1. a4 g5 2. Ra3 a6 3. Rc3 a5 4. Rc6 Ba6 5. Rg6 Ra7 6. Rxg8# 1-0\n\n"
        "[Variant \"4-file\"]\n[SetUp \"1\"]\n[FEN \"4k3/P3p3/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. a8=Q# 1-0\n");
    REQUIRE(r.games.size() == 2);
    CHECK(r.skipped.empty());
    CHECK(r.games[0].node(0).position.variant() == Variant::FourFile);
    CHECK(r.games[0].node(0).position.fen() == "r1b1k1n1/p1p1p1p1/8/8/8/8/P1P1P1P1/R1B1K1N1 w - - 0 1");
    CHECK(mainline_length(r.games[0]) == 11);
    CHECK(r.games[0].node(11).position.is_checkmate());
    CHECK(r.games[1].node(1).position.is_checkmate());
  }
  SECTION("a move off the four files is illegal there, legal in standard chess") {
    auto r = read_all("[Variant \"fourfile\"]\n\n1. Nf3 *\n\n[Variant \"Standard\"]\n\n1. Nf3 *\n");
    REQUIRE(r.games.size() == 2);
    CHECK(mainline_length(r.games[0]) == 0);
    REQUIRE(warning_tag(r.games[0]) != nullptr);
    CHECK(*warning_tag(r.games[0]) == "illegal move \"Nf3\" at move 1 (movetext read up to it)");
    CHECK(mainline_length(r.games[1]) == 1);
    CHECK(warning_tag(r.games[1]) == nullptr);
    auto strict = read_all("[Variant \"fourfile\"]\n\n1. Nf3 *\n", true);
    REQUIRE(strict.skipped.size() == 1);
    CHECK(strict.skipped[0].message == "illegal move \"Nf3\" at move 1");
  }
  SECTION("a Four-File FEN with a piece on the d-file is a bad FEN") {
    auto r = read_all("[Variant \"Four File\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n\n1. Ke2 *\n");
    REQUIRE(r.skipped.size() == 1);
    CHECK(r.skipped[0].message.find("a, c, e and g files") != std::string::npos);
  }
  SECTION("an unknown variant is reported once at its tag, the next game reads normally") {
    auto r = read_all("[Event \"x\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. N@f3 (3. Nc3) *\n\n" +
                      std::string(kOperaGame) + "[Variant \"From Position\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]\n\n1. Ra8# 1-0\n");
    REQUIRE(r.skipped.size() == 1);
    CHECK(r.skipped[0].game_number == 1);
    CHECK(r.skipped[0].line == 2);
    CHECK(r.skipped[0].message.find("unsupported variant \"Crazyhouse\"") == 0);
    REQUIRE(r.games.size() == 2);
    CHECK(r.games[1].node(1).position.is_checkmate());
  }
}

TEST_CASE("a result outside every variation ends a game even after a fault", "[pgn_reader]") {
  // Before, the fault froze the variation count, the `1-0` inside the variation ended the game
  // and `3. Nc3 0-1` became a game of its own.
  auto r = read_all("[Event \"a\"]\n\n1. e4 e5 2. Zz9 (2. Nf3 1-0) 3. Nc3 0-1\n[Event \"b\"]\n\n1. d4 *\n");
  REQUIRE(r.games.size() == 2);
  CHECK(r.games[0].result() == "0-1");
  CHECK(r.games[0].node_count() == 3);
  CHECK(*r.games[1].tag("Event") == "b");
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].message.starts_with("illegal move \"Zz9\""));
}

TEST_CASE("the movetext filter passes over a game's moves after its tags", "[pgn_reader]") {
  auto reader = PgnReader::from_string(
      "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"skip\"]\n[FEN \"garbage\"]\n\n1. Zz9 (1. d4 1-0) [x] {open\n"
      "[Event \"c\"]\n\n1. d4 1-0\n1. c4 *\n");
  std::vector<std::uint64_t> numbers;
  reader->set_movetext_filter([&numbers](std::uint64_t number, const Game& tags) {
    numbers.push_back(number);
    const std::string* event = tags.tag("Event");
    return event != nullptr && *event == "skip";
  });
  Game game;
  PgnDiagnostic diagnostic;
  CHECK(reader->next(game, diagnostic) == PgnReader::Status::Game);
  CHECK(game.node_count() == 3);
  // A bad FEN, an illegal move, a bracket and an unclosed comment: nothing said, nothing replayed.
  CHECK(reader->next(game, diagnostic) == PgnReader::Status::Bypassed);
  CHECK(game.number == 2);
  CHECK(*game.tag("Event") == "skip");
  CHECK(reader->warnings().empty());
  CHECK(reader->next(game, diagnostic) == PgnReader::Status::Game);
  CHECK(*game.tag("Event") == "c");
  CHECK(game.result() == "1-0");
  // A game without tags is asked about once its first move shows it is a game.
  CHECK(reader->next(game, diagnostic) == PgnReader::Status::Game);
  CHECK(game.node_count() == 2);
  CHECK(reader->next(game, diagnostic) == PgnReader::Status::End);
  CHECK(numbers == std::vector<std::uint64_t>{1, 2, 3, 4});
}

// The reader remembers a game's tag names as a bit mask (to skip the repeat search and the
// [FEN]/[Variant] lookups) and reuses the last game's tag storage: neither may leak from one game
// into the next or hide a repeated tag.
TEST_CASE("reader: repeated tags and FEN across games with reused tag storage", "[pgn_reader]") {
  const std::string text =
      "[Event \"A\"]\n[Site \"X\"]\n[Event \"B\"]\n[Annotator \"a \\\"b\\\"\"]\n\n1. e4 *\n\n"
      "[White \"W\"]\n[FEN \"7k/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. Kb1 *\n\n"
      "[Black \"Z\"]\n\n1. d4 *\n";
  auto r = read_all(text);
  REQUIRE(r.games.size() == 3);
  const Game& first = r.games[0];
  CHECK(first.tags().size() == 4);
  REQUIRE(first.tag("Event") != nullptr);
  CHECK(*first.tag("Event") == "A");  // the first value counts
  REQUIRE(first.tag("Annotator") != nullptr);
  CHECK(*first.tag("Annotator") == "a \"b\"");
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].message.find("tag 'Event' given twice") != std::string::npos);

  const Game& second = r.games[1];
  CHECK(second.tags().size() == 2);
  CHECK(second.tag("Event") == nullptr);
  CHECK(second.node(second.root()).position.fen() == "7k/8/8/8/8/8/8/K7 w - - 0 1");
  CHECK(mainline_san(second) == std::vector<std::string>{"Kb1"});

  const Game& third = r.games[2];
  CHECK(third.tags().size() == 1);
  REQUIRE(third.tag("Black") != nullptr);
  CHECK(*third.tag("Black") == "Z");
  CHECK(third.tag("FEN") == nullptr);
  CHECK(third.node(third.root()).position == Position::initial());
  CHECK(mainline_san(third) == std::vector<std::string>{"d4"});
}

TEST_CASE("parse_san_move answers Move::none() where parse_san answers nullopt", "[notation]") {
  const Position start = Position::initial();
  for (const char* san : {"e4", "Nf3", "Nc3", "e5", "Ke2", "Nd2", "O-O", "--", "xyz", ""}) {
    const std::optional<Move> expected = parse_san(start, san);
    const Move got = parse_san_move(start, san);
    CAPTURE(san);
    CHECK(got.is_none() == !expected.has_value());
    if (expected) CHECK(got == *expected);
  }
  CHECK(parse_san_move(start, "e5").is_none());
  CHECK(parse_san_move(start, "--").is_null());
}
