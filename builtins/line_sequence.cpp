// The line filter: matches a sequence of consecutive positions (along children with `-->`, along
// parents with `<--`) against quantified constituents, like a regular expression over tree paths.
#include <algorithm>
#include <cassert>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "builtins/builtins.h"
#include "builtins/line_comments.h"
#include "builtins/line_pattern.h"
#include "builtins/line_search_state.h"
#include "builtins/line_sequence.h"
#include "builtins/node_switch.h"
#include "builtins/range_bounds.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::InsertedComment;
using chess::NodeId;
using grammar::ParameterSpec;
using grammar::ParameterWord;
using grammar::ShapeKind;
using namespace line_search;  // NOLINT

// line [parameters] [range] --> C1 --> C2 … : the first constituent is matched at the current
// position. The value is the length, in matched positions, of the longest matching line (the
// first one found with firstmatch), or its last position with lastposition.
class Line final : public Filter {
 public:
  Line(Pattern pattern, LineOptions options)
      : Filter(options.lastposition ? ValueType::Position : ValueType::Numeric), pattern_(std::move(pattern)),
        options_(std::move(options)) {
    State start_state{{}, -1};
    start_state.frames.push_back({0, 0, 0});
    initial_ = closure({start_state}, [this](std::uint64_t steps) { initial_steps_ += steps; });
    initial_accepting_ = accepting(initial_);
    if (initial_.size() == 1 && !initial_accepting_) lone_first_ = item(initial_[0].frames.back()).filter;
    const Sequence& own = pattern_.sequences[0];
    one_repeat_ = own.size() == 1 && own[0].filter >= 0 && own[0].max != 0;
    plain_forward_ = !options_.backward && !options_.singlecolor && !options_.primary && !options_.secondary;
  }

  MaybeNumber number(Context& ctx) const override {
    std::optional<Found> found = run(ctx);
    if (!found) return std::nullopt;
    return static_cast<std::int64_t>(found->length);
  }

  std::optional<NodeId> position(Context& ctx) const override {
    std::optional<Found> found = run(ctx);
    if (!found) return std::nullopt;
    return found->last;
  }

 private:
  // What a constituent wrote where it matched (comments, and game edits such as settag): kept
  // aside until the reported line is known, then written again if that position is on it.
  struct Written {
    std::vector<InsertedComment> comments;
    std::vector<GameEdit> edits;
  };

  // The working data of one evaluation.
  struct Search {
    Context& ctx;
    Workspace& work;
    std::vector<TrailStep>& trail;
    KnownResults& known;
    std::map<std::size_t, Written> written;  // the comments and edits matching ones wrote, by key_of()
    int best_trail = -1;
    NodeId best_last = chess::kNoNode;  // visit_one_repeat(): the last position of the best line
    std::int64_t best_length = -1;
    bool done = false;
  };

  std::optional<Found> run(Context& ctx) const {
    const chess::Game& game = ctx.game();
    const NodeId start = ctx.node();
    const std::size_t nodes = game.node_count();
    if (options_.nestban) {
      if (serial_ != ctx.game_serial()) {
        serial_ = ctx.game_serial();
        covered_.assign(nodes, 0);
      } else if (covered_.size() < nodes) {
        covered_.resize(nodes, 0);
      }
      if (!Context::is_imaginary(start) && covered_[start] != 0) return std::nullopt;
    }
    ctx.charge(initial_steps_);  // the closure of the start state, made once
    // A line is tried at every position and most tries fail at the first constituent: with one
    // start state, its filter is tried before the search is set up (the search then finds the
    // result among the known ones, as if it had tried it itself).
    const bool tried_first = lone_first_ >= 0 && start < nodes;
    const CommentMark mark = ctx.comment_mark();
    if (tried_first) {
      ctx.charge(initial_.size());  // what consuming the start charges
      if (!pattern_.filters[static_cast<std::size_t>(lone_first_)]->match(ctx)) {
        ctx.rollback_comments(mark);
        return std::nullopt;
      }
    }
    return search(ctx, start, nodes, mark, tried_first);
  }

  // The search from `start` once the first constituent did not rule it out (out of line: run()'s
  // quick refusal, at nine starts in ten, stays small).
  [[gnu::noinline]] std::optional<Found> search(Context& ctx, NodeId start, std::size_t nodes, CommentMark mark,
                                                bool tried_first) const {
    WorkspaceLease lease;
    Workspace& work = *lease;
    work.known.start(nodes * pattern_.filters.size());
    work.trail.clear();
    work.stack.clear();
    Search s{ctx, work, work.trail, work.known, {}, -1, chess::kNoNode, -1, false};
    if (tried_first) set_aside(s, key_of(start, lone_first_), mark, true);
    if (initial_accepting_) {
      s.best_length = 0;
      if (options_.firstmatch) s.done = true;
    }
    if (!s.done && one_repeat_) visit_one_repeat(s, start, tried_first);
    else if (!s.done) visit(s, start, tried_first);
    if (s.best_length < 0) return std::nullopt;
    if (options_.range) {
      std::optional<std::pair<std::int64_t, std::int64_t>> r = options_.range->at(ctx);
      if (!r || s.best_length < r->first || s.best_length > r->second) return std::nullopt;
    }
    // Without constituent comments or edits the line's ends and length are all that nestban and the
    // comments need: its first position is the start, its last the best trail step (the one
    // the one-filter walk kept).
    if (s.written.empty()) {
      const std::size_t length = static_cast<std::size_t>(s.best_length);
      const NodeId last = length == 0 ? start
                          : one_repeat_ ? s.best_last
                                        : s.trail[static_cast<std::size_t>(s.best_trail)].node;
      if (options_.nestban) cover(ctx, start, last, length);
      if (length > 0 && !written_in_vain(ctx, length)) annotate_ends(s.ctx, start, last, length);
      return Found{length, last};
    }
    Match& m = work.match;
    m.nodes.clear();
    m.constituents.clear();
    if (one_repeat_) {
      one_repeat_path(ctx, start, s.best_last, static_cast<std::size_t>(s.best_length), m);
    } else {
      for (int t = s.best_trail; t >= 0; t = s.trail[static_cast<std::size_t>(t)].previous) {
        m.nodes.push_back(s.trail[static_cast<std::size_t>(t)].node);
        m.constituents.push_back(s.trail[static_cast<std::size_t>(t)].constituent);
      }
      std::reverse(m.nodes.begin(), m.nodes.end());
      std::reverse(m.constituents.begin(), m.constituents.end());
    }
    if (options_.nestban && !m.nodes.empty()) cover(ctx, m.nodes.front(), m.nodes.back(), m.nodes.size());
    if (!written_in_vain(ctx, m.nodes.size())) annotate(s, m);
    return Found{m.nodes.size(), m.nodes.empty() ? start : m.nodes.back()};
  }

  // Depth-first over the positions from `start`, with an explicit stack so a game of any length
  // cannot overflow the call stack. Successors are pushed in reverse, so they are visited in
  // order, as the recursive walk did: firstmatch and ties keep the same line.
  // The start consumes from the initial states in place: when its first constituents fail there,
  // as at most positions, the try allocates nothing.
  void visit(Search& s, NodeId start, bool start_charged) const {
    if (!start_charged) s.ctx.charge(initial_.size());
    std::vector<State> next = consume(s, start, initial_, 0);
    if (next.empty()) {
      give_states(s.work, std::move(next));
      return;
    }
    std::vector<Pending>& stack = s.work.stack;
    std::vector<NodeId>& successors = s.work.successors;
    auto push_successors = [&](NodeId node, std::vector<State>&& states, std::int64_t depth) {
      collect_successors(s.ctx, node, successors);
      if (successors.empty()) {
        give_states(s.work, std::move(states));
        return;
      }
      for (std::size_t i = successors.size(); i-- > 0;) {
        // The last pushed is the first visited; the others get copies, in spare vectors: every
        // vector goes back to the spares when visited, so one made here would grow them for good.
        if (i == 0) {
          stack.push_back({successors[i], std::move(states), depth + 1});
        } else {
          std::vector<State> copy = take_states(s.work);
          copy.assign(states.begin(), states.end());
          stack.push_back({successors[i], std::move(copy), depth + 1});
        }
      }
    };
    push_successors(start, std::move(next), 0);
    while (!stack.empty() && !s.done) {
      Pending p = std::move(stack.back());
      stack.pop_back();
      s.ctx.charge(p.states.size());
      next = consume(s, p.node, p.states, p.depth);
      give_states(s.work, std::move(p.states));
      if (!next.empty()) push_successors(p.node, std::move(next), p.depth);
      else give_states(s.work, std::move(next));
    }
  }

  // visit() for a line of one quantified filter (`line --> check +`, the usual shape): its one
  // state standing at the filter is how often the filter matched in a row, so the walk keeps a
  // count per position instead of state vectors and their closure, and goes on to the first
  // successor without the stack. It visits, evaluates, records and charges as visit() and
  // consume() do for this pattern (the tests compare the two).
  void visit_one_repeat(Search& s, NodeId start, bool start_charged) const {
    const Item& c = pattern_.sequences[0][0];
    const std::int64_t count_cap = cap(c);
    if (!start_charged) s.ctx.charge(initial_.size());
    if (!matches(s, start, c.filter)) return;
    // The walk never comes back to the start (nor to a position it left): it moves the current
    // position along, and no result is remembered.
    NodeWalk walk(s.ctx);
    auto evaluate_at = [&](NodeId node) {
      s.ctx.charge(1);  // visit(): the one state popped with the position
      walk.move_to(node);
      const CommentMark mark = s.ctx.comment_mark();
      const bool ok = pattern_.filters[static_cast<std::size_t>(c.filter)]->match(s.ctx);
      // set_aside() without remembering the result (the walk never comes back); a flag to
      // set_aside() for it cost 4.4 M instructions of consecutive-non-captures on the quick files.
      if (s.ctx.comment_mark() != mark) set_aside_comments(s, key_of(node, c.filter), mark, ok);
      return ok;
    };
    std::vector<RepeatPending>& stack = s.work.repeat_stack;
    std::vector<NodeId>& successors = s.work.successors;
    stack.clear();
    RepeatPending at{start, 0, 0};
    while (true) {
      // `at.node` matched: one more step of the line.
      const auto count = static_cast<std::int32_t>(std::min<std::int64_t>(at.count + 1, count_cap));
      const bool accepts = count >= c.min;
      s.ctx.charge(accepts ? 2 : 1);  // closure(): the state, and the accepting one it leads to
      if (accepts && at.depth + 1 > s.best_length) {
        s.best_length = at.depth + 1;
        s.best_last = at.node;
        if (options_.firstmatch) return;
      }
      bool next = false;
      if (c.max < 0 || count < c.max) {
        NodeId first = chess::kNoNode;
        if (plain_forward_ && !s.ctx.variations()) {
          first = s.ctx.tree_node(at.node).first_child;  // the usual case, without the vector
        } else {
          collect_successors(s.ctx, at.node, successors);
          // The first successor is visited next; the others after it, in order, from the stack.
          for (std::size_t i = successors.size(); i-- > 1;) stack.push_back({successors[i], count, at.depth + 1});
          if (!successors.empty()) first = successors[0];
        }
        if (first != chess::kNoNode) {
          at = {first, count, at.depth + 1};
          next = evaluate_at(at.node);
        }
      }
      while (!next) {
        if (stack.empty()) return;
        at = stack.back();
        stack.pop_back();
        next = evaluate_at(at.node);
      }
    }
  }

  // Consumes `node` from each state and records an accepting line; returns the states that go on
  // to the successors (none when the line ends here or the search is done).
  // The caller charges states.size() first: each state may add a trail step, and bounded repeats
  // multiply them.
  std::vector<State> consume(Search& s, NodeId node, const std::vector<State>& states, std::int64_t depth) const {
    std::vector<State> next = take_states(s.work);
    for (const State& st : states) {
      if (accepting(st)) continue;
      const Frame& top = st.frames.back();
      const Item& c = item(top);
      if (!matches(s, node, c.filter)) continue;
      s.trail.push_back({node, c.filter, st.trail});
      State after = st;
      after.frames.back().count = static_cast<std::int32_t>(std::min<std::int64_t>(top.count + 1, cap(c)));
      after.trail = static_cast<int>(s.trail.size()) - 1;
      next.push_back(std::move(after));
    }
    if (next.empty()) return next;
    next = closure(std::move(next), [&s](std::uint64_t steps) { s.ctx.charge(steps); }, &s.work);
    for (const State& st : next) {
      if (accepting(st) && depth + 1 > s.best_length) {
        s.best_length = depth + 1;
        s.best_trail = st.trail;
        if (options_.firstmatch) s.done = true;
        break;
      }
    }
    if (s.done) {
      give_states(s.work, std::move(next));
      return {};
    }
    std::erase_if(next, [&](const State& st) { return accepting(st); });
    return next;
  }

  const Sequence& sequence(const Frame& f) const { return pattern_.sequences[static_cast<std::size_t>(f.sequence)]; }
  const Item& item(const Frame& f) const { return sequence(f)[static_cast<std::size_t>(f.index)]; }
  static std::int64_t cap(const Item& c) { return c.max >= 0 ? c.max : c.min; }

  // The states reachable from `states` without consuming a position: leaving an item whose
  // minimum is met, entering a group, finishing a group's sequence (one more repetition of the
  // group). Keeps, in order, the first of equal states that stand at a filter or accept; every
  // state is expanded once, so groups that can match nothing cannot loop.
  // With a workspace, `out` comes from and `states` goes back to its spare vectors.
  template <typename Charge>
  std::vector<State> closure(std::vector<State> states, Charge charge, Workspace* work = nullptr) const {
    std::vector<State> out = work != nullptr ? take_states(*work) : std::vector<State>();
    for (std::size_t i = 0; i < states.size(); ++i) {
      charge(i / 16 + 1);  // the search for an equal earlier state is linear
      const FrameStack frames = states[i].frames;  // a copy: states grows below
      const auto earlier = states.begin() + static_cast<std::ptrdiff_t>(i);
      if (std::any_of(states.begin(), earlier, [&](const State& e) { return e.frames == frames; })) continue;
      const int trail = states[i].trail;
      const Frame top = frames.back();
      if (static_cast<std::size_t>(top.index) == sequence(top).size()) {
        if (frames.size() == 1) {
          out.push_back(states[i]);  // accepting
          continue;
        }
        FrameStack outer = frames;  // one more repetition of the group
        outer.pop_back();
        outer.back().count = static_cast<std::int32_t>(std::min<std::int64_t>(outer.back().count + 1, cap(item(outer.back()))));
        states.push_back({std::move(outer), trail});
        continue;
      }
      const Item& c = item(top);
      const bool more = c.max < 0 || top.count < c.max;
      if (more && c.filter >= 0) out.push_back(states[i]);
      if (more && c.filter < 0) {
        FrameStack inner = frames;
        inner.push_back({c.sequence, 0, 0});
        states.push_back({std::move(inner), trail});
      }
      if (top.count >= c.min) {
        FrameStack next = frames;
        next.back() = {top.sequence, top.index + 1, 0};
        states.push_back({std::move(next), trail});
      }
    }
    if (work != nullptr) give_states(*work, std::move(states));
    return out;
  }

  bool accepting(const State& st) const {
    return st.frames.size() == 1 && static_cast<std::size_t>(st.frames.back().index) == pattern_.sequences[0].size();
  }
  bool accepting(const std::vector<State>& states) const {
    return std::any_of(states.begin(), states.end(), [&](const State& st) { return accepting(st); });
  }

  // Whether constituent i matches at `node`; evaluated once per node, its comments kept aside
  // until the reported line is known (smart comments).
  std::size_t key_of(NodeId node, int i) const {
    return static_cast<std::size_t>(node) * pattern_.filters.size() + static_cast<std::size_t>(i);
  }

  bool matches(Search& s, NodeId node, int i) const {
    const std::size_t key = key_of(node, i);
    // Imaginary positions (a line evaluated inside one) are few: they are not cached.
    if (key < s.known.size() && s.known.at(key) != 0) return s.known.at(key) == 1;
    NodeSwitch guard(s.ctx, node);
    const CommentMark mark = s.ctx.comment_mark();
    const bool ok = pattern_.filters[static_cast<std::size_t>(i)]->match(s.ctx);
    set_aside(s, key, mark, ok);
    return ok;
  }

  // After constituent `key` was evaluated from `mark`: a match's comments and edits are kept aside
  // until the reported line is known, a failure's are rolled back; the result is known from then on.
  void set_aside(Search& s, std::size_t key, CommentMark mark, bool ok) const {
    // Nothing written (most constituents at most positions): nothing to keep aside or roll back.
    if (s.ctx.comment_mark() != mark) set_aside_comments(s, key, mark, ok);
    if (key < s.known.size()) s.known.set(key, ok);
  }
  [[gnu::noinline]] void set_aside_comments(Search& s, std::size_t key, CommentMark mark, bool ok) const {
    if (ok) {
      const auto& comments = s.ctx.comments();
      const auto& edits = s.ctx.edits();
      Written& written = s.written[key];
      written.comments.assign(comments.begin() + static_cast<std::ptrdiff_t>(mark.comments()), comments.end());
      written.edits.assign(edits.begin() + static_cast<std::ptrdiff_t>(mark.edits()), edits.end());
      s.ctx.truncate_comments(mark);  // set aside above
    } else {
      s.ctx.rollback_comments(mark);
    }
  }

  // The successors of `node` (for_each_successor()) into `out`, the usual options' inline.
  void collect_successors(Context& ctx, NodeId node, std::vector<NodeId>& out) const {
    out.clear();
    if (!plain_forward_) {
      for_each_successor(ctx, node, [&](NodeId successor) { out.push_back(successor); });
      return;
    }
    const NodeId first = ctx.tree_node(node).first_child;
    if (first == chess::kNoNode) return;
    out.push_back(first);
    if (!ctx.variations()) return;
    for (NodeId n = ctx.tree_node(first).next_sibling; n != chess::kNoNode; n = ctx.tree_node(n).next_sibling) {
      out.push_back(n);
    }
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

  // The positions of a line of one filter from `start` to `last` (its walk keeps no trail): the
  // tree path between them, every second position with singlecolor.
  void one_repeat_path(const Context& ctx, NodeId start, NodeId last, std::size_t length, Match& m) const {
    const int plies = options_.singlecolor ? 2 : 1;
    m.nodes.resize(length);
    m.constituents.assign(length, pattern_.sequences[0][0].filter);
    NodeId n = options_.backward ? start : last;
    for (std::size_t k = 0; k < length; ++k) {
      m.nodes[options_.backward ? k : length - 1 - k] = n;
      for (int p = 0; p < plies && n != chess::kNoNode; ++p) n = ctx.tree_node(n).parent;
    }
  }

  // nestban: the positions of the line after its start may not start a line of this filter.
  void cover(const Context& ctx, NodeId first, NodeId last, std::size_t length) const {
    if (length < 2) return;
    NodeId deep = options_.backward ? first : last;
    const NodeId shallow = options_.backward ? last : first;
    for (NodeId n = deep; n != chess::kNoNode; n = ctx.tree_node(n).parent) {
      if (n != first && !Context::is_imaginary(n)) covered_[n] = 1;
      if (n == shallow) break;
    }
  }

  // The constituents' own comments and edits along the line and, unless quiet, CQLi's words at its ends:
  // "Start line that ends at move 16(wtm)", "End line of length 5 that starts at move 14(wtm)".
  void annotate(Search& s, const Match& m) const {
    const bool automatic = !options_.quiet && !s.ctx.quiet() && !m.nodes.empty();
    const NodeId first = automatic ? m.nodes.front() : 0, last = automatic ? m.nodes.back() : 0;
    for (std::size_t i = 0; i < m.nodes.size(); ++i) {
      if (automatic && i == 0) add_start_comment(s.ctx, first, last);
      const std::size_t key =
          static_cast<std::size_t>(m.nodes[i]) * pattern_.filters.size() + static_cast<std::size_t>(m.constituents[i]);
      if (auto it = s.written.find(key); it != s.written.end()) {
        auto& comments = s.ctx.comments();
        comments.insert(comments.end(), it->second.comments.begin(), it->second.comments.end());
        auto& edits = s.ctx.edits();
        edits.insert(edits.end(), it->second.edits.begin(), it->second.edits.end());
      }
      if (automatic && i + 1 == m.nodes.size()) add_end_comment(s.ctx, last, m.nodes.size(), first);
    }
  }

  // Whether the comparison the line stands in rejects `length` and rolls back what the line
  // writes (note_line_compared): with smart comments none of it would reach the output.
  bool written_in_vain(Context& ctx, std::size_t length) const {
    if (!compared_ || !ctx.smart_comments()) return false;
    const MaybeNumber bound = compared_->bound->number(ctx);
    return bound && !holds(compared_->relation, static_cast<std::int64_t>(length), *bound);
  }

  // annotate() for a line of `length` > 0 positions whose constituents left no comments.
  void annotate_ends(Context& ctx, NodeId first, NodeId last, std::size_t length) const {
    if (options_.quiet || ctx.quiet()) return;
    add_start_comment(ctx, first, last);
    add_end_comment(ctx, last, length, first);
  }

  friend bool quarry::builtins::note_line_compared(Filter&, Relation, const Filter&);

  Pattern pattern_;
  LineOptions options_;
  // The comparison the line is the left operand of, when its failure is rolled back (a sort's
  // body): its number literal (owned by the comparison, which owns the line) and relation.
  struct ComparedLength {
    const Filter* bound;
    Relation relation;
  };
  std::optional<ComparedLength> compared_;
  std::vector<State> initial_;  // the closure of the start state
  std::uint64_t initial_steps_ = 0;  // what making it charged
  bool initial_accepting_ = false;
  int lone_first_ = -1;  // the filter of the one start state, if there is one and it does not accept
  bool one_repeat_ = false;  // the line is one quantified filter: visit_one_repeat() walks it
  bool plain_forward_ = false;  // successors are the children: collect_successors() inline
  // nestban: the positions of this game inside lines already matched (per game, by serial).
  mutable std::uint64_t serial_ = 0;
  mutable std::vector<std::uint8_t> covered_;  // bytes: read at every start, cheaper than bits
};

constexpr ParameterSpec kLineParameters[] = {{ParameterWord::Quiet},       {ParameterWord::FirstMatch},
                                             {ParameterWord::LastPosition}, {ParameterWord::SingleColor},
                                             {ParameterWord::Primary},     {ParameterWord::Secondary},
                                             {ParameterWord::NestBan}};

FilterPtr bind_line(BindArguments& a) {
  LineOptions o;
  o.backward = a.parameter(ParameterWord::BackwardArrow) != nullptr;
  o.quiet = a.parameter(ParameterWord::Quiet) != nullptr;
  o.firstmatch = a.parameter(ParameterWord::FirstMatch) != nullptr;
  o.lastposition = a.parameter(ParameterWord::LastPosition) != nullptr;
  o.singlecolor = a.parameter(ParameterWord::SingleColor) != nullptr;
  o.primary = a.parameter(ParameterWord::Primary) != nullptr;
  o.secondary = a.parameter(ParameterWord::Secondary) != nullptr;
  o.nestban = a.parameter(ParameterWord::NestBan) != nullptr;
  if (o.primary && o.secondary) {
    a.binder.error(a.node, "'line' follows primary or secondary moves, not both");
    return nullptr;
  }
  bool failed = false;
  o.range = RangeBounds::take(a, "length", &failed);
  if (failed) return nullptr;
  return std::make_unique<Line>(line_pattern(a), std::move(o));
}

}  // namespace

bool note_line_compared(interpreter::Filter& filter, Relation relation, const interpreter::Filter& bound) {
  auto* line = dynamic_cast<Line*>(&filter);
  if (line == nullptr || line->type() != interpreter::ValueType::Numeric) return false;
  assert(bound.is_constant() && bound.type() == interpreter::ValueType::Numeric);
  line->compared_ = Line::ComparedLength{&bound, relation};
  return true;
}

void register_line_sequence_filters(Registry& registry) {
  grammar::KeywordShape shape{"line", ShapeKind::Line, grammar::precedence::kLowest, 1, -1, kLineParameters};
  shape.optional_range = true;
  registry.add({shape,
                "line [quiet firstmatch lastposition singlecolor nestban primary|secondary] [N [M]] --> C1 --> C2 … "
                "(or <--): the length of the longest line of consecutive positions from here matching the "
                "constituents (quantified with * + ? {m,n})",
                bind_line, {{kAnyFilter}, {ValueType::Position, ValueType::Numeric}}});
}

}  // namespace quarry::builtins
