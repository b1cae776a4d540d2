// Assertion family: `assert F` (CQL 6.1) stops the evaluation of a game whose position fails F,
// naming where the assertion stands, so a query can check what it assumes while it runs.
#include <stdexcept>

#include "builtins/builtins.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

// A failed assertion is a run-time error of the game: the runner reports it, skips the game and
// the run ends with the query-error exit status (docs/reliability.md).
class AssertionFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Assert final : public Filter {
 public:
  Assert(FilterPtr condition, std::string where)
      : Filter(ValueType::Logical), condition_(std::move(condition)), where_(std::move(where)) {}
  bool match(Context& ctx) const override {
    if (condition_->match(ctx)) return true;
    std::string at = where_;
    if (MaybeNumber id = ctx.position_id(ctx.node())) at += " (position " + std::to_string(*id) + ")";
    throw AssertionFailed("assertion failed at " + at);
  }

 private:
  FilterPtr condition_;
  std::string where_;  // file:line:column: the assertion as written
};

FilterPtr bind_assert(BindArguments& a) {
  const grammar::SourceFile& file = a.binder.file();
  const grammar::SyntaxNode& condition = *a.node.children[0];
  std::string where = file.name() + ":" + std::to_string(file.line_of(a.node.range.begin)) + ":" +
                      std::to_string(file.column_of(a.node.range.begin)) + ": assert " +
                      file.text().substr(condition.range.begin, condition.range.end - condition.range.begin);
  return std::make_unique<Assert>(std::move(a.arguments[0]), std::move(where));
}

}  // namespace

void register_assertion_filters(Registry& registry) {
  registry.add({{"assert", grammar::ShapeKind::Prefix, grammar::precedence::kLowest},
                "assert F: matches when F does; a position where F fails stops the game with an error",
                bind_assert, {{kAnyFilter}, ValueType::Logical}});
}

}  // namespace quarry::builtins
