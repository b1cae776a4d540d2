// String-literals family: string literals and concatenation.
#include "builtins/string_literals.h"

#include "builtins/builtins.h"
#include "builtins/constants.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

class Concatenation final : public Filter {
 public:
  Concatenation(FilterPtr left, FilterPtr right)
      : Filter(ValueType::String), left_(std::move(left)), right_(std::move(right)) {}
  std::optional<std::string> text(Context& ctx) const override {
    std::optional<std::string> a = left_->text(ctx);
    if (!a) return std::nullopt;
    std::optional<std::string> b = right_->text(ctx);
    if (!b) return std::nullopt;
    ctx.charge_text(a->size() + b->size());
    *a += *b;
    return a;
  }

 private:
  FilterPtr left_, right_;
};

}  // namespace

FilterPtr make_string_concatenation(FilterPtr left, FilterPtr right) {
  return std::make_unique<Concatenation>(std::move(left), std::move(right));
}

void register_string_literals_filters(Registry& registry) {
  registry.add_operator(construct::kString, 0, {{}, ValueType::String}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<StringConstant>(a.node.text);
  });
}

}  // namespace quarry::builtins
