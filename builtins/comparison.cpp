// Comparison family: == != < <= > >= between numbers (a set counts its squares), strings,
// positions (by position id), and set == set. A comparison fails when an operand has no value,
// except set == set and !=.
#include <algorithm>

#include "builtins/comparison.h"

#include "builtins/builtins.h"
#include "builtins/constants.h"
#include "builtins/line_sequence.h"
#include "builtins/relation.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

// The value a comparison passes on is its left operand's, so `sort x > 3` sorts by x and the
// right-associative chain `1 < x < 5` reads as 1 < x and x < 5.
class NumericComparison final : public Filter {
 public:
  NumericComparison(Relation r, FilterPtr left, FilterPtr right)
      : Filter(ValueType::Numeric), relation_(r), left_(std::move(left)), right_(std::move(right)),
        right_number_(dynamic_cast<const NumberConstant*>(right_.get())) {}
  bool match(Context& ctx) const override { return number(ctx).has_value(); }
  MaybeNumber number(Context& ctx) const override {
    MaybeNumber a = numeric_value(*left_, ctx);
    // `x > 2`, the usual form, reads the literal without a virtual call.
    MaybeNumber b = right_number_ != nullptr ? right_number_->number(ctx) : numeric_value(*right_, ctx);
    if (!a || !b) {
      // `!=` is `not ==`: a missing operand makes them unequal.
      if (relation_ == Relation::NotEqual) return a ? a : MaybeNumber(0);
      return std::nullopt;
    }
    if (!holds(relation_, *a, *b)) return std::nullopt;
    return a;
  }

  // note_failure_rolled_back(): `line … REL n` tells the line that a length failing the
  // comparison is rolled back whatever it writes.
  void failure_rolled_back() {
    if (right_number_ != nullptr) note_line_compared(*left_, relation_, *right_number_);
  }

 private:
  Relation relation_;
  FilterPtr left_, right_;
  const NumberConstant* right_number_;  // right_ when it is a number literal
};

class SetEquality final : public Filter {
 public:
  SetEquality(bool equal, FilterPtr left, FilterPtr right)
      : Filter(ValueType::Logical), equal_(equal), left_(std::move(left)), right_(std::move(right)) {}
  bool match(Context& ctx) const override { return (left_->squares(ctx) == right_->squares(ctx)) == equal_; }

 private:
  bool equal_;
  FilterPtr left_, right_;
};

// Positions compare by position id (a position comes after its ancestors and before later
// variations), a key that `read` takes from each operand; a missing operand fails all but `!=`.
template <typename Read>
class KeyComparison final : public Filter {
 public:
  KeyComparison(Relation r, FilterPtr left, FilterPtr right, Read read)
      : Filter(ValueType::Logical), relation_(r), left_(std::move(left)), right_(std::move(right)), read_(read) {}
  bool match(Context& ctx) const override {
    auto a = read_(*left_, ctx);
    auto b = read_(*right_, ctx);
    if (!a || !b) return relation_ == Relation::NotEqual;
    return holds(relation_, *a, *b);
  }

 private:
  Relation relation_;
  FilterPtr left_, right_;
  Read read_;
};

// Strings compare in byte order ("A" < "a", as CQL compares by character code). An operand that
// keeps its text (a string variable or literal) is read where it is, not copied: a query that
// builds a long string in a loop and tests it at every step (`if tries != "" …`) copied it each
// time, which made the loop quadratic. The right operand is read last, so it can always be read
// in place; the left only when the right keeps its text too, since evaluating the right operand
// could assign the variable the left one reads.
class StringComparison final : public Filter {
 public:
  StringComparison(Relation r, FilterPtr left, FilterPtr right)
      : Filter(ValueType::Logical), relation_(r), left_(std::move(left)), right_(std::move(right)),
        left_in_place_(left_->keeps_text() && right_->keeps_text()), right_in_place_(right_->keeps_text()) {}
  bool match(Context& ctx) const override {
    std::optional<std::string> left_copy, right_copy;
    const std::string* a = read(*left_, left_in_place_, ctx, left_copy);
    const std::string* b = read(*right_, right_in_place_, ctx, right_copy);
    if (a == nullptr || b == nullptr) return relation_ == Relation::NotEqual;
    // Read in place, a long string still costs its length to compare.
    ctx.charge_text(std::min(a->size(), b->size()));
    return holds(relation_, *a, *b);
  }

 private:
  static const std::string* read(const Filter& f, bool in_place, Context& ctx, std::optional<std::string>& copy) {
    if (in_place) return f.stored_text(ctx);
    copy = f.text(ctx);
    return copy ? &*copy : nullptr;
  }

  Relation relation_;
  FilterPtr left_, right_;
  bool left_in_place_, right_in_place_;
};

template <typename Read>
FilterPtr make_key_comparison(Relation r, FilterPtr left, FilterPtr right, Read read) {
  return std::make_unique<KeyComparison<Read>>(r, std::move(left), std::move(right), read);
}

std::optional<chess::NodeId> position_key(const Filter& f, Context& ctx) {
  std::optional<chess::NodeId> node = f.position(ctx);
  if (!node) return std::nullopt;
  // A transient imaginary position has no id; its node number still tells it apart.
  return ctx.position_id(*node).value_or(static_cast<std::int64_t>(*node));
}

bool is_set_like(ValueType t) { return t == ValueType::Set || t == ValueType::Piece; }

BindFunction bind_comparison(Relation relation) {
  // The declaration admits numbers, sets, strings and positions on either side; both sides are
  // of one kind (sets count as numbers), which only the pair of them tells.
  return [relation](BindArguments& a) -> FilterPtr {
    ValueType left = a.arguments[0]->type(), right = a.arguments[1]->type();
    bool equality = relation == Relation::Equal || relation == Relation::NotEqual;
    if (equality && is_set_like(left) && is_set_like(right)) {
      return std::make_unique<SetEquality>(relation == Relation::Equal, std::move(a.arguments[0]), std::move(a.arguments[1]));
    }
    if (left == ValueType::Position || right == ValueType::Position) {
      if (!a.binder.expect(a, 0, {ValueType::Position}) || !a.binder.expect(a, 1, {ValueType::Position})) return nullptr;
      return make_key_comparison(relation, std::move(a.arguments[0]), std::move(a.arguments[1]), position_key);
    }
    if (left == ValueType::String || right == ValueType::String) {
      if (!a.binder.expect(a, 0, {ValueType::String}) || !a.binder.expect(a, 1, {ValueType::String})) return nullptr;
      return std::make_unique<StringComparison>(relation, std::move(a.arguments[0]), std::move(a.arguments[1]));
    }
    return std::make_unique<NumericComparison>(relation, std::move(a.arguments[0]), std::move(a.arguments[1]));
  };
}

}  // namespace

void note_failure_rolled_back(Filter& filter) {
  if (auto* comparison = dynamic_cast<NumericComparison*>(&filter)) comparison->failure_rolled_back();
}

void register_comparison_filters(Registry& registry) {
  const TypeSet comparable{ValueType::Numeric, ValueType::Set, ValueType::Position, ValueType::String};
  // A numeric comparison has the left side's value; the others are true or false.
  const Signature types{{comparable, comparable}, {ValueType::Logical, ValueType::Numeric}};
  registry.add_operator("==", 2, types, bind_comparison(Relation::Equal), Dependence::Pure);
  registry.add_operator("!=", 2, types, bind_comparison(Relation::NotEqual), Dependence::Pure);
  registry.add_operator("<", 2, types, bind_comparison(Relation::Less), Dependence::Pure);
  registry.add_operator("<=", 2, types, bind_comparison(Relation::LessEqual), Dependence::Pure);
  registry.add_operator(">", 2, types, bind_comparison(Relation::Greater), Dependence::Pure);
  registry.add_operator(">=", 2, types, bind_comparison(Relation::GreaterEqual), Dependence::Pure);
}

}  // namespace quarry::builtins
