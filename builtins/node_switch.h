// NodeSwitch: evaluates with another node of the game tree as the current position, for the
// filters that look elsewhere in the game (`P : F`, find, move previous).
#pragma once

#include <cassert>

#include "interpreter/context.h"

namespace quarry::builtins {

// Makes another node current for the lifetime of the guard; the facts cached for the outer
// position come back with it. A switch to the current node itself (line and find at their start)
// changes nothing, and keeps the facts learnt meanwhile, which hold for the same position.
class NodeSwitch {
 public:
  NodeSwitch(interpreter::Context& ctx, chess::NodeId node)
      : ctx_(ctx), saved_node_(ctx.node()), saved_facts_(ctx.facts()), switched_(node != saved_node_) {
    ctx.charge();  // before the switch: a throw here leaves the current node as it was
    if (switched_) ctx.set_node(node);
  }
  ~NodeSwitch() {
    if (!switched_) return;
    ctx_.set_node(saved_node_);
    ctx_.facts() = saved_facts_;
  }
  NodeSwitch(const NodeSwitch&) = delete;
  NodeSwitch& operator=(const NodeSwitch&) = delete;

 private:
  interpreter::Context& ctx_;
  chess::NodeId saved_node_;
  interpreter::PositionFacts saved_facts_;
  bool switched_;
};

// NodeSwitch for a walk that evaluates at one node after another (line's walk): each move_to()
// makes a node current as a NodeSwitch to it would, without going back to the outer position in
// between; the outer position and its facts come back when the walk ends.
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

  // What a NodeSwitch to `node` charges and does; `node` is not the outer position.
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

}  // namespace quarry::builtins
