// The run state file: every kind of value survives a round trip; damaged or foreign files are refused.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "interpreter/run_state.h"

using namespace quarry;
using namespace quarry::interpreter;
namespace fs = std::filesystem;

namespace {

fs::path temp_path(const std::string& name) {
  return fs::temp_directory_path() / ("quarry-state-test-" + std::to_string(::getpid()) + "-" + name);
}

RunState sample_state() {
  RunState st;
  st.query = {"q.cql", "persistent n = 0\nn += 1\n", "check"};
  st.shard = {2, 5, true};
  st.show_dictionaries = true;
  st.stats.games_read = 11;
  st.stats.games_matched = 3;
  st.stats.games_skipped = 1;
  st.stats.positions = 900;
  st.stats.matched_positions = 7;
  st.stats.input_errors = 1;
  st.variables = {std::monostate{}, std::int64_t{-42}, std::string("a \"quoted\"\nline"), chess::SquareSet(0x8000000000000001ULL),
                  PositionValue{17}};
  Context::Dictionary d;
  d[std::string("key with spaces")] = std::int64_t{5};
  d[std::int64_t{-3}] = chess::SquareSet(0xff);
  st.dictionaries = {d, {}};
  st.games.push_back({{std::int64_t{12}, SortKey{std::string("Réti 1:2 - s")}}, 4, 1, "[Event \"x\"]\n\n1. e4 {12:34 braces} *\n\n"});
  st.games.push_back({{std::nullopt, std::int64_t{-1}}, 9, 2, ""});
  return st;
}

}  // namespace

TEST_CASE("a run state reads back as written", "[state]") {
  fs::path path = temp_path("roundtrip");
  std::string error;
  RunState st = sample_state();
  REQUIRE(write_run_state(st, path.string(), &error));
  std::optional<RunState> back = read_run_state(path.string(), &error);
  fs::remove(path);
  REQUIRE(back);
  CHECK(back->query.name == st.query.name);
  CHECK(back->query.text == st.query.text);
  CHECK(back->query.extra_text == st.query.extra_text);
  CHECK(back->shard.index == 2);
  CHECK(back->shard.count == 5);
  CHECK(back->shard.by_file);
  CHECK(back->show_dictionaries);
  CHECK_FALSE(back->secure);
  CHECK(back->stats.games_read == 11);
  CHECK(back->stats.games_skipped == 1);
  CHECK(back->stats.positions == 900);
  CHECK(back->stats.input_errors == 1);
  CHECK(back->variables == st.variables);
  CHECK(back->dictionaries == st.dictionaries);
  REQUIRE(back->games.size() == 2);
  CHECK(back->games[0].keys == st.games[0].keys);
  CHECK(back->games[0].text == st.games[0].text);
  CHECK(back->games[0].number == 4);
  CHECK(back->games[0].file == 1);
  CHECK(back->games[1].keys == st.games[1].keys);
  CHECK(back->games[1].text.empty());
}

TEST_CASE("a damaged or foreign state file is refused with a reason", "[state]") {
  fs::path path = temp_path("damaged");
  std::string error;
  REQUIRE(write_run_state(sample_state(), path.string(), &error));
  std::string text;
  {
    std::ifstream in(path, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  auto refused = [&](const std::string& content) {
    std::ofstream(path, std::ios::binary) << content;
    error.clear();
    bool ok = read_run_state(path.string(), &error).has_value();
    return !ok && !error.empty();
  };
  CHECK(refused(text.substr(0, text.size() / 2)));  // cut short
  CHECK(refused("[Event \"a pgn file\"]\n"));
  std::string newer = text;
  newer.replace(0, 14, "quarry-state 9");
  CHECK(refused(newer));
  CHECK_THAT(error, Catch::Contains("version 9"));
  std::string bad_shard = text;
  bad_shard.replace(bad_shard.find("shard 2 5"), 9, "shard 7 5");
  CHECK(refused(bad_shard));
  CHECK(refused(text + "trailing"));
  fs::remove(path);
  CHECK_FALSE(read_run_state(path.string(), &error));
}
