// Tests of the PGN writer: layout, numbering, annotations, inserted comments, wrapping, round trip
// (the format options and repeated comments: pgn_format_test.cpp).
#include "chess/pgn_writer.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <sstream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn_reader.h"
#include "tests/chess/pgn_writer_cases.h"

using namespace quarry::chess;

using quarry::test::read_games;
using quarry::test::read_one;
using quarry::test::require_repeated_same;

namespace {

std::string write(const Game& g, std::span<const InsertedComment> inserted = {}, int width = 79) {
  std::string out;
  PgnFormat format;
  format.line_width = width;
  write_pgn(out, g, inserted, format);
  return out;
}

// Same tags, result, and tree: moves, comments and NAGs node by node in pre-order.
void require_same(const Game& a, const Game& b) {
  REQUIRE(a.tags().size() == b.tags().size());
  for (std::size_t i = 0; i < a.tags().size(); ++i) {
    CHECK(a.tags()[i].name == b.tags()[i].name);
    CHECK(a.tags()[i].value == b.tags()[i].value);
  }
  CHECK(a.result() == b.result());
  REQUIRE(a.node_count() == b.node_count());
  const auto& pa = a.preorder();
  const auto& pb = b.preorder();
  for (std::size_t i = 0; i < pa.size(); ++i) {
    const GameNode& x = a.node(pa[i]);
    const GameNode& y = b.node(pb[i]);
    REQUIRE(x.move == y.move);
    CHECK(x.ply == y.ply);
    CHECK(a.annotations(x) == b.annotations(y));
    CHECK(a.is_mainline(pa[i]) == b.is_mainline(pb[i]));
  }
}

}  // namespace

TEST_CASE("writer: tags, numbering, annotations", "[pgn_writer]") {
  Game g = read_one(
      "[Event \"A \\\"quoted\\\" \\\\ name\"]\n[Result \"1-0\"]\n\n"
      "{Start} 1.e4 {King pawn} $1 e5!? (1...c5 {Sicilian} 2.Nf3 (2.c3)) 2.Nf3 Nc6 1-0");
  CHECK(write(g) ==
        "[Event \"A \\\"quoted\\\" \\\\ name\"]\n[Result \"1-0\"]\n\n"
        "{Start} 1.e4 $1 {King pawn} 1...e5 $5 (1...c5 {Sicilian} 2.Nf3 (2.c3)) 2.Nf3\n"
        "Nc6 1-0\n\n");
}

TEST_CASE("writer: result falls back to the tag, then '*'", "[pgn_writer]") {
  Game g = read_one("[Result \"0-1\"]\n\n1.f3 e5 2.g4 Qh4#");
  CHECK(g.result().empty());
  CHECK(write(g) == "[Result \"0-1\"]\n\n1.f3 e5 2.g4 Qh4# 0-1\n\n");
  g.set_tag("Result", "?");
  CHECK(write(g).ends_with("Qh4# *\n\n"));
  Game empty;
  empty.clear();
  CHECK(write(empty) == "\n*\n\n");
}

TEST_CASE("writer: comments before a variation's first move, FEN start with black", "[pgn_writer]") {
  Game g = read_one(
      "[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 20\"]\n\n"
      "20...h6 ({Or} 20...g6 21.Ra8+) 21.Ra8+ Kh7 *");
  CHECK(write(g) ==
        "[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 20\"]\n\n"
        "20...h6 ({Or} 20...g6 21.Ra8+) 21.Ra8+ Kh7 *\n\n");
}

TEST_CASE("writer: inserted comments follow the originals", "[pgn_writer]") {
  Game g = read_one("{Intro} 1.e4 {orig} e5 *");
  const NodeId e4 = g.mainline_child(g.root());
  const NodeId e5 = g.mainline_child(e4);
  std::vector<InsertedComment> extra = {{e5, "last"}, {e4, "first"}, {g.root(), "root"}, {e4, "second"}};
  CHECK(write(g, extra) == "\n{Intro} {root} 1.e4 {orig} {first} {second} 1...e5 {last} *\n\n");
}

TEST_CASE("writer: comments holding a closing brace", "[pgn_writer]") {
  Game g = read_one("1.e4 ; says {x} here\n e5 {two\nlines}\n*");
  g.edit_annotations(g.mainline_child(g.mainline_child(g.root()))).comments_after.push_back("a}\nb");
  const std::string out = write(g);
  CHECK(out == "\n1.e4 ;says {x} here\n1...e5 {two\nlines} {a]\nb} *\n\n");
  const Game again = read_one(out);
  CHECK(again.annotations(1).comments_after == std::vector<std::string>{"says {x} here"});
  CHECK(again.annotations(2).comments_after == std::vector<std::string>{"two\nlines", "a]\nb"});
}

TEST_CASE("writer: wraps lines at the width", "[pgn_writer]") {
  Game g = read_one(
      "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 *");
  const std::string out = write(g, {}, 20);
  std::istringstream lines(out);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    CHECK(line.size() <= 20);
    ++count;
  }
  CHECK(count > 5);
  require_same(read_one(out), g);
}

TEST_CASE("writer: round trip of the classics file and annotated text", "[pgn_writer]") {
  const std::string dir = std::string(__FILE__).substr(0, std::string(__FILE__).rfind('/'));
  std::ifstream in(dir + "/../data/pgn/classics.pgn", std::ios::binary);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  std::string all = text.str();
  all += "{c0} 1.e4 (1.d4 {x} $10 (1.c4 e5 (1...c5) 2.Nc3) 1...d5) (1.Nf3) {c1} $2 1...e5 ";
  all += "2.Nf3 -- ({pre} 2...Nc6 3.Bb5 a6) 3.d4 *\n";
  const auto games = read_games(all);
  REQUIRE(games.size() == 6);
  for (const Game& g : games) {
    const std::string once = write(g);
    const Game again = read_one(once);
    require_same(g, again);
    CHECK(write(again) == once);
  }
}

TEST_CASE("writer: deeply nested variations are written without recursion", "[pgn_writer]") {
  // Each variation replaces the last move of the one that contains it, 3000 levels deep.
  std::string text = "1.e4 e5";
  Position before = Position::initial().after(*parse_san(Position::initial(), "e4"));
  Move replaced = *parse_san(before, "e5");
  int depth = 0;
  for (; depth < 3000; ++depth) {
    MoveList moves;
    generate_legal_moves(before, moves);
    Move alt = Move::none();
    for (Move m : moves) {
      if (m != replaced) alt = m;
    }
    if (alt.is_none()) break;
    const Position after = before.after(alt);
    MoveList replies;
    generate_legal_moves(after, replies);
    if (replies.empty()) break;
    text += " (" + to_san(before, alt) + " " + to_san(after, replies[0]);
    before = after;
    replaced = replies[0];
  }
  text += std::string(static_cast<std::size_t>(depth), ')') + " *";
  const Game g = read_one(text);
  CHECK(g.node_count() == static_cast<std::size_t>(3 + 2 * depth));
  const std::string out = write(g);
  require_same(read_one(out), g);
}

TEST_CASE("tags: names keep name characters, values escape quotes and lose control characters", "[pgn_writer]") {
  Game g;
  g.add_tag("Event", "Plain value");
  g.add_tag("Bad-Name!", "tab\there \x7f del");
  g.add_tag("", "a \"quote\" and a \\ backslash");
  g.add_tag("White_2", "");
  const std::string out = write(g);
  CHECK(out.starts_with("[Event \"Plain value\"]\n[Bad_Name_ \"tab here   del\"]\n"
                        "[_ \"a \\\"quote\\\" and a \\\\ backslash\"]\n[White_2 \"\"]\n\n"));
}

TEST_CASE("writer: moves in standard SAN however the input spelled them", "[pgn_writer]") {
  // Coordinates, a lowercase piece letter, disambiguation that is not needed or by rank where the
  // file does, a capture without its 'x', a check mark missing or on a move that gives none,
  // castling with zeros or as a king move, a promotion without '=', an annotation glued on.
  Game quirks = read_one(
      "1.e2e4 e7-e5 2.Ngf3 nc6 3.Bb5 a6+ 4.Bc6 dc6 5.0-0 f6!? 6.d4 Bg4 7.dxe5 Qxd1 8.Rxd1 fxe5\n"
      "9.Rd8 Kxd8 10.N1d2 Bd6 11.h3 Bxf3 12.Nxf3 *");
  CHECK(write(quirks) ==
        "\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O f6 $5 6.d4 Bg4 7.dxe5 Qxd1 8.Rxd1\n"
        "fxe5 9.Rd8+ Kxd8 10.Nbd2 Bd6 11.h3 Bxf3 12.Nxf3 *\n\n");
  Game promotion = read_one(
      "[FEN \"8/4P1k1/8/8/8/8/6K1/3r4 w - - 0 1\"]\n\n1.e8Q Rd2 2.Kg3 Rd3 3.Qe8e3 Rxe3 4.Kf4 *");
  CHECK(write(promotion).ends_with("\n\n1.e8=Q Rd2+ 2.Kg3 Rd3+ 3.Qe3 Rxe3+ 4.Kf4 *\n\n"));
  Game castling = read_one("[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1.Kg1 Kc8 2.Rad1 Rh1 3.Kxh1 *");
  CHECK(write(castling).ends_with("\n\n1.O-O O-O-O 2.Rad1 Rh1+ 3.Kxh1 *\n\n"));
}

TEST_CASE("writer: a check is mate when only null moves follow it", "[pgn_writer]") {
  // The writer takes a move after a check as proof that it is no mate; a null move is none.
  Game g = read_one("1.f3 e5 2.g4 Qh4+ 3.-- (3.Z0) *");
  CHECK(write(g) == "\n1.f3 e5 2.g4 Qh4# 3.-- (3.--) *\n\n");
  Game checks = read_one("1.e4 e5 2.Qh5 Nc6 3.Qxf7 Kxf7 *");
  CHECK(write(checks) == "\n1.e4 e5 2.Qh5 Nc6 3.Qxf7+ Kxf7 *\n\n");
}

namespace {

// Games whose moves are mostly plain (no comment or NAG of their own), so that the writer's runs
// of plain moves carry most of them: a long game with variations (one opening at the first move,
// nested ones, one after a null move), checks, captures, castling, promotions and a mate; move
// numbers crossing 1000 and 10000 from a FEN; a line of moves with a comment and NAG in between.
const char* const kPlainGames[] = {
    "[Event \"Long\"]\n\n1.e4 (1.d4 d5 2.c4) 1...c5 2.Nf3 d6 3.d4 cxd4 4.Nxd4 Nf6 5.Nc3 a6 6.Be2 e5\n"
    "7.Nb3 Be7 8.O-O O-O (8...Be6 9.f4 (9.Be3 Nbd7) 9...Qc7) 9.Be3 Be6 10.Qd2 Nbd7 11.a4 Rc8 12.a5 Qc7\n"
    "13.Rfd1 Rfd8 14.Qe1 h6 15.f3 d5 16.exd5 Nxd5 17.Nxd5 Bxd5 18.Rxd5 Qxc2 19.Bd3 Qxb2 20.Rb1 Qa3\n"
    "21.Rxd7 Rxd7 22.Bxh6 Qxa5 23.Nxa5 gxh6 24.Qxe5 Bf6 25.Qf5 Rcd8 26.Qxf6 Rxd3 27.Qxh6 R3d7\n"
    "28.Rxb7 Rxb7 29.Nxb7 Rd1+ 30.Kf2 Rd2+ 31.Kg3 Rd3 32.Qh8# 1-0",
    "[FEN \"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 998\"]\n\n998.b8=Q+ Kd7 999.Qb5+ Kc7 1000.Qc4+ Kd6\n"
    "1001.Qd4+ Kc6 1002.Kf2 g1=N (1002...g1=Q+ 1003.Kxg1) 1003.Kxg1 Kb5 1004.Qc3 Ka4 1005.Qb2 Ka5\n"
    "1006.Qb3 Ka6 1007.Qb4 Ka7 1008.Qb5 Ka8 1009.Qb6 *",
    "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 9998\"]\n\n9998.O-O Kd7 9999.Rd1+ Ke6 10000.Re1+ Kf5 10001.Kg2 "
    "-- 10002.Kg3 *",
    "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 {a comment} 4.Ba4 Nf6 $1 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 *",
};

}  // namespace

TEST_CASE("plain moves: written the same as the general path, in every layout", "[pgn_writer]") {
  // A repeated comment goes through the runs of plain moves; the same text inserted as comments
  // of their own at the same nodes goes through the general path (require_repeated_same).
  std::vector<PgnFormat> formats(8);
  formats[1].compact_moves = false;
  formats[2].compact_variations = false;
  formats[3].move_numbers = false;
  formats[4].move_number_after_comment = false;
  formats[5].elide_variations = true;
  formats[6].compact_moves = false;
  formats[6].compact_variations = false;
  formats[6].move_number_after_comment = false;
  formats[7].split_moves = true;
  for (const char* text : kPlainGames) {
    const Game g = read_one(text);
    std::vector<NodeId> all;
    std::vector<NodeId> every_third;
    for (NodeId id = 0; id < g.node_count(); ++id) {
      all.push_back(id);
      if (id % 3 == 1) every_third.push_back(id);
    }
    const std::vector<InsertedComment> none;
    const std::vector<InsertedComment> others = {{0, "Game number 1"}, {5, "inserted"}};
    for (const PgnFormat& base : formats) {
      for (int width : {1, 7, 8, 9, 13, 14, 15, 16, 23, 40, 79, 200}) {
        PgnFormat f = base;
        f.line_width = width;
        for (const char* comment : {"CQL", "fourteen chars", "fifteen chars!!", "a comment of more than sixteen"}) {
          require_repeated_same(g, f, none, comment, all);
          require_repeated_same(g, f, others, comment, every_third);
        }
      }
    }
  }
}

TEST_CASE("plain moves: numbers past 999, checks, mates, promotions and null moves", "[pgn_writer]") {
  CHECK(write(read_one(kPlainGames[1]), {}, 200) ==
        "[FEN \"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 998\"]\n\n"
        "998.b8=Q+ Kd7 999.Qb5+ Kc7 1000.Qc4+ Kd6 1001.Qd4+ Kc6 1002.Kf2 g1=N (1002...g1=Q+ 1003.Kxg1) "
        "1003.Kxg1 Kb5 1004.Qc3 Ka4 1005.Qb2 Ka5 1006.Qb3 Ka6 1007.Qb4 Ka7 1008.Qb5 Ka8 1009.Qb6 *\n\n");
  std::string out;
  PgnFormat spaced;
  spaced.compact_moves = false;
  const Game g = read_one(kPlainGames[2]);
  std::vector<NodeId> all;
  for (NodeId id = 0; id < g.node_count(); ++id) all.push_back(id);
  PgnWriter(spaced).write(out, g, {}, RepeatedComment{"c", all});
  CHECK(out.ends_with("\n\n{c} 9998. O-O {c} 9998... Kd7 {c} 9999. Rd1+ {c} 9999... Ke6 {c} 10000. Re1+\n"
                      "{c} 10000... Kf5 {c} 10001. Kg2 {c} 10001... -- {c} 10002. Kg3 {c} *\n\n"));
  CHECK(write(read_one("1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# 1-0")) == "\n1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# 1-0\n\n");
}

TEST_CASE("tags: every byte at every place of values up to 20 long, and names copied whole", "[pgn_writer]") {
  // Tag values are tested eight bytes at a time and short texts copied by fixed-size moves: each
  // byte value at each position of each length must come out as the rule says.
  auto escaped = [](const std::string& value) {
    std::string out;
    for (char c : value) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        out += ' ';
        continue;
      }
      if (c == '\\' || c == '"') out += '\\';
      out += c;
    }
    return out;
  };
  PgnWriter writer;
  for (std::size_t length = 1; length <= 20; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      for (int byte = 0; byte < 256; ++byte) {
        std::string value(length, 'v');
        value[at] = static_cast<char>(byte);
        const std::string name(length, 'N');
        Game g;
        g.add_tag(name, value);
        std::string expected = "[";
        expected.append(name).append(" \"").append(escaped(value)).append("\"]\n\n");
        const std::string_view out = writer.write(g, {});
        REQUIRE(out.substr(0, expected.size()) == expected);
      }
    }
  }
}

TEST_CASE("a repeated comment at every node in order, with one writer for games of growing length", "[pgn_writer]") {
  // The writer keeps 0, 1, 2, … to compare the nodes with, grown for a longer game.
  PgnWriter writer{PgnFormat{}};
  std::string movetext;
  for (int moves = 0; moves <= 40; ++moves) {
    for (int i = 0; i < moves; ++i) movetext += i % 4 == 0 ? "Nf3 " : i % 4 == 1 ? "Nf6 " : i % 4 == 2 ? "Ng1 " : "Ng8 ";
    const Game g = read_one("[Event \"e\"]\n\n" + movetext + "*\n");
    movetext.clear();
    std::vector<NodeId> all;
    for (NodeId id = 0; id < g.node_count(); ++id) all.push_back(id);
    std::vector<InsertedComment> spelled;
    for (NodeId id : all) spelled.push_back({id, "CQL"});
    std::string expected;
    write_pgn(expected, g, spelled, PgnFormat{});
    std::string repeated;
    writer.write(repeated, g, std::span<const std::span<const InsertedComment>>(), RepeatedComment{"CQL", all});
    CHECK(repeated == expected);
  }
}

TEST_CASE("plain moves: move numbers where their digits grow, after a comment at every move", "[pgn_writer]") {
  // The runs of plain moves take numbers below 1000 from a table, by number and side.
  const Game g = read_one("[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 9\"]\n\n9...Kd7 10.Kd2 Ke7 *\n");
  std::vector<NodeId> all;
  for (NodeId id = 0; id < g.node_count(); ++id) all.push_back(id);
  std::string out;
  PgnWriter(PgnFormat{}).write(out, g, {}, RepeatedComment{"CQL", all});
  CHECK(out.ends_with("\n\n{CQL} 9...Kd7 {CQL} 10.Kd2 {CQL} 10...Ke7 {CQL} *\n\n"));
  const Game g100 = read_one("[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 99\"]\n\n99...Kd7 100.Kd2 Ke7 *\n");
  all.clear();
  for (NodeId id = 0; id < g100.node_count(); ++id) all.push_back(id);
  out.clear();
  PgnWriter(PgnFormat{}).write(out, g100, {}, RepeatedComment{"CQL", all});
  CHECK(out.ends_with("\n\n{CQL} 99...Kd7 {CQL} 100.Kd2 {CQL} 100...Ke7 {CQL} *\n\n"));
}

TEST_CASE("games appended one after another make the text of each written alone", "[pgn_writer]") {
  const std::vector<Game> games = read_games(std::string(kPlainGames[0]) + "\n\n" + kPlainGames[3]);
  REQUIRE(games.size() == 2);
  PgnWriter writer{PgnFormat{}};
  std::string expected;
  for (const Game& g : games) {
    std::string alone;
    write_pgn(alone, g, {});
    CHECK(writer.append(g, {}) == alone);  // this game's text
    expected += alone;
  }
  CHECK(writer.appended_text() == expected);
  writer.clear_text();
  CHECK(writer.appended_text().empty());
  const std::string second(writer.append(games[1], {}));
  CHECK(second == writer.appended_text());
  std::string fresh;
  writer.write(fresh, games[0], std::span<const InsertedComment>());  // write() starts afresh
  CHECK(writer.appended_text().empty());
  CHECK(writer.append(games[1], {}) == second);  // not after write()'s game
  CHECK(writer.appended_text() == second);
}

// Move numbers of six digits and more do not fit the register-held move token: such games are
// written move by move, their tokens built as text. The same game started at move 99 instead of
// 99999 must read the same once its numbers are mapped, in every layout, with and without the
// comment at every node that plain_moves writes.
TEST_CASE("move numbers past 99999 are written as the register-held ones are", "[pgn_writer]") {
  const std::string moves = "Kd7 Ra2 (Rb1 Kc6 {side line}) Kc7 {done} Ra3 $1 Kb6 Rb3+ Ka5 *";
  const Game big = read_one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 99999\"]\n\n" + moves);
  const Game small = read_one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 99\"]\n\n" + moves);
  const auto mapped = [](std::string text) {
    const std::pair<const char*, const char*> numbers[] = {
        {"100002", "102"}, {"100001", "101"}, {"100000", "100"}, {"99999", "99"}};
    for (const auto& [from, to] : numbers) {
      for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
        text.replace(at, std::strlen(from), to);
      }
    }
    return text;
  };
  std::vector<NodeId> every_node;
  for (NodeId id = 0; id < big.node_count(); ++id) every_node.push_back(id);
  for (int layout = 0; layout < 6; ++layout) {
    PgnFormat f;
    f.line_width = 200;
    f.compact_moves = layout != 1;
    f.split_moves = layout == 2;
    f.move_number_after_comment = layout != 3;
    f.elide_variations = layout == 4;
    f.compact_variations = layout != 5;
    for (const bool repeated : {false, true}) {
      INFO("layout " << layout << (repeated ? ", a comment at every node" : ""));
      const RepeatedComment comment{"c", repeated ? std::span<const NodeId>(every_node) : std::span<const NodeId>()};
      std::string out_big, out_small;
      PgnWriter(f).write(out_big, big, {}, comment);
      PgnWriter(f).write(out_small, small, {}, comment);
      CHECK(out_big.find("100000") != std::string::npos);
      CHECK(mapped(out_big) == out_small);
    }
  }
}

TEST_CASE("plain moves: numbers by ply from any start, up to the table's end and past it", "[pgn_writer]") {
  // The runs of plain moves take a move's number from its node's ply and the start's counter and
  // side; a game whose numbers would run past the table is written move by move. Each must read
  // as the general path writes it (comments of their own at every node), checks, captures and
  // variations included.
  const char* const moves_white = "Ra2 Kd7 Rxa7+ (Ra8 Kc7) Kc6 Ra6+ Kb5 Rxh6 Ka4 Rh4+ *";
  const char* const moves_black = "Kd7 Ra2 Kc6 Rxa7 (Ra6+ Kb5) Kb5 Ra5+ Kxa5 Kd2 *";
  std::vector<PgnFormat> formats(3);
  formats[1].compact_moves = false;
  formats[2].line_width = 12;
  for (const int counter : {0, 1, 9, 99, 100, 994, 995, 996, 999, 1000}) {
    for (const bool black : {false, true}) {
      const std::string fen = std::string("4k3/p7/7p/8/8/8/8/R3K3 ") + (black ? "b" : "w") + " - - 0 " +
                              std::to_string(counter);
      const Game g = read_one("[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + (black ? moves_black : moves_white));
      std::vector<NodeId> all;
      for (NodeId id = 0; id < g.node_count(); ++id) all.push_back(id);
      const std::vector<InsertedComment> none;
      for (const PgnFormat& f : formats) {
        INFO(fen << ", width " << f.line_width << (f.compact_moves ? "" : ", spaced"));
        require_repeated_same(g, f, none, "CQL", all);
      }
    }
  }
  const Game start_black = read_one("[SetUp \"1\"]\n[FEN \"4k3/p7/7p/8/8/8/8/R3K3 b - - 0 995\"]\n\n" +
                                    std::string(moves_black));
  std::vector<NodeId> all;
  for (NodeId id = 0; id < start_black.node_count(); ++id) all.push_back(id);
  std::string out;
  PgnFormat wide;
  wide.line_width = 200;
  PgnWriter(wide).write(out, start_black, {}, RepeatedComment{"CQL", all});
  CHECK(out.ends_with("\n\n{CQL} 995...Kd7 {CQL} 996.Ra2 {CQL} 996...Kc6 {CQL} 997.Rxa7 {CQL} (997.Ra6+ {CQL} "
                      "997...Kb5 {CQL}) 997...Kb5 {CQL} 998.Ra5+ {CQL} 998...Kxa5 {CQL} 999.Kd2 {CQL} *\n\n"));
}

TEST_CASE("plain moves: a line whose nodes are not stored one after another", "[pgn_writer]") {
  // The runs of plain moves guess that a node's child is the next node in memory (the reader
  // stores them so); a tree built in another order must be written the same, its lines followed
  // by their links, with a comment at every node and without.
  Game g;
  auto play = [&g](NodeId parent, const char* san) {
    const auto m = parse_san(g.node(parent).position, san);
    REQUIRE(m.has_value());
    return g.add_child(parent, *m);
  };
  const NodeId e4 = play(g.root(), "e4");
  const NodeId d4 = play(g.root(), "d4");
  const NodeId c5 = play(e4, "c5");
  const NodeId d5 = play(d4, "d5");
  const NodeId e5 = play(e4, "e5");
  const NodeId nf3 = play(c5, "Nf3");
  play(d5, "c4");
  const NodeId nc6 = play(play(e5, "Nf3"), "Nc6");
  const NodeId d6 = play(nf3, "d6");
  play(play(nc6, "Bb5"), "a6");
  play(play(d6, "d4"), "cxd4");
  std::vector<NodeId> all;
  for (NodeId id = 0; id < g.node_count(); ++id) all.push_back(id);
  const std::vector<InsertedComment> none;
  for (int width : {12, 30, 79}) {
    PgnFormat f;
    f.line_width = width;
    require_repeated_same(g, f, none, "CQL", all);
  }
  std::string out;
  PgnFormat wide;
  wide.line_width = 200;
  PgnWriter(wide).write(out, g, {}, RepeatedComment{"CQL", all});
  CHECK(out == "\n{CQL} 1.e4 {CQL} (1.d4 {CQL} 1...d5 {CQL} 2.c4 {CQL}) 1...c5 {CQL} (1...e5 {CQL} 2.Nf3 {CQL} "
               "2...Nc6 {CQL} 3.Bb5 {CQL} 3...a6 {CQL}) 2.Nf3 {CQL} 2...d6 {CQL} 3.d4 {CQL} 3...cxd4 {CQL} *\n\n");
}
