// Registry storage and lookup (used while parsing and binding only).
#include "interpreter/registry.h"

namespace quarry::interpreter {

void Registry::add_family(const FilterFamily& family) {
  current_family_ = family.name;
  family.add(*this);
  current_family_ = {};
}

void Registry::add(FilterSpec spec) {
  if (spec.family.empty()) spec.family = current_family_;
  keywords_.add(spec.shape);
  specs_.push_back(std::move(spec));
}

void Registry::add_operator(std::string_view text, int arity, Signature types, BindFunction bind,
                            Dependence dependence) {
  operators_.push_back({std::string(text), arity, std::move(types), std::move(bind), dependence});
}

const OperatorSpec* Registry::find_operator_spec(std::string_view text, int arity) const {
  for (const OperatorSpec& entry : operators_) {
    if (entry.text == text && entry.arity == arity) return &entry;
  }
  return nullptr;
}

Dependence Registry::operator_dependence(std::string_view text, int arity) const {
  const OperatorSpec* entry = find_operator_spec(text, arity);
  return entry ? entry->dependence : Dependence::PerPosition;
}

const BindFunction* Registry::find_operator(std::string_view text, int arity) const {
  const OperatorSpec* entry = find_operator_spec(text, arity);
  return entry ? &entry->bind : nullptr;
}

}  // namespace quarry::interpreter
