// One libFuzzer target; QUARRY_FUZZ_TARGET names the entry point it drives (fuzz/CMakeLists.txt).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const quarry::fuzz::Entry entry = quarry::fuzz::entry_named(QUARRY_FUZZ_TARGET);
  static const std::size_t max_size = quarry::fuzz::max_fuzz_input(QUARRY_FUZZ_TARGET);
  if (size > max_size) return 0;
  entry(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
