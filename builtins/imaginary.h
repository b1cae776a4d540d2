// Imaginary positions: evaluating a filter at a position made from the current one (a speculative
// move, imagine) as a transient node beside the game's tree, and the text currentmutation gives.
#pragma once

#include <string>

#include "chess/notation.h"
#include "chess/position.h"
#include "interpreter/context.h"

namespace quarry::builtins {

// Makes a new imaginary position, made from the current one by one step, current for the
// lifetime of the guard; the outer position and its cached facts come back afterwards.
class ImaginaryStep {
 public:
  ImaginaryStep(interpreter::Context& ctx, const chess::Position& position, chess::Move move, std::uint16_t ply,
                std::string mutation)
      : ctx_(ctx), saved_node_(ctx.node()), saved_facts_(ctx.facts()) {
    ctx.charge();  // each imaginary position visited is a step; a throw here has changed nothing yet
    ctx.set_node(ctx.push_imaginary(ctx.node(), position, move, ply, std::move(mutation)));
  }
  ~ImaginaryStep() {
    ctx_.set_node(saved_node_);
    ctx_.facts() = saved_facts_;
    ctx_.pop_imaginary();
  }
  ImaginaryStep(const ImaginaryStep&) = delete;
  ImaginaryStep& operator=(const ImaginaryStep&) = delete;

 private:
  interpreter::Context& ctx_;
  chess::NodeId saved_node_;
  interpreter::PositionFacts saved_facts_;
};

// The move number CQLi writes before a move made from `before`: "12." for White, "12..." for Black.
inline std::string move_number_prefix(const chess::Position& before) {
  return std::to_string(before.fullmove_number()) + (before.side_to_move() == chess::Color::White ? "." : "...");
}

// A speculative move as currentmutation writes it: "1.Qa3#".
inline std::string move_mutation(const chess::Position& before, chess::Move m, const chess::Position& after) {
  return move_number_prefix(before) + chess::to_san(before, m, after);
}

}  // namespace quarry::builtins
