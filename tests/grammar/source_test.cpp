// Line maps and diagnostic rendering.
#include <catch2/catch.hpp>

#include "grammar/source.h"

using namespace quarry::grammar;

TEST_CASE("line and column of byte offsets", "[source]") {
  SourceFile f("q.cql", "cql()\n  check\nmate");
  CHECK(f.line_of(0) == 1);
  CHECK(f.line_of(8) == 2);
  CHECK(f.column_of(8) == 3);
  CHECK(f.line_of(14) == 3);
  CHECK(f.line_text(2) == "  check");
}

TEST_CASE("a diagnostic names file:line:col and underlines the range", "[source]") {
  SourceFile f("q.cql", "cql()\n  chek and mate\n");
  Diagnostics d;
  d.error(f, {8, 12}, "unknown filter 'chek'", "did you mean 'check'?");
  CHECK(d.has_errors());
  CHECK(d.render() ==
        "q.cql:2:3: error: unknown filter 'chek'\n"
        "    chek and mate\n"
        "    ^~~~\n"
        "  hint: did you mean 'check'?\n");
}
