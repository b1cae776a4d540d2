// Writing matched games: games written as they match reach a file in blocks, whole and in order,
// also when the run ends without finish() (an exception); standard output gets them game by game.
#include <catch2/catch.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
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

// Adds `count` copies of `pgn` (kGame unless given), numbered from `first`, each matching at
// every position; returns the text of each as written alone (the writer's write(), held by a
// GameOutput that holds them all).
std::string add_games(interpreter::GameOutput& output, const interpreter::CompiledQuery& query, int count,
                      const char* pgn = kGame, int first = 1) {
  chess::Game game = read_game(pgn);
  std::vector<chess::NodeId> matched;
  for (chess::NodeId id = 0; id < game.node_count(); ++id) matched.push_back(id);
  interpreter::OutputSettings hold;
  hold.match_comment = "CQL";
  hold.hold_all = true;
  interpreter::GameOutput alone(query, hold, nullptr);
  interpreter::Context ctx;
  for (std::size_t i = 0; i < matched.size(); ++i) ctx.mark_match_comment();  // as examining the game does
  std::string expected;
  for (int n = first; n < first + count; ++n) {
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

TEST_CASE("a game whose writing throws half way is left out of the block", "[game_output]") {
  // The tag filter throws at the game's second tag, after its first is in the writer's buffer:
  // that half game is not handed to the file (finish, or the GameOutput's end), and the next
  // game written takes its place.
  const interpreter::CompiledQuery query = compile("true");
  const char* const broken = "[Event \"Half\"]\n[Boom \"1\"]\n[Result \"*\"]\n\n1.e4 *\n";
  interpreter::OutputSettings settings;
  settings.match_comment = "CQL";
  settings.pgn.format.keep_tag = [](std::string_view name) {
    if (name == "Boom") throw std::runtime_error("boom");
    return true;
  };
  fs::path dir = scratch_directory("game-output-test");
  std::string error;
  SECTION("the next game takes its place") {
    auto file = interpreter::OutputFile::open((dir / "out.pgn").string(), &error);
    REQUIRE(file);
    std::string expected;
    {
      interpreter::GameOutput output(query, settings, file.get());
      expected = add_games(output, query, 2);
      CHECK_THROWS_AS(add_games(output, query, 1, broken, 3), std::runtime_error);
      expected += add_games(output, query, 2, kGame, 4);
      output.finish();
    }
    REQUIRE(file->commit(&error));
    const std::string written = slurp(dir / "out.pgn");
    CHECK(written == expected);
    CHECK(written.find("Half") == std::string::npos);
  }
  SECTION("the run ends with it") {
    auto file = interpreter::OutputFile::open((dir / "out.pgn").string(), &error, interpreter::OutputMode::Append);
    REQUIRE(file);
    std::string expected;
    {
      interpreter::GameOutput output(query, settings, file.get());
      expected = add_games(output, query, 2);
      CHECK_THROWS_AS(add_games(output, query, 1, broken, 3), std::runtime_error);
    }
    file.reset();
    CHECK(slurp(dir / "out.pgn") == expected);
  }
  fs::remove_all(dir);
}

TEST_CASE("a block the file cannot take fails the output, with the reason", "[game_output]") {
  const interpreter::CompiledQuery query = compile("true");
  std::string error;
  auto file = interpreter::OutputFile::open("/dev/full", &error);
  REQUIRE(file);
  REQUIRE(file->takes_blocks());
  interpreter::OutputSettings settings;
  settings.match_comment = "CQL";
  {
    interpreter::GameOutput output(query, settings, file.get());
    add_games(output, query, 1000);  // ~150 KB: a block handed over, refused, before finish
    output.finish();
  }
  errno = ENOENT;  // as opening a missing input after the failure does
  CHECK_FALSE(file->commit(&error));
  CHECK(error == "cannot write '/dev/full': " + std::string(std::strerror(ENOSPC)));
}
