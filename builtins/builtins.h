// The standard filter families and the registry built from them.
#pragma once

#include <memory>
#include <span>

#include "interpreter/registry.h"

namespace quarry::builtins {

// Every family of builtins/, in registration order (the table builtins/CMakeLists.txt generates).
std::span<const interpreter::FilterFamily> filter_families();

// All families: the registry the command line and the REPL use.
void register_builtins(interpreter::Registry& registry);

// The bind function of a filter without operands, built from fixed constructor arguments.
template <typename F, typename... Args>
interpreter::BindFunction make_filter(Args... args) {
  return [=](interpreter::BindArguments&) -> interpreter::FilterPtr { return std::make_unique<F>(args...); };
}
const interpreter::Registry& standard_registry();

}  // namespace quarry::builtins
