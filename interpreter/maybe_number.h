// MaybeNumber: what a numeric filter answers (Filter::number), a 64-bit number or none.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>

namespace quarry::interpreter {

// Written like std::optional<std::int64_t>, which it replaces as the result of Filter::number:
// GCC 12 builds a returned std::optional<std::int64_t> through the stack, storing its flag as one
// byte and reloading it as eight (and a nullopt's payload from bytes never written), and each such
// reload stalls on a failed store-to-load forward. Every number() of every numeric filter paid
// that at every position: `NumberConstant::number` was a third of its caller's samples, the
// comparison in `{line …} >= 5` an eighth of the whole query. Two plain members (the value zero
// when there is none) come back in two registers.
class MaybeNumber {
 public:
  constexpr MaybeNumber() = default;
  constexpr MaybeNumber(std::nullopt_t) {}                            // NOLINT: as std::optional
  constexpr MaybeNumber(std::int64_t value) : value_(value), present_(true) {}  // NOLINT: as std::optional
  constexpr MaybeNumber(const std::optional<std::int64_t>& n)                   // NOLINT: from stored values
      : value_(n.value_or(0)), present_(n.has_value()) {}

  constexpr bool has_value() const { return present_; }
  constexpr explicit operator bool() const { return present_; }
  // The number; only when there is one (as std::optional's operator*).
  constexpr std::int64_t operator*() const { return value_; }
  constexpr std::int64_t value_or(std::int64_t otherwise) const { return present_ ? value_ : otherwise; }

  // Equal when both are none or both hold the same number (as std::optional's ==).
  friend constexpr bool operator==(MaybeNumber a, MaybeNumber b) {
    return a.present_ == b.present_ && a.value_ == b.value_;
  }
  // None before every number (as std::optional's ordering).
  friend constexpr std::strong_ordering operator<=>(MaybeNumber a, MaybeNumber b) {
    if (a.present_ != b.present_) return a.present_ <=> b.present_;
    return a.value_ <=> b.value_;
  }

 private:
  std::int64_t value_ = 0;  // zero when there is no number, so == compares the members
  bool present_ = false;
};

}  // namespace quarry::interpreter
