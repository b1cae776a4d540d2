// Tests of the regular-expression family: ~~ and the capture references \N, \-N, \{name},
// \-{name} that read its last successful match.
#include <catch2/catch.hpp>

#include "evaluate.h"
#include "game_evaluation.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::GameEvaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::optional<std::string> text_of(const std::string& query) {
  Evaluation e(query, kStart);
  return e.text();
}
quarry::interpreter::MaybeNumber number_of(const std::string& query) {
  Evaluation e(query, kStart);
  return e.number();
}
bool matches(const std::string& query) {
  Evaluation e(query, kStart);
  return e.matches();
}
}  // namespace

TEST_CASE("s ~~ r searches s with a regular expression", "[regex]") {
  // Value and empty-match rules (gadycosteff cql-6-1/tildetilde.html).
  CHECK(text_of(R"("football" ~~ "otb")") == "otb");
  CHECK(text_of(R"("football" ~~ "[otba]+")") == "ootba");
  CHECK(text_of(R"("hello" ~~ "z*")") == "");
  CHECK(matches(R"("hello" ~~ "z*")"));
  CHECK_FALSE(matches(R"("hello" ~~ "z+")"));
  CHECK(text_of(R"("mate in 29" ~~ "[0-9]+")") == "29");
  CHECK(text_of(R"q("Eval: 123" ~~ "Eval: (\d+)")q") == "Eval: 123");
  CHECK(matches(R"("abab" ~~ "(ab)\1")"));  // a backreference stays a backreference
  CHECK(text_of(R"(pat = "K.*v" "Kasparov" ~~ pat)") == "Kasparov");  // computed pattern (CQLi)
  CHECK(matches(R"("Kasparov" ~~ "K(ot|aspar)ov")"));
  CHECK(compile_error(R"("a" ~~ "(")").find("regular expression") != std::string::npos);
  CHECK(compile_error(R"("a" ~~ 3)") != "");
  CHECK_FALSE(matches(R"(pat = "(" + "" "a" ~~ pat)"));  // a bad computed pattern just fails
}

TEST_CASE("a computed pattern compiled once gives the same results when its text comes back", "[regex]") {
  // Twelve rounds over six patterns and a bad one: more texts than the cache keeps, so every
  // entry is replaced and compiled again; the bad pattern keeps failing; a named group is named.
  const std::string rounds = R"q(
    found = "" round = 0
    while (round < 12) {
      if "xoooooo" ~~ str("(?<run>o{" round % 6 + 1 "})") found += \{run} + ","
      if "a" ~~ str("(" "") found += "bad"
      round += 1
    }
    found)q";
  CHECK(text_of(rounds) == "o,oo,ooo,oooo,ooooo,oooooo,o,oo,ooo,oooo,ooooo,oooooo,");
  CHECK(number_of(R"q(pat = "(?<w>b)" "abc" ~~ pat "abc" ~~ pat \-{w})q") == 1);
  // Two patterns in turn: after the first round each comes from the cache.
  const std::string alternating = R"q(
    found = "" round = 0
    while (round < 6) {
      if round % 2 == 0 and "a1b22" ~~ str("[0-9]" "+") found += \0 + ","
      if round % 2 == 1 and "a1b22" ~~ str("[a-z]" "[0-9]{2}") found += \0 + ","
      round += 1
    }
    found)q";
  CHECK(text_of(alternating) == "1,b22,1,b22,1,b22,");
  // A pattern past the cache's 4 KB is compiled at each use, with the same result.
  const std::string long_alternation = "x" + std::string(5000, 'y');
  CHECK(text_of("longpat = \"" + long_alternation + "\" \"zzyy\" ~~ str(longpat \"|zy+\") \"zzyy\" ~~ str(longpat \"|zy+\")") ==
        "zyy");
}

TEST_CASE("backslash N is a capturing group of the last ~~, backslash -N where it started", "[regex]") {
  // The manual's example (gadycosteff cql-6-1/tildetilde.html).
  const std::string football = R"q("football" ~~ "(o+)tba(l+)" )q";
  CHECK(text_of(football + R"q(\0)q") == "ootball");
  CHECK(text_of(football + R"q(\1)q") == "oo");
  CHECK(text_of(football + R"q(\2)q") == "ll");
  CHECK(number_of(football + R"q(\-0)q") == 1);
  CHECK(number_of(football + R"q(\-1)q") == 1);
  CHECK(number_of(football + R"q(\-2)q") == 6);
  CHECK(Evaluation(football + R"q(\1)q", kStart).type() == quarry::interpreter::ValueType::String);
  CHECK(Evaluation(football + R"q(\-1)q", kStart).type() == quarry::interpreter::ValueType::Numeric);
  // Captures are ordinary values: converted, compared, indexed, used in arithmetic.
  CHECK(matches(R"q("Ch1995" ~~ "Ch(\d+)" int \1 > 1990)q"));
  CHECK_FALSE(matches(R"q("Ch1985" ~~ "Ch(\d+)" int \1 > 1990)q"));
  CHECK(text_of(R"q("Fischer, Robert" ~~ "^(\w+), (\w+)" str(\2 " " \1))q") == "Robert Fischer");
  CHECK(text_of(R"q("Fischer, Robert" ~~ "^(\w+), (\w+)" \2[0])q") == "R");
  CHECK(number_of(R"q("ab  cd" ~~ "(\w+)$" \-1 + #\1)q") == 6);
  CHECK(text_of(R"q("a(b" ~~ "[(](b)" \1)q") == "b");  // a '(' in a class opens no group
  CHECK(text_of(R"q("abab" ~~ "(ab)\1" \1)q") == "ab");  // "\1" in the pattern is a backreference
}

TEST_CASE("a capture reference fails when there is nothing to read", "[regex]") {
  CHECK_FALSE(text_of(R"q(\1)q"));  // no ~~ yet
  CHECK_FALSE(number_of(R"q(\-0)q"));
  CHECK_FALSE(matches(R"q(\0)q"));
  CHECK(text_of(R"q(str(\1))q") == "<false>");
  CHECK_FALSE(text_of(R"q("abc" ~~ "b" \1)q"));  // the pattern has no group 1
  CHECK_FALSE(number_of(R"q("abc" ~~ "b" \-1)q"));
  CHECK_FALSE(text_of(R"q("abc" ~~ "(b)" \999999999)q"));
  // A group that took no part in the match: (dog) below.
  CHECK(text_of(R"q("cat" ~~ "(cat)|(dog)" \1)q") == "cat");
  CHECK_FALSE(text_of(R"q("cat" ~~ "(cat)|(dog)" \2)q"));
  CHECK_FALSE(number_of(R"q("cat" ~~ "(cat)|(dog)" \-2)q"));
  // An empty group that did take part has the empty string as its value.
  CHECK(text_of(R"q("cat" ~~ "c(x*)at" \1)q") == "");
  CHECK(number_of(R"q("cat" ~~ "c(x*)at" \-1)q") == 1);
}

TEST_CASE("a failing ~~ clears the captures, a later match replaces them", "[regex]") {
  CHECK_FALSE(text_of(R"q("abc" ~~ "(b)" not ("xyz" ~~ "(q)") \1)q"));
  CHECK_FALSE(text_of(R"q("abc" ~~ "(b)" not ((tag "Nope") ~~ "(.)") \1)q"));  // no target
  CHECK_FALSE(text_of(R"q("abc" ~~ "(b)" pat = "(" not ("x" ~~ pat) \1)q"));  // bad computed pattern
  CHECK(text_of(R"q("abc" ~~ "(b)" "xyz" ~~ "(y)(z)" \1 + \2)q") == "yz");
  CHECK(text_of(R"q("abc" ~~ "(b)(c)" "xyz" ~~ "(y)" str(\1 \2))q") == "y<false>");
}

TEST_CASE("named groups: backslash {name} and backslash -{name}", "[regex]") {
  const std::string date = R"q("on 2024-03-15" ~~ "(?<year>\d+)-(?<month>\d+)-(\d+)" )q";
  CHECK(text_of(date + R"q(\{year})q") == "2024");
  CHECK(text_of(date + R"q(\{month})q") == "03");
  CHECK(number_of(date + R"q(\-{month})q") == 8);
  CHECK(text_of(date + R"q(\2)q") == "03");  // a named group keeps its number
  CHECK(text_of(date + R"q(\3)q") == "15");
  CHECK_FALSE(text_of(date + R"q(\{day})q"));  // no group of that name
  CHECK_FALSE(number_of(date + R"q(\-{day})q"));
  CHECK_FALSE(text_of(R"q("cat" ~~ "(?<c>cat)|(?<d>dog)" \{d})q"));  // took no part
  CHECK(text_of(R"q(pat = "(?<w>o+)" "foo" ~~ pat \{w})q") == "oo");  // a computed pattern
  CHECK(text_of(R"q("abab" ~~ "(?<x>ab)\k<x>" \{x})q") == "ab");  // a named backreference
  CHECK(text_of(R"q("abab1" ~~ "(?<x>ab)\k<x>1")q") == "abab1");
  CHECK(text_of(R"q("x(y" ~~ "[(](?<n>y)" \{n})q") == "y");
  CHECK(number_of(R"q("(z)" ~~ "\((?<n>z)\)" \-{n})q") == 1);
  CHECK(text_of(R"q("ab" ~~ "a(?=b)")q") == "a");  // lookahead is no group
  CHECK(text_of(R"q("ab" ~~ "(?:a)(b)" \1)q") == "b");
}

TEST_CASE("bad group names are query errors", "[regex]") {
  CHECK(compile_error(R"q("a" ~~ "(?<1x>a)")q").find("group name") != std::string::npos);
  CHECK(compile_error(R"q("a" ~~ "(?<x>a)(?<x>b)")q").find("used twice") != std::string::npos);
  CHECK(compile_error(R"q("a" ~~ "\k<y>(?<y>a)")q").find("\\k<") != std::string::npos);
  CHECK(compile_error(R"q("a" ~~ "(?<x>a")q").find("regular expression") != std::string::npos);
  CHECK(compile_error(R"q(\1 + 1)q") != "");  // \1 is a string
  CHECK(compile_error(R"q(\-1 + 1 > 0)q") == "");
  CHECK_FALSE(matches(R"q(pat = "(?<1>a)" "a" ~~ pat)q"));  // a bad computed pattern just fails
}

TEST_CASE("captures read tags and last until the next game", "[regex]") {
  GameEvaluation g(R"q(player white ~~ "^(\w+), (\w+)" str(\2 " " \1))q", kStart);
  g.tag("White", "Kasparov, Garry");
  CHECK(g.text() == "Garry Kasparov");
  auto& captures = g.context().regex_captures();
  REQUIRE(captures.groups.size() == 3);
  CHECK(captures.groups[2].text == "Garry");
  CHECK(captures.groups[2].position == 10);
  g.context().set_game(g.game());  // a new game starts without captures
  CHECK(captures.groups.empty());
}
