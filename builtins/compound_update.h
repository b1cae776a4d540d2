// Compound updates (+= -= *= /= %= |= &=): one type rule and one evaluation shared by variables
// and dictionary entries.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "interpreter/context.h"
#include "interpreter/value_type.h"

namespace quarry::builtins {

enum class Update { Add, Subtract, Multiply, Divide, Modulo, Union, Intersection };

// The update an operator names; nullopt for `=`, `=?` and anything that is not an update.
std::optional<Update> update_of(std::string_view op);

// Whether `target op= operand` type-checks: numbers take numbers or sets (counted), strings take
// `+=` of a string, sets take `|=` or `&=` of a set or piece.
bool update_applies(Update op, interpreter::ValueType target, interpreter::ValueType operand);

// Applies the update in place. Fails, leaving the target alone, when it has no value or the
// arithmetic overflows or divides by zero.
bool apply_update(Update op, interpreter::Value& target, const interpreter::Value& operand);

// The same for a number target and a number operand (op is one of + - * / %).
bool apply_number_update(Update op, std::int64_t& target, std::int64_t operand);

}  // namespace quarry::builtins
