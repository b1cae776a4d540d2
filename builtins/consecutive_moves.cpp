// consecutivemoves [quiet] [range] (P Q): the longest run of the same moves, one after another,
// on the two lines that lead from the latest common ancestor of P and Q to P and to Q.
#include <algorithm>
#include <string>
#include <vector>

#include "builtins/builtins.h"
#include "builtins/range_bounds.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::NodeId;
using grammar::ParameterSpec;
using grammar::ShapeKind;

// The positions from just after `ancestor` down to `node`, in move order (each holds the move
// that led to it); empty when `ancestor` does not lie above `node`.
std::vector<NodeId> line_below(const Context& ctx, NodeId ancestor, NodeId node) {
  std::vector<NodeId> out;
  for (; node != ancestor; node = ctx.tree_node(node).parent) {
    if (node == chess::kNoNode) return {};
    out.push_back(node);
  }
  std::reverse(out.begin(), out.end());
  return out;
}

NodeId common_ancestor(const Context& ctx, NodeId a, NodeId b) {
  std::vector<NodeId> above_a;
  for (NodeId n = a; n != chess::kNoNode; n = ctx.tree_node(n).parent) above_a.push_back(n);
  for (NodeId n = b; n != chess::kNoNode; n = ctx.tree_node(n).parent) {
    if (std::find(above_a.begin(), above_a.end(), n) != above_a.end()) return n;
  }
  return ctx.game().root();
}

class ConsecutiveMoves final : public Filter {
 public:
  ConsecutiveMoves(FilterPtr first, FilterPtr second, bool quiet, std::optional<RangeBounds> range)
      : Filter(ValueType::Numeric), first_(std::move(first)), second_(std::move(second)), quiet_(quiet),
        range_(std::move(range)) {}

  // The run's length; without a range none when there is no common move, with one none outside it.
  MaybeNumber number(Context& ctx) const override {
    const std::optional<NodeId> p = first_->position(ctx), q = second_->position(ctx);
    if (!p || !q) return std::nullopt;
    const NodeId meet = common_ancestor(ctx, *p, *q);
    const std::vector<NodeId> a = line_below(ctx, meet, *p), b = line_below(ctx, meet, *q);
    // Longest common run: run[j] = length of the run ending at a[i], b[j].
    std::vector<std::int64_t> run(b.size() + 1, 0);
    std::int64_t best = 0;
    std::size_t end_a = 0, end_b = 0;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      for (std::size_t j = b.size(); j >= 1; --j) {
        run[j] = ctx.tree_node(a[i - 1]).move == ctx.tree_node(b[j - 1]).move ? run[j - 1] + 1 : 0;
        if (run[j] > best) {
          best = run[j];
          end_a = i - 1;
          end_b = j - 1;
        }
      }
    }
    if (range_) {
      std::optional<std::pair<std::int64_t, std::int64_t>> r = range_->at(ctx);
      if (!r || best < r->first || best > r->second) return std::nullopt;
    } else if (best == 0) {
      return std::nullopt;
    }
    if (best > 0 && !quiet_ && !ctx.quiet()) {
      const std::string text = "Consecutive moves: " + std::to_string(best);
      ctx.add_comment(a[end_a], text);
      if (b[end_b] != a[end_a]) ctx.add_comment(b[end_b], text);
    }
    return best;
  }

 private:
  FilterPtr first_, second_;
  bool quiet_;
  std::optional<RangeBounds> range_;
};

constexpr ParameterSpec kConsecutiveParameters[] = {{grammar::ParameterWord::Quiet}};

FilterPtr bind_consecutive_moves(BindArguments& a) {
  bool failed = false;
  std::optional<RangeBounds> range = RangeBounds::take(a, "length", &failed);
  if (failed) return nullptr;
  return std::make_unique<ConsecutiveMoves>(std::move(a.arguments[0]), std::move(a.arguments[1]),
                                            a.parameter(grammar::ParameterWord::Quiet) != nullptr, std::move(range));
}

}  // namespace

void register_consecutive_moves_filters(Registry& registry) {
  grammar::KeywordShape shape{"consecutivemoves", ShapeKind::Call, grammar::precedence::kLowest, 2, 2,
                              kConsecutiveParameters};
  shape.optional_range = true;
  registry.add({shape,
                "consecutivemoves [quiet] [N [M]] (P Q): the longest run of the same moves in a row on the lines "
                "from lca(P Q) to P and to Q",
                bind_consecutive_moves, {{ValueType::Position}, ValueType::Numeric}});
}

}  // namespace quarry::builtins
