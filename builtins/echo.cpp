// The echo filter: compares the current position with every other position of the game.
#include <optional>
#include <string>
#include <vector>

#include "builtins/builtins.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::NodeId;
using grammar::ShapeKind;

// echo [quiet] (s t) [in all] BODY. s is set to the current position (the source); t runs over
// the other positions of the game in position-id order (without `variations`, the main line only;
// with `in all`, the source too). BODY is evaluated at the source for each target. Logical unless
// BODY is numeric, when its value is the largest BODY took where it matched. Unless quiet, each
// matching target is commented "echo target" and the source "echo source"; comments made for a
// target where BODY failed are dropped (smart comments).
class Echo final : public Filter {
 public:
  Echo(int source, int target, bool all, bool quiet, FilterPtr body)
      : Filter(body->type() == ValueType::Numeric ? ValueType::Numeric : ValueType::Logical), source_(source),
        target_(target), all_(all), quiet_(quiet), body_(std::move(body)) {}

  bool match(Context& ctx) const override { return evaluate(ctx).has_value(); }
  MaybeNumber number(Context& ctx) const override { return evaluate(ctx); }

 private:
  // The largest value BODY took at a matching target (1 for a non-numeric BODY), nullopt when
  // it matched at none.
  MaybeNumber evaluate(Context& ctx) const {
    const chess::Game& game = ctx.game();
    const NodeId source = ctx.node();
    const bool comment = !quiet_ && !ctx.quiet();
    MaybeNumber best;
    ctx.variable(source_) = PositionValue{source};
    auto visit = [&](NodeId target) {
      if (target == source && !all_) return;
      ctx.charge();
      ctx.variable(target_) = PositionValue{target};
      const CommentMark mark = ctx.comment_mark();
      MaybeNumber value;
      if (type() == ValueType::Numeric) value = body_->number(ctx);
      else if (body_->match(ctx)) value = 1;
      if (!value) {
        ctx.rollback_comments(mark);
        return;
      }
      if (!best || *value > *best) best = value;
      if (comment) ctx.add_comment(target, "echo target");
    };
    if (ctx.variations()) {
      for (NodeId n : game.preorder()) visit(n);
    } else {
      for (NodeId n = game.root(); n != chess::kNoNode; n = game.mainline_child(n)) visit(n);
    }
    if (best && comment) ctx.add_comment(source, "echo source");
    return best;
  }

  int source_;
  int target_;
  bool all_;
  bool quiet_;
  FilterPtr body_;
};

constexpr grammar::ParameterSpec kEchoParameters[] = {{grammar::ParameterWord::Quiet}};

// Declares (or reuses) a position variable; -1 after reporting a type clash.
int position_variable(Binder& binder, const grammar::SyntaxNode& name) {
  int slot = binder.find_variable(name.text);
  if (slot < 0) return binder.declare_variable(name.text, ValueType::Position);
  if (binder.variable(slot).type != ValueType::Position) {
    const std::string held(type_name(binder.variable(slot).type));
    binder.error(name, "variable '" + name.text + "' already holds a " + held, "echo needs two position variables");
    return -1;
  }
  return slot;
}

FilterPtr bind_echo(BindArguments& a) {
  const auto& names = a.parameter(grammar::ParameterWord::Variables)->syntax->values;
  const int source = position_variable(a.binder, *names[0]);
  if (source < 0) return nullptr;
  const int target = position_variable(a.binder, *names[1]);
  if (target < 0) return nullptr;
  FilterPtr body = a.binder.bind(*a.node.children[0]);
  if (!body) return nullptr;
  const bool all = a.parameter(grammar::ParameterWord::All) != nullptr;
  return std::make_unique<Echo>(source, target, all, a.parameter(grammar::ParameterWord::Quiet) != nullptr, std::move(body));
}

}  // namespace

void register_echo_filters(Registry& registry) {
  grammar::KeywordShape shape{"echo", ShapeKind::Echo};
  shape.parameters = kEchoParameters;
  FilterSpec spec{shape,
                  "echo [quiet] (s t) [in all] F: whether F matches, evaluated here with s this position and t each "
                  "other position of the game; a numeric F gives its largest value",
                  bind_echo, {{kAnyFilter}, {ValueType::Numeric, ValueType::Logical}}};
  spec.binds_children = true;
  registry.add(std::move(spec));
}

}  // namespace quarry::builtins
