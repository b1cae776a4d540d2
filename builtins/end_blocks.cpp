// `cqlend { … }`: a body evaluated once after the last game, when persistent variables and
// dictionaries hold their final values (messages there report them). Within games it matches
// without evaluating anything.
#include "builtins/builtins.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

class EndBlock final : public Filter {
 public:
  explicit EndBlock(FilterPtr body) : Filter(ValueType::Logical), body_(std::move(body)) {}
  bool match(Context&) const override { return true; }
  const Filter* body() const { return body_.get(); }

 private:
  FilterPtr body_;
};

}  // namespace

void register_end_blocks_filters(Registry& registry) {
  registry.add({{"cqlend", grammar::ShapeKind::Prefix, grammar::precedence::kLowest},
                "cqlend { … }: evaluated once after the last game", [](BindArguments& a) -> FilterPtr {
                  auto block = std::make_unique<EndBlock>(std::move(a.arguments[0]));
                  a.binder.add_end_block(block->body());
                  return block;
                }, {{kAnyFilter}, ValueType::Logical}});
}

}  // namespace quarry::builtins
