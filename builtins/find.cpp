// The find filter: searches the current position and the positions after it (or, with `<--`,
// the ones before it) for where a filter matches: the first such position, or how many there are.
#include <string>
#include <vector>

#include "builtins/builtins.h"
#include "builtins/node_switch.h"
#include "builtins/range_bounds.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::NodeId;
using grammar::ParameterSpec;
using grammar::ParameterWord;
using grammar::ShapeKind;

// find [quiet] [<--] [all | range] F. Forward, the current position and its descendants in
// position-id order (without `variations`, the main line from here); backward, the current
// position and then its ancestors, nearest first. F is evaluated with each searched position
// current; comments it makes where it fails are dropped (smart comments).
class Find final : public Filter {
 public:
  // counting: `all` or a range, the number of matching positions; otherwise the first one.
  Find(FilterPtr body, bool backward, bool quiet, bool counting, std::optional<RangeBounds> range)
      : Filter(counting ? ValueType::Numeric : ValueType::Position), body_(std::move(body)), backward_(backward),
        quiet_(quiet), range_(std::move(range)) {}

  std::optional<NodeId> position(Context& ctx) const override {
    std::optional<NodeId> found;
    walk(ctx, [&](NodeId node) {
      if (!holds_at(ctx, node)) return true;
      found = node;
      return false;
    });
    if (found && !quiet(ctx)) ctx.add_comment(*found, "Found");
    return found;
  }

  // The number of matching positions: with `all` when there is at least one, with a range when
  // it lies inside. Each is commented "Found i of n" in search order.
  MaybeNumber number(Context& ctx) const override {
    const CommentMark mark = ctx.comment_mark();
    const bool comment = !quiet(ctx);
    std::vector<NodeId> found;
    std::int64_t count = 0;
    walk(ctx, [&](NodeId node) {
      if (holds_at(ctx, node)) {
        ++count;
        if (comment) found.push_back(node);
      }
      return true;
    });
    bool wanted = count > 0;
    if (range_) {
      std::optional<std::pair<std::int64_t, std::int64_t>> r = range_->at(ctx);
      wanted = r && r->first <= count && count <= r->second;
    }
    if (!wanted) {
      ctx.rollback_comments(mark);
      return std::nullopt;
    }
    for (std::size_t i = 0; i < found.size(); ++i) {
      ctx.add_comment(found[i], "Found " + std::to_string(i + 1) + " of " + std::to_string(count));
    }
    return count;
  }

 private:
  bool quiet(const Context& ctx) const { return quiet_ || ctx.quiet(); }

  // Whether the body matches with `node` current; a failing body leaves no comments.
  bool holds_at(Context& ctx, NodeId node) const {
    NodeSwitch guard(ctx, node);
    const CommentMark mark = ctx.comment_mark();
    if (body_->match(ctx)) return true;
    ctx.rollback_comments(mark);
    return false;
  }

  // Calls visit(node) for each searched position in order until visit returns false.
  template <typename Visit>
  void walk(Context& ctx, Visit visit) const {
    const chess::Game& game = ctx.game();
    const NodeId start = ctx.node();
    if (backward_) {
      for (NodeId n = start; n != chess::kNoNode; n = ctx.tree_node(n).parent) {
        if (!visit(n)) return;
      }
      return;
    }
    // An imaginary position has no positions after it.
    if (Context::is_imaginary(start)) {
      visit(start);
      return;
    }
    if (!ctx.variations()) {
      for (NodeId n = start; n != chess::kNoNode; n = game.mainline_child(n)) {
        if (!visit(n)) return;
      }
      return;
    }
    // In pre-order a node's subtree is the run after it of nodes deeper than it.
    const std::vector<NodeId>& order = game.preorder();
    const std::size_t first = game.position_ids()[start];
    const int ply = game.node(start).ply;
    for (std::size_t i = first; i < order.size(); ++i) {
      if (i > first && game.node(order[i]).ply <= ply) return;
      if (!visit(order[i])) return;
    }
  }

  FilterPtr body_;
  bool backward_;
  bool quiet_;
  std::optional<RangeBounds> range_;
};

constexpr ParameterSpec kFindParameters[] = {{ParameterWord::Quiet}, {ParameterWord::All}, {ParameterWord::BackwardArrow}};

FilterPtr bind_find(BindArguments& a) {
  const bool all = a.parameter(ParameterWord::All) != nullptr;
  if (const BoundParameter* r = a.parameter(ParameterWord::Range); r != nullptr && all) {
    a.binder.error(*r->syntax->values.front(),
                   "'find all' counts every match and a range says how many may match: write one or the other");
    return nullptr;
  }
  bool failed = false;
  std::optional<RangeBounds> range = RangeBounds::take(a, "count", &failed);
  if (failed) return nullptr;
  return std::make_unique<Find>(std::move(a.arguments[0]), a.parameter(ParameterWord::BackwardArrow) != nullptr,
                                a.parameter(ParameterWord::Quiet) != nullptr, all || range.has_value(), std::move(range));
}

}  // namespace

void register_find_filters(Registry& registry) {
  grammar::KeywordShape shape{"find", ShapeKind::Prefix, grammar::precedence::kLowest, 1, 1, kFindParameters};
  shape.optional_range = true;
  registry.add({shape,
                "find [quiet] [<--] [all | N [M]] F: the first position from here on (back, with <--) where F "
                "matches; with all or a range, how many there are",
                bind_find, {{kAnyFilter}, {ValueType::Numeric, ValueType::Position}}});
}

}  // namespace quarry::builtins
