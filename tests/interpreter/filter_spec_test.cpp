// What a FilterSpec declares holds for the whole registry: transform twins are registered and
// symmetric, direction words turn into direction words, every keyword and operator declares its
// types, the binder checks the declared argument and result types, and the help shows them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "builtins/builtins.h"
#include "grammar/parser.h"
#include "interpreter/binder.h"
#include "interpreter/directions.h"
#include "interpreter/filter_help.h"
#include "interpreter/transform.h"

using namespace quarry;
using interpreter::FilterSpec;
using interpreter::Registry;
using interpreter::TransformRule;

namespace {

// The spec registered under `name`; fails the test when there is none.
const FilterSpec& registered(const Registry& registry, std::string_view name) {
  int id = registry.keywords().find(name);
  INFO("twin '" << name << "' is registered");
  REQUIRE(id >= 0);
  return registry.spec(id);
}

void check_twin(const Registry& registry, const FilterSpec& spec, std::string_view TransformRule::*twin) {
  std::string_view name = spec.transform.*twin;
  if (name.empty()) return;
  INFO("'" << spec.shape.name << "' declares the twin '" << name << "'");
  const FilterSpec& other = registered(registry, name);
  CHECK(other.transform.*twin == spec.shape.name);  // symmetric: the twin's twin is the keyword
  CHECK(other.shape.kind == spec.shape.kind);        // a copy parses as the original did
  CHECK(other.types.result == spec.types.result);
}

}  // namespace

TEST_CASE("declared colour and square-colour twins are registered and symmetric", "[registry][transform]") {
  const Registry& registry = builtins::standard_registry();
  int twins = 0;
  for (const FilterSpec& spec : registry.specs()) {
    check_twin(registry, spec, &TransformRule::color_twin);
    check_twin(registry, spec, &TransformRule::square_color_twin);
    twins += !spec.transform.color_twin.empty() + !spec.transform.square_color_twin.empty();
  }
  CHECK(twins == 6);  // wtm/btm, white/black, light/dark
}

TEST_CASE("a keyword that turns with the board turns into a registered direction word", "[registry][transform]") {
  const Registry& registry = builtins::standard_registry();
  int turning = 0;
  for (const FilterSpec& spec : registry.specs()) {
    if (!spec.transform.turns_with_board) continue;
    ++turning;
    INFO("direction keyword '" << spec.shape.name << "'");
    std::optional<std::uint8_t> mask = interpreter::directions::mask_of(spec.shape.name);
    REQUIRE(mask);
    for (int dihedral = 0; dihedral < 8; ++dihedral) {
      for (int eighths = 0; eighths < 8; ++eighths) {
        interpreter::Transform t{dihedral, 0, 0, false, eighths};
        std::uint8_t turned = 0;
        for (std::size_t i = 0; i < interpreter::directions::kSteps.size(); ++i) {
          if ((*mask & (1u << i)) == 0) continue;
          auto [df, dr] = t.map_direction(interpreter::directions::kSteps[i].files, interpreter::directions::kSteps[i].ranks);
          turned |= interpreter::directions::bit_of({df, dr});
        }
        std::string_view word = interpreter::directions::word_of(turned);
        REQUIRE_FALSE(word.empty());
        CHECK(registered(registry, word).transform.turns_with_board);
      }
    }
  }
  CHECK(turning == static_cast<int>(interpreter::directions::kDirectionWords.size()));
}

namespace {

// A registry with the standard filters and two test keywords whose bind functions check nothing:
// whatever is checked, the binder checks from the declarations.
const Registry& declared_registry() {
  static const Registry registry = [] {
    Registry r;
    builtins::register_builtins(r);
    r.add_family({"declared", [](Registry& reg) {
                    using grammar::ShapeKind;
                    reg.add({{"needsset", ShapeKind::Prefix, grammar::precedence::kSetPrefix, 1, 1},
                             "needsset S: its argument",
                             [](interpreter::BindArguments& a) -> interpreter::FilterPtr { return std::move(a.arguments[0]); },
                             {{interpreter::ValueType::Set}, {interpreter::ValueType::Set, interpreter::ValueType::Piece}}});
                    reg.add({{"saysnumeric", ShapeKind::Prefix, grammar::precedence::kSetPrefix, 1, 1},
                             "saysnumeric S: declared numeric, builds its argument",
                             [](interpreter::BindArguments& a) -> interpreter::FilterPtr { return std::move(a.arguments[0]); },
                             {{}, interpreter::ValueType::Numeric}});
                  }});
    return r;
  }();
  return registry;
}

// The binder's diagnostics for `query` ("" when it binds).
std::string bind_errors(const std::string& query) {
  grammar::SourceFile file("q.cql", query);
  grammar::Diagnostics diagnostics;
  auto tree = grammar::parse_query(file, declared_registry().keywords(), diagnostics);
  REQUIRE(tree);
  interpreter::Binder binder(declared_registry(), file, diagnostics);
  bool bound = binder.bind_sequence(tree->body, nullptr) != nullptr;
  CHECK(bound == !diagnostics.has_errors());
  return diagnostics.render();
}

}  // namespace

TEST_CASE("the binder checks arguments against the declared types", "[registry][binder]") {
  CHECK(bind_errors("needsset a1-h8").empty());
  CHECK(bind_errors("piece $p in K needsset $p").empty());  // a piece stands where a set is wanted
  const std::string numeric = bind_errors("needsset ply");
  CHECK(numeric.find("'needsset' expects a set filter as its argument, but this is a numeric filter") != std::string::npos);
  CHECK(numeric.find("q.cql:1:10") != std::string::npos);  // at the argument
  CHECK(bind_errors("needsset \"e4\"").find("but this is a string filter") != std::string::npos);
  // A standard keyword whose bind function no longer checks: tag's argument is declared String.
  CHECK(bind_errors("tag ply").find("'tag' expects a string filter as its argument, but this is a numeric filter") !=
        std::string::npos);
}

TEST_CASE("the binder checks a built filter against the declared result", "[registry][binder]") {
  CHECK(bind_errors("saysnumeric ply").empty());
  CHECK(bind_errors("saysnumeric a1").find("internal error: 'saysnumeric' built a set filter, but its registration "
                                           "declares numeric") != std::string::npos);
}

TEST_CASE("every registered keyword declares the types of the filters it builds", "[registry]") {
  for (const FilterSpec& spec : builtins::standard_registry().specs()) {
    INFO("'" << spec.shape.name << "' declares its result type");
    CHECK_FALSE(spec.types.result.empty());
  }
}

namespace {

// Whether a keyword takes filters as positional arguments: parameters (`from S`) are not among
// them, nor names (function, dictionary).
bool takes_arguments(const grammar::KeywordShape& shape) {
  using grammar::ShapeKind;
  switch (shape.kind) {
    case ShapeKind::Nullary:
    case ShapeKind::Parameters:
    case ShapeKind::Function:
    case ShapeKind::Dictionary:
    case ShapeKind::Header: return shape.max_arguments != 0;
    default: return true;
  }
}

}  // namespace

TEST_CASE("every keyword that takes arguments declares their types", "[registry]") {
  for (const FilterSpec& spec : builtins::standard_registry().specs()) {
    if (!takes_arguments(spec.shape)) continue;
    INFO("'" << spec.shape.name << "' declares the types of its arguments");
    CHECK_FALSE(spec.types.arguments.empty());
  }
}

TEST_CASE("every operator declares the types of its operands and result", "[registry]") {
  const Registry& registry = builtins::standard_registry();
  REQUIRE(registry.operators().size() > 30);
  for (const interpreter::OperatorSpec& op : registry.operators()) {
    INFO("operator '" << op.text << "'/" << op.arity);
    CHECK_FALSE(op.types.result.empty());
    // Each operand declared (a variadic construct, arity -1, declares the type of every part).
    if (op.arity != 0) CHECK(op.types.arguments.size() == static_cast<std::size_t>(std::max(op.arity, 1)));
    if (op.arity == 0) CHECK(op.types.arguments.empty());
  }
}

TEST_CASE("a wrong-typed operand is rejected by the operator's declaration, naming its position", "[registry][binder]") {
  const std::string left = bind_errors("check < 3");
  CHECK(left.find("'<' expects a numeric, set, position or string filter as its left operand, but this is a logical "
                  "filter") != std::string::npos);
  CHECK(left.find("q.cql:1:1") != std::string::npos);
  const std::string right = bind_errors("a1 | 3");
  CHECK(right.find("'|' expects a set filter as its right operand, but this is a numeric filter") != std::string::npos);
  CHECK(right.find("q.cql:1:6") != std::string::npos);
  CHECK(bind_errors("~ 3").find("'~' expects a set filter as its operand, but this is a numeric filter") !=
        std::string::npos);
  CHECK(bind_errors("\"abc\"[check]").find("'[]' expects a numeric or set filter as its right operand") != std::string::npos);
  CHECK(bind_errors("x = check").find("'=' expects a numeric, set, position or string filter as its right operand, "
                                      "but this is a logical filter") != std::string::npos);
  CHECK(bind_errors("x = 1 x -= \"a\"").find("'-=' expects a numeric or set filter as its right operand") !=
        std::string::npos);
  // What depends on both operands stays with the bind function: both sides of one kind.
  CHECK(bind_errors("\"a\" == 1").find("'==' expects a string filter as its right operand, but this is a numeric "
                                        "filter") != std::string::npos);
  CHECK(bind_errors("\"a\" + \"b\"").empty());
  CHECK(bind_errors("currentposition & parent").empty());
}

TEST_CASE("a wrong-typed argument to a keyword is rejected by its declaration, naming its position", "[registry][binder]") {
  const std::string second = bind_errors("between(a1 3)");
  CHECK(second.find("'between' expects a set filter as its second argument, but this is a numeric filter") !=
        std::string::npos);
  CHECK(second.find("q.cql:1:12") != std::string::npos);
  CHECK(bind_errors("a1 attacks \"e4\"").find("'attacks' expects a set filter as its right operand, but this is a "
                                                "string filter") != std::string::npos);
  CHECK(bind_errors("abs \"x\"").find("'abs' expects a numeric or set filter as its argument, but this is a string "
                                       "filter") != std::string::npos);
  CHECK(bind_errors("indexof(\"a\" 1)").find("'indexof' expects a string filter as its second argument") !=
        std::string::npos);
  CHECK(bind_errors("ray(a1 b2 3)").find("'ray' expects a set filter as its third argument") != std::string::npos);
  CHECK(bind_errors("child(\"a\")").find("'child' expects a numeric or set filter as its argument") !=
        std::string::npos);
  CHECK(bind_errors("lowercase 3").find("'lowercase' expects a string filter as its argument") != std::string::npos);
  CHECK(bind_errors("readfile 3").find("'readfile' expects a string filter as its argument") != std::string::npos);
  // makesquare's first argument is a name or a file: which one, only the number of arguments says.
  CHECK(bind_errors("makesquare(\"a\" 1)").find("'makesquare' expects a numeric or set filter as its first argument") !=
        std::string::npos);
  CHECK(bind_errors("makesquare(1 \"a\")").find("'makesquare' expects a numeric or set filter as its second argument") !=
        std::string::npos);
}

TEST_CASE("every parameter word that takes a value declares the value's types", "[registry]") {
  for (const FilterSpec& spec : builtins::standard_registry().specs()) {
    if (spec.binds_children) continue;  // its bind function binds (and checks) the values itself
    for (const grammar::ParameterSpec& p : spec.shape.parameters) {
      if (!p.takes_value) continue;
      INFO("'" << grammar::spelling(p.word) << "' of '" << spec.shape.name << "' declares its value's types");
      const bool declared = std::any_of(spec.types.parameters.begin(), spec.types.parameters.end(),
                                        [&](const interpreter::ParameterType& t) { return t.word == p.word; });
      CHECK(declared);
    }
  }
}

TEST_CASE("a wrong-typed parameter value is rejected by the declaration, at the value", "[registry][binder]") {
  const std::string from = bind_errors("move from 3");
  CHECK(from.find("'from' of 'move' expects a set filter, but this is a numeric filter") != std::string::npos);
  CHECK(from.find("q.cql:1:11") != std::string::npos);
  CHECK(bind_errors("pin through \"e4\"").find("'through' of 'pin' expects a set filter, but this is a string filter") !=
        std::string::npos);
  CHECK(bind_errors("correspondingsquares critical check")
            .find("'critical' of 'correspondingsquares' expects a set filter, but this is a logical filter") !=
        std::string::npos);
  CHECK(bind_errors("piece $p in R move from $p to a1-h8").empty());  // a piece stands for its square
}

TEST_CASE("--help and :help show each keyword's declared signature", "[registry][help]") {
  const Registry& registry = builtins::standard_registry();
  const FilterSpec& attacks = registered(registry, "attacks");
  CHECK(interpreter::signature_text(attacks) == "Set Set → Set");
  CHECK(interpreter::signature_text(attacks, false) == "Set Set -> Set");
  CHECK(interpreter::signature_text(registered(registry, "child")) == "[Numeric|Set] → Position");
  CHECK(interpreter::signature_text(registered(registry, "ray")) == "Set Set… → Set");
  CHECK(interpreter::signature_text(registered(registry, "ray"), false) == "Set Set... -> Set");
  CHECK(interpreter::signature_text(registered(registry, "str")) == "Any… → String");
  CHECK(interpreter::signature_text(registered(registry, "fen")) == "[String] → Logical|String");
  CHECK(interpreter::signature_text(registered(registry, "check")) == "→ Logical");
  const std::string list = interpreter::filter_list(registry);
  CHECK(list.find("  tag \"Name\": the value of that PGN tag; fails if absent  :: String → String\n") != std::string::npos);
  CHECK(interpreter::filter_list(registry, false).find(":: Set Set -> Set\n") != std::string::npos);
}
