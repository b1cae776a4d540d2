// The standard registry: every family of the table builtins/CMakeLists.txt generates, registered
// once. A family file defines register_FAMILY_filters; nothing here names a family by hand.
#include "builtins/builtins.h"

#include <array>

namespace quarry::builtins {

#define QUARRY_FILTER_FAMILY(family) void register_##family##_filters(interpreter::Registry& registry);
#include "builtins/families.inc"
#undef QUARRY_FILTER_FAMILY

namespace {

constexpr std::array kFamilies{
#define QUARRY_FILTER_FAMILY(family) interpreter::FilterFamily{#family, register_##family##_filters},
#include "builtins/families.inc"
#undef QUARRY_FILTER_FAMILY
};

}  // namespace

std::span<const interpreter::FilterFamily> filter_families() { return kFamilies; }

void register_builtins(interpreter::Registry& registry) {
  for (const interpreter::FilterFamily& family : kFamilies) registry.add_family(family);
}

const interpreter::Registry& standard_registry() {
  static const interpreter::Registry registry = [] {
    interpreter::Registry r;
    register_builtins(r);
    return r;
  }();
  return registry;
}

}  // namespace quarry::builtins
