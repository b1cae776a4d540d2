// Written PGN reads back to the same games: writing what was read is a fixed point, and tags or
// comments holding newlines, CRs, braces, quotes or "[Event " lines cannot forge or break games.
#include <catch2/catch.hpp>

#include <random>

#include "chess/notation.h"
#include "chess/pgn_reader.h"
#include "chess/pgn_writer.h"
#include "stress/stress_run.h"

using namespace quarry::chess;
namespace fs = std::filesystem;

namespace {

std::vector<Game> read_all(const std::string& text, std::size_t* skipped = nullptr) {
  auto reader = PgnReader::from_string(text);
  std::vector<Game> games;
  Game g;
  PgnDiagnostic d;
  while (true) {
    auto status = reader->next(g, d);
    if (status == PgnReader::Status::End) break;
    if (status == PgnReader::Status::Skipped) {
      if (skipped) ++*skipped;
      continue;
    }
    games.push_back(g);
  }
  return games;
}

std::string write_all(const std::vector<Game>& games, const PgnFormat& format = {}) {
  std::string out;
  for (const Game& g : games) write_pgn(out, g, {}, format);
  return out;
}

// Reads `text`, writes it, reads and writes again: the same number of games and the same text.
void check_round_trip(const std::string& text) {
  std::vector<Game> first = read_all(text);
  const std::string written = write_all(first);
  std::size_t skipped = 0;
  std::vector<Game> second = read_all(written, &skipped);
  CHECK(skipped == 0);
  REQUIRE(second.size() == first.size());
  CHECK(write_all(second) == written);
}

// Text meant to break PGN: line ends of every kind, braces, quotes, tag-like lines, escapes.
std::string hostile_text(std::mt19937& rng) {
  static const char* const kPieces[] = {"\n", "\r", "\r\n", "}", "{", "\"", "\\", "[Event \"X\"]", "\n[Event ",
                                        ";", "%", "(", ")", "1. e4", "$1", "*", "]", "[", " ", "word", "\t", "\x01"};
  std::string s;
  const int n = static_cast<int>(rng() % 8);
  for (int i = 0; i < n; ++i) s += kPieces[rng() % (sizeof kPieces / sizeof kPieces[0])];
  return s;
}

Game hostile_game(std::mt19937& rng) {
  Game g;
  g.set_start(Position::initial());
  g.add_tag("Event", hostile_text(rng));
  g.add_tag("Site", hostile_text(rng));
  g.add_tag("White", "A");
  NodeId node = g.root();
  for (const char* san : {"e4", "e5", "Nf3", "Nc6"}) {
    node = g.add_child(node, *parse_san(g.node(node).position, san));
    g.edit_annotations(node).comments_after.push_back(hostile_text(rng));
  }
  return g;
}

}  // namespace

TEST_CASE("the samples round-trip", "[stress][pgn]") {
  for (const char* name : {"classics.pgn", "problems.pgn", "broken.pgn"}) {
    INFO(name);
    check_round_trip(quarry::testing::slurp(fs::path(QUARRY_SOURCE_DIR) / "samples" / name));
  }
}

TEST_CASE("hostile tags and comments cannot forge or merge games", "[stress][pgn]") {
  std::mt19937 rng(16);
  for (int round = 0; round < 500; ++round) {
    std::vector<Game> games = {hostile_game(rng), hostile_game(rng)};
    std::string written;
    std::vector<InsertedComment> inserted = {{1, hostile_text(rng)}, {3, hostile_text(rng)}};
    for (const Game& g : games) write_pgn(written, g, inserted);
    INFO(written);
    std::size_t skipped = 0;
    std::vector<Game> back = read_all(written, &skipped);
    CHECK(skipped == 0);
    REQUIRE(back.size() == 2);
    for (const Game& g : back) {
      CHECK(g.node_count() == 5);
      CHECK(g.tags().size() == games[0].tags().size());
    }
    CHECK(write_all(back) == write_all(read_all(write_all(back))));
  }
}

TEST_CASE("a settag value with a newline stays one tag", "[stress][pgn]") {
  Game g;
  g.set_start(Position::initial());
  g.add_tag("Event", "x\"]\n[White \"Forged");
  std::string out;
  write_pgn(out, g, {});
  std::vector<Game> back = read_all(out);
  REQUIRE(back.size() == 1);
  CHECK(back[0].tag("White") == nullptr);
}

TEST_CASE("a lone CR ends a ',' comment", "[stress][pgn]") {
  const std::string cr_only = "[Event \"a\"]\r[Result \"*\"]\r\r1. e4 ; note\r1... e5 *\r\r"
                              "[Event \"b\"]\r[Result \"*\"]\r\r1. d4 *\r";
  std::vector<Game> games = read_all(cr_only);
  REQUIRE(games.size() == 2);
  CHECK(games[0].node_count() == 3);
}

// Every PGN output option alone, the non-default layouts together, and everything at once.
std::vector<PgnFormat> every_format() {
  std::vector<PgnFormat> formats;
  auto with = [&formats](auto set) {
    PgnFormat f;
    set(f);
    formats.push_back(f);
  };
  with([](PgnFormat& f) { f.line_width = 1; });
  with([](PgnFormat& f) { f.elide_comments = true; });
  with([](PgnFormat& f) { f.elide_nags = true; });
  with([](PgnFormat& f) { f.elide_variations = true; });
  with([](PgnFormat& f) { f.compact_comments = true; });
  with([](PgnFormat& f) { f.coalesce_comments = true; });
  with([](PgnFormat& f) { f.unique_comments = true; });
  with([](PgnFormat& f) { f.compact_moves = false; });
  with([](PgnFormat& f) { f.compact_variations = false; });
  with([](PgnFormat& f) { f.move_numbers = false; });
  with([](PgnFormat& f) { f.move_number_after_comment = false; });
  with([](PgnFormat& f) { f.move_number_after_nag = true; });
  with([](PgnFormat& f) { f.split_moves = true; });
  with([](PgnFormat& f) { f.keep_tag = [](std::string_view name) { return name != "Event" && name != "FEN"; }; });
  with([](PgnFormat& f) {
    f.line_width = 20;
    f.compact_moves = f.compact_variations = f.move_number_after_comment = false;
    f.split_moves = f.move_number_after_nag = true;
  });
  with([](PgnFormat& f) {
    f.line_width = 30;
    f.elide_nags = f.compact_comments = f.coalesce_comments = f.unique_comments = f.split_moves = true;
    f.compact_moves = f.compact_variations = f.move_numbers = false;
  });
  return formats;
}

std::vector<Move> mainline_moves(const Game& g) {
  std::vector<Move> moves;
  for (NodeId id = g.mainline_child(g.root()); id != kNoNode; id = g.mainline_child(id)) moves.push_back(g.node(id).move);
  return moves;
}

// Written under `format`, the games read back (none lost, the same mainlines), and what was read
// back is written the same way again: after the first writing, which makes hostile text
// readable (line ends, "[" at a line start), the text is a fixed point; for readable games
// (`fixed_from_start`) already the first text is.
void check_round_trip(const std::vector<Game>& games, const PgnFormat& format, bool fixed_from_start) {
  const std::string first = write_all(games, format);
  INFO(first.substr(0, 2000));
  std::size_t skipped = 0;
  std::vector<Game> back = read_all(first, &skipped);
  CHECK(skipped == 0);
  REQUIRE(back.size() == games.size());
  for (std::size_t i = 0; i < games.size(); ++i) CHECK(mainline_moves(back[i]) == mainline_moves(games[i]));
  const std::string second = write_all(back, format);
  if (fixed_from_start) CHECK(second == first);
  CHECK(write_all(read_all(second), format) == second);
}

TEST_CASE("the samples round-trip under every PGN output option", "[stress][pgn]") {
  std::mt19937 rng(9);
  std::vector<Game> hostile;
  for (int i = 0; i < 50; ++i) hostile.push_back(hostile_game(rng));
  const std::vector<PgnFormat> formats = every_format();
  for (std::size_t k = 0; k < formats.size(); ++k) {
    INFO("format " << k);
    for (const char* name : {"classics.pgn", "problems.pgn", "broken.pgn"}) {
      INFO(name);
      check_round_trip(read_all(quarry::testing::slurp(fs::path(QUARRY_SOURCE_DIR) / "samples" / name)), formats[k], true);
    }
    check_round_trip(hostile, formats[k], false);
  }
}

TEST_CASE("the corpus round-trips", "[.][corpus]") {
  fs::path corpus(QUARRY_CORPUS_DIR);
  if (!fs::is_directory(corpus)) {
    WARN("no corpus at " << corpus);
    std::exit(77);
  }
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(corpus)) {
    if (entry.path().extension() != ".pgn") continue;
    INFO(entry.path());
    check_round_trip(quarry::testing::slurp(entry.path()));
    ++files;
  }
  CHECK(files > 0);
}

TEST_CASE("a truncated tag merged into the next game is warned about", "[stress][pgn]") {
  auto reader = PgnReader::from_string("[Event \"A\"]\n\n1. e4 *\n[Event \"X\n[Event \"Y\"]\n[Result \"*\"]\n\n1. d4 *\n");
  Game g;
  PgnDiagnostic d;
  REQUIRE(reader->next(g, d) == PgnReader::Status::Game);
  CHECK(reader->warnings().empty());
  REQUIRE(reader->next(g, d) == PgnReader::Status::Game);
  REQUIRE(reader->warnings().size() == 1);
  CHECK(reader->warnings()[0].message.find("'Event' given twice") != std::string::npos);
  CHECK(reader->warnings()[0].repaired);  // read as written: no QuarryWarning tag
  CHECK(g.tag("QuarryWarning") == nullptr);
}
