// Tests of the PGN writer's format options (PgnFormat: elided, compact, coalesced and unique
// comments, move numbers, line width, tags kept) and of a comment repeated at many nodes.
#include <catch2/catch.hpp>

#include <span>
#include <string>
#include <vector>

#include "chess/pgn_writer.h"
#include "tests/chess/pgn_writer_cases.h"

using namespace quarry::chess;
using quarry::test::kAnnotated;
using quarry::test::read_one;
using quarry::test::require_repeated_same;

namespace {

std::string write_with(const PgnFormat& format, std::span<const InsertedComment> inserted = {}) {
  std::string out;
  write_pgn(out, read_one(kAnnotated), inserted, format);
  return out;
}

// The movetext only: what follows the blank line after the tags, without the final blank line.
std::string movetext(const std::string& pgn) {
  const std::size_t start = pgn.find("\n\n") + 2;
  return pgn.substr(start, pgn.size() - start - 2);
}

}  // namespace

TEST_CASE("format: the default layout", "[pgn_writer][pgn_format]") {
  CHECK(movetext(write_with({})) ==
        "{Opening   remarks\n  here} 1.e4 e5 2.Bc4 $1 {Bishop} {Bishop} 2...Nc6 3.Qh5 $6 (3.Nf3 Nf6\n"
        "{Two knights} (3...Bc5)) 3...Nf6 $4 {Blunder} 4.Qxf7# 1-0");
}

TEST_CASE("format: eliding comments, NAGs, variations", "[pgn_writer][pgn_format]") {
  PgnFormat f;
  f.elide_comments = true;
  const std::vector<InsertedComment> inserted = {{3, "query's"}};
  CHECK(movetext(write_with(f, inserted)) ==
        "1.e4 e5 2.Bc4 $1 {query's} 2...Nc6 3.Qh5 $6 (3.Nf3 Nf6 (3...Bc5)) 3...Nf6 $4\n4.Qxf7# 1-0");
  f = {};
  f.elide_nags = true;
  CHECK(movetext(write_with(f)) ==
        "{Opening   remarks\n  here} 1.e4 e5 2.Bc4 {Bishop} {Bishop} 2...Nc6 3.Qh5 (3.Nf3 Nf6 {Two knights}\n"
        "(3...Bc5)) 3...Nf6 {Blunder} 4.Qxf7# 1-0");
  f = {};
  f.elide_variations = true;
  CHECK(movetext(write_with(f)) ==
        "{Opening   remarks\n  here} 1.e4 e5 2.Bc4 $1 {Bishop} {Bishop} 2...Nc6 3.Qh5 $6 Nf6 $4 {Blunder}\n"
        "4.Qxf7# 1-0");
}

TEST_CASE("format: compact, coalesced and unique comments", "[pgn_writer][pgn_format]") {
  PgnFormat f;
  f.compact_comments = true;
  const std::vector<InsertedComment> blank = {{3, " \n "}};
  CHECK(movetext(write_with(f, blank)).starts_with("{Opening remarks here} 1.e4 e5 2.Bc4 $1 {Bishop} {Bishop} 2...Nc6"));
  f = {};
  f.coalesce_comments = true;
  const std::vector<InsertedComment> more = {{3, "CQL"}};
  CHECK(movetext(write_with(f, more)).find("2.Bc4 $1 {Bishop Bishop CQL} 2...Nc6") != std::string::npos);
  f.unique_comments = true;
  const std::vector<InsertedComment> again = {{3, "Bishop"}, {3, "CQL"}};
  CHECK(movetext(write_with(f, again)).find("2.Bc4 $1 {Bishop CQL} 2...Nc6") != std::string::npos);
  f.coalesce_comments = false;
  CHECK(movetext(write_with(f, again)).find("2.Bc4 $1 {Bishop} {CQL} 2...Nc6") != std::string::npos);
}

TEST_CASE("format: move numbers and spacing", "[pgn_writer][pgn_format]") {
  PgnFormat f;
  f.compact_moves = false;
  f.compact_variations = false;
  CHECK(movetext(write_with(f)) ==
        "{Opening   remarks\n  here} 1. e4 e5 2. Bc4 $1 {Bishop} {Bishop} 2... Nc6 3. Qh5 $6 ( 3. Nf3 Nf6\n"
        "{Two knights} ( 3... Bc5 ) ) 3... Nf6 $4 {Blunder} 4. Qxf7# 1-0");
  f = {};
  f.move_numbers = false;
  f.elide_comments = true;
  CHECK(movetext(write_with(f)) == "e4 e5 Bc4 $1 Nc6 Qh5 $6 (Nf3 Nf6 (Bc5)) Nf6 $4 Qxf7# 1-0");
  f = {};
  f.move_number_after_comment = false;
  f.move_number_after_nag = true;
  f.elide_variations = true;
  f.elide_comments = true;
  CHECK(movetext(write_with(f)) == "1.e4 e5 2.Bc4 $1 2...Nc6 3.Qh5 $6 3...Nf6 $4 4.Qxf7# 1-0");
  f.move_number_after_nag = false;
  f.elide_comments = false;
  CHECK(movetext(write_with(f)).find("{Bishop} {Bishop} Nc6 3.Qh5 $6 Nf6 $4") != std::string::npos);
}

TEST_CASE("format: line width and split moves", "[pgn_writer][pgn_format]") {
  PgnFormat f;
  f.line_width = 12;
  f.elide_comments = true;
  f.elide_variations = true;
  // Black's moves after a NAG have no number here; with --movenumberafternag they do.
  CHECK(movetext(write_with(f)) == "1.e4 e5\n2.Bc4 $1 Nc6\n3.Qh5 $6 Nf6\n$4 4.Qxf7#\n1-0");
  f.move_number_after_nag = true;
  CHECK(movetext(write_with(f)) == "1.e4 e5\n2.Bc4 $1\n2...Nc6\n3.Qh5 $6\n3...Nf6 $4\n4.Qxf7# 1-0");
  f.split_moves = true;
  CHECK(movetext(write_with(f)) == "1.e4 e5 2.\nBc4 $1 2...\nNc6 3.Qh5 $6\n3...Nf6 $4\n4.Qxf7# 1-0");
  f.compact_moves = false;
  CHECK(movetext(write_with(f)) == "1. e4 e5 2.\nBc4 $1 2...\nNc6 3. Qh5\n$6 3... Nf6\n$4 4. Qxf7#\n1-0");
}

TEST_CASE("format: tags chosen by a predicate", "[pgn_writer][pgn_format]") {
  PgnFormat f;
  f.keep_tag = [](std::string_view name) { return !name.ends_with("Elo") && name != "Site"; };
  const std::string out = write_with(f);
  CHECK(out.starts_with("[Event \"E\"]\n[Result \"1-0\"]\n\n"));
}

TEST_CASE("a repeated comment is written as that comment at each of its nodes", "[pgn_writer]") {
  const Game g = read_one(kAnnotated);
  std::vector<NodeId> all;
  for (NodeId id = 0; id < g.node_count(); ++id) all.push_back(id);
  const std::vector<NodeId> some = {0, 2, 3, 5, 7, static_cast<NodeId>(g.node_count() + 4)};  // one past the game
  // As many nodes as the game has but not 0, 1, 2, … in order (the writer takes that order as a
  // whole): every node reversed, and every node but the last, one past the game in its place.
  const std::vector<NodeId> reversed(all.rbegin(), all.rend());
  std::vector<NodeId> past_last = all;
  past_last.back() = static_cast<NodeId>(g.node_count());
  const std::vector<InsertedComment> none;
  const std::vector<InsertedComment> others = {{3, "query's"}, {0, "Game number 1"}, {6, "Two"}};
  std::vector<PgnFormat> formats(9);
  formats[1].coalesce_comments = true;
  formats[2].unique_comments = true;
  formats[3].compact_comments = true;
  formats[4].compact_moves = false;
  formats[4].compact_variations = false;
  formats[5].split_moves = true;
  formats[6].move_numbers = false;
  formats[7].move_number_after_comment = false;
  formats[8].elide_comments = true;
  formats[8].elide_nags = true;
  for (const char* text : {"CQL", "a}b", "two\nlines", " spaced  out ", "a comment longer than sixteen", "fourteen chars"}) {
    for (const PgnFormat& base : formats) {
      for (int width : {1, 5, 9, 12, 14, 17, 20, 33, 79}) {
        PgnFormat f = base;
        f.line_width = width;
        require_repeated_same(g, f, none, text, all);
        require_repeated_same(g, f, others, text, all);
        require_repeated_same(g, f, others, text, some);
        require_repeated_same(g, f, none, text, reversed);
        require_repeated_same(g, f, others, text, past_last);
      }
    }
  }
}
