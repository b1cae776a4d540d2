// Logic family: true, false, not, and, or, the compound filter { … } and the identity `F.
#include <vector>

#include "builtins/builtins.h"
#include "builtins/constants.h"
#include "builtins/moves.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT: filter classes read against the node API

class Not final : public Filter {
 public:
  explicit Not(FilterPtr operand) : Filter(ValueType::Logical), operand_(std::move(operand)) {}
  bool match(Context& ctx) const override {
    // Comments made while testing the operand are not part of the answer.
    CommentMark mark = ctx.comment_mark();
    bool matched = operand_->match(ctx);
    ctx.rollback_comments(mark);
    return !matched;
  }

 private:
  FilterPtr operand_;
};

class And final : public Filter {
 public:
  And(FilterPtr left, FilterPtr right) : Filter(ValueType::Logical), left_(std::move(left)), right_(std::move(right)) {}
  bool match(Context& ctx) const override { return left_->match(ctx) && right_->match(ctx); }
  std::vector<const Filter*> conjuncts() const override { return {left_.get(), right_.get()}; }

 private:
  FilterPtr left_, right_;
};

class Or final : public Filter {
 public:
  Or(FilterPtr left, FilterPtr right) : Filter(ValueType::Logical), left_(std::move(left)), right_(std::move(right)) {}
  bool match(Context& ctx) const override {
    CommentMark mark = ctx.comment_mark();
    if (left_->match(ctx)) return true;
    ctx.rollback_comments(mark);
    return right_->match(ctx);
  }

 private:
  FilterPtr left_, right_;
};

// { F1 F2 … Fn }: matches when every constituent matches (stopping at the first that fails);
// its value is the last constituent's, so its type is the last constituent's type.
class Compound final : public Filter {
 public:
  explicit Compound(std::vector<FilterPtr> parts)
      : Filter(parts.empty() ? ValueType::Logical : parts.back()->type()), parts_(std::move(parts)) {}

  bool match(Context& ctx) const override {
    for (const FilterPtr& part : parts_) {
      if (!part->match(ctx)) return false;
    }
    return true;
  }
  std::vector<const Filter*> conjuncts() const override {
    std::vector<const Filter*> parts;
    for (const FilterPtr& part : parts_) parts.push_back(part.get());
    return parts;
  }
  SquareSet squares(Context& ctx) const override {
    if (!all_but_last_match(ctx)) return SquareSet();
    return parts_.back()->squares(ctx);
  }
  MaybeNumber number(Context& ctx) const override {
    if (!all_but_last_match(ctx)) return std::nullopt;
    return parts_.back()->number(ctx);
  }
  std::optional<std::string> text(Context& ctx) const override {
    if (!all_but_last_match(ctx)) return std::nullopt;
    return parts_.back()->text(ctx);
  }

 private:
  // An empty body (`{ }`, a function of comments only) is a logical filter that matches and has
  // no last part: it gives no set, number or text, so all_but_last_match answers false for it.
  bool all_but_last_match(Context& ctx) const {
    if (parts_.empty()) return false;
    for (std::size_t i = 0; i + 1 < parts_.size(); ++i) {
      if (!parts_[i]->match(ctx)) return false;
    }
    return true;
  }
  std::vector<FilterPtr> parts_;
};

}  // namespace

void register_logic_filters(Registry& registry) {
  using grammar::ShapeKind;
  registry.add({{"true", ShapeKind::Nullary}, "matches every position",
                [](BindArguments&) -> FilterPtr { return std::make_unique<LogicalConstant>(true); },
                {{}, ValueType::Logical},
                Dependence::Literal});
  registry.add({{"false", ShapeKind::Nullary}, "matches no position",
                [](BindArguments&) -> FilterPtr { return std::make_unique<LogicalConstant>(false); },
                {{}, ValueType::Logical},
                Dependence::Literal});
  // `F (CQLi): the identity; its value is F's.
  registry.add_operator("`", 1, {{kAnyFilter}, kAnyFilter}, [](BindArguments& a) -> FilterPtr { return std::move(a.arguments[0]); }, Dependence::Pure);
  registry.add_operator(
      "not", 1, {{kAnyFilter}, ValueType::Logical}, [](BindArguments& a) -> FilterPtr {
        if (FilterPtr negated = negated_move_filter(a.arguments[0])) return negated;
        return std::make_unique<Not>(std::move(a.arguments[0]));
      },
      Dependence::Pure);
  registry.add_operator("and", 2, {{kAnyFilter, kAnyFilter}, ValueType::Logical}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<And>(std::move(a.arguments[0]), std::move(a.arguments[1]));
  }, Dependence::Pure);
  registry.add_operator("or", 2, {{kAnyFilter, kAnyFilter}, ValueType::Logical}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<Or>(std::move(a.arguments[0]), std::move(a.arguments[1]));
  }, Dependence::Pure);
  // `{ F … }`: matches when every part matches; its value is the last part's.
  registry.add_operator(construct::kCompound, -1, {{kAnyFilter}, kAnyFilter}, [](BindArguments& a) -> FilterPtr {
    if (a.arguments.size() == 1) return std::move(a.arguments[0]);
    return std::make_unique<Compound>(std::move(a.arguments));
  });
}

}  // namespace quarry::builtins
