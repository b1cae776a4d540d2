// Tests of the metadata family: tag, event, site, date, eventdate, eco, player, elo, year,
// result, gamenumber, with CQL's implicit search.
#include <catch2/catch.hpp>

#include "evaluate.h"
#include "game_evaluation.h"

using quarry::testing::compile_error;
using quarry::testing::GameEvaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// A game with the usual tags. (GameEvaluation is not copied: its context points into it.)
void add_tags(GameEvaluation& e) {
  e.tag("Event", "Malta Open").tag("Site", "Valletta, Malta").tag("Date", "1997.05.11");
  e.tag("EventDate", "1997.05.01").tag("ECO", "B90").tag("White", "Kasparov, Garry");
  e.tag("Black", "Karpov, Anatoly").tag("WhiteElo", "2795").tag("BlackElo", "2760").tag("Result", "1-0");
  e.game().number = 7;
}
struct Tagged {
  explicit Tagged(const std::string& query) : e(query, kStart) { add_tags(e); }
  std::optional<std::string> text() { return e.text(); }
  quarry::interpreter::MaybeNumber number() { return e.number(); }
  bool matches() { return e.matches(); }
  GameEvaluation e;
};
}  // namespace

TEST_CASE("tag reads any tag and fails when it is absent", "[metadata]") {
  CHECK(Tagged(R"(tag "ECO")").text() == "B90");
  CHECK(Tagged(R"(tag "Result" == "1-0")").matches());
  CHECK(Tagged(R"(x = "Site" tag x)").text() == "Valletta, Malta");
  CHECK_FALSE(Tagged(R"(tag "Annotator")").matches());
  CHECK_FALSE(Tagged(R"(tag "eco")").matches());  // names are case-sensitive
  CHECK(compile_error("tag 3") != "");
}

TEST_CASE("event, site, date, eventdate, eco: value or implicit search", "[metadata]") {
  CHECK(Tagged("event").text() == "Malta Open");
  CHECK(Tagged("site").text() == "Valletta, Malta");
  CHECK(Tagged("date").text() == "1997.05.11");
  CHECK(Tagged("eventdate").text() == "1997.05.01");
  CHECK(Tagged("eco").text() == "B90");
  CHECK(Tagged(R"(site "Malta")").matches());
  CHECK_FALSE(Tagged(R"(site "malta")").matches());  // substring, case-sensitive, no regex
  CHECK_FALSE(Tagged(R"(event "M.*")").matches());
  CHECK(Tagged(R"(eco "B9")").matches());
  CHECK(Tagged(R"(date ~~ "1997\.0[1-6]")").matches());
  CHECK(Tagged(R"("Open" in event)").matches());
  GameEvaluation untagged("event", kStart);
  CHECK_FALSE(untagged.matches());
  CHECK(compile_error(R"(site "a" "b")") != "");
}

TEST_CASE("player", "[metadata]") {
  CHECK(Tagged("player white").text() == "Kasparov, Garry");
  CHECK(Tagged("player black").text() == "Karpov, Anatoly");
  CHECK(Tagged(R"(player white "Kasparov")").matches());
  CHECK_FALSE(Tagged(R"(player black "Kasparov")").matches());
  CHECK(Tagged(R"(player "Karpov")").matches());  // either player (gadycosteff cql-6-0-5/player.html)
  CHECK(Tagged(R"(player "Kasparov")").matches());
  CHECK_FALSE(Tagged(R"(player "Tal")").matches());
  CHECK(Tagged(R"(player ~~ "K(ot|aspar)ov")").matches());
  CHECK(Tagged(R"(player white == "Kasparov, Garry")").matches());
  CHECK(compile_error("player white black") != "");
  // Inside str a quoted string after player is its own argument (gadycosteff cql-6-1/str.html).
  CHECK(Tagged(R"(str(player white " plays"))").text() == "Kasparov, Garry plays");
}

TEST_CASE("elo", "[metadata]") {
  CHECK(Tagged("elo white").number() == 2795);
  CHECK(Tagged("elo black").number() == 2760);
  CHECK(Tagged("elo").number() == 2795);
  CHECK(Tagged("elo black > 2700").matches());
  GameEvaluation unrated("elo white", kStart);
  CHECK_FALSE(unrated.matches());
  GameEvaluation half("elo", kStart);
  half.tag("BlackElo", "2100");
  CHECK(half.number() == 2100);
  CHECK(compile_error("elo white black") != "");
}

TEST_CASE("colour words swap under flipcolor", "[metadata]") {
  // reversecolor keeps only the colour-swapped copy: `elo white` becomes `elo black`.
  CHECK(Tagged("reversecolor elo white").number() == 2760);
  CHECK(Tagged("reversecolor player white").text() == "Karpov, Anatoly");
  CHECK(Tagged("flipcolor { elo white > 2780 }").matches());
}

TEST_CASE("year", "[metadata]") {
  CHECK(Tagged("year").number() == 1997);
  CHECK(Tagged("year > 1990").matches());
  GameEvaluation unknown("year", kStart);
  unknown.tag("Date", "????.??.??");
  CHECK_FALSE(unknown.matches());
}

TEST_CASE("result compares the game's result", "[metadata]") {
  CHECK(Tagged("result 1-0").matches());
  CHECK_FALSE(Tagged("result 0-1").matches());
  CHECK_FALSE(Tagged("result 1/2-1/2").matches());
  CHECK(Tagged(R"(result "1-0")").matches());
  GameEvaluation drawn("result 1/2-1/2", kStart);
  drawn.game().result() = "1/2-1/2";
  CHECK(drawn.matches());
  GameEvaluation unfinished(R"(result "*")", kStart);
  unfinished.game().result() = "*";
  CHECK(unfinished.matches());
  CHECK(compile_error("result 2-0") != "");
  CHECK(compile_error(R"(result "draw")") != "");
}

TEST_CASE("gamenumber", "[metadata]") {
  CHECK(Tagged("gamenumber").number() == 7);
  CHECK(Tagged("gamenumber == 7").matches());
}

TEST_CASE("result * is the unfinished-game marker, written bare or quoted", "[metadata]") {
  GameEvaluation unfinished("result *", kStart);
  unfinished.game().result() = "*";
  CHECK(unfinished.matches());
  GameEvaluation decided("result *", kStart);
  decided.game().result() = "1-0";
  CHECK_FALSE(decided.matches());
  CHECK_FALSE(Tagged("result *").matches());  // no movetext marker: the Result tag, 1-0
  GameEvaluation combined("result * and 2 * 3 == 6", kStart);
  combined.game().result() = "*";
  CHECK(combined.matches());
  CHECK(compile_error("result") != "");
  CHECK(compile_error("result **") != "");
}
