// NodeSwitch: evaluates with another node of the game tree as the current position, for the
// filters that look elsewhere in the game (`P : F`, find, move previous).
#pragma once

#include <cassert>

#include "interpreter/context.h"

namespace quarry::builtins {

// A walk that evaluates at one node after another (line's walk): each move_to() makes a node
// current, without going back to the outer position in between; the outer position and the
// facts cached for it come back when the walk ends.
class NodeWalk {
 public:
  explicit NodeWalk(interpreter::Context& ctx) : ctx_(ctx), saved_node_(ctx.node()), saved_facts_(ctx.facts()) {}
  ~NodeWalk() {
    if (!moved_) return;
    ctx_.set_node(saved_node_);
    ctx_.facts() = saved_facts_;
  }
  NodeWalk(const NodeWalk&) = delete;
  NodeWalk& operator=(const NodeWalk&) = delete;

  // Charges a step and makes `node` current; `node` is not the outer position.
  void move_to(chess::NodeId node) {
    assert(node != saved_node_);  // a move back would keep facts learnt elsewhere
    ctx_.charge();  // before the move: a throw here leaves the last node, which the destructor undoes
    ctx_.set_node(node);
    moved_ = true;
  }

 private:
  interpreter::Context& ctx_;
  chess::NodeId saved_node_;
  interpreter::PositionFacts saved_facts_;
  bool moved_ = false;
};

// Makes another node current for the lifetime of the guard (a walk of one move); the facts
// cached for the outer position come back with it. A switch to the current node itself (line
// and find at their start) is charged but changes nothing, and keeps the facts learnt meanwhile,
// which hold for the same position.
class NodeSwitch {
 public:
  NodeSwitch(interpreter::Context& ctx, chess::NodeId node) : walk_(ctx) {
    if (node == ctx.node()) {
      ctx.charge();
    } else {
      walk_.move_to(node);
    }
  }

 private:
  NodeWalk walk_;
};

}  // namespace quarry::builtins
