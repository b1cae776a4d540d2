// Syntax-tree transforms: the transform sets, how directions turn, which copies differ.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "builtins/builtins.h"
#include "grammar/parser.h"
#include "interpreter/transform.h"

using namespace quarry;
using interpreter::Transform;

namespace {
// The text of each copy of `query` (one filter) under the transforms of `keyword`.
std::vector<std::string> copies(const std::string& keyword, const std::string& query) {
  const interpreter::Registry& registry = builtins::standard_registry();
  const grammar::KeywordTable& keywords = registry.keywords();
  grammar::SourceFile file("q.cql", query);
  grammar::Diagnostics diagnostics;
  auto tree = grammar::parse_query(file, keywords, diagnostics);
  REQUIRE(tree);
  REQUIRE(tree->body.size() == 1);
  std::vector<std::string> out;
  for (const Transform& t : interpreter::transform_set(keyword)) {
    grammar::SyntaxPtr copy = interpreter::transformed_copy(*tree->body[0], t, registry);
    out.push_back(copy ? copy->to_string() : "(none)");
  }
  return out;
}

std::string first_word(const std::string& text) {
  std::size_t begin = text.find_first_not_of("( ");
  return text.substr(begin, text.find_first_of(" ()", begin) - begin);
}
}  // namespace

TEST_CASE("rotate45 turns a direction through all eight, counterclockwise", "[transform]") {
  std::vector<std::string> names;
  for (const std::string& c : copies("rotate45", "up 1 K")) names.push_back(first_word(c));
  CHECK(names == std::vector<std::string>{"up", "northwest", "left", "southwest", "down", "southeast", "right",
                                          "northeast"});
}

TEST_CASE("rotate45 maps compound directions onto compound directions", "[transform]") {
  auto second = [](const std::string& query) { return first_word(copies("rotate45", query)[1]); };
  CHECK(second("vertical K") == "offdiagonal");
  CHECK(second("horizontal K") == "maindiagonal");
  CHECK(second("maindiagonal K") == "vertical");
  CHECK(second("offdiagonal K") == "horizontal");
  CHECK(second("orthogonal K") == "diagonal");
  CHECK(second("diagonal K") == "orthogonal");
  CHECK(second("anydirection K") == "anydirection");
}

TEST_CASE("rotate45 turns ray direction parameters, squares stay put", "[transform]") {
  std::vector<std::string> c = copies("rotate45", "ray up (R k)");
  REQUIRE(c.size() == 8);
  CHECK(c[0] != c[1]);
  CHECK(c[1].find("northwest") != std::string::npos);
  Transform turn{0, 0, 0, false, 3};
  CHECK(turn.map_direction(0, 1) == std::pair{-1, -1});  // up, three eighths on: southwest
  CHECK(turn.map_square(3, 4) == std::pair{3, 4});
}

TEST_CASE("first_partial_designator finds restricted square sets outside notransform", "[transform]") {
  const interpreter::Registry& registry = builtins::standard_registry();
  const grammar::KeywordTable& keywords = registry.keywords();
  auto first = [&](const std::string& query) -> std::string {
    grammar::SourceFile file("q.cql", query);
    grammar::Diagnostics diagnostics;
    auto tree = grammar::parse_query(file, keywords, diagnostics);
    REQUIRE(tree);
    const grammar::SyntaxNode* found = interpreter::first_partial_designator(*tree->body[0], registry);
    return found ? found->text : "";
  };
  CHECK(first("{ R ray up (Ra1 k) }") == "Ra1");
  CHECK(first("{ R k . _ [Aa] [] }").empty());
  CHECK(first("{ notransform Ra1 R }").empty());
}

TEST_CASE("rotate90 still maps squares and directions", "[transform]") {
  std::vector<std::string> c = copies("rotate90", "up Ka1");
  REQUIRE(c.size() == 4);
  CHECK(first_word(c[1]) == "right");  // rotated 90 clockwise
}
