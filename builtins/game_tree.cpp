// Game-tree family: position values and where a position lies in the tree. currentposition,
// initialposition, position N, parent, child [(i)], lca, distance, ancestor, descendant,
// mainline, variation, virtualmainline, depth, and `P : F` (F evaluated at position P).
// Without `variations` the tree is the mainline: nodes inside variations are out of reach.
#include "builtins/builtins.h"
#include "builtins/moves.h"
#include "builtins/node_switch.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::NodeId;
using grammar::ShapeKind;

bool reachable(const Context& ctx, NodeId node) { return ctx.variations() || ctx.is_mainline(node); }

bool is_ancestor(const Context& ctx, NodeId older, NodeId node);

// The latest common ancestor: climb from the deeper node until both meet. An imaginary position
// may share its parent's ply, so with one in play the walk tests each ancestor of `a` in turn.
NodeId common_ancestor(const Context& ctx, NodeId a, NodeId b) {
  if (Context::is_imaginary(a) || Context::is_imaginary(b)) {
    for (; a != chess::kNoNode; a = ctx.tree_node(a).parent) {
      if (is_ancestor(ctx, a, b)) return a;
    }
    return ctx.game().root();
  }
  const chess::Game& game = ctx.game();
  while (a != b) {
    if (game.node(a).ply >= game.node(b).ply) {
      a = game.node(a).parent;
    } else {
      b = game.node(b).parent;
    }
  }
  return a;
}

// The number of moves from `node` up to its ancestor `older`.
std::int64_t steps_up(const Context& ctx, NodeId node, NodeId older) {
  std::int64_t steps = 0;
  for (; node != older && node != chess::kNoNode; node = ctx.tree_node(node).parent) ++steps;
  return steps;
}

// Whether `older` lies on the path from the root to `node` (a position is its own ancestor).
bool is_ancestor(const Context& ctx, NodeId older, NodeId node) {
  for (; node != chess::kNoNode; node = ctx.tree_node(node).parent) {
    if (node == older) return true;
  }
  return false;
}

class CurrentPosition final : public Filter {
 public:
  CurrentPosition() : Filter(ValueType::Position) {}
  std::optional<NodeId> position(Context& ctx) const override { return ctx.node(); }
};

class InitialPosition final : public Filter {
 public:
  InitialPosition() : Filter(ValueType::Position) {}
  std::optional<NodeId> position(Context& ctx) const override { return ctx.game().root(); }
};

// position N: the position whose id (pre-order index, as positionid reports) is N.
class PositionById final : public Filter {
 public:
  explicit PositionById(FilterPtr id) : Filter(ValueType::Position), id_(std::move(id)) {}
  std::optional<NodeId> position(Context& ctx) const override {
    MaybeNumber id = numeric_value(*id_, ctx);
    if (!id) return std::nullopt;
    std::optional<NodeId> node = ctx.node_with_position_id(*id);
    if (!node || !reachable(ctx, *node)) return std::nullopt;
    return node;
  }

 private:
  FilterPtr id_;
};

class Parent final : public Filter {
 public:
  Parent() : Filter(ValueType::Position) {}
  std::optional<NodeId> position(Context& ctx) const override {
    NodeId parent = ctx.game_node().parent;
    if (parent == chess::kNoNode) return std::nullopt;
    return parent;
  }
};

// child(i): the i-th move played from here, 0 being the primary one (the move that continues
// the line); the others start variations.
class Child final : public Filter {
 public:
  explicit Child(FilterPtr index) : Filter(ValueType::Position), index_(std::move(index)) {}
  std::optional<NodeId> position(Context& ctx) const override {
    std::int64_t wanted = 0;
    if (index_) {
      MaybeNumber n = numeric_value(*index_, ctx);
      if (!n || *n < 0) return std::nullopt;
      wanted = *n;
    }
    if (wanted > 0 && !ctx.variations()) return std::nullopt;
    NodeId child = ctx.game_node().first_child;
    for (; child != chess::kNoNode && wanted > 0; --wanted) child = ctx.tree_node(child).next_sibling;
    if (child == chess::kNoNode) return std::nullopt;
    return child;
  }

 private:
  FilterPtr index_;  // nullptr: the primary child
};

enum class Relation { CommonAncestor, Distance, Ancestor, Descendant };

// lca(P Q), distance(P Q), ancestor(P Q), descendant(P Q): each fails when P or Q does.
class PositionPair final : public Filter {
 public:
  PositionPair(Relation relation, FilterPtr first, FilterPtr second)
      : Filter(type_of(relation)), relation_(relation), first_(std::move(first)), second_(std::move(second)) {}

  static ValueType type_of(Relation r) {
    switch (r) {
      case Relation::CommonAncestor: return ValueType::Position;
      case Relation::Distance: return ValueType::Numeric;
      case Relation::Ancestor:
      case Relation::Descendant: return ValueType::Logical;
    }
    return ValueType::Logical;
  }

  bool match(Context& ctx) const override {
    auto [p, q] = operands(ctx);
    if (!p || !q) return false;
    switch (relation_) {
      case Relation::Ancestor: return is_ancestor(ctx, *p, *q);
      case Relation::Descendant: return is_ancestor(ctx, *q, *p);
      case Relation::CommonAncestor:
      case Relation::Distance: return true;
    }
    return false;
  }
  std::optional<NodeId> position(Context& ctx) const override {
    auto [p, q] = operands(ctx);
    if (!p || !q) return std::nullopt;
    return common_ancestor(ctx, *p, *q);
  }
  MaybeNumber number(Context& ctx) const override {
    auto [p, q] = operands(ctx);
    if (!p || !q) return std::nullopt;
    const NodeId meet = common_ancestor(ctx, *p, *q);
    return steps_up(ctx, *p, meet) + steps_up(ctx, *q, meet);
  }

 private:
  std::pair<std::optional<NodeId>, std::optional<NodeId>> operands(Context& ctx) const {
    return {first_->position(ctx), second_->position(ctx)};
  }

  Relation relation_;
  FilterPtr first_, second_;
};

class Mainline final : public Filter {
 public:
  explicit Mainline(bool on_mainline) : Filter(ValueType::Logical), on_mainline_(on_mainline) {}
  bool match(Context& ctx) const override { return ctx.is_mainline(ctx.node()) == on_mainline_; }

 private:
  bool on_mainline_;
};

// A virtual main line branches only at Black's alternatives: every move from a white-to-move
// position on it must be the primary one.
class VirtualMainline final : public Filter {
 public:
  VirtualMainline() : Filter(ValueType::Logical) {}
  bool match(Context& ctx) const override {
    const chess::Game& game = ctx.game();
    for (NodeId node = ctx.anchor(ctx.node()); node != game.root(); node = game.node(node).parent) {
      const chess::GameNode& parent = game.node(game.node(node).parent);
      if (parent.position.side_to_move() == chess::Color::White && parent.first_child != node) return false;
    }
    return true;
  }
};

// The number of variation moves (moves other than the primary one) on the way from the root.
class Depth final : public Filter {
 public:
  Depth() : Filter(ValueType::Numeric) {}
  MaybeNumber number(Context& ctx) const override {
    const chess::Game& game = ctx.game();
    std::int64_t depth = 0;
    for (NodeId node = ctx.anchor(ctx.node()); node != game.root(); node = game.node(node).parent) {
      if (game.node(game.node(node).parent).first_child != node) ++depth;
    }
    return depth;
  }
};

// P : F has F's type and value, with P as the current position; it fails when P does.
class AtPosition final : public Filter {
 public:
  AtPosition(FilterPtr where, FilterPtr what) : Filter(what->type()), where_(std::move(where)), what_(std::move(what)) {}
  bool match(Context& ctx) const override {
    return at(ctx, false, [&] { return what_->match(ctx); });
  }
  SquareSet squares(Context& ctx) const override {
    return at(ctx, SquareSet(), [&] { return what_->squares(ctx); });
  }
  MaybeNumber number(Context& ctx) const override {
    return at(ctx, MaybeNumber(), [&] { return what_->number(ctx); });
  }
  std::optional<std::string> text(Context& ctx) const override {
    return at(ctx, std::optional<std::string>(), [&] { return what_->text(ctx); });
  }
  std::optional<NodeId> position(Context& ctx) const override {
    return at(ctx, std::optional<NodeId>(), [&] { return what_->position(ctx); });
  }

 private:
  template <typename R, typename Fn>
  R at(Context& ctx, R none, Fn evaluate) const {
    std::optional<NodeId> node = where_->position(ctx);
    if (!node) return none;
    NodeSwitch guard(ctx, *node);
    return evaluate();
  }

  FilterPtr where_, what_;
};

BindFunction bind_pair(Relation relation) {
  return [relation](BindArguments& a) -> FilterPtr {
    return std::make_unique<PositionPair>(relation, std::move(a.arguments[0]), std::move(a.arguments[1]));
  };
}

}  // namespace

void register_game_tree_filters(Registry& registry) {
  registry.add({{"currentposition", ShapeKind::Nullary}, "the current position", make_filter<CurrentPosition>(),
                {{}, ValueType::Position}});
  registry.add({{"initialposition", ShapeKind::Nullary}, "the game's start position (position 0)", make_filter<InitialPosition>(),
                {{}, ValueType::Position}});
  grammar::KeywordShape by_id{"position", ShapeKind::Prefix, grammar::precedence::kNumericPrefix};
  by_id.argument_stops_at_colon = true;
  registry.add({by_id, "position N: the position whose positionid is N; `position N : F` evaluates F there",
                [](BindArguments& a) -> FilterPtr { return std::make_unique<PositionById>(std::move(a.arguments[0])); },
                {{{ValueType::Numeric, ValueType::Set}}, ValueType::Position}});
  registry.add({{"parent", ShapeKind::Nullary}, "the position before the last move; fails at the start", make_filter<Parent>(),
                {{}, ValueType::Position}});
  registry.add({{"child", ShapeKind::Call, grammar::precedence::kLowest, 0, 1},
                "child or child(i): the position after the primary move, or after the i-th (0 = primary)",
                [](BindArguments& a) -> FilterPtr {
                  if (a.arguments.empty()) return std::make_unique<Child>(nullptr);
                  return std::make_unique<Child>(std::move(a.arguments[0]));
                }, {{{ValueType::Numeric, ValueType::Set}}, ValueType::Position}});
  registry.add({{"lca", ShapeKind::Call, grammar::precedence::kLowest, 2, 2},
                "lca(P Q): the latest position that P and Q both descend from", bind_pair(Relation::CommonAncestor),
                {{ValueType::Position}, ValueType::Position}});
  registry.add({{"distance", ShapeKind::Call, grammar::precedence::kLowest, 2, 2},
                "distance(P Q): moves from P back to lca(P Q) and on to Q", bind_pair(Relation::Distance),
                {{ValueType::Position}, ValueType::Numeric}});
  registry.add({{"ancestor", ShapeKind::Call, grammar::precedence::kLowest, 2, 2},
                "ancestor(P Q): P lies on the way from the start to Q (P itself included)", bind_pair(Relation::Ancestor),
                {{ValueType::Position}, ValueType::Logical}});
  registry.add({{"descendant", ShapeKind::Call, grammar::precedence::kLowest, 2, 2},
                "descendant(P Q): P lies at or after Q on Q's line", bind_pair(Relation::Descendant),
                {{ValueType::Position}, ValueType::Logical}});
  registry.add({{"mainline", ShapeKind::Nullary}, "the position is on the game's main line", make_filter<Mainline>(true),
                {{}, ValueType::Logical}});
  registry.add({{"variation", ShapeKind::Nullary}, "the position lies inside a variation", make_filter<Mainline>(false),
                {{}, ValueType::Logical}});
  registry.add({{"virtualmainline", ShapeKind::Nullary},
                "every branch on the way here was a Black alternative", make_filter<VirtualMainline>(),
                {{}, ValueType::Logical}});
  registry.add({{"depth", ShapeKind::Nullary}, "the number of variation moves on the way from the start", make_filter<Depth>(),
                {{}, ValueType::Numeric}});
  // `P : F` is F at the position P; its value is F's. The left side may also be a move filter,
  // of whichever type: that the declaration cannot say, so the bind function checks it.
  registry.add_operator(":", 2, {{kAnyFilter, kAnyFilter}, kAnyFilter}, [](BindArguments& a) -> FilterPtr {
    // CQLi's speculative `move … : F` makes each move on an imaginary copy of the position.
    if (is_move_filter(*a.arguments[0])) return bind_speculative_move(a);
    if (!a.binder.expect(a, 0, {ValueType::Position})) return nullptr;
    return std::make_unique<AtPosition>(std::move(a.arguments[0]), std::move(a.arguments[1]));
  });
}

}  // namespace quarry::builtins
