// Default evaluation entry points: matching follows the static type.
#include "interpreter/filter.h"

namespace quarry::interpreter {

bool Filter::match(Context& ctx) const {
  switch (type_) {
    case ValueType::Set:
    case ValueType::Piece: return squares(ctx).any();
    case ValueType::Numeric: return number(ctx).has_value();
    case ValueType::String: return text(ctx).has_value();
    case ValueType::Position: return position(ctx).has_value();
    case ValueType::None:
    case ValueType::Logical:
    case ValueType::Dictionary: return false;
  }
  return false;
}

SquareSet Filter::squares(Context&) const { return SquareSet(); }
MaybeNumber Filter::number(Context&) const { return std::nullopt; }
std::optional<std::string> Filter::text(Context&) const { return std::nullopt; }
std::optional<chess::NodeId> Filter::position(Context&) const { return std::nullopt; }

}  // namespace quarry::interpreter
