// Attack family: `S attacks T` (the pieces of S attacking T) and `S attackedby T` (the squares of S
// attacked from T). A piece attacks a square when a king of the other colour standing there would
// be in check from it: pinned pieces still attack, pawns attack their two forward diagonals only,
// and sliders are blocked by any piece.
#include "builtins/builtins.h"
#include "chess/attacks.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::ShapeKind;
namespace precedence = grammar::precedence;

class Attacks final : public Filter {
 public:
  Attacks(FilterPtr attackers, FilterPtr targets)
      : Filter(ValueType::Set), attackers_(std::move(attackers)), targets_(std::move(targets)) {}

  SquareSet squares(Context& ctx) const override {
    const chess::Position& pos = ctx.position();
    const SquareSet candidates = attackers_->squares(ctx) & pos.occupied();
    if (candidates.is_empty()) return candidates;
    const SquareSet targets = targets_->squares(ctx);
    SquareSet result;
    for (chess::Square s : candidates) {
      if (pos.attacks_from(s).intersects(targets)) result |= s;
    }
    return result;
  }

 private:
  FilterPtr attackers_, targets_;
};

class AttackedBy final : public Filter {
 public:
  AttackedBy(FilterPtr targets, FilterPtr attackers)
      : Filter(ValueType::Set), targets_(std::move(targets)), attackers_(std::move(attackers)) {}

  SquareSet squares(Context& ctx) const override {
    const SquareSet targets = targets_->squares(ctx);
    if (targets.is_empty()) return targets;
    const chess::Position& pos = ctx.position();
    SquareSet attacked;
    for (chess::Square s : attackers_->squares(ctx) & pos.occupied()) attacked |= pos.attacks_from(s);
    return targets & attacked;
  }

 private:
  FilterPtr targets_, attackers_;
};

template <typename F>
BindFunction bind_attack_filter() {
  return [](BindArguments& a) -> FilterPtr {
    return std::make_unique<F>(std::move(a.arguments[0]), std::move(a.arguments[1]));
  };
}

}  // namespace

void register_attacks_filters(Registry& registry) {
  registry.add({{"attacks", ShapeKind::Infix, precedence::kAttacks, 2, 2},
                "the squares of the left set holding a piece that attacks a square of the right set",
                bind_attack_filter<Attacks>(), {{ValueType::Set}, ValueType::Set}});
  registry.add({{"attackedby", ShapeKind::Infix, precedence::kAttacks, 2, 2},
                "the squares of the left set attacked by a piece on the right set", bind_attack_filter<AttackedBy>(),
                {{ValueType::Set}, ValueType::Set}});
}

}  // namespace quarry::builtins
