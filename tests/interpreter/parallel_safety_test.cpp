// Which queries --threads may split: persistent state that merges per game, and what does not.
#include <catch2/catch.hpp>

#include "builtins/builtins.h"
#include "interpreter/query.h"

using namespace quarry;

namespace {
// The plan for a query; the reason is "" when it may run on threads.
interpreter::ParallelPlan plan_of(const std::string& text, const std::string& extra = "") {
  grammar::SourceFile file("q.cql", text);
  grammar::SourceFile extra_file("<command line>", extra);
  grammar::Diagnostics diagnostics;
  auto query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics,
                                          extra.empty() ? nullptr : &extra_file);
  INFO(diagnostics.render());
  REQUIRE(query);
  return query->parallel;
}

std::string reason(const std::string& text, const std::string& extra = "") { return plan_of(text, extra).sequential_reason; }
}  // namespace

TEST_CASE("queries without persistent state run on threads", "[parallel]") {
  CHECK(reason("mate") == "");
  CHECK(reason("cql(quiet) terminal sort min \"Pieces\" #[Aa]") == "");
  CHECK(reason("x = #A  x > 10") == "");  // an ordinary variable lives for one game
}

TEST_CASE("persistent variables that accumulate from zero merge", "[parallel]") {
  CHECK(reason("persistent mates = 0 mate mates += 1") == "");
  CHECK(reason("persistent quiet s = \"\" mate s += \"x\"") == "");
  CHECK(reason("mate persistent mates = 0 mates += 1") == "");  // set before every update it precedes
  CHECK(reason("persistent mates = 0 cqlend { message(mates) } mate mates += 1 mates -= 0") == "");
}

TEST_CASE("persistent variables read or replaced keep one thread", "[parallel]") {
  CHECK_THAT(reason("persistent mates = 0 mate mates += 1 mates > 2"), Catch::Contains("mates is read") &&
                                                                         Catch::Contains("q.cql:1"));
  CHECK_THAT(reason("persistent last = 0 mate last = movenumber"), Catch::Contains("replaced"));
  CHECK_THAT(reason("persistent total = 5 mate total += 1"), Catch::Contains("total is replaced"));
  CHECK_THAT(reason("persistent mates = 0 mate persistent mates = 0 mates += 1"), Catch::Contains("start value twice"));
  CHECK_THAT(reason("persistent mates = 0 mate mates *= 2"), Catch::Contains("replaced"));
  // Command-line text is CQL's preamble, bound before the file's body.
  CHECK_THAT(reason("mate mates += 1", "persistent mates = 0 mates < 3"), Catch::Contains("<command line>:1"));
}

TEST_CASE("dictionaries merge when the update fits the declared merge", "[parallel]") {
  CHECK(reason("dictionary str --> int (sum) $R  initial  $R[tag \"Result\"] += 1") == "");
  CHECK(reason("dictionary str --> str (last) $W  mate  $W[\"x\"] = tag \"White\"") == "");
  CHECK(reason("dictionary int --> int (sum) $M  mate  $M[movenumber] -= 1  cqlend { message(#$M) }") == "");
  CHECK_THAT(reason("dictionary str --> int (max) $R  initial  $R[tag \"Result\"] += 1"),
             Catch::Contains("'+='") && Catch::Contains("'max'"));
  CHECK_THAT(reason("dictionary str --> str $S  mate  $S[\"x\"] = \"y\""), Catch::Contains("none declared"));
  CHECK_THAT(reason("dictionary str --> int (sum) $R  $R[\"a\"] += 1  #$R > 3"), Catch::Contains("is read"));
}

TEST_CASE("a dictionary emptied at the start of every game is per game", "[parallel]") {
  const auto plan = plan_of("dictionary str --> int (min) $D  if initial then unbind $D  $D[zobristkey] += 1  $D[zobristkey] > 2");
  CHECK(plan.sequential_reason == "");
  REQUIRE(plan.dictionary_per_game.size() == 1);
  CHECK(plan.dictionary_per_game[0]);
  // A filter before the reset may fail at the first position: the reset would not run.
  CHECK_THAT(reason("dictionary str --> int (min) $D  mate  if initial then unbind $D  $D[zobristkey] += 1"),
             Catch::Contains("not emptied at the start of each game"));
  CHECK_THAT(reason("dictionary str --> int (sum) $D  function f() { #$D }  if initial then unbind $D  f() > 1"),
             Catch::Contains("before the filter that empties it"));
}

TEST_CASE("filters acting outside the game keep one thread", "[parallel]") {
  CHECK_THAT(reason("mate message(\"mate\")"), Catch::Contains("'message'"));
  CHECK(reason("persistent count = 0 mate count += 1 cqlend { message(\"count \" count) }") == "");  // cqlend runs once
  CHECK_THAT(reason("line nestban --> check --> check"), Catch::Contains("nestban"));
}
