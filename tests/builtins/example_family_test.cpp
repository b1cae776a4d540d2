// The worked example of docs/contributing.md: a filter family written as builtins/ writes one,
// registered the way builtins.cpp registers each family, and seen by the parser, the binder,
// the evaluation and the help, with no other file touched.
#include <catch2/catch.hpp>

#include "builtins/builtins.h"
#include "builtins/evaluate.h"
#include "chess/position.h"
#include "interpreter/binder.h"
#include "interpreter/filter_help.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT: filter classes read against the node API
using grammar::ShapeKind;

// `pawnsof S`: how many pawns stand on the squares of S (either colour).
class PawnsOf final : public Filter {
 public:
  explicit PawnsOf(FilterPtr squares) : Filter(ValueType::Numeric), squares_(std::move(squares)) {}
  MaybeNumber number(Context& ctx) const override {
    return (ctx.position().pieces(chess::PieceType::Pawn) & squares_->squares(ctx)).count();
  }

 private:
  FilterPtr squares_;
};

// The binder has checked the argument against the declared types before this runs.
FilterPtr bind_pawns_of(BindArguments& a) { return std::make_unique<PawnsOf>(std::move(a.arguments[0])); }

}  // namespace

// In builtins/, this is the function the generated family table names: register_FAMILY_filters.
void register_example_filters(Registry& registry) {
  registry.add({{"pawnsof", ShapeKind::Prefix, grammar::precedence::kSetPrefix, 1, 1},
                "pawnsof S: the number of pawns on the squares of S", bind_pawns_of,
                {{ValueType::Set}, ValueType::Numeric}});
}

}  // namespace quarry::builtins

namespace {

const quarry::interpreter::Registry& example_registry() {
  static const quarry::interpreter::Registry registry = [] {
    quarry::interpreter::Registry r;
    quarry::builtins::register_builtins(r);
    r.add_family({"example", quarry::builtins::register_example_filters});
    return r;
  }();
  return registry;
}

const char* const kFen = "4k3/pp6/8/8/8/8/PPP5/4K3 w - - 0 1";

}  // namespace

TEST_CASE("a new family: parsed, bound, type-checked and evaluated", "[registry][example]") {
  using quarry::testing::GameEvaluation;
  CHECK(GameEvaluation("pawnsof a-h2", kFen, example_registry()).number() == 3);
  CHECK(GameEvaluation("pawnsof .", kFen, example_registry()).number() == 5);
  CHECK(GameEvaluation("pawnsof [a-h7] == 2", kFen, example_registry()).matches());
  // It binds like any builtin: the standard filters are its arguments, its argument is checked.
  CHECK(GameEvaluation("pawnsof (a-h7 | a2) + 1", kFen, example_registry()).number() == 4);
  CHECK_THROWS(GameEvaluation("pawnsof 3", kFen, example_registry()));
  // The standard registry does not know it.
  CHECK_THROWS(GameEvaluation("pawnsof a-h2", kFen));
}

TEST_CASE("a new family: listed in the help under its own name", "[registry][example]") {
  const std::string list = quarry::interpreter::filter_list(example_registry());
  CHECK(list.find("\nexample:\n  pawnsof S: the number of pawns on the squares of S  :: Set → Numeric\n") != std::string::npos);
  int id = example_registry().keywords().find("pawnsof");
  REQUIRE(id >= 0);
  CHECK(example_registry().spec(id).family == "example");
}
