// Continuation lines, completion, and the tag words of :find.
#include <catch2/catch.hpp>

#include "repl/input.h"

using namespace quarry::repl;

TEST_CASE("open braces and parentheses ask for another line") {
  CHECK(needs_more_input("function F(x) {"));
  CHECK(needs_more_input("max(1"));
  CHECK(needs_more_input("{ A attacks k\n  mate"));
  CHECK_FALSE(needs_more_input("function F(x) { A attacks x }"));
  CHECK_FALSE(needs_more_input("A attacks k"));
  CHECK_FALSE(needs_more_input("}"));  // a surplus closer is the parser's to report
}

TEST_CASE("brackets in strings and comments do not count") {
  CHECK_FALSE(needs_more_input("\"{\""));
  CHECK_FALSE(needs_more_input("mate // {"));
  CHECK_FALSE(needs_more_input("\"a\\\"{\""));
  CHECK(needs_more_input("mate /* still"));
  CHECK_FALSE(needs_more_input("mate /* { */"));
}

TEST_CASE("completion offers commands after a leading colon") {
  CompletionWords words{{":next", ":end", ":enter"}, {"attacks", "attackedby"}, {"Checkers"}};
  Completion c = complete(":en", words);
  CHECK(c.word_start == 0);
  CHECK(c.candidates == std::vector<std::string>{":end", ":enter"});
}

TEST_CASE("completion offers filters, functions and variables inside a filter") {
  CompletionWords words{{":next"}, {"attacks", "attackedby", "check"}, {"Checkers", "attempts"}};
  Completion c = complete("A att", words);
  CHECK(c.word_start == 2);
  CHECK(c.candidates == std::vector<std::string>{"attackedby", "attacks", "attempts"});
  CHECK(complete("Che", words).candidates == std::vector<std::string>{"Checkers"});
  CHECK(complete(":help att", words).candidates == std::vector<std::string>{"attackedby", "attacks"});
}

TEST_CASE("the common prefix of candidates") {
  CHECK(common_prefix({"attackedby", "attacks"}) == "attack");
  CHECK(common_prefix({"pin"}) == "pin");
  CHECK(common_prefix({}).empty());
}

TEST_CASE(":find reads capitalised words as tag names, not piece designators or strings") {
  CHECK(tag_words_to_filters("White ~~ \"Tal\"") == "(tag \"White\") ~~ \"Tal\"");
  CHECK(tag_words_to_filters("ECO == \"B10\" and Ka1") == "(tag \"ECO\") == \"B10\" and Ka1");
  CHECK(tag_words_to_filters("player white \"Black\"") == "player white \"Black\"");
}

TEST_CASE("after :load, :run and :source the word is a path") {
  CompletionWords words{{":load"}, {"attacks"}, {}};
  Completion c = complete(":load " QUARRY_SOURCE_DIR "/samples/cla", words);
  CHECK(c.word_start == 6);
  CHECK(c.candidates == std::vector<std::string>{QUARRY_SOURCE_DIR "/samples/classics.pgn"});
  Completion dirs = complete(":run " QUARRY_SOURCE_DIR "/queries/mat", words);
  CHECK(dirs.candidates == std::vector<std::string>{QUARRY_SOURCE_DIR "/queries/mating/"});
  CHECK(complete(":source " QUARRY_SOURCE_DIR "/no-such-dir/x", words).candidates.empty());
}
