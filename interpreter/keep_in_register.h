// keep_in_general_register: a value the compiler must hold in a general-purpose register here.
#pragma once

namespace quarry::interpreter {

// An empty asm that takes and gives back `value` in a general register: the compiler can no longer
// fuse it with a neighbour into one vector operation (whose halves it would then move back through
// the stack, a store-forwarding stall on some CPUs). No instruction is emitted. Compilers without
// GNU asm get nothing, which is only slower.
template <class T>
inline void keep_in_general_register(T& value) {
#if defined(__GNUC__)
  __asm__("" : "+r"(value));
#else
  (void)value;
#endif
}

}  // namespace quarry::interpreter
