// Syntax-tree transforms: the transform sets, how directions turn, which copies differ.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
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
  const int id = keywords.find(keyword);
  REQUIRE(id >= 0);
  for (const Transform& t : registry.spec(id).transform.set) {
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

namespace {
// Whether `set` is `expected` in some order, each transform once.
bool same_transforms(const std::vector<Transform>& set, const std::vector<Transform>& expected) {
  if (set.size() != expected.size()) return false;
  for (const Transform& t : expected) {
    if (std::count(set.begin(), set.end(), t) != 1) return false;
  }
  return true;
}

std::vector<Transform> shifts(int files, int ranks) {
  std::vector<Transform> all;
  for (int f = -files; f <= files; ++f) {
    for (int r = -ranks; r <= ranks; ++r) all.push_back({.shift_files = f, .shift_ranks = r});
  }
  return all;
}
}  // namespace

TEST_CASE("each transform keyword declares the transforms CQL defines for it", "[transform][registry]") {
  const Transform swap{.dihedral = 4, .swap_colors = true};  // the colour swap reflects a1<->a8
  std::vector<Transform> dihedral;
  for (int d = 0; d < 8; ++d) dihedral.push_back({.dihedral = d});
  std::vector<Transform> eighths;
  for (int e = 0; e < 8; ++e) eighths.push_back({.eighths = e});
  const std::map<std::string, std::vector<Transform>> expected{
      {"flipcolor", {{}, swap}},
      {"reversecolor", {swap}},
      {"flip", dihedral},
      {"fliphorizontal", {{}, {.dihedral = 4}}},
      {"flipvertical", {{}, {.dihedral = 5}}},
      {"rotate90", {dihedral.begin(), dihedral.begin() + 4}},
      {"rotate45", eighths},
      {"shift", shifts(7, 7)},
      {"shifthorizontal", shifts(7, 0)},
      {"shiftvertical", shifts(0, 7)}};
  const interpreter::Registry& registry = builtins::standard_registry();
  std::set<std::string> declared;
  for (const interpreter::FilterSpec& spec : registry.specs()) {
    if (spec.transform.set.empty()) continue;
    const std::string name(spec.shape.name);
    INFO("transform keyword '" << name << "'");
    declared.insert(name);
    REQUIRE(expected.count(name) == 1);
    CHECK(same_transforms(spec.transform.set, expected.at(name)));
    // The untransformed copy comes first, so its match (and comments) wins over its images.
    const bool has_identity = std::any_of(spec.transform.set.begin(), spec.transform.set.end(),
                                          [](const Transform& t) { return t.is_identity(); });
    CHECK(has_identity == (name != "reversecolor"));
    if (has_identity) CHECK(spec.transform.set[0].is_identity());
  }
  CHECK(declared.size() == expected.size());
  CHECK(expected.at("flip").size() == 8);
  CHECK(expected.at("shift").size() == 15 * 15);  // every shift that keeps a square on the board
}

TEST_CASE("shift's set is exactly the translations that keep some square on the board", "[transform][registry]") {
  const interpreter::Registry& registry = builtins::standard_registry();
  const std::vector<Transform>& set = registry.spec(registry.keywords().find("shift")).transform.set;
  std::size_t kept = 0;
  for (int f = -20; f <= 20; ++f) {
    for (int r = -20; r <= 20; ++r) {
      const Transform t{.shift_files = f, .shift_ranks = r};
      bool keeps = false;
      for (int sq = 0; sq < 64 && !keeps; ++sq) keeps = t.map_square(sq % 8, sq / 8).has_value();
      kept += keeps ? 1 : 0;
      INFO("shift by " << f << " files, " << r << " ranks");
      CHECK(std::count(set.begin(), set.end(), t) == (keeps ? 1 : 0));
    }
  }
  CHECK(set.size() == kept);
}
