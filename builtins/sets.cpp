// Set family: piece designators (the class is in builtins/piece_designator.h) and set algebra
// (| & ~), counting (#, also string length), and `in` (subset; substring for strings).
#include "builtins/builtins.h"
#include "builtins/piece_designator.h"
#include "builtins/string_functions.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::Color;
using chess::PieceType;

enum class SetOp { Union, Intersection };

class SetAlgebra final : public Filter {
 public:
  SetAlgebra(SetOp op, FilterPtr left, FilterPtr right)
      : Filter(ValueType::Set), op_(op), left_(std::move(left)), right_(std::move(right)) {}
  SquareSet squares(Context& ctx) const override {
    SquareSet a = left_->squares(ctx);
    if (op_ == SetOp::Intersection) return a.any() ? a & right_->squares(ctx) : a;
    return a | right_->squares(ctx);
  }

 private:
  SetOp op_;
  FilterPtr left_, right_;
};

class Complement final : public Filter {
 public:
  explicit Complement(FilterPtr operand) : Filter(ValueType::Set), operand_(std::move(operand)) {}
  SquareSet squares(Context& ctx) const override { return ~operand_->squares(ctx); }

 private:
  FilterPtr operand_;
};

class Count final : public Filter {
 public:
  explicit Count(FilterPtr operand) : Filter(ValueType::Numeric), operand_(std::move(operand)) {}
  MaybeNumber number(Context& ctx) const override { return operand_->squares(ctx).count(); }
  bool match(Context&) const override { return true; }

 private:
  FilterPtr operand_;
};

// S in T: every square of S is in T (so an empty S is always in T).
class Subset final : public Filter {
 public:
  Subset(FilterPtr left, FilterPtr right) : Filter(ValueType::Logical), left_(std::move(left)), right_(std::move(right)) {}
  bool match(Context& ctx) const override { return left_->squares(ctx).is_subset_of(right_->squares(ctx)); }

 private:
  FilterPtr left_, right_;
};

// P & Q between two positions: the squares whose contents agree (same piece, or both empty).
class PositionalIntersection final : public Filter {
 public:
  PositionalIntersection(FilterPtr left, FilterPtr right)
      : Filter(ValueType::Set), left_(std::move(left)), right_(std::move(right)) {}
  SquareSet squares(Context& ctx) const override {
    std::optional<chess::NodeId> p = left_->position(ctx), q = right_->position(ctx);
    if (!p || !q) return SquareSet();
    const chess::Position& a = ctx.tree_node(*p).position;
    const chess::Position& b = ctx.tree_node(*q).position;
    SquareSet same = ~(a.occupied() | b.occupied());
    for (chess::Color c : {chess::Color::White, chess::Color::Black}) {
      for (int t = chess::index_of(chess::PieceType::Pawn); t <= chess::index_of(chess::PieceType::King); ++t) {
        auto type = static_cast<chess::PieceType>(t);
        same |= a.pieces(c, type) & b.pieces(c, type);
      }
    }
    return same;
  }

 private:
  FilterPtr left_, right_;
};

BindFunction bind_set_algebra(SetOp op) {
  return [op](BindArguments& a) -> FilterPtr {
    // Both sides positions (`&` only: the squares where they agree) or both sets.
    if (a.arguments[0]->type() == ValueType::Position) {
      if (!a.binder.expect(a, 1, {ValueType::Position})) return nullptr;
      return std::make_unique<PositionalIntersection>(std::move(a.arguments[0]), std::move(a.arguments[1]));
    }
    if (!a.binder.expect(a, 1, {ValueType::Set})) return nullptr;
    return std::make_unique<SetAlgebra>(op, std::move(a.arguments[0]), std::move(a.arguments[1]));
  };
}

}  // namespace

void register_sets_filters(Registry& registry) {
  registry.add_operator(construct::kPieceDesignator, 0, {{}, ValueType::Set}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<PieceDesignator>(a.node.piece_mask, SquareSet(a.node.squares));
  });
  registry.add_operator("|", 2, {{ValueType::Set, ValueType::Set}, ValueType::Set}, bind_set_algebra(SetOp::Union));
  const TypeSet set_or_position{ValueType::Set, ValueType::Position};
  registry.add_operator("&", 2, {{set_or_position, set_or_position}, ValueType::Set}, bind_set_algebra(SetOp::Intersection));
  registry.add_operator("~", 1, {{ValueType::Set}, ValueType::Set}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<Complement>(std::move(a.arguments[0]));
  });
  registry.add_operator("#", 1, {{{ValueType::Set, ValueType::String}}, ValueType::Numeric}, [](BindArguments& a) -> FilterPtr {
    if (a.arguments[0]->type() == ValueType::String) return make_string_length(std::move(a.arguments[0]));
    return std::make_unique<Count>(std::move(a.arguments[0]));
  });
  const TypeSet set_or_string{ValueType::Set, ValueType::String};
  registry.add_operator("in", 2, {{set_or_string, set_or_string}, ValueType::Logical}, [](BindArguments& a) -> FilterPtr {
    // Both sides strings (a substring) or both sets (a subset).
    if (a.arguments[0]->type() == ValueType::String || a.arguments[1]->type() == ValueType::String) {
      if (!a.binder.expect(a, 0, {ValueType::String}) || !a.binder.expect(a, 1, {ValueType::String})) return nullptr;
      return make_substring_test(std::move(a.arguments[0]), std::move(a.arguments[1]));
    }
    return std::make_unique<Subset>(std::move(a.arguments[0]), std::move(a.arguments[1]));
  });
}

}  // namespace quarry::builtins
