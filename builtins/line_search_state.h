// The search state of the line filter (builtins/line_sequence.cpp): the frames a match stands
// in, the trail of positions it consumed, the results known per (position, constituent), and the
// buffers of one evaluation that a thread keeps from one evaluation to the next.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "chess/game.h"

namespace quarry::builtins::line_search {

using chess::NodeId;

// A matched line: its positions in line order and the filter each one matched.
struct Match {
  std::vector<NodeId> nodes;
  std::vector<int> constituents;
};

// What run() reports of the line it matched: its length and last position (the start when empty).
struct Found {
  std::size_t length;
  NodeId last;
};

// One step of the trail of consumed positions, shared between the states that extend it.
struct TrailStep {
  NodeId node;
  int constituent;
  int previous;  // -1: the start of the line
};

// Where the match stands in one sequence: items [0, index) are done; item `index` has matched
// `count` times in a row (capped at its minimum when it has no maximum, since further counts
// behave the same).
struct Frame {
  int sequence;
  int index;
  std::int32_t count;  // at most a quantifier's bound: nine digits
  bool operator==(const Frame&) const = default;
};

// The frames from the line's own sequence down to the innermost group being matched. The first
// is kept inline: states are copied at every position, and most lines have no group.
class FrameStack {
 public:
  std::size_t size() const { return size_; }
  Frame& back() { return at(size_ - 1); }
  const Frame& back() const { return at(size_ - 1); }
  void push_back(const Frame& f) {
    if (size_ < kInline) inline_[size_] = f;
    else deep_.push_back(f);
    ++size_;
  }
  void pop_back() {
    --size_;
    if (size_ >= kInline) deep_.pop_back();
  }
  bool operator==(const FrameStack& o) const {
    if (size_ != o.size_) return false;
    for (std::size_t i = 0; i < size_; ++i) {
      if (!(at(i) == o.at(i))) return false;
    }
    return true;
  }

 private:
  static constexpr std::size_t kInline = 1;
  Frame& at(std::size_t i) { return i < kInline ? inline_[i] : deep_[i - kInline]; }
  const Frame& at(std::size_t i) const { return i < kInline ? inline_[i] : deep_[i - kInline]; }
  std::array<Frame, kInline> inline_{};
  std::uint32_t size_ = 0;
  std::vector<Frame> deep_;
};

// A state returned by closure() stands at a filter ready to consume a position, or is accepting
// (one frame, past the last constituent).
struct State {
  FrameStack frames;
  int trail;
};

// Per (node, constituent) of the game, whether the constituent matched there in one evaluation.
// The cells outlive the evaluation (a line is tried at every position, and most tries end at
// once): a cell counts only when it carries the current evaluation's stamp, so nothing is
// cleared or allocated per try.
class KnownResults {
 public:
  void start(std::size_t size) {
    if (++stamp_ > kMaxStamp) {
      std::fill(cells_.begin(), cells_.end(), 0);
      stamp_ = 1;
    }
    if (cells_.size() < size) cells_.resize(size, 0);
    size_ = size;
  }
  std::size_t size() const { return size_; }
  // 0 unknown, 1 matches, 2 fails.
  int at(std::size_t key) const { return cells_[key] >> 2 == stamp_ ? static_cast<int>(cells_[key] & 3) : 0; }
  void set(std::size_t key, bool ok) { cells_[key] = stamp_ << 2 | (ok ? 1u : 2u); }

 private:
  static constexpr std::uint32_t kMaxStamp = (std::uint32_t{1} << 30) - 1;
  std::vector<std::uint32_t> cells_;
  std::uint32_t stamp_ = 0;
  std::size_t size_ = 0;
};

// A position still to visit with the states that reach it and the line length before it.
struct Pending {
  NodeId node;
  std::vector<State> states;
  std::int64_t depth;
};

// A position still to visit by a line of one quantified filter: the state is only how often the
// filter matched in a row (capped as Frame::count is).
struct RepeatPending {
  NodeId node;
  std::int32_t count;
  std::int64_t depth;
};

// The buffers of one evaluation, kept from one to the next: a search at a position in check
// (`line --> check +`) would otherwise allocate a dozen vectors.
struct Workspace {
  KnownResults known;
  std::vector<TrailStep> trail;
  std::vector<Pending> stack;
  std::vector<RepeatPending> repeat_stack;
  std::vector<NodeId> successors;
  std::vector<std::vector<State>> spare_states;  // emptied state vectors, for their capacity
  Match match;
};

// Lends a Workspace from the thread's spares for one evaluation (the compiled query is shared
// by the threads; a line inside a constituent takes its own).
class WorkspaceLease {
 public:
  WorkspaceLease() {
    if (spares().empty()) {
      work_ = std::make_unique<Workspace>();
    } else {
      work_ = std::move(spares().back());
      spares().pop_back();
    }
  }
  ~WorkspaceLease() { spares().push_back(std::move(work_)); }
  WorkspaceLease(const WorkspaceLease&) = delete;
  WorkspaceLease& operator=(const WorkspaceLease&) = delete;
  Workspace& operator*() { return *work_; }

 private:
  static std::vector<std::unique_ptr<Workspace>>& spares() {
    thread_local std::vector<std::unique_ptr<Workspace>> kept;
    return kept;
  }
  std::unique_ptr<Workspace> work_;
};

// An empty state vector, with capacity when the workspace kept one.
inline std::vector<State> take_states(Workspace& w) {
  if (w.spare_states.empty()) return {};
  std::vector<State> v = std::move(w.spare_states.back());
  w.spare_states.pop_back();
  return v;
}
inline void give_states(Workspace& w, std::vector<State>&& v) {
  if (v.capacity() == 0) return;
  v.clear();
  w.spare_states.push_back(std::move(v));
}

}  // namespace quarry::builtins::line_search
