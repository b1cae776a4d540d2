// Set family: piece designators and set algebra (| & ~), counting (#, also string length), and `in`
// (subset; substring for strings).
#include <bit>

#include "builtins/builtins.h"
#include "builtins/string_functions.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::Color;
using chess::PieceType;

// `Ka1`, `[RQ]a-h8`, `_`, `.`: the squares of `squares_` whose contents are allowed by the mask
// (bit 0 empty, bits 1-6 white pawn…king, bits 7-12 black pawn…king).
class PieceDesignator final : public Filter {
 public:
  PieceDesignator(std::uint16_t mask, SquareSet squares) : Filter(ValueType::Set), squares_(squares) {
    const unsigned white = (mask >> 1) & kAllTypes, black = (mask >> 7) & kAllTypes;
    everything_ = mask == grammar::content::kAll;
    empty_ = (mask & grammar::content::kEmpty) != 0;
    both_ = white & black;
    white_only_ = white & ~black;
    black_only_ = black & ~white;
    // One piece of one colour (`k`, `Q`), the most common designator: two lookups, no loop.
    if (!everything_ && !empty_ && both_ == 0 && std::popcount(white | black) == 1) {
      single_ = true;
      single_colour_ = white != 0 ? Color::White : Color::Black;
      single_type_ = static_cast<PieceType>(std::countr_zero(white | black) + 1);
    }
  }

  // Piece designators stand in most queries' hot loops: one lookup per piece type named.
  SquareSet squares(Context& ctx) const override {
    if (everything_) return squares_;
    const chess::Position& pos = ctx.position();
    if (single_) return pos.pieces(single_colour_, single_type_) & squares_;
    SquareSet found = empty_ ? ~pos.occupied() : SquareSet();
    if (both_ != 0) found |= of_types(pos, both_);
    if (white_only_ != 0) found |= of_types(pos, white_only_) & pos.pieces(Color::White);
    if (black_only_ != 0) found |= of_types(pos, black_only_) & pos.pieces(Color::Black);
    return found & squares_;
  }

 private:
  static constexpr unsigned kAllTypes = 0x3f;  // bit t-1: piece type t (pawn 1 … king 6)

  static SquareSet of_types(const chess::Position& pos, unsigned types) {
    if (types == kAllTypes) return pos.occupied();
    SquareSet found;
    for (; types != 0; types &= types - 1) found |= pos.pieces(static_cast<PieceType>(std::countr_zero(types) + 1));
    return found;
  }
  SquareSet squares_;
  bool everything_ = false;
  bool empty_ = false;
  bool single_ = false;
  Color single_colour_ = Color::White;
  PieceType single_type_ = PieceType::None;
  unsigned both_ = 0, white_only_ = 0, black_only_ = 0;
};

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
