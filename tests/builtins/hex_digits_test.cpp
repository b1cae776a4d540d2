// Tests of the 16-hex-digit writers behind zobristkey: the portable one (a word at a time, used
// where there is no SSE2, so it runs here too) and the SSE2 one, against printf.
#include <catch2/catch.hpp>

#include <cinttypes>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "builtins/hex_digits.h"

namespace {
std::string printed(std::uint64_t key) {
  char text[17];
  std::snprintf(text, sizeof text, "%016" PRIx64, key);
  return text;
}

template <typename Writer>
std::string written(Writer write, std::uint64_t key) {
  std::string out(16, '?');
  write(out.data(), key);
  return out;
}
}  // namespace

TEST_CASE("16 hex digits, most significant first, as printf writes them", "[zobristkey]") {
  std::mt19937_64 random(2026);
  std::vector<std::uint64_t> keys{0, 1, 9, 10, 15, 16, 0xffffffffffffffffULL, 0x0123456789abcdefULL,
                                  0xfedcba9876543210ULL, 0x8000000000000000ULL, 0x00000000ffffffffULL};
  for (int i = 0; i < 1000; ++i) keys.push_back(random());
  for (std::uint64_t key : keys) {
    CAPTURE(key);
    CHECK(written(quarry::builtins::put_hex16_in_words, key) == printed(key));
#ifdef QUARRY_HEX_DIGITS_SSE2
    CHECK(written(quarry::builtins::put_hex16_sse2, key) == printed(key));
#endif
    CHECK(written(quarry::builtins::put_hex16, key) == printed(key));
  }
}
