// The runner end to end: games in, matching games out with comments, broken games skipped.
#include <catch2/catch.hpp>

#include <filesystem>
#include <initializer_list>
#include <fstream>
#include <sstream>
#include <string_view>

#include "builtins/builtins.h"
#include "interpreter/runner.h"

using namespace quarry;
namespace fs = std::filesystem;

namespace {
const char* kGames = R"([Event "Fool"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "Broken"]
[Result "*"]

1. e4 e5 2. Ke3 *

[Event "Scholar"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Quiet"]
[Result "*"]

1. d4 d5 *
)";

struct Run {
  interpreter::RunStats stats;
  std::string output;
  bool ok = false;
  Run(const std::string& query_text, interpreter::RunSettings settings, std::vector<std::string> extra_inputs = {}) {
    fs::path dir = fs::temp_directory_path() / ("quarry-runner-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "in.pgn") << kGames;
    settings.inputs = {(dir / "in.pgn").string()};
    settings.inputs.insert(settings.inputs.end(), extra_inputs.begin(), extra_inputs.end());
    settings.output = (dir / "out.pgn").string();
    grammar::SourceFile file("q.cql", query_text);
    grammar::Diagnostics diagnostics;
    auto query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics);
    REQUIRE(query);
    ok = interpreter::run_query(*query, settings, stats);
    std::ifstream in(dir / "out.pgn");
    std::stringstream s;
    s << in.rdbuf();
    output = s.str();
    fs::remove_all(dir);
  }
};

// Input files a test wrote, removed when it ends, whether its checks pass or not.
struct ScratchInputs {
  std::vector<std::string> paths;
  ~ScratchInputs() {
    for (const std::string& path : paths) fs::remove(path);
  }
};

// Runs `query` over in.pgn and `paths` on one thread, then on two and on three: each threaded
// run reads, matches and writes what the one-thread run does. The one-thread run's counts.
interpreter::RunStats threads_match_one_thread(const std::string& query, const std::vector<std::string>& paths) {
  interpreter::RunSettings settings;
  Run one(query, settings, paths);
  REQUIRE(one.ok);
  for (const unsigned threads : {2U, 3U}) {
    INFO("threads " << threads);
    settings.threads = threads;
    Run threaded(query, settings, paths);
    REQUIRE(threaded.ok);
    CHECK(threaded.stats.games_read == one.stats.games_read);
    CHECK(threaded.stats.games_matched == one.stats.games_matched);
    CHECK(threaded.output == one.output);
  }
  return one.stats;
}
}  // namespace

TEST_CASE("matching games are written with the match comment", "[runner]") {
  Run run("mate", {});
  REQUIRE(run.ok);
  CHECK(run.stats.games_read == 4);
  CHECK(run.stats.games_skipped == 0);
  CHECK(run.stats.games_warned == 1);  // "Broken" keeps 1. e4 e5 and a QuarryWarning tag
  CHECK(run.stats.games_matched == 2);
  CHECK(run.output.find("[Event \"Fool\"]") != std::string::npos);
  CHECK(run.output.find("[Event \"Scholar\"]") != std::string::npos);
  CHECK(run.output.find("[Event \"Quiet\"]") == std::string::npos);
  CHECK(run.output.find("{CQL}") != std::string::npos);
  CHECK(run.output.find("{Game number 3}") != std::string::npos);
}

TEST_CASE("strict reading skips the broken game", "[runner]") {
  interpreter::RunSettings strict;
  strict.strict = true;
  Run run("true", strict);
  CHECK(run.stats.games_skipped == 1);
  CHECK(run.stats.games_warned == 0);
  CHECK(run.output.find("[Event \"Broken\"]") == std::string::npos);
  Run lenient("true", {});
  CHECK(lenient.output.find("[QuarryWarning \"illegal move \\\"Ke3\\\" after 1... e5 (movetext read up to it)\"]") !=
        std::string::npos);
}

TEST_CASE("quiet drops match comments, silent drops all", "[runner]") {
  interpreter::RunSettings quiet;
  quiet.quiet = true;
  Run q("mate", quiet);
  CHECK(q.output.find("{CQL}") == std::string::npos);
  CHECK(q.output.find("{Game number 1}") != std::string::npos);
  interpreter::RunSettings silent;
  silent.silent = true;
  Run s("mate", silent);
  CHECK(s.output.find("{") == std::string::npos);
}

TEST_CASE("matchcount, gamenumber and result restrict the output", "[runner]") {
  interpreter::RunSettings settings;
  settings.matchcount = interpreter::CountRange{3, 100};
  CHECK(Run("check", settings).stats.games_matched == 0);
  settings.matchcount.reset();
  settings.gamenumber = interpreter::CountRange{3, 3};
  CHECK(Run("mate", settings).stats.games_matched == 1);
  settings.gamenumber.reset();
  settings.results = {"0-1"};
  CHECK(Run("mate", settings).stats.games_matched == 1);
}

TEST_CASE("a missing input is an error, other inputs still run", "[runner]") {
  grammar::SourceFile file("q.cql", "true");
  grammar::Diagnostics diagnostics;
  auto query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics);
  REQUIRE(query);
  interpreter::RunSettings settings;
  settings.inputs = {"/nonexistent/games.pgn"};
  interpreter::RunStats stats;
  CHECK_FALSE(interpreter::run_query(*query, settings, stats));
}

TEST_CASE("an input that fails still leaves the games of the others written", "[runner]") {
  Run run("mate", {}, {"/nonexistent/games.pgn"});
  CHECK_FALSE(run.ok);
  CHECK(run.stats.input_errors == 1);
  CHECK(run.stats.games_matched == 2);
  CHECK(run.output.find("[Event \"Scholar\"]") != std::string::npos);
}

TEST_CASE("game shards split the games by ordinal and keep the whole run's numbers", "[runner]") {
  std::uint64_t read = 0, matched = 0, skipped = 0, warned = 0;
  for (std::uint64_t k = 0; k < 2; ++k) {
    interpreter::RunSettings settings;
    settings.shard = {k, 2, false};
    Run run("mate", settings);
    read += run.stats.games_read;
    matched += run.stats.games_matched;
    skipped += run.stats.games_skipped;
    warned += run.stats.games_warned;
    CHECK(run.stats.games_read == 2);
    if (k == 1) CHECK(run.output.find("{Game number 3}") != std::string::npos);  // Scholar is the third game
  }
  CHECK(read == 4);
  CHECK(matched == 2);
  CHECK(skipped == 0);  // the broken game is kept with a warning (only --strict skips it)
  CHECK(warned == 1);
}

TEST_CASE("the match hook hears of each kept game with its matching positions", "[runner]") {
  interpreter::RunSettings settings;
  std::vector<std::pair<std::uint64_t, std::vector<std::uint16_t>>> heard;  // game number, plies
  settings.on_game_matched = [&heard](const chess::Game& game, const std::vector<chess::NodeId>& nodes) {
    std::vector<std::uint16_t> plies;
    for (chess::NodeId n : nodes) plies.push_back(game.node(n).ply);
    heard.emplace_back(game.number, plies);
  };
  Run run("check", settings);
  REQUIRE(run.ok);
  REQUIRE(heard.size() == 2);
  CHECK(heard[0] == std::pair<std::uint64_t, std::vector<std::uint16_t>>{1, {4}});
  CHECK(heard[1] == std::pair<std::uint64_t, std::vector<std::uint16_t>>{3, {7}});
}

TEST_CASE("a raised interrupt flag stops the run with an error", "[runner]") {
  interpreter::RunSettings settings;
  std::atomic<bool> interrupted{true};
  settings.interrupt = &interrupted;
  Run run("mate", settings);
  CHECK_FALSE(run.ok);
  CHECK(run.stats.games_matched == 0);
}

TEST_CASE("threads stop at a raised interrupt flag too, and without one match as one thread does", "[runner][threads]") {
  interpreter::RunSettings settings;
  settings.threads = 3;
  Run threaded("check", settings);
  REQUIRE(threaded.ok);
  CHECK(threaded.stats.games_matched == 2);
  CHECK(threaded.stats.games_warned == 1);
  CHECK(threaded.output == Run("check", {}).output);
  std::atomic<bool> interrupted{true};
  settings.interrupt = &interrupted;
  Run stopped("mate", settings);
  CHECK_FALSE(stopped.ok);
  CHECK(stopped.stats.games_matched == 0);
}

TEST_CASE("the summary line reads as the command line prints it", "[runner]") {
  interpreter::RunStats stats;
  stats.games_read = 15;
  stats.games_matched = 2;
  stats.seconds = 0.5;
  CHECK(interpreter::run_summary(stats) == "quarry: 15 games read, 2 matched, 0 skipped (broken) in 0.50 s (30 games/s)\n");
}

TEST_CASE("the CQL summary line says where the games went, and not that a failed output has them", "[runner]") {
  interpreter::RunStats stats;
  stats.games_read = 15;
  stats.games_matched = 2;
  stats.matched_positions = 3;
  CHECK(interpreter::cql_summary(stats, "out.pgn") == "3 CQL matches (in 2 games) written to out.pgn\n");
  CHECK(interpreter::cql_summary(stats, "-") == "3 CQL matches (in 2 games) written to stdout\n");
  CHECK(interpreter::cql_summary(stats, "") == "3 CQL matches (in 2 games) not written (--dryrun)\n");
  stats.output_failed = true;
  CHECK(interpreter::cql_summary(stats, "/dev/full") == "3 CQL matches (in 2 games) not written (writing /dev/full failed)\n");
}

TEST_CASE("an output that cannot be written fails the run and is marked failed", "[runner]") {
  grammar::SourceFile file("q.cql", "mate");
  grammar::Diagnostics diagnostics;
  auto query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics);
  REQUIRE(query);
  fs::path dir = fs::temp_directory_path() / ("quarry-runner-test-full-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "in.pgn") << kGames;
  interpreter::RunSettings settings;
  settings.inputs = {(dir / "in.pgn").string()};
  settings.output = "/dev/full";
  interpreter::RunStats stats;
  CHECK_FALSE(interpreter::run_query(*query, settings, stats));
  CHECK(stats.output_failed);
  CHECK(stats.games_matched == 2);
  fs::remove_all(dir);
}

TEST_CASE("games that fail the body's tag tests are passed over unread, with the same output", "[runner][tag_gate]") {
  interpreter::RunSettings full;
  full.skip_by_tags = false;
  for (const char* query : {"event \"Scholar\"", "event \"Scholar\" check", "{ event \"Fool\" mate }",
                            "not event \"Broken\" and mate", "gamenumber == 3 check", "event \"Quiet\" or mate",
                            "result 0-1 and mate", "check event \"Scholar\""}) {
    INFO(query);
    for (unsigned threads : {1u, 2u}) {
      interpreter::RunSettings skip;
      skip.threads = threads;
      full.threads = threads;
      Run skipped(query, skip);
      Run read(query, full);
      CHECK(skipped.output == read.output);
      CHECK(skipped.stats.games_read == read.stats.games_read);
      CHECK(skipped.stats.games_matched == read.stats.games_matched);
      CHECK(skipped.stats.matched_positions == read.stats.matched_positions);
    }
  }
  // Passed over: only the Scholar's 8 positions are examined; the broken game's warning is not
  // counted, as its moves are not read.
  Run gated("event \"Scholar\" check", {});
  CHECK(gated.stats.positions == 8);
  CHECK(gated.stats.games_warned == 0);
  Run read("event \"Scholar\" check", full);
  CHECK(read.stats.positions > 8);
  CHECK(read.stats.games_warned == 1);
  // Not when a test comes after a filter, nor when its answer needs the movetext (the marker).
  CHECK(Run("check event \"Scholar\"", {}).stats.positions == read.stats.positions);
  CHECK(Run("result 1-0 and check", {}).stats.positions == read.stats.positions);
  // Nor with a step limit, which a game the body stops in at once could still run past.
  interpreter::RunSettings limited;
  limited.limits.max_steps = 1000;
  CHECK(Run("event \"Scholar\" check", limited).stats.positions == read.stats.positions);
}

TEST_CASE("each game keeps its own header comments, written at once or held for sorting", "[runner]") {
  // The writer's text of a game lives in its buffer until the next game: games written at once
  // go out from there, games held for sorting are copied. The header strings are kept from game
  // to game and refilled.
  // Whether every text occurs in the output, each after the one before.
  auto in_order = [](const std::string& output, std::initializer_list<std::string_view> texts) {
    std::size_t at = 0;
    for (std::string_view text : texts) {
      at = output.find(text, at);
      if (at == std::string::npos) return false;
    }
    return true;
  };
  Run plain("true", {});
  REQUIRE(plain.ok);
  CHECK(in_order(plain.output, {"{Game number 1}", "{Game number 3}", "{Game number 4}"}));
  Run sorted("sort \"Ply\" ply", {});
  REQUIRE(sorted.ok);
  CHECK(in_order(sorted.output, {"[Event \"Scholar\"]", "[Event \"Fool\"]", "[Event \"Quiet\"]"}));
  CHECK(sorted.output.find("{Ply: 7} {Game number 3} {CQL} 1.e4") != std::string::npos);
  CHECK(sorted.output.find("{Ply: 4} {Game number 1} {CQL} 1.f3") != std::string::npos);
  CHECK(sorted.output.find("{Ply: 2} {Game number 4} {CQL} 1.d4") != std::string::npos);
}

TEST_CASE("a string sort keeps each game's best string, compared as text", "[runner]") {
  // ply + 5 as text: "10" comes before "5", so the smallest string is not the smallest number.
  Run smallest("sort min \"Key\" str(ply + 5)", {});
  REQUIRE(smallest.ok);
  CHECK(smallest.output.find("{Key: 10} {Game number 3}") != std::string::npos);  // Scholar, plies 0-7
  CHECK(smallest.output.find("{Key: 5} {Game number 1}") != std::string::npos);   // Fool, plies 0-4
  CHECK(smallest.output.find("{Key: 5} {Game number 4}") != std::string::npos);   // Quiet, plies 0-2
  CHECK(smallest.output.find("{Key: 10}") < smallest.output.find("{Key: 5}"));
  Run largest("sort \"Key\" str(ply + 5)", {});
  REQUIRE(largest.ok);
  CHECK(largest.output.find("{Key: 9} {Game number 1}") != std::string::npos);
  CHECK(largest.output.find("{Key: 9} {Game number 3}") != std::string::npos);
  CHECK(largest.output.find("{Key: 7} {Game number 4}") != std::string::npos);
}

TEST_CASE("threads cut again the chunks that fail their check, and match one thread", "[runner][threads]") {
  // Many batches in flight when a chunk fails (a comment between games, a game ended by the next
  // tag): the texts after it are dropped, unread once a thread saw the failure, and cut again.
  std::string text;
  for (int i = 0; i < 3000; ++i) {
    text += "[Event \"" + std::to_string(i) + "\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    if (i % 401 == 7) text += "{between games}\n";
    if (i % 577 == 9) text += "[Event \"no result\"]\n\n1. e4 e5\n";
    text += "\n";
  }
  ScratchInputs inputs;
  inputs.paths.push_back((fs::temp_directory_path() / ("quarry-runner-chunks-" + std::to_string(::getpid()) + ".pgn")).string());
  std::ofstream(inputs.paths.back()) << text;
  CHECK(threads_match_one_thread("mate", inputs.paths).games_matched == 3000 + 2);
}

TEST_CASE("threads keep small inputs in flight across their ends, and match one thread", "[runner][threads]") {
  // Inputs shorter than the window: each ends while the one before still has chunks in flight,
  // which retire first while this one's stay (GameFeed::split). Chunks fail at an input's start,
  // at its end (its last chunk, found once the next input ended) and in between; some inputs
  // hold no game at all.
  ScratchInputs inputs;
  const std::string stem = (fs::temp_directory_path() / ("quarry-runner-small-" + std::to_string(::getpid()))).string();
  for (int f = 0; f < 60; ++f) {
    std::string text;
    const int games = f % 7 == 3 ? 0 : 1 + (f * 37) % 90;
    for (int i = 0; i < games; ++i) {
      if ((f % 5 == 1 && i == 0) || (f % 4 == 2 && i == games - 1) || (f + i) % 53 == 0) text += "{between games}\n";
      text += "[Event \"" + std::to_string(f) + "." + std::to_string(i) + "\"]\n\n";
      text += i % 3 == 0 ? "1. f3 e5 2. g4 Qh4# 0-1\n\n" : "1. e4 e5 2. Nf3 Nc6 1/2-1/2\n\n";
    }
    if (f % 9 == 4) text += "{after the last game}\n";
    inputs.paths.push_back(stem + "-" + std::to_string(f) + ".pgn");
    std::ofstream(inputs.paths.back()) << text;
  }
  CHECK(threads_match_one_thread("mate", inputs.paths).games_matched > 100);
}

TEST_CASE("threads keep an input cut game by game while an earlier input's chunks are in flight", "[runner][threads]") {
  // The giant game has no "[Event " line within the splitter's longest chunk, so it is cut by the
  // exact scan alone, while the chunk of the input before it, which fails its check (text after
  // its last result), is still in flight. When that chunk fails, the giant game's text is dropped
  // with it and must be cut again, though its input holds no chunk.
  const std::string stem = (fs::temp_directory_path() / ("quarry-runner-exact-" + std::to_string(::getpid()))).string();
  ScratchInputs inputs;
  auto add = [&](const std::string& text) {
    inputs.paths.push_back(stem + "-" + std::to_string(inputs.paths.size()) + ".pgn");
    std::ofstream(inputs.paths.back()) << text;
  };
  const std::string giant = "[Site \"Giant\"]\n\n1. e4 {" + std::string(1200000, 'x') + "} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
  for (int round = 0; round < 3; ++round) {
    add("[Event \"A" + std::to_string(round) + "\"]\n\n1. e4 e5 1/2-1/2\n\n[Event \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n{after the last game}\n");
    add("");  // inputs without a game are not kept: nothing of theirs goes with the failing chunk
    add("{only a comment}\n");
    add(giant);
    add("[Event \"C\"]\n\n1. d4 d5 1/2-1/2\n\n[Event \"D\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
  }
  CHECK(threads_match_one_thread("mate", inputs.paths).games_matched == 3 * 3 + 2);  // with in.pgn's two
}

TEST_CASE("a body of constants is asked once a game and matches where a body asked everywhere does",
          "[runner][constant_body]") {
  auto same_everywhere = [](const std::string& text) {
    grammar::SourceFile file("q.cql", text);
    grammar::Diagnostics diagnostics;
    auto query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics);
    REQUIRE(query);
    return query->same_at_every_position;
  };
  CHECK(same_everywhere("true"));
  CHECK(same_everywhere("false"));
  CHECK(same_everywhere("event \"Scholar\""));
  CHECK(same_everywhere("{ result 1-0 gamenumber > 1 }"));
  CHECK_FALSE(same_everywhere("check"));
  CHECK_FALSE(same_everywhere("true check"));
  CHECK_FALSE(same_everywhere("event \"Scholar\" comment \"x\""));

  // Each constant body beside one that means the same but is asked at every position.
  const std::pair<const char*, const char*> pairs[] = {
      {"true", "check or not check"},
      {"false", "check and not check"},
      {"event \"Scholar\"", "event \"Scholar\" and (check or not check)"},
      {"not event \"Scholar\"", "not event \"Scholar\" and (check or not check)"},
  };
  for (const auto& [constant, everywhere] : pairs) {
    for (bool variations : {false, true}) {
      for (bool quiet : {false, true}) {
        for (std::uint64_t max_steps : {std::uint64_t{0}, std::uint64_t{6}}) {
          INFO(constant << " variations " << variations << " quiet " << quiet << " maxsteps " << max_steps);
          interpreter::RunSettings settings;
          settings.variations = variations;
          settings.quiet = quiet;
          // Six steps: the games of more positions fail in both, as the budget is charged alike.
          if (max_steps != 0) settings.limits.max_steps = max_steps;
          Run once(constant, settings);
          Run each(everywhere, settings);
          CHECK(once.ok == each.ok);
          CHECK(once.output == each.output);
          CHECK(once.stats.games_matched == each.stats.games_matched);
          CHECK(once.stats.matched_positions == each.stats.matched_positions);
          CHECK(once.stats.games_failed == each.stats.games_failed);
          if (max_steps == 0) CHECK(once.stats.positions == each.stats.positions);
        }
      }
    }
  }
}
