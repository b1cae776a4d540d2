// Tests of the PGN writer: layout, numbering, annotations, inserted comments, wrapping, round trip.
#include "chess/pgn_writer.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn_reader.h"

using namespace quarry::chess;

namespace {

std::vector<Game> read_games(const std::string& text) {
  std::vector<Game> out;
  auto reader = PgnReader::from_string(text);
  Game game;
  PgnDiagnostic diag;
  for (auto s = reader->next(game, diag); s != PgnReader::Status::End; s = reader->next(game, diag)) {
    REQUIRE(s == PgnReader::Status::Game);
    out.push_back(game);
  }
  return out;
}

Game read_one(const std::string& text) {
  auto games = read_games(text);
  REQUIRE(games.size() == 1);
  return games[0];
}

std::string write(const Game& g, std::span<const InsertedComment> inserted = {}, int width = 79) {
  std::string out;
  write_pgn(out, g, inserted, PgnWriteOptions{width});
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
    CHECK(x.comments_before == y.comments_before);
    CHECK(x.comments_after == y.comments_after);
    CHECK(x.nags == y.nags);
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
  g.node(g.mainline_child(g.mainline_child(g.root()))).comments_after.push_back("a}\nb");
  const std::string out = write(g);
  CHECK(out == "\n1.e4 ;says {x} here\n1...e5 {two\nlines} {a]\nb} *\n\n");
  const Game again = read_one(out);
  CHECK(again.node(1).comments_after == std::vector<std::string>{"says {x} here"});
  CHECK(again.node(2).comments_after == std::vector<std::string>{"two\nlines", "a]\nb"});
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
