// Constant filters: number and string literals and the named constants (white, black, true,
// false). One node per type; is_constant() lets the runner evaluate them once per game.
#pragma once

#include <cstdint>
#include <string>

#include "interpreter/filter.h"

namespace quarry::builtins {

class NumberConstant final : public interpreter::Filter {
 public:
  explicit NumberConstant(std::int64_t value) : Filter(interpreter::ValueType::Numeric), value_(value) {}
  interpreter::MaybeNumber number(interpreter::Context&) const override { return value_; }
  bool match(interpreter::Context&) const override { return true; }
  bool is_constant() const override { return true; }

 private:
  std::int64_t value_;
};

class StringConstant final : public interpreter::Filter {
 public:
  explicit StringConstant(std::string value) : Filter(interpreter::ValueType::String), value_(std::move(value)) {}
  std::optional<std::string> text(interpreter::Context&) const override { return value_; }
  bool match(interpreter::Context&) const override { return true; }
  bool is_constant() const override { return true; }
  bool keeps_text() const override { return true; }
  const std::string* stored_text(interpreter::Context&) const override { return &value_; }

 private:
  std::string value_;
};

class LogicalConstant final : public interpreter::Filter {
 public:
  explicit LogicalConstant(bool value) : Filter(interpreter::ValueType::Logical), value_(value) {}
  bool match(interpreter::Context&) const override { return value_; }
  bool is_constant() const override { return true; }

 private:
  bool value_;
};

}  // namespace quarry::builtins
