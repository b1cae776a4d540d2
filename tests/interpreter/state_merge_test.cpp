// Merge functions: each declared dictionary strategy, persistent variables, counts and games.
#include <catch2/catch.hpp>

#include "builtins/builtins.h"
#include "interpreter/state_merge.h"

using namespace quarry;
using namespace quarry::interpreter;

namespace {

Value number(std::int64_t n) { return n; }
Value squares(std::uint64_t bits) { return chess::SquareSet(bits); }

Value merged(const std::string& strategy, Value a, const Value& b) {
  REQUIRE(merge_value(merge_strategy(strategy), a, b));
  return a;
}

}  // namespace

TEST_CASE("dictionary values combine by the declared strategy", "[merge]") {
  CHECK(merged("sum", number(3), number(4)) == number(7));
  CHECK(merged("sum", std::string("ab"), std::string("cd")) == Value(std::string("abcd")));
  CHECK(merged("sum", squares(1), squares(6)) == squares(7));
  CHECK(merged("min", number(3), number(-4)) == number(-4));
  CHECK(merged("max", number(3), number(-4)) == number(3));
  CHECK(merged("max", std::string("b"), std::string("ab")) == Value(std::string("b")));
  CHECK(merged("first", number(3), number(4)) == number(3));
  CHECK(merged("last", number(3), number(4)) == number(4));
  CHECK(merged("union", squares(3), squares(6)) == squares(7));
  CHECK(merged("intersection", squares(3), squares(6)) == squares(2));
  CHECK(merged("", number(5), number(5)) == number(5));  // undeclared: equal values agree
}

TEST_CASE("sums wrap instead of overflowing", "[merge]") {
  CHECK(merged("sum", number(INT64_MAX), number(1)) == number(INT64_MIN));
}

TEST_CASE("values a strategy cannot combine are refused", "[merge]") {
  Value a = number(5);
  CHECK_FALSE(merge_value(MergeStrategy::Undeclared, a, number(6)));
  CHECK_FALSE(merge_value(MergeStrategy::Union, a, number(6)));
  CHECK_FALSE(merge_value(MergeStrategy::Sum, a, std::string("x")));  // types differ
}

TEST_CASE("a dictionary merge adds new keys and names a conflict", "[merge]") {
  DictionaryInfo sum{"$count", ValueType::String, ValueType::Numeric, "sum"};
  Context::Dictionary into{{std::string("a"), number(1)}, {std::string("b"), number(2)}};
  Context::Dictionary from{{std::string("b"), number(10)}, {std::string("c"), number(3)}};
  std::string error;
  REQUIRE(merge_dictionary(sum, into, from, &error));
  CHECK(into == Context::Dictionary{{std::string("a"), number(1)}, {std::string("b"), number(12)}, {std::string("c"), number(3)}});

  DictionaryInfo plain{"$seen", ValueType::String, ValueType::Numeric, ""};
  CHECK_FALSE(merge_dictionary(plain, into, from, &error));
  CHECK_THAT(error, Catch::Contains("$seen") && Catch::Contains("\"b\"") && Catch::Contains("(sum)"));
}

TEST_CASE("persistent variables accumulate, an unbound side takes the other", "[merge]") {
  Value n = number(2);
  merge_persistent(n, number(5));
  CHECK(n == number(7));
  Value s = std::string("x");
  merge_persistent(s, std::string("y"));
  CHECK(s == Value(std::string("xy")));
  Value unbound;
  merge_persistent(unbound, squares(4));
  CHECK(unbound == squares(4));
  merge_persistent(unbound, Value{});
  CHECK(unbound == squares(4));
}

TEST_CASE("run states merge counts, state and games in input order", "[merge]") {
  grammar::SourceFile file("q.cql", "persistent count = 0\ndictionary str --> int (max) best\ncount += 1\nsort \"N\" count\n");
  grammar::Diagnostics diagnostics;
  auto query = compile_query(file, builtins::standard_registry(), diagnostics);
  REQUIRE(query);
  auto state = [&](std::int64_t n, std::int64_t best, std::uint64_t game) {
    RunState st;
    st.stats.games_read = 10;
    st.stats.input_errors = 1;
    st.variables.assign(query->variables.size(), Value{});
    st.variables[0] = number(n);
    st.dictionaries.assign(query->dictionaries.size(), {});
    st.dictionaries[0][std::string("k")] = number(best);
    st.games.push_back({{n}, game, 0, "game " + std::to_string(game)});
    return st;
  };
  RunState into = state(3, 9, 2);
  std::string error;
  REQUIRE(merge_run_state(*query, into, state(4, 7, 1), &error));
  CHECK(into.stats.games_read == 20);
  CHECK(into.stats.input_errors == 2);
  CHECK(into.variables[0] == number(7));
  CHECK(into.dictionaries[0].at(std::string("k")) == number(9));
  order_matched_games({}, into.games);  // no sort: input order
  CHECK(into.games[0].number == 1);
  order_matched_games(query->sorts, into.games);  // the sort's best (largest) first
  CHECK(into.games[0].number == 1);
  CHECK(into.games[0].keys[0] == std::optional<SortKey>(std::int64_t{4}));

  RunState wrong;
  CHECK_FALSE(merge_run_state(*query, into, std::move(wrong), &error));
}
