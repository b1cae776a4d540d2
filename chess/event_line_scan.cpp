// The "[Event " line search, a version for each vector width (chess/event_line_scan.h).
#include "chess/event_line_scan.h"

#include <bit>
#include <cstring>

#include "chess/square_count.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define QUARRY_EVENT_LINE_AVX2 1
#endif

namespace quarry::chess {
namespace {

bool starts_event_line(const char* q) {
  std::uint64_t bytes = 0;
  std::uint64_t event_line = 0;  // "\n[Event " as 8 bytes, in the machine's byte order
  std::memcpy(&bytes, q, sizeof bytes);
  std::memcpy(&event_line, "\n[Event ", sizeof event_line);
  return bytes == event_line;
}

// Of the line feeds `mask` of the 64 bytes at b, those of `event_like` are the ones that "[E"
// follows: the first of them that starts an event line, with the line feeds up to it counted;
// without one, every line feed is counted. A line feed is looked at only where "[E" follows it
// (about one a game, where every line feed is one a line), and the others are counted by their
// bits (`count`).
template <typename Count>
inline const char* event_line_in(const char* b, std::uint64_t mask, std::uint64_t event_like, std::size_t& feeds,
                                 Count count) {
  for (; event_like != 0; event_like &= event_like - 1) {
    const unsigned at = static_cast<unsigned>(std::countr_zero(event_like));
    if (starts_event_line(b + at)) {
      feeds += static_cast<std::size_t>(count(mask & (~std::uint64_t{0} >> (63 - at))));
      return b + at;
    }
  }
  feeds += static_cast<std::size_t>(count(mask));
  return nullptr;
}

const char* find_by_bytes(const char* p, const char* e, std::size_t& feeds) {
  for (; p != e; ++p) {
    if (*p != '\n') continue;
    ++feeds;
    if (starts_event_line(p)) return p;
  }
  return e;
}

// 64 bytes a step in four 16-byte compares, then 16 a step; the last bytes one at a time. The
// loads at b + 1 and b + 2 end before e + 7, so they stay in bounds.
const char* find_by_sse2(const char* p, const char* e, std::size_t& feeds) {
#if defined(__SSE2__)
  // Bit i: the byte at b + i is `byte`.
  auto in_16 = [](const char* b, char byte) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b));
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(byte))));
  };
  // The line feeds of the 16 bytes at b, and those of them that "[E" follows.
  auto feeds_in_16 = [&in_16](const char* b, unsigned& event_like) {
    const unsigned line_feeds = in_16(b, '\n');
    event_like = line_feeds & in_16(b + 1, '[') & in_16(b + 2, 'E');
    return line_feeds;
  };
  // std::popcount is a library call without -mpopcnt.
  auto count = [](std::uint64_t mask) { return bits_set(mask); };
  for (; e - p >= 64; p += 64) {
    unsigned like[4];
    const std::uint64_t mask = feeds_in_16(p, like[0]) | std::uint64_t{feeds_in_16(p + 16, like[1])} << 16 |
                               std::uint64_t{feeds_in_16(p + 32, like[2])} << 32 |
                               std::uint64_t{feeds_in_16(p + 48, like[3])} << 48;
    const std::uint64_t event_like = like[0] | std::uint64_t{like[1]} << 16 | std::uint64_t{like[2]} << 32 |
                                     std::uint64_t{like[3]} << 48;
    if (const char* const feed = event_line_in(p, mask, event_like, feeds, count)) return feed;
  }
  for (; e - p >= 16; p += 16) {
    unsigned event_like = 0;
    const unsigned mask = feeds_in_16(p, event_like);
    if (const char* const feed = event_line_in(p, mask, event_like, feeds, count)) return feed;
  }
#endif
  return find_by_bytes(p, e, feeds);
}

#if defined(QUARRY_EVENT_LINE_AVX2)
// Bit i: the byte at b + i is `byte`, for the 32 bytes at b.
__attribute__((target("avx2"))) inline std::uint64_t in_32(const char* b, char byte) {
  const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b));
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(byte))));
}

// 64 bytes a step in two 32-byte compares, then as find_by_sse2 for the last 63 bytes at most.
__attribute__((target("avx2,popcnt"))) const char* find_by_avx2(const char* p, const char* e, std::size_t& feeds) {
  // Inlined here, the builtin is the popcnt instruction.
  auto count = [](std::uint64_t mask) { return __builtin_popcountll(mask); };
  for (; e - p >= 64; p += 64) {
    const std::uint64_t mask = in_32(p, '\n') | in_32(p + 32, '\n') << 32;
    const std::uint64_t event_like =
        mask & (in_32(p + 1, '[') | in_32(p + 33, '[') << 32) & (in_32(p + 2, 'E') | in_32(p + 34, 'E') << 32);
    if (const char* const feed = event_line_in(p, mask, event_like, feeds, count)) return feed;
  }
  return find_by_sse2(p, e, feeds);
}
#endif

}  // namespace

bool event_line_scan_available(EventLineScan scan) {
  switch (scan) {
    case EventLineScan::Bytes:
    case EventLineScan::Sse2: return true;
    case EventLineScan::Avx2:
#if defined(QUARRY_EVENT_LINE_AVX2)
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#else
      return false;
#endif
  }
  return false;
}

EventLineScan widest_event_line_scan() {
  static const EventLineScan widest =
      event_line_scan_available(EventLineScan::Avx2) ? EventLineScan::Avx2 : EventLineScan::Sse2;
  return widest;
}

const char* find_event_line_feed(const char* p, const char* e, std::size_t& feeds, EventLineScan scan) {
  switch (scan) {
    case EventLineScan::Bytes: return find_by_bytes(p, e, feeds);
    case EventLineScan::Sse2: return find_by_sse2(p, e, feeds);
    case EventLineScan::Avx2:
#if defined(QUARRY_EVENT_LINE_AVX2)
      return find_by_avx2(p, e, feeds);
#else
      break;
#endif
  }
  return find_by_sse2(p, e, feeds);
}

}  // namespace quarry::chess
