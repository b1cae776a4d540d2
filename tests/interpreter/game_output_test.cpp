// Writing matched games: games written as they match reach a file in blocks, whole and in order,
// also when the run ends without finish() (an exception); standard output gets them game by game.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "builtins/builtins.h"
#include "chess/pgn_reader.h"
#include "interpreter/game_output.h"
#include "scratch_files.h"

using namespace quarry;
using quarry::testing::scratch_directory;
using quarry::testing::slurp;
namespace fs = std::filesystem;

namespace {

chess::Game read_game(const std::string& text) {
  auto reader = chess::PgnReader::from_string(text);
  chess::Game game;
  chess::PgnDiagnostic diagnostic;
  REQUIRE(reader->next(game, diagnostic) == chess::PgnReader::Status::Game);
  return game;
}

interpreter::CompiledQuery compile(const std::string& text) {
  grammar::SourceFile file("q.cql", text);
  grammar::Diagnostics diagnostics;
  auto query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics);
  REQUIRE(query);
  return std::move(*query);
}

const char* const kGame =
    "[Event \"Block\"]\n[Result \"1-0\"]\n\n1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7# 1-0\n";

// Adds `count` copies of kGame, numbered 1, 2, …, each matching at every position; returns the
// text of each as written alone (the writer's write(), held by a GameOutput that holds them all).
std::string add_games(interpreter::GameOutput& output, const interpreter::CompiledQuery& query, int count) {
  chess::Game game = read_game(kGame);
  std::vector<chess::NodeId> matched;
  for (chess::NodeId id = 0; id < game.node_count(); ++id) matched.push_back(id);
  interpreter::OutputSettings hold;
  hold.match_comment = "CQL";
  hold.hold_all = true;
  interpreter::GameOutput alone(query, hold, nullptr);
  interpreter::Context ctx;
  for (std::size_t i = 0; i < matched.size(); ++i) ctx.mark_match_comment();  // as examining the game does
  std::string expected;
  for (int n = 1; n <= count; ++n) {
    game.number = static_cast<std::uint64_t>(n);
    output.add(game, ctx, matched);
    alone.add(game, ctx, matched);
    expected += alone.held().back().text;
  }
  return expected;
}

}  // namespace

TEST_CASE("games written as they match reach a file in blocks, whole and in order", "[game_output]") {
  const interpreter::CompiledQuery query = compile("true");
  fs::path dir = scratch_directory("game-output-test");
  std::string error;
  auto file = interpreter::OutputFile::open((dir / "out.pgn").string(), &error);
  REQUIRE(file);
  REQUIRE(file->takes_blocks());
  interpreter::OutputSettings settings;
  settings.match_comment = "CQL";
  std::string expected;
  {
    interpreter::GameOutput output(query, settings, file.get());
    expected = add_games(output, query, 2000);  // ~300 KB: several blocks and a part of one
    output.finish();
  }
  REQUIRE(expected.size() > 3 * (std::size_t{1} << 16));
  REQUIRE(file->commit(&error));
  CHECK(slurp(dir / "out.pgn") == expected);
  fs::remove_all(dir);
}

TEST_CASE("games collected for a block reach the file when the run ends without finish", "[game_output]") {
  // An exception unwinds the run: the GameOutput goes first, then the file, which writes what it
  // was given on close (a file written in place, here --append).
  const interpreter::CompiledQuery query = compile("true");
  fs::path dir = scratch_directory("game-output-test");
  std::ofstream(dir / "out.pgn") << "before\n";
  std::string error;
  auto file = interpreter::OutputFile::open((dir / "out.pgn").string(), &error, interpreter::OutputMode::Append);
  REQUIRE(file);
  interpreter::OutputSettings settings;
  settings.match_comment = "CQL";
  std::string expected;
  {
    interpreter::GameOutput output(query, settings, file.get());
    expected = add_games(output, query, 3);
  }
  file.reset();
  CHECK(slurp(dir / "out.pgn") == "before\n" + expected);
  fs::remove_all(dir);
}
