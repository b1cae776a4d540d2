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

// A set of bytes as the PGN scanners need them: the ASCII letters of either case, the bytes from
// `Low` to `High`, and a few single bytes. One description gives both the byte test and the
// 16-lane test, so the SIMD blocks and the byte loop after them cannot disagree.
template <char Low, char High, char... Singles>
struct LettersRangeAnd {
  static_assert(Low <= High);

  static bool contains(char c) {
    const char lower = static_cast<char>(c | 0x20);
    return (lower >= 'a' && lower <= 'z') || (c >= Low && c <= High) || ((c == Singles) || ...);
  }

#if defined(__SSE2__)
  // The lanes of `chunk` holding a byte of the set, as 0xFF.
  static __m128i lanes(__m128i chunk) {
    __m128i kept = _mm_or_si128(in_range(_mm_or_si128(chunk, _mm_set1_epi8(0x20)), 'a', 'z' - 'a'),
                                in_range(chunk, Low, static_cast<char>(High - Low)));
    ((kept = _mm_or_si128(kept, _mm_cmpeq_epi8(chunk, _mm_set1_epi8(Singles)))), ...);
    return kept;
  }

 private:
  // The lanes of `bytes` with low <= byte <= low + span (unsigned), as 0xFF.
  static __m128i in_range(__m128i bytes, char low, char span) {
    const __m128i offset = _mm_sub_epi8(bytes, _mm_set1_epi8(low));
    return _mm_cmpeq_epi8(_mm_min_epu8(offset, _mm_set1_epi8(span)), offset);
  }
#endif
};

// The first byte in [p, e) that is not in `Set`, or e when there is none: 16 bytes at a time
// where the machine has SSE2, then a byte at a time.
template <class Set>
const char* skip_bytes_of(const char* p, const char* e) {
#if defined(__SSE2__)
  while (e - p >= 16) {
    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned rejected = static_cast<unsigned>(_mm_movemask_epi8(Set::lanes(chunk))) ^ 0xFFFFu;
    if (rejected != 0) return p + __builtin_ctz(rejected);
    p += 16;
  }
#endif
  while (p != e && Set::contains(*p)) ++p;
  return p;
}

// The usual bytes of movetext: letters, digits, '.', and ' ', '\t', '\r', '\n'.
using UsualMovetextBytes = LettersRangeAnd<'0', '9', ' ', '\n', '\r', '\t', '.'>;

// The bytes that can be inside a SAN word as the PGN lexer reads one: letters, digits and
// + # = - / : _ ('/', the digits and ':' are one range, 0x2F to 0x3A).
using SymbolBytes = LettersRangeAnd<'/', ':', '+', '#', '=', '-', '_'>;

// The bytes of a tag name: letters, digits and '_' (is_pgn_name_char).
using TagNameBytes = LettersRangeAnd<'0', '9', '_'>;

// The first byte in [p, e) that is none of the usual bytes of movetext; e when there is none.
inline const char* skip_usual_movetext(const char* p, const char* e) { return skip_bytes_of<UsualMovetextBytes>(p, e); }

// The first byte in [p, e) that cannot be inside a SAN word, or e when there is none: a move's end
// found without a branch per byte.
inline const char* skip_symbol_bytes(const char* p, const char* e) { return skip_bytes_of<SymbolBytes>(p, e); }

// The first byte in [p, e) that cannot be in a tag name, or e when there is none: one block test
// for the usual name ("Event", "WhiteElo") where a byte loop took five tests a byte.
inline const char* skip_tag_name(const char* p, const char* e) { return skip_bytes_of<TagNameBytes>(p, e); }

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
