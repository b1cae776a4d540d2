// A 64-bit key as 16 lowercase hex digits, most significant first, without a format call: the
// repetition queries read `zobristkey` at every position. Two ways, both tested against printf:
// with SSE2 the 16 nibbles are spread one to a byte and turned into digits at once; elsewhere a
// 32-bit half at a time in a word.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#define QUARRY_HEX_DIGITS_SSE2 1
#endif

namespace quarry::builtins {

// v's eight hex digits. Byte i of the word gets digit i counted from the most significant.
inline void put_hex8_in_word(char* out, std::uint32_t v) {
  std::uint64_t t = (v >> 16) | (std::uint64_t{v & 0xffffu} << 32);
  t = ((t >> 8) & 0x000000ff000000ffULL) | ((t & 0x000000ff000000ffULL) << 16);
  t = ((t >> 4) & 0x000f000f000f000fULL) | ((t & 0x000f000f000f000fULL) << 8);
  const std::uint64_t letters = ((t + 0x0606060606060606ULL) >> 4) & 0x0101010101010101ULL;  // digit > 9
  t += 0x3030303030303030ULL + letters * static_cast<std::uint64_t>('a' - '0' - 10);
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(out, &t, sizeof t);
  } else {
    for (int i = 0; i < 8; ++i) out[i] = static_cast<char>((t >> (8 * i)) & 0xff);
  }
}

inline void put_hex16_in_words(char* out, std::uint64_t key) {
  put_hex8_in_word(out, static_cast<std::uint32_t>(key >> 32));
  put_hex8_in_word(out + 8, static_cast<std::uint32_t>(key));
}

#ifdef QUARRY_HEX_DIGITS_SSE2
inline void put_hex16_sse2(char* out, std::uint64_t key) {
  const __m128i bytes = _mm_cvtsi64_si128(static_cast<long long>(__builtin_bswap64(key)));  // first byte: the top
  const __m128i nibble = _mm_set1_epi8(0x0f);
  const __m128i high = _mm_and_si128(_mm_srli_epi16(bytes, 4), nibble);
  const __m128i low = _mm_and_si128(bytes, nibble);
  const __m128i values = _mm_unpacklo_epi8(high, low);  // high0 low0 high1 low1 …
  const __m128i letters = _mm_and_si128(_mm_cmpgt_epi8(values, _mm_set1_epi8(9)), _mm_set1_epi8('a' - '0' - 10));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_add_epi8(_mm_add_epi8(values, _mm_set1_epi8('0')), letters));
}
#endif

// Writes 16 bytes at out (no terminating NUL).
inline void put_hex16(char* out, std::uint64_t key) {
#ifdef QUARRY_HEX_DIGITS_SSE2
  put_hex16_sse2(out, key);
#else
  put_hex16_in_words(out, key);
#endif
}

}  // namespace quarry::builtins
