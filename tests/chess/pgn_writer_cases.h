// What the PGN writer's tests share (pgn_writer_test.cpp, pgn_format_test.cpp): games read from
// text, each of which must read without a skip, an annotated game, and the check that a comment
// repeated at many nodes is written as those comments one by one.
#pragma once

#include <catch2/catch.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess/game.h"
#include "chess/pgn_reader.h"
#include "chess/pgn_writer.h"

namespace quarry::test {

inline std::vector<chess::Game> read_games(const std::string& text) {
  std::vector<chess::Game> out;
  auto reader = chess::PgnReader::from_string(text);
  chess::Game game;
  chess::PgnDiagnostic diag;
  for (auto s = reader->next(game, diag); s != chess::PgnReader::Status::End; s = reader->next(game, diag)) {
    REQUIRE(s == chess::PgnReader::Status::Game);
    out.push_back(game);
  }
  return out;
}

inline chess::Game read_one(const std::string& text) {
  std::vector<chess::Game> games = read_games(text);
  REQUIRE(games.size() == 1);
  return games[0];
}

// An annotated game for the format options: comments before and after moves, a repeated
// comment, NAGs, a nested variation.
inline constexpr const char* kAnnotated =
    "[Event \"E\"]\n[Site \"S\"]\n[WhiteElo \"2400\"]\n[Result \"1-0\"]\n\n"
    "{Opening   remarks\n  here} 1.e4 e5 2.Bc4 $1 {Bishop} {Bishop} Nc6 3.Qh5 $6 "
    "(3.Nf3 Nf6 {Two knights} (3...Bc5)) 3...Nf6 $4 {Blunder} 4.Qxf7# 1-0";

// The game written with `text` inserted at each of `nodes` after the other inserted comments,
// once as comments of its own and once as a RepeatedComment: the two must be the same text.
inline void require_repeated_same(const chess::Game& g, const chess::PgnFormat& format,
                                  std::span<const chess::InsertedComment> others, std::string_view text,
                                  const std::vector<chess::NodeId>& nodes) {
  std::vector<chess::InsertedComment> spelled;
  for (chess::NodeId id : nodes) spelled.push_back({id, std::string(text)});
  const std::span<const chess::InsertedComment> groups[] = {others, spelled};
  std::string expected;
  chess::PgnWriter(format).write(expected, g, groups);
  std::string repeated;
  chess::PgnWriter writer(format);
  const std::span<const chess::InsertedComment> other_group[] = {others};
  writer.write(repeated, g, other_group, chess::RepeatedComment{text, nodes});
  CHECK(repeated == expected);
  // A second game with the same writer: the ready token kept from the first one still holds.
  repeated.clear();
  writer.write(repeated, g, other_group, chess::RepeatedComment{text, nodes});
  CHECK(repeated == expected);
}

}  // namespace quarry::test
