// A range written after a keyword (`find 2 4`, `up 1 7`, `line 3 --> …`): each bound is a number
// or, as CQL allows, a numeric variable, read when the filter is evaluated.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "interpreter/binder.h"
#include "interpreter/registry.h"

namespace quarry::builtins {

class RangeBounds {
 public:
  // The keyword's "range" parameter: nullopt when it has none. A bound that is not numeric, or a
  // range of two numbers that is empty, is reported (naming `what`, e.g. "count") and sets *failed.
  static std::optional<RangeBounds> take(interpreter::BindArguments& a, std::string_view what, bool* failed);

  // (low, high) at this position; nullopt while a variable bound has no value.
  std::optional<std::pair<std::int64_t, std::int64_t>> at(interpreter::Context& ctx) const {
    interpreter::MaybeNumber low = low_->number(ctx);
    if (!low) return std::nullopt;
    if (!high_) return std::pair{*low, *low};
    interpreter::MaybeNumber high = high_->number(ctx);
    if (!high) return std::nullopt;
    return std::pair{*low, *high};
  }

  // The bounds when both are numbers written in the query.
  std::optional<std::pair<std::int64_t, std::int64_t>> constant() const { return constant_; }

 private:
  interpreter::FilterPtr low_, high_;  // high_ null: one number, the range low..low
  std::optional<std::pair<std::int64_t, std::int64_t>> constant_;
};

}  // namespace quarry::builtins
