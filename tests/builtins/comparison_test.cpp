// Comparison family: numbers, sets as counts, set equality, strings.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string kLoneKings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
}

TEST_CASE("numeric comparisons", "[comparison]") {
  CHECK(Evaluation("3 < 4", kStart).matches());
  CHECK_FALSE(Evaluation("4 < 4", kStart).matches());
  CHECK(Evaluation("4 <= 4", kStart).matches());
  CHECK(Evaluation("5 > 4", kStart).matches());
  CHECK(Evaluation("4 >= 5 or 4 == 4", kStart).matches());
  CHECK(Evaluation("4 != 5", kStart).matches());
}

TEST_CASE("a set compared with a number is its count", "[comparison]") {
  CHECK(Evaluation("P == 8", kStart).matches());
  CHECK(Evaluation("A > 15", kStart).matches());
  CHECK_FALSE(Evaluation("A > 16", kStart).matches());
}

TEST_CASE("set == set compares the sets", "[comparison]") {
  CHECK(Evaluation("A == K", kLoneKings).matches());
  CHECK_FALSE(Evaluation("A == K", kStart).matches());
  CHECK(Evaluation("A != K", kStart).matches());
}

TEST_CASE("a comparison with a missing operand fails, but != matches", "[comparison]") {
  CHECK_FALSE(Evaluation("1/0 == 1/0", kStart).matches());
  CHECK(Evaluation("1/0 != 3", kStart).matches());
}

TEST_CASE("comparisons are right-associative and pass on their left value", "[comparison]") {
  CHECK(Evaluation("1 < P < 9", kStart).matches());
  CHECK_FALSE(Evaluation("1 < P < 8", kStart).matches());
  CHECK(Evaluation("P < 9", kStart).number() == 8);
}

TEST_CASE("strings compare by character code", "[comparison]") {
  CHECK(Evaluation("\"A\" < \"a\"", kStart).matches());
  CHECK(Evaluation("\"\" < \"a\"", kStart).matches());
  CHECK(Evaluation("\"abc\" == \"abc\"", kStart).matches());
}

TEST_CASE("string variables and literals compare in place, in the written order", "[comparison]") {
  // Variables and literals are read where they are kept (no copy); the results are the same.
  CHECK(Evaluation(R"(x = "abc" y = "abc" x == y)", kStart).matches());
  CHECK(Evaluation(R"(x = "abc" y = "abd" x < y and y > x and x != y)", kStart).matches());
  CHECK(Evaluation(R"(x = "" x == "" and "" == x and not (x != ""))", kStart).matches());
  CHECK(Evaluation(R"(x = "B" x < "a" and "a" > x)", kStart).matches());
  // A string built up in a loop and tested at every step (the quadratic copy this avoids).
  CHECK(Evaluation(R"(s = "" steps = 0 while (s != "xxxxxxxxxx") { s += "x" steps += 1 } steps)", kStart).number() == 10);
  // The left operand is read before the right is evaluated, even when the right assigns it.
  CHECK_FALSE(Evaluation(R"(x = "a" x == str(x = "b"))", kStart).matches());
  CHECK(Evaluation(R"(x = "a" x != str(x = "b") x == "b")", kStart).matches());
}

TEST_CASE("string variables and literals keep their text where a comparison reads it", "[comparison]") {
  // What lets a comparison read them without a copy: reading them evaluates nothing.
  Evaluation e(R"(x = "abc" x "lit" str(x))", kStart);
  REQUIRE(e.matches());
  const std::vector<const quarry::interpreter::Filter*> parts = e.body().conjuncts();
  REQUIRE(parts.size() == 4);
  CHECK_FALSE(parts[0]->keeps_text());  // an assignment
  REQUIRE(parts[1]->keeps_text());
  REQUIRE(parts[1]->stored_text(e.context()) != nullptr);
  CHECK(*parts[1]->stored_text(e.context()) == "abc");
  REQUIRE(parts[2]->keeps_text());
  CHECK(*parts[2]->stored_text(e.context()) == "lit");
  CHECK_FALSE(parts[3]->keeps_text());  // a computed string
}

TEST_CASE("comparing a logical filter is a type error", "[comparison]") {
  CHECK(quarry::testing::compile_error("check == 1") != "");
  CHECK(quarry::testing::compile_error("\"a\" < 3") != "");
}
