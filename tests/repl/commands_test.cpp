// Command lines: splitting, prefixes, counts.
#include <catch2/catch.hpp>

#include "repl/commands.h"

using namespace quarry::repl;

TEST_CASE("a command line splits into name and trimmed argument") {
  auto c = parse_command("  :find  White ~~ \"Tal\"  ");
  REQUIRE(c);
  CHECK(c->name == "find");
  CHECK(c->argument == "White ~~ \"Tal\"");
  auto bare = parse_command(":next");
  REQUIRE(bare);
  CHECK(bare->name == "next");
  CHECK(bare->argument.empty());
}

TEST_CASE("lines without a leading colon are not commands") {
  CHECK_FALSE(parse_command("A attacks k"));
  CHECK_FALSE(parse_command("e4"));
  CHECK_FALSE(parse_command(""));
  CHECK_FALSE(parse_command("x : y"));
}

TEST_CASE("commands are found by name or by a prefix only they start with") {
  REQUIRE(find_command("next"));
  CHECK(find_command("next")->name == "next");
  CHECK(find_command("n")->name == "next");
  CHECK(find_command("mat")->name == "matches");
  CHECK(find_command("e") == nullptr);   // end, enter
  CHECK(find_command("zz") == nullptr);
  CHECK(find_command("") == nullptr);
}

TEST_CASE("every command has a usage starting with its name and a summary") {
  for (const CommandInfo& c : commands()) {
    CHECK(c.usage.front() == ':');
    CHECK(c.usage.substr(1, c.name.size()) == c.name);
    CHECK_FALSE(c.summary.empty());
  }
}

TEST_CASE("counts: a number, the fallback when empty, nothing for junk") {
  CHECK(parse_count("23", 1) == 23);
  CHECK(parse_count(" 7 ", 1) == 7);
  CHECK(parse_count("", 1) == 1);
  CHECK_FALSE(parse_count("x", 1));
  CHECK_FALSE(parse_count("-3", 1));
  CHECK_FALSE(parse_count("3x", 1));
}
