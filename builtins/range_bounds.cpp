// Range parameters whose bounds may be numeric variables.
#include "builtins/range_bounds.h"

namespace quarry::builtins {

using interpreter::BindArguments;
using interpreter::BoundParameter;
using interpreter::ValueType;

std::optional<RangeBounds> RangeBounds::take(BindArguments& a, std::string_view what, bool* failed) {
  BoundParameter* p = a.parameter(grammar::ParameterWord::Range);
  if (p == nullptr) return std::nullopt;
  const auto& written = p->syntax->values;
  for (std::size_t i = 0; i < p->values.size(); ++i) {
    if (p->values[i]->type() != ValueType::Numeric) {
      a.binder.error(*written[i],
                     "a bound of the range of '" + a.node.text + "' must be a number or a numeric variable");
      *failed = true;
      return std::nullopt;
    }
  }
  RangeBounds r;
  bool constant = true;
  for (const auto& w : written) constant = constant && w->kind == grammar::SyntaxKind::Number;
  if (constant) {
    r.constant_ = std::pair{written.front()->number, written.back()->number};
    if (r.constant_->first > r.constant_->second) {
      a.binder.error(*written.front(), "the range of '" + a.node.text + "' is empty",
                     "write the smaller " + std::string(what) + " first");
      *failed = true;
      return std::nullopt;
    }
  }
  r.low_ = std::move(p->values.front());
  if (p->values.size() > 1) r.high_ = std::move(p->values.back());
  return r;
}

}  // namespace quarry::builtins
