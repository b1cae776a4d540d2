// Arithmetic family: number literals, + - * / %, unary minus. Numbers are 32-bit in CQL; values
// are held in 64 bits, and a result that overflows even those makes the filter fail.
#include "builtins/builtins.h"
#include "builtins/checked_arithmetic.h"
#include "builtins/constants.h"
#include "builtins/string_literals.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

class Arithmetic final : public Filter {
 public:
  Arithmetic(ArithmeticOp op, FilterPtr left, FilterPtr right)
      : Filter(ValueType::Numeric), op_(op), left_(std::move(left)), right_(std::move(right)) {}

  MaybeNumber number(Context& ctx) const override {
    MaybeNumber a = numeric_value(*left_, ctx);
    if (!a) return std::nullopt;
    MaybeNumber b = numeric_value(*right_, ctx);
    if (!b) return std::nullopt;
    // Division by zero and overflow give no value, so the filter fails rather than the run.
    return checked_apply(op_, *a, *b);
  }

 private:
  ArithmeticOp op_;
  FilterPtr left_, right_;
};

class Negate final : public Filter {
 public:
  explicit Negate(FilterPtr operand) : Filter(ValueType::Numeric), operand_(std::move(operand)) {}
  MaybeNumber number(Context& ctx) const override {
    MaybeNumber v = numeric_value(*operand_, ctx);
    if (!v) return std::nullopt;
    return checked_negate(*v);
  }

 private:
  FilterPtr operand_;
};

BindFunction bind_arithmetic(ArithmeticOp op) {
  return [op](BindArguments& a) -> FilterPtr {
    return std::make_unique<Arithmetic>(op, std::move(a.arguments[0]), std::move(a.arguments[1]));
  };
}

}  // namespace

void register_arithmetic_filters(Registry& registry) {
  // A set stands for the number of its squares wherever a number is wanted.
  const TypeSet number{ValueType::Numeric, ValueType::Set};
  const Signature binary{{number, number}, ValueType::Numeric};
  registry.add_operator(construct::kNumber, 0, {{}, ValueType::Numeric}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<NumberConstant>(a.node.number);
  });
  const TypeSet number_or_string{ValueType::Numeric, ValueType::Set, ValueType::String};
  registry.add_operator("+", 2, {{number_or_string, number_or_string}, {ValueType::Numeric, ValueType::String}},
                        [](BindArguments& a) -> FilterPtr {
    // Strings join strings and numbers add numbers: the right side is of the left side's kind.
    if (a.arguments[0]->type() == ValueType::String) {
      if (!a.binder.expect(a, 1, {ValueType::String})) return nullptr;
      return make_string_concatenation(std::move(a.arguments[0]), std::move(a.arguments[1]));
    }
    if (!a.binder.expect(a, 1, {ValueType::Numeric, ValueType::Set})) return nullptr;
    return bind_arithmetic(ArithmeticOp::Add)(a);
  }, Dependence::Pure);
  registry.add_operator("-", 2, binary, bind_arithmetic(ArithmeticOp::Subtract), Dependence::Pure);
  registry.add_operator("*", 2, binary, bind_arithmetic(ArithmeticOp::Multiply), Dependence::Pure);
  registry.add_operator("/", 2, binary, bind_arithmetic(ArithmeticOp::Divide), Dependence::Pure);
  registry.add_operator("%", 2, binary, bind_arithmetic(ArithmeticOp::Modulo), Dependence::Pure);
  registry.add_operator("-", 1, {{number}, ValueType::Numeric}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<Negate>(std::move(a.arguments[0]));
  });
}

}  // namespace quarry::builtins
