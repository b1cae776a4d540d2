// Searching a block of memory for the next byte of a small set, 16 bytes at a time where the
// machine has SSE2 (every x86-64), a byte at a time elsewhere; both give the same answer.
#pragma once

#include <cstddef>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace quarry::chess {

// The first byte in [p, e) equal to one of `Stops`, or e when there is none.
template <char... Stops>
const char* find_byte(const char* p, const char* e) {
  static_assert(sizeof...(Stops) > 0);
#if defined(__SSE2__)
  while (e - p >= 16) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i hits = _mm_setzero_si128();
    ((hits = _mm_or_si128(hits, _mm_cmpeq_epi8(chunk, _mm_set1_epi8(Stops)))), ...);
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hits));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
  }
#endif
  while (p != e && ((*p != Stops) && ...)) ++p;
  return p;
}

#if defined(__SSE2__)
namespace byte_scan_detail {

// The lanes of `bytes` with low <= byte <= low + span (unsigned), as 0xFF.
inline __m128i in_range(__m128i bytes, char low, char span) {
  const __m128i offset = _mm_sub_epi8(bytes, _mm_set1_epi8(low));
  return _mm_cmpeq_epi8(_mm_min_epu8(offset, _mm_set1_epi8(span)), offset);
}

// The lanes holding an ASCII letter of either case.
inline __m128i letters(__m128i bytes) { return in_range(_mm_or_si128(bytes, _mm_set1_epi8(0x20)), 'a', 25); }

// Steps over 16-byte blocks whose every byte `kept` (a lane mask of one block) keeps: the first
// byte it rejects, or the start of the last partial block for the caller's byte loop.
template <class KeptLanes>
const char* skip_kept_blocks(const char* p, const char* e, KeptLanes kept) {
  while (e - p >= 16) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned rejected = static_cast<unsigned>(_mm_movemask_epi8(kept(chunk))) ^ 0xFFFFu;
    if (rejected != 0) return p + __builtin_ctz(rejected);
    p += 16;
  }
  return p;
}

}  // namespace byte_scan_detail
#endif

// The first byte in [p, e) that is none of the usual bytes of movetext: letters, digits, '.', and
// ' ', '\t', '\r', '\n'; e when there is none.
inline const char* skip_usual_movetext(const char* p, const char* e) {
#if defined(__SSE2__)
  p = byte_scan_detail::skip_kept_blocks(p, e, [](__m128i chunk) {
    __m128i usual = _mm_or_si128(byte_scan_detail::letters(chunk), byte_scan_detail::in_range(chunk, '0', 9));
    for (char c : {' ', '\n', '\r', '\t', '.'}) usual = _mm_or_si128(usual, _mm_cmpeq_epi8(chunk, _mm_set1_epi8(c)));
    return usual;
  });
#endif
  auto usual = [](char c) {
    const char lower = static_cast<char>(c | 0x20);
    return (lower >= 'a' && lower <= 'z') || (c >= '0' && c <= '9') || c == ' ' || c == '\n' || c == '\r' ||
           c == '\t' || c == '.';
  };
  while (p != e && usual(*p)) ++p;
  return p;
}

// The first byte in [p, e) that cannot be inside a SAN word as the PGN lexer reads one (letters,
// digits and + # = - / : _), or e when there is none: a move's end found without a branch per byte.
inline const char* skip_symbol_bytes(const char* p, const char* e) {
#if defined(__SSE2__)
  p = byte_scan_detail::skip_kept_blocks(p, e, [](__m128i chunk) {
    // '/' (0x2F), the digits and ':' (0x3A) are one range.
    __m128i kept = _mm_or_si128(byte_scan_detail::letters(chunk), byte_scan_detail::in_range(chunk, '/', 11));
    for (char c : {'+', '#', '=', '-', '_'}) kept = _mm_or_si128(kept, _mm_cmpeq_epi8(chunk, _mm_set1_epi8(c)));
    return kept;
  });
#endif
  auto kept = [](char c) {
    const char lower = static_cast<char>(c | 0x20);
    return (lower >= 'a' && lower <= 'z') || (c >= '/' && c <= ':') || c == '+' || c == '#' || c == '=' || c == '-' ||
           c == '_';
  };
  while (p != e && kept(*p)) ++p;
  return p;
}

// The number of line feeds in [p, e).
inline std::size_t count_line_feeds(const char* p, const char* e) {
  std::size_t n = 0;
#if defined(__SSE2__)
  const __m128i feed = _mm_set1_epi8('\n');
  while (e - p >= 16) {
    // Up to 255 blocks counted in 16 byte lanes (a match is -1), then summed.
    __m128i lanes = _mm_setzero_si128();
    for (int k = 0; k < 255 && e - p >= 16; ++k, p += 16) {
      const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(chunk, feed));
    }
    const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
    n += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) + static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
  }
#endif
  for (; p != e; ++p) n += *p == '\n' ? 1 : 0;
  return n;
}

}  // namespace quarry::chess
