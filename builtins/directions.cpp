// Direction family: up, down, …, anydirection, maindiagonal, offdiagonal (translations of a set on
// an empty board over a range of distances) and the square-colour filters light and dark.
#include <algorithm>

#include "builtins/builtins.h"
#include "builtins/geometry.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::ShapeKind;
namespace precedence = grammar::precedence;

// `dir lo hi S`: S moved k steps along each basic direction of the mask, for every k in lo..hi.
// Pieces do not block; k = 0 keeps S itself, a negative k goes the opposite way.
class Translate final : public Filter {
 public:
  Translate(std::uint8_t directions, int low, int high, FilterPtr operand)
      : Filter(ValueType::Set), directions_(directions), low_(low), high_(high), operand_(std::move(operand)) {}

  SquareSet squares(Context& ctx) const override {
    const SquareSet from = operand_->squares(ctx);
    SquareSet result;
    if (from.is_empty()) return result;
    for (int k = low_; k <= high_; ++k) {
      if (k == 0) {
        result |= from;
        continue;
      }
      for (std::size_t d = 0; d < geometry::kSteps.size(); ++d) {
        if (directions_ & (1u << d)) result |= geometry::translate(from, geometry::kSteps[d], k);
      }
    }
    return result;
  }

 private:
  std::uint8_t directions_;
  int low_, high_;
  FilterPtr operand_;
};

class SquareColour final : public Filter {
 public:
  SquareColour(SquareSet colour, FilterPtr operand)
      : Filter(ValueType::Set), colour_(colour), operand_(std::move(operand)) {}
  SquareSet squares(Context& ctx) const override { return operand_->squares(ctx) & colour_; }

 private:
  SquareSet colour_;
  FilterPtr operand_;
};

BindFunction bind_direction(std::uint8_t directions) {
  return [directions](BindArguments& a) -> FilterPtr {
    if (!a.binder.expect(a, 0, {ValueType::Set})) return nullptr;
    int low = 1, high = 7;
    if (const BoundParameter* range = a.parameter("range")) {
      const auto& values = range->syntax->values;
      low = static_cast<int>(values.front()->number);
      high = static_cast<int>(values.back()->number);
      if (low > high) {
        a.binder.error(*values.front(), "the range of '" + a.node.text + "' is empty",
                       "write the smaller distance first");
        return nullptr;
      }
    }
    // Distances past 7 leave the board; clamping keeps the loop short.
    low = std::max(low, -8);
    high = std::min(high, 8);
    return std::make_unique<Translate>(directions, low, high, std::move(a.arguments[0]));
  };
}

BindFunction bind_square_colour(SquareSet colour) {
  return [colour](BindArguments& a) -> FilterPtr {
    if (!a.binder.expect(a, 0, {ValueType::Set})) return nullptr;
    return std::make_unique<SquareColour>(colour, std::move(a.arguments[0]));
  };
}

}  // namespace

void register_directions_filters(Registry& registry) {
  for (const geometry::DirectionWord& word : geometry::kDirectionWords) {
    grammar::KeywordShape shape{word.name, ShapeKind::Prefix, precedence::kDirection, 1, 1};
    shape.optional_range = true;
    registry.add({shape, "the squares reached from a set by moving in that direction (default distance 1 7)",
                  bind_direction(word.mask)});
  }
  registry.add({{"light", ShapeKind::Prefix, precedence::kDirection, 1, 1}, "the light squares of a set",
                bind_square_colour(SquareSet::light())});
  registry.add({{"dark", ShapeKind::Prefix, precedence::kDirection, 1, 1}, "the dark squares of a set",
                bind_square_colour(SquareSet::dark())});
}

}  // namespace quarry::builtins
