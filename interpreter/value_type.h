// The static types of CQL filters, and sets of them (what a keyword accepts or gives).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
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

// A set of static types: the types an argument may have, or a keyword's possible results.
class TypeSet {
 public:
  constexpr TypeSet() = default;
  constexpr TypeSet(ValueType t) : bits_(bit(t)) {}  // NOLINT: a type is the set of itself
  constexpr TypeSet(std::initializer_list<ValueType> types) {
    for (ValueType t : types) bits_ = static_cast<std::uint16_t>(bits_ | bit(t));
  }
  static constexpr TypeSet any() {
    return {ValueType::None,     ValueType::Logical, ValueType::Numeric, ValueType::Set,
            ValueType::Position, ValueType::String,  ValueType::Piece,   ValueType::Dictionary};
  }

  constexpr bool empty() const { return bits_ == 0; }
  constexpr bool contains(ValueType t) const { return (bits_ & bit(t)) != 0; }
  // Whether a filter of type t may stand where this set is wanted: a piece variable stands for
  // the square its piece is on wherever a set is expected.
  constexpr bool admits(ValueType t) const { return contains(t) || (t == ValueType::Piece && contains(ValueType::Set)); }
  constexpr bool operator==(const TypeSet&) const = default;

  // "numeric, set or string", in the order of ValueType.
  std::string describe() const {
    std::string text;
    int left = 0;
    for (int i = 0; i <= static_cast<int>(ValueType::Dictionary); ++i) left += contains(static_cast<ValueType>(i));
    for (int i = 0; i <= static_cast<int>(ValueType::Dictionary); ++i) {
      auto t = static_cast<ValueType>(i);
      if (!contains(t)) continue;
      --left;
      text += std::string(type_name(t)) + (left > 1 ? ", " : left == 1 ? " or " : "");
    }
    return text;
  }

 private:
  static constexpr std::uint16_t bit(ValueType t) { return static_cast<std::uint16_t>(1u << static_cast<unsigned>(t)); }
  std::uint16_t bits_ = 0;
};

}  // namespace quarry::interpreter
