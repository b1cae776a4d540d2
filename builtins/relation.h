// The six relations of CQL's comparisons, shared by the comparison filters and the fused
// dictionary count-and-test (builtins/dictionaries.cpp), so both read `>` and the rest alike.
#pragma once

#include <optional>
#include <string_view>

namespace quarry::builtins {

enum class Relation { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };

template <typename T>
bool holds(Relation r, const T& a, const T& b) {
  switch (r) {
    case Relation::Equal: return a == b;
    case Relation::NotEqual: return a != b;
    case Relation::Less: return a < b;
    case Relation::LessEqual: return a <= b;
    case Relation::Greater: return a > b;
    case Relation::GreaterEqual: return a >= b;
  }
  return false;
}

// The relation an operator's text names: "==", "!=", "<", "<=", ">", ">="; none for any other.
inline std::optional<Relation> relation_named(std::string_view op) {
  if (op == "==") return Relation::Equal;
  if (op == "!=") return Relation::NotEqual;
  if (op == "<") return Relation::Less;
  if (op == "<=") return Relation::LessEqual;
  if (op == ">") return Relation::Greater;
  if (op == ">=") return Relation::GreaterEqual;
  return std::nullopt;
}

}  // namespace quarry::builtins
