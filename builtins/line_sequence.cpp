// The line filter: matches a sequence of consecutive positions (along children with `-->`, along
// parents with `<--`) against quantified constituents, like a regular expression over tree paths.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "builtins/builtins.h"
#include "builtins/node_switch.h"
#include "builtins/range_bounds.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::InsertedComment;
using chess::NodeId;
using grammar::ParameterSpec;
using grammar::ShapeKind;

struct LineOptions {
  bool backward = false;
  bool quiet = false;
  bool firstmatch = false;
  bool lastposition = false;
  bool singlecolor = false;
  bool primary = false;
  bool secondary = false;
  bool nestban = false;
  std::optional<RangeBounds> range;
};

struct Constituent {
  FilterPtr filter;
  std::int64_t min = 1;
  std::int64_t max = 1;  // < 0: no upper bound
};

// line [parameters] [range] --> C1 --> C2 … : the first constituent is matched at the current
// position. The value is the length, in matched positions, of the longest matching line (the
// first one found with firstmatch), or its last position with lastposition.
class Line final : public Filter {
 public:
  Line(std::vector<Constituent> constituents, LineOptions options)
      : Filter(options.lastposition ? ValueType::Position : ValueType::Numeric),
        constituents_(std::move(constituents)), options_(std::move(options)) {}

  std::optional<std::int64_t> number(Context& ctx) const override {
    std::optional<Match> m = run(ctx);
    if (!m) return std::nullopt;
    return static_cast<std::int64_t>(m->nodes.size());
  }

  std::optional<NodeId> position(Context& ctx) const override {
    std::optional<Match> m = run(ctx);
    if (!m) return std::nullopt;
    return m->nodes.empty() ? ctx.node() : m->nodes.back();
  }

 private:
  // A matched line: its positions in line order and the constituent each one matched.
  struct Match {
    std::vector<NodeId> nodes;
    std::vector<int> constituents;
  };

  // One step of the trail of consumed positions, shared between the states that extend it.
  struct TrailStep {
    NodeId node;
    int constituent;
    int previous;  // -1: the start of the line
  };

  // Constituents [0, index) are done; constituent `index` has matched `count` times in a row
  // (capped at its minimum when it has no maximum, since further counts behave the same).
  struct State {
    int index;
    std::int64_t count;
    int trail;
  };

  // The working data of one evaluation.
  struct Search {
    Context& ctx;
    std::vector<TrailStep> trail;
    std::vector<std::int8_t> known;  // per (node, constituent): 0 unknown, 1 matches, 2 fails
    std::map<std::size_t, std::vector<InsertedComment>> comments;  // what matching ones wrote
    int best_trail = -1;
    std::int64_t best_length = -1;
    bool done = false;
  };

  std::optional<Match> run(Context& ctx) const {
    const chess::Game& game = ctx.game();
    const NodeId start = ctx.node();
    if (options_.nestban) {
      if (serial_ != ctx.game_serial()) {
        serial_ = ctx.game_serial();
        covered_.assign(game.node_count(), false);
      }
      if (covered_.size() < game.node_count()) covered_.resize(game.node_count(), false);
      if (!Context::is_imaginary(start) && covered_[start]) return std::nullopt;
    }
    Search s{ctx, {}, std::vector<std::int8_t>(game.node_count() * constituents_.size(), 0), {}, -1, -1, false};
    std::vector<State> initial = closure({{0, 0, -1}});
    if (accepting(initial)) {
      s.best_length = 0;
      if (options_.firstmatch) s.done = true;
    }
    if (!s.done) visit(s, start, std::move(initial));
    if (s.best_length < 0) return std::nullopt;
    if (options_.range) {
      std::optional<std::pair<std::int64_t, std::int64_t>> r = options_.range->at(ctx);
      if (!r || s.best_length < r->first || s.best_length > r->second) return std::nullopt;
    }
    Match m;
    for (int t = s.best_trail; t >= 0; t = s.trail[static_cast<std::size_t>(t)].previous) {
      m.nodes.push_back(s.trail[static_cast<std::size_t>(t)].node);
      m.constituents.push_back(s.trail[static_cast<std::size_t>(t)].constituent);
    }
    std::reverse(m.nodes.begin(), m.nodes.end());
    std::reverse(m.constituents.begin(), m.constituents.end());
    if (options_.nestban) cover(ctx, m);
    annotate(s, m);
    return m;
  }

  // A position still to visit with the states that reach it and the line length before it.
  struct Pending {
    NodeId node;
    std::vector<State> states;
    std::int64_t depth;
  };

  // Depth-first over the positions from `start`, with an explicit stack so a game of any length
  // cannot overflow the call stack. Successors are pushed in reverse, so they are visited in
  // order, as the recursive walk did: firstmatch and ties keep the same line.
  void visit(Search& s, NodeId start, std::vector<State> initial) const {
    std::vector<Pending> stack;
    stack.push_back({start, std::move(initial), 0});
    std::vector<NodeId> successors;
    while (!stack.empty() && !s.done) {
      Pending p = std::move(stack.back());
      stack.pop_back();
      std::vector<State> next = consume(s, p.node, p.states, p.depth);
      if (next.empty()) continue;
      successors.clear();
      for_each_successor(s.ctx, p.node, [&](NodeId successor) { successors.push_back(successor); });
      for (auto it = successors.rbegin(); it != successors.rend(); ++it) stack.push_back({*it, next, p.depth + 1});
    }
  }

  // Consumes `node` from each state and records an accepting line; returns the states that go on
  // to the successors (none when the line ends here or the search is done).
  std::vector<State> consume(Search& s, NodeId node, const std::vector<State>& states, std::int64_t depth) const {
    s.ctx.charge(states.size());  // each state may add a trail step: bounded repeats multiply them
    std::vector<State> next;
    for (const State& st : states) {
      if (st.index >= static_cast<int>(constituents_.size())) continue;
      const Constituent& c = constituents_[static_cast<std::size_t>(st.index)];
      if (c.max >= 0 && st.count >= c.max) continue;
      if (!matches(s, node, st.index)) continue;
      s.trail.push_back({node, st.index, st.trail});
      const std::int64_t cap = c.max >= 0 ? c.max : c.min;
      next.push_back({st.index, std::min(st.count + 1, cap), static_cast<int>(s.trail.size()) - 1});
    }
    if (next.empty()) return next;
    next = closure(std::move(next));
    for (const State& st : next) {
      if (st.index == static_cast<int>(constituents_.size()) && depth + 1 > s.best_length) {
        s.best_length = depth + 1;
        s.best_trail = st.trail;
        if (options_.firstmatch) s.done = true;
        break;
      }
    }
    if (s.done) return {};
    std::erase_if(next, [&](const State& st) { return st.index == static_cast<int>(constituents_.size()); });
    return next;
  }

  // Adds the states reached by leaving constituents whose minimum is met; keeps the first state
  // for each (index, count).
  std::vector<State> closure(std::vector<State> states) const {
    std::vector<State> out;
    auto seen = [&](const State& st) {
      return std::any_of(out.begin(), out.end(), [&](const State& o) { return o.index == st.index && o.count == st.count; });
    };
    for (std::size_t i = 0; i < states.size(); ++i) {
      const State st = states[i];
      if (seen(st)) continue;
      out.push_back(st);
      if (st.index < static_cast<int>(constituents_.size()) &&
          st.count >= constituents_[static_cast<std::size_t>(st.index)].min) {
        states.push_back({st.index + 1, 0, st.trail});
      }
    }
    return out;
  }

  bool accepting(const std::vector<State>& states) const {
    return std::any_of(states.begin(), states.end(),
                       [&](const State& st) { return st.index == static_cast<int>(constituents_.size()); });
  }

  // Whether constituent i matches at `node`; evaluated once per node, its comments kept aside
  // until the reported line is known (smart comments).
  bool matches(Search& s, NodeId node, int i) const {
    const std::size_t key = static_cast<std::size_t>(node) * constituents_.size() + static_cast<std::size_t>(i);
    // Imaginary positions (a line evaluated inside one) are few: they are not cached.
    const bool cached = key < s.known.size();
    if (cached && s.known[key] != 0) return s.known[key] == 1;
    NodeSwitch guard(s.ctx, node);
    const std::size_t mark = s.ctx.comment_mark();
    const bool ok = constituents_[static_cast<std::size_t>(i)].filter->match(s.ctx);
    if (ok) {
      auto& all = s.ctx.comments();
      const auto begin = all.begin() + static_cast<std::ptrdiff_t>(mark & 0xffffffffu);
      if (begin != all.end()) s.comments[key].assign(begin, all.end());
      s.ctx.truncate_comments(mark);  // set aside above
    } else {
      s.ctx.rollback_comments(mark);
    }
    if (cached) s.known[key] = ok ? 1 : 2;
    return ok;
  }

  // The next positions of a line: children (the main line only without variations) or the
  // parent; two plies on with singlecolor; only primary or only secondary moves when asked.
  template <typename OnNode>
  void for_each_successor(Context& ctx, NodeId node, OnNode on_node) const {
    const int plies = options_.singlecolor ? 2 : 1;
    step(ctx, node, plies, on_node);
  }

  template <typename OnNode>
  void step(Context& ctx, NodeId node, int plies, OnNode& on_node) const {
    if (plies == 0) {
      on_node(node);
      return;
    }
    if (options_.backward) {
      const NodeId parent = ctx.tree_node(node).parent;
      if (parent == chess::kNoNode) return;
      const bool primary_move = ctx.tree_node(parent).first_child == node;
      if ((options_.primary && !primary_move) || (options_.secondary && primary_move)) return;
      step(ctx, parent, plies - 1, on_node);
      return;
    }
    const NodeId first = ctx.tree_node(node).first_child;
    for (NodeId child = first; child != chess::kNoNode; child = ctx.tree_node(child).next_sibling) {
      const bool primary_move = child == first;
      if (!primary_move && !ctx.variations()) break;
      if ((options_.primary && !primary_move) || (options_.secondary && primary_move)) continue;
      step(ctx, child, plies - 1, on_node);
    }
  }

  // nestban: the positions of the line after its start may not start a line of this filter.
  void cover(const Context& ctx, const Match& m) const {
    if (m.nodes.size() < 2) return;
    NodeId deep = options_.backward ? m.nodes.front() : m.nodes.back();
    const NodeId shallow = options_.backward ? m.nodes.back() : m.nodes.front();
    const NodeId start = m.nodes.front();
    for (NodeId n = deep; n != chess::kNoNode; n = ctx.tree_node(n).parent) {
      if (n != start && !Context::is_imaginary(n)) covered_[n] = true;
      if (n == shallow) break;
    }
  }

  // Where a position lies, as CQLi's line comments say it: "16(wtm)".
  static std::string move_of(const Context& ctx, NodeId node) {
    const chess::Position& pos = ctx.tree_node(node).position;
    return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == chess::Color::White ? "(wtm)" : "(btm)");
  }

  // The constituents' own comments along the line and, unless quiet, CQLi's words at its ends:
  // "Start line that ends at move 16(wtm)", "End line of length 5 that starts at move 14(wtm)".
  void annotate(Search& s, const Match& m) const {
    const bool automatic = !options_.quiet && !s.ctx.quiet() && !m.nodes.empty();
    const NodeId first = automatic ? m.nodes.front() : 0, last = automatic ? m.nodes.back() : 0;
    for (std::size_t i = 0; i < m.nodes.size(); ++i) {
      if (automatic && i == 0) s.ctx.add_comment(first, "Start line that ends at move " + move_of(s.ctx, last));
      const std::size_t key =
          static_cast<std::size_t>(m.nodes[i]) * constituents_.size() + static_cast<std::size_t>(m.constituents[i]);
      if (auto it = s.comments.find(key); it != s.comments.end()) {
        auto& out = s.ctx.comments();
        out.insert(out.end(), it->second.begin(), it->second.end());
      }
      if (automatic && i + 1 == m.nodes.size()) {
        s.ctx.add_comment(last, "End line of length " + std::to_string(m.nodes.size()) + " that starts at move " +
                                    move_of(s.ctx, first));
      }
    }
  }

  std::vector<Constituent> constituents_;
  LineOptions options_;
  // nestban: the positions of this game inside lines already matched (per game, by serial).
  mutable std::uint64_t serial_ = 0;
  mutable std::vector<bool> covered_;
};

constexpr ParameterSpec kLineParameters[] = {{"quiet"},       {"firstmatch"}, {"lastposition"}, {"singlecolor"},
                                             {"primary"},     {"secondary"},  {"nestban"}};

FilterPtr bind_line(BindArguments& a) {
  LineOptions o;
  o.backward = a.parameter("<--") != nullptr;
  o.quiet = a.parameter("quiet") != nullptr;
  o.firstmatch = a.parameter("firstmatch") != nullptr;
  o.lastposition = a.parameter("lastposition") != nullptr;
  o.singlecolor = a.parameter("singlecolor") != nullptr;
  o.primary = a.parameter("primary") != nullptr;
  o.secondary = a.parameter("secondary") != nullptr;
  o.nestban = a.parameter("nestban") != nullptr;
  if (o.primary && o.secondary) {
    a.binder.error(a.node, "'line' follows primary or secondary moves, not both");
    return nullptr;
  }
  bool failed = false;
  o.range = RangeBounds::take(a, "length", &failed);
  if (failed) return nullptr;
  std::vector<Constituent> constituents;
  std::size_t next = 0;
  for (const BoundParameter& p : a.parameters) {
    if (p.syntax->name != "repeat" || next >= a.arguments.size()) continue;
    constituents.push_back({std::move(a.arguments[next++]), p.syntax->values[0]->number, p.syntax->values[1]->number});
  }
  return std::make_unique<Line>(std::move(constituents), std::move(o));
}

}  // namespace

void register_line_sequence_filters(Registry& registry) {
  grammar::KeywordShape shape{"line", ShapeKind::Line, grammar::precedence::kLowest, 1, -1, kLineParameters};
  shape.optional_range = true;
  registry.add({shape,
                "line [quiet firstmatch lastposition singlecolor nestban primary|secondary] [N [M]] --> C1 --> C2 … "
                "(or <--): the length of the longest line of consecutive positions from here matching the "
                "constituents (quantified with * + ? {m,n})",
                bind_line});
}

}  // namespace quarry::builtins
