// Checked 64-bit arithmetic for CQL numbers: a result that does not fit gives no value, so the
// filter computing it fails, just as division by zero does (never undefined behaviour).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "interpreter/maybe_number.h"

namespace quarry::builtins {

using CheckedNumber = interpreter::MaybeNumber;

inline CheckedNumber checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

inline CheckedNumber checked_subtract(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
  return r;
}

inline CheckedNumber checked_multiply(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

// INT64_MIN / -1 overflows (and traps on x86): no value, like / 0.
inline CheckedNumber checked_divide(std::int64_t a, std::int64_t b) {
  if (b == 0 || (b == -1 && a == std::numeric_limits<std::int64_t>::min())) return std::nullopt;
  return a / b;
}

// x % -1 is 0 mathematically, but INT64_MIN % -1 traps like the division: answer it directly.
inline CheckedNumber checked_modulo(std::int64_t a, std::int64_t b) {
  if (b == 0) return std::nullopt;
  if (b == -1) return 0;
  return a % b;
}

enum class ArithmeticOp { Add, Subtract, Multiply, Divide, Modulo };

// a op b for every binary operator and compound update (+ - * / % and += -= *= /= %=).
inline CheckedNumber checked_apply(ArithmeticOp op, std::int64_t a, std::int64_t b) {
  switch (op) {
    case ArithmeticOp::Add: return checked_add(a, b);
    case ArithmeticOp::Subtract: return checked_subtract(a, b);
    case ArithmeticOp::Multiply: return checked_multiply(a, b);
    case ArithmeticOp::Divide: return checked_divide(a, b);
    case ArithmeticOp::Modulo: return checked_modulo(a, b);
  }
  return std::nullopt;
}

inline CheckedNumber checked_negate(std::int64_t a) { return checked_subtract(0, a); }

inline CheckedNumber checked_abs(std::int64_t a) { return a < 0 ? checked_negate(a) : CheckedNumber(a); }

// floor(sqrt(n)) for n >= 0: the double estimate is off by at most one near 2^63, so step it
// down while r*r > n and up while (r+1)^2 <= n (in unsigned 128-bit-free arithmetic).
inline CheckedNumber integer_sqrt(std::int64_t n) {
  if (n < 0) return std::nullopt;
  std::uint64_t r = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n)));
  const std::uint64_t target = static_cast<std::uint64_t>(n);
  constexpr std::uint64_t kRootLimit = 3037000499u;  // floor(sqrt(2^63 - 1)): r*r cannot overflow
  if (r > kRootLimit) r = kRootLimit;
  while (r * r > target) --r;
  while (r < kRootLimit && (r + 1) * (r + 1) <= target) ++r;
  return static_cast<std::int64_t>(r);
}

}  // namespace quarry::builtins
