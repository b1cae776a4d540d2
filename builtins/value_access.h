// Reading a filter's value into a Value (variables, dictionary keys and entries) and back.
#pragma once

#include "interpreter/context.h"
#include "interpreter/filter.h"

namespace quarry::builtins {

// The filter's value as a Value; monostate when it has none (sets always have one).
inline interpreter::Value value_of(const interpreter::Filter& f, interpreter::Context& ctx) {
  using interpreter::ValueType;
  switch (f.type()) {
    case ValueType::Set:
    case ValueType::Piece: return f.squares(ctx);
    case ValueType::Numeric:
      if (auto n = f.number(ctx)) return *n;
      return std::monostate{};
    case ValueType::String:
      if (auto t = f.text(ctx)) return std::move(*t);
      return std::monostate{};
    case ValueType::Position:
      if (auto node = f.position(ctx)) return interpreter::PositionValue{*node};
      return std::monostate{};
    default: return std::monostate{};
  }
}

// The neutral starting value of a type, so `$D[k] += 1` counts from zero.
inline interpreter::Value zero_of(interpreter::ValueType t) {
  using interpreter::ValueType;
  switch (t) {
    case ValueType::Numeric: return std::int64_t{0};
    case ValueType::String: return std::string();
    case ValueType::Set: return chess::SquareSet();
    default: return std::monostate{};
  }
}

}  // namespace quarry::builtins
