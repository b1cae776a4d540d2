// Direction family: up, down, …, anydirection, maindiagonal, offdiagonal (translations of a set on
// an empty board over a range of distances) and the square-colour filters light and dark.
#include <algorithm>

#include "builtins/builtins.h"
#include "builtins/geometry.h"
#include "builtins/range_bounds.h"
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
  Translate(std::uint8_t directions, std::optional<RangeBounds> range, FilterPtr operand)
      : Filter(ValueType::Set), directions_(directions), range_(std::move(range)), operand_(std::move(operand)) {}

  SquareSet squares(Context& ctx) const override {
    SquareSet result;
    std::pair<std::int64_t, std::int64_t> bounds{1, 7};
    if (range_) {
      std::optional<std::pair<std::int64_t, std::int64_t>> r = range_->at(ctx);
      if (!r) return result;
      bounds = *r;
    }
    const SquareSet from = operand_->squares(ctx);
    if (from.is_empty()) return result;
    // Distances past 7 leave the board; clamping keeps the loop short.
    const int low = static_cast<int>(std::clamp<std::int64_t>(bounds.first, -8, 9));
    const int high = static_cast<int>(std::clamp<std::int64_t>(bounds.second, -9, 8));
    for (int k = low; k <= high; ++k) {
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
  std::optional<RangeBounds> range_;  // none: 1 to 7
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
    bool failed = false;
    std::optional<RangeBounds> range = RangeBounds::take(a, "distance", &failed);
    if (failed) return nullptr;
    return std::make_unique<Translate>(directions, std::move(range), std::move(a.arguments[0]));
  };
}

BindFunction bind_square_colour(SquareSet colour) {
  return [colour](BindArguments& a) -> FilterPtr {
    return std::make_unique<SquareColour>(colour, std::move(a.arguments[0]));
  };
}

}  // namespace

void register_directions_filters(Registry& registry) {
  for (const geometry::DirectionWord& word : geometry::kDirectionWords) {
    grammar::KeywordShape shape{word.name, ShapeKind::Prefix, precedence::kDirection, 1, 1};
    shape.optional_range = true;
    registry.add({shape, "the squares reached from a set by moving in that direction (default distance 1 7)",
                  bind_direction(word.mask), {{ValueType::Set}, ValueType::Set}, Dependence::PerPosition,
                  TransformRule{.turns_with_board = true}});
  }
  registry.add({{"light", ShapeKind::Prefix, precedence::kDirection, 1, 1}, "the light squares of a set",
                bind_square_colour(SquareSet::light()), {{ValueType::Set}, ValueType::Set}, Dependence::PerPosition,
                TransformRule{.square_color_twin = "dark"}});
  registry.add({{"dark", ShapeKind::Prefix, precedence::kDirection, 1, 1}, "the dark squares of a set",
                bind_square_colour(SquareSet::dark()), {{ValueType::Set}, ValueType::Set}, Dependence::PerPosition,
                TransformRule{.square_color_twin = "light"}});
}

}  // namespace quarry::builtins
