// Tests of hhdb: HHdb's metadata read where HHdb keeps it in the PGN (tags, first comment, the
// comments of the solution). The goldens lang-hhdb-* run whole games.
#include <catch2/catch.hpp>

#include "game_evaluation.h"

using quarry::testing::GameEvaluation;

namespace {

const std::string kStudy = "8/8/8/8/8/8/P7/K6k w - - 0 1";

// A study laid out as HHdb lays one out (made up for the test).
struct Study {
  explicit Study(const std::string& query) : e(query, kStudy) {
    e.tag("Event", "2/4.hm Example Tourney #55 1999").tag("White", "Composer, Alice NN");
    e.tag("Black", "=0134.12e1g3 (c) U2");
    e.comment_after(e.game().root(), "stipulation: win. EG#812");
  }
  GameEvaluation e;
};

}  // namespace

TEST_CASE("hhdb text keys read the tags and the first comment", "[hhdb]") {
  CHECK(Study("hhdb composer").e.text() == "Composer, Alice");
  CHECK(Study("hhdb stipulation").e.text() == "win");
  CHECK(Study("hhdb diagram").e.text() == "55");
  CHECK(Study("hhdb egdiagram").e.number() == 812);
  CHECK(Study("hhdb gbr").e.text() == "=0134.12e1g3");
  CHECK(Study("hhdb gbr pieces").e.text() == "0134");
  CHECK(Study("hhdb gbr pawns").e.text() == "12");
  CHECK(Study("hhdb gbr material").e.text() == "0134.12");
  CHECK(Study("hhdb gbr kings").e.text() == "e1g3");
  CHECK(Study("hhdb composer \"Alice\"").e.matches());
  CHECK_FALSE(Study("hhdb composer \"Bob\"").e.matches());
}

TEST_CASE("hhdb codes are searched for in the Black tag, by code or by name", "[hhdb]") {
  CHECK(Study("hhdb \"(c)\"").e.matches());
  CHECK(Study("hhdb correction").e.matches());
  CHECK(Study("hhdb U2").e.matches());
  CHECK(Study("hhdb dual").e.matches());
  CHECK(Study("hhdb unsound").e.matches());
  // CQL 6.1's sound is not the negation of unsound: U1/U2 make a study unsound, but not unsound
  // enough to stop it being sound unless it is also cooked.
  CHECK(Study("hhdb sound").e.matches());
  Study cooked("hhdb sound");
  cooked.e.comment_after(cooked.e.game().root(), "<cook> by a later solver");
  CHECK_FALSE(cooked.e.matches());
  CHECK_FALSE(Study("hhdb MC").e.matches());
  CHECK_FALSE(Study("hhdb cooked").e.matches());
}

TEST_CASE("hhdb awards are read from the Event tag", "[hhdb]") {
  CHECK(Study("hhdb hm").e.number() == 2);
  CHECK(Study("hhdb max award").e.number() == 4);
  CHECK_FALSE(Study("hhdb prize").e.matches());
  CHECK_FALSE(Study("hhdb special award").e.matches());
}

TEST_CASE("with MC the composers are the first comment up to its first period", "[hhdb]") {
  Study s("hhdb composer");
  s.e.tag("Black", "+0100.10a1h8 MC").game().edit_annotations(s.e.game().root()).comments_after = {"Bob and Carol. more"};
  CHECK(s.e.text() == "Bob and Carol");
}
