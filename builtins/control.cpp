// Control family: if/then/else, while, loop.
#include "builtins/builtins.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::ShapeKind;

// Without else: matches when the condition fails or the branch matches (a Boolean). With else
// and branches of one type: the value of the branch taken. Otherwise: whether that branch matched.
class If final : public Filter {
 public:
  If(ValueType type, FilterPtr condition, FilterPtr then_branch, FilterPtr else_branch)
      : Filter(type), condition_(std::move(condition)), then_(std::move(then_branch)), else_(std::move(else_branch)) {}

  bool match(Context& ctx) const override {
    const Filter* branch = taken(ctx);
    return branch == nullptr || branch->match(ctx);
  }
  SquareSet squares(Context& ctx) const override {
    const Filter* branch = taken(ctx);
    return branch ? branch->squares(ctx) : SquareSet();
  }
  MaybeNumber number(Context& ctx) const override {
    const Filter* branch = taken(ctx);
    return branch ? branch->number(ctx) : std::nullopt;
  }
  std::optional<std::string> text(Context& ctx) const override {
    const Filter* branch = taken(ctx);
    return branch ? branch->text(ctx) : std::nullopt;
  }

 private:
  // The branch to evaluate; nullptr when the condition failed and there is no else.
  const Filter* taken(Context& ctx) const {
    CommentMark mark = ctx.comment_mark();
    if (condition_->match(ctx)) return then_.get();
    ctx.rollback_comments(mark);
    return else_.get();
  }
  FilterPtr condition_, then_, else_;
};

// Repeats the body while the condition matches; matches once the condition fails. The iteration
// limit turns a query that never stops into an error message instead of a hang.
class While final : public Filter {
 public:
  While(FilterPtr condition, FilterPtr body) : Filter(ValueType::Logical), condition_(std::move(condition)), body_(std::move(body)) {}
  bool match(Context& ctx) const override {
    for (std::uint64_t i = 0; condition_->match(ctx); ++i) {
      if (i == kLimit) throw EvaluationLimit("while: more than 1,000,000 iterations at one position");
      ctx.charge();
      ctx.check_interrupt();
      body_->match(ctx);
    }
    return true;
  }

 private:
  static constexpr std::uint64_t kLimit = 1'000'000;
  FilterPtr condition_, body_;
};

// Evaluates the body until it fails; matches if it matched at least once.
class Loop final : public Filter {
 public:
  explicit Loop(FilterPtr body) : Filter(ValueType::Logical), body_(std::move(body)) {}
  bool match(Context& ctx) const override {
    std::uint64_t i = 0;
    while (body_->match(ctx)) {
      if (++i == kLimit) throw EvaluationLimit("loop: more than 1,000,000 iterations at one position");
      ctx.charge();
      ctx.check_interrupt();
    }
    return i > 0;
  }

 private:
  static constexpr std::uint64_t kLimit = 1'000'000;
  FilterPtr body_;
};

FilterPtr bind_if(BindArguments& a) {
  FilterPtr else_branch = a.arguments.size() > 2 ? std::move(a.arguments[2]) : nullptr;
  ValueType type = ValueType::Logical;
  ValueType then_type = a.arguments[1]->type();
  if (else_branch && else_branch->type() == then_type &&
      (then_type == ValueType::Set || then_type == ValueType::Numeric || then_type == ValueType::String)) {
    type = then_type;
  }
  return std::make_unique<If>(type, std::move(a.arguments[0]), std::move(a.arguments[1]), std::move(else_branch));
}

}  // namespace

void register_control_filters(Registry& registry) {
  registry.add({{"if", ShapeKind::If}, "if C [then] T [else E]: T where C matches, else E", bind_if,
                {{kAnyFilter, kAnyFilter, kAnyFilter}, {ValueType::Logical, ValueType::Numeric, ValueType::Set, ValueType::String}}, Dependence::Pure});
  registry.add({{"while", ShapeKind::While}, "while (C) F: evaluate F as long as C matches",
                [](BindArguments& a) -> FilterPtr { return std::make_unique<While>(std::move(a.arguments[0]), std::move(a.arguments[1])); },
                {{kAnyFilter, kAnyFilter}, ValueType::Logical}});
  registry.add({{"loop", ShapeKind::Prefix, grammar::precedence::kLowest}, "loop F: evaluate F until it fails",
                [](BindArguments& a) -> FilterPtr { return std::make_unique<Loop>(std::move(a.arguments[0])); },
                {{kAnyFilter}, ValueType::Logical}});
}

}  // namespace quarry::builtins
