// The static types of CQL filters.
#pragma once

#include <cstdint>
#include <string_view>

namespace quarry::interpreter {

enum class ValueType : std::uint8_t { None, Logical, Numeric, Set, Position, String, Piece, Dictionary };

constexpr std::string_view type_name(ValueType t) {
  switch (t) {
    case ValueType::None: return "no value";
    case ValueType::Logical: return "logical";
    case ValueType::Numeric: return "numeric";
    case ValueType::Set: return "set";
    case ValueType::Position: return "position";
    case ValueType::String: return "string";
    case ValueType::Piece: return "piece";
    case ValueType::Dictionary: return "dictionary";
  }
  return "?";
}

}  // namespace quarry::interpreter
