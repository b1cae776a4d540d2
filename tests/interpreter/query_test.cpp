// Compiling queries: header options, command-line text joined to the body, errors.
#include <catch2/catch.hpp>

#include "builtins/builtins.h"
#include "interpreter/query.h"

using namespace quarry;

namespace {
struct Compiled {
  grammar::SourceFile file;
  grammar::SourceFile extra_file;  // diagnostics point into it, so it lives as long as they do
  grammar::Diagnostics diagnostics;
  std::optional<interpreter::CompiledQuery> query;
  explicit Compiled(const std::string& text, const std::string* extra = nullptr)
      : file("q.cql", text), extra_file("<command line>", extra ? *extra : "") {
    query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics, extra ? &extra_file : nullptr,
                                       {.keep_parse_tree = true});
  }
};
}  // namespace

TEST_CASE("the cql() header sets run options", "[query]") {
  Compiled c("cql(input a.pgn input b.pgn output out.pgn matchcount 2 4 gamenumber 10 variations quiet "
             "matchstring \"HIT\" result 1-0) mate");
  REQUIRE(c.query);
  const auto& o = c.query->options;
  CHECK(o.inputs == std::vector<std::string>{"a.pgn", "b.pgn"});
  CHECK(o.output == "out.pgn");
  REQUIRE(o.matchcount);
  CHECK(o.matchcount->low == 2);
  CHECK(o.matchcount->high == 4);
  REQUIRE(o.gamenumber);
  CHECK(o.gamenumber->low == 10);
  CHECK_FALSE(o.gamenumber->contains(11 - 2));
  CHECK_FALSE(o.gamenumber->contains(11));  // one number: that game only
  CHECK(o.variations == true);
  CHECK(o.quiet == true);
  CHECK_FALSE(o.silent.has_value());
  CHECK(o.matchstring == "HIT");
  CHECK(o.results == std::vector<std::string>{"1-0"});
}

TEST_CASE("a query without a header compiles", "[query]") {
  Compiled c("check");
  REQUIRE(c.query);
  CHECK(c.query->options.inputs.empty());
}

TEST_CASE("command-line text joins the body", "[query]") {
  std::string extra = "mate";
  Compiled c("cql() check", &extra);
  REQUIRE(c.query);
  CHECK(c.query->parse_tree == "(cql)\ncheck\nmate\n");
}

TEST_CASE("command-line text calls the functions the query file defines", "[query]") {
  std::string extra = "Plus1(3) > 3";
  Compiled c("function Plus1($x) { $x + 1 }", &extra);
  CHECK(c.query);
  CHECK(c.diagnostics.all().empty());
}

TEST_CASE("errors in command-line text name the command line", "[query]") {
  std::string extra = "chekc";
  Compiled c("check", &extra);
  CHECK_FALSE(c.query);
  REQUIRE(c.diagnostics.all().size() == 1);
  std::string rendered = grammar::render_diagnostic(c.diagnostics.all()[0]);
  CHECK(rendered.rfind("<command line>:1:1: error:", 0) == 0);
}

TEST_CASE("a bad result value is refused", "[query]") {
  Compiled c("cql(result 2-0) check");
  CHECK_FALSE(c.query);
}

TEST_CASE("sort matchcount in the header is matchcount with the output sorted by it", "[query]") {
  Compiled c("cql(sort matchcount 2 5) check");
  REQUIRE(c.query);
  const auto& o = c.query->options;
  REQUIRE(o.matchcount);
  CHECK(o.matchcount->low == 2);
  CHECK(o.matchcount->high == 5);
  CHECK(o.sort_matchcount);
  // No sort filter: the runner orders by the count (as --sortmatchcount), with no comment.
  CHECK(c.query->sorts.empty());
  Compiled plain("cql(matchcount 2 5) check");
  REQUIRE(plain.query);
  CHECK_FALSE(plain.query->options.sort_matchcount);
  CHECK(plain.query->sorts.empty());
}

TEST_CASE("a stdlib parsed once serves many compilations", "[query]") {
  interpreter::Stdlib lib;
  grammar::Diagnostics parse_diagnostics;
  REQUIRE(interpreter::parse_stdlib(lib, builtins::standard_registry(), parse_diagnostics));
  CHECK(lib.trees.size() == lib.files.size());
  for (int run = 0; run < 2; ++run) {
    grammar::SourceFile file("q.cql", "kpkRuleDraw() or kpkRuleWin()");
    grammar::Diagnostics diagnostics;
    auto query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics, nullptr, {.stdlib = &lib});
    CHECK(query.has_value());
  }
  // The query's own errors are still reported.
  grammar::SourceFile bad("q.cql", "noSuchFunction(d5)");
  grammar::Diagnostics diagnostics;
  CHECK_FALSE(interpreter::compile_query(bad, builtins::standard_registry(), diagnostics, nullptr, {.stdlib = &lib}));
  CHECK(diagnostics.has_errors());
}
