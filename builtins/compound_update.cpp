// Compound updates shared by variables and dictionary entries (see compound_update.h).
#include "builtins/compound_update.h"

#include "builtins/checked_arithmetic.h"

namespace quarry::builtins {

using interpreter::Value;
using interpreter::ValueType;

std::optional<Update> update_of(std::string_view op) {
  if (op == "+=") return Update::Add;
  if (op == "-=") return Update::Subtract;
  if (op == "*=") return Update::Multiply;
  if (op == "/=") return Update::Divide;
  if (op == "%=") return Update::Modulo;
  if (op == "|=") return Update::Union;
  if (op == "&=") return Update::Intersection;
  return std::nullopt;
}

namespace {

bool is_set_update(Update op) { return op == Update::Union || op == Update::Intersection; }

ArithmeticOp arithmetic_of(Update op) {
  switch (op) {
    case Update::Add: return ArithmeticOp::Add;
    case Update::Subtract: return ArithmeticOp::Subtract;
    case Update::Multiply: return ArithmeticOp::Multiply;
    case Update::Divide: return ArithmeticOp::Divide;
    case Update::Modulo: return ArithmeticOp::Modulo;
    case Update::Union:
    case Update::Intersection: break;  // set updates never reach the arithmetic
  }
  return ArithmeticOp::Add;
}

}  // namespace

bool update_applies(Update op, ValueType target, ValueType operand) {
  if (is_set_update(op)) return target == ValueType::Set && (operand == ValueType::Set || operand == ValueType::Piece);
  if (target == ValueType::String) return op == Update::Add && operand == ValueType::String;
  return target == ValueType::Numeric && (operand == ValueType::Numeric || operand == ValueType::Set);
}

bool apply_update(Update op, Value& target, const Value& operand) {
  if (std::holds_alternative<chess::SquareSet>(target)) {
    if (!is_set_update(op) || !std::holds_alternative<chess::SquareSet>(operand)) return false;
    chess::SquareSet& s = std::get<chess::SquareSet>(target);
    const chess::SquareSet rhs = std::get<chess::SquareSet>(operand);
    s = op == Update::Union ? s | rhs : s & rhs;
    return true;
  }
  if (std::holds_alternative<std::string>(target)) {
    if (op != Update::Add || !std::holds_alternative<std::string>(operand)) return false;
    std::get<std::string>(target) += std::get<std::string>(operand);
    return true;
  }
  if (!std::holds_alternative<std::int64_t>(target) || is_set_update(op)) return false;
  std::int64_t n = 0;  // a set operand counts its squares
  if (std::holds_alternative<chess::SquareSet>(operand)) {
    n = std::get<chess::SquareSet>(operand).count();
  } else if (std::holds_alternative<std::int64_t>(operand)) {
    n = std::get<std::int64_t>(operand);
  } else {
    return false;
  }
  return apply_number_update(op, std::get<std::int64_t>(target), n);
}

bool apply_number_update(Update op, std::int64_t& target, std::int64_t operand) {
  if (is_set_update(op)) return false;  // a union or intersection has no number to make
  CheckedNumber result = checked_apply(arithmetic_of(op), target, operand);
  if (!result) return false;
  target = *result;
  return true;
}

}  // namespace quarry::builtins
