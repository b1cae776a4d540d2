// The search the threaded run's reader makes for where a chunk ends: the next line that starts
// with "[Event ", with the line feeds before it counted (the chunks' first lines). It reads every
// byte of the input, so it has a version for each width of vector instructions: the run uses the
// widest the processor has, and tests compare each with the byte-at-a-time one.
#pragma once

#include <cstddef>
#include <cstdint>

namespace quarry::chess {

enum class EventLineScan : std::uint8_t {
  Bytes,  // a byte at a time: every machine
  Sse2,   // 16 bytes a compare: every x86-64 (the byte loop elsewhere)
  Avx2,   // 32 bytes a compare, where the processor has AVX2 (x86-64, checked when run)
};

// Whether this machine runs `scan`; the widest one it runs.
bool event_line_scan_available(EventLineScan scan);
EventLineScan widest_event_line_scan();

// The first line feed in [p, e) that "[Event " follows, or e when there is none; the 7 bytes
// after e must be readable. `feeds` counts the line feeds passed, that one included. `scan` must
// be available.
const char* find_event_line_feed(const char* p, const char* e, std::size_t& feeds, EventLineScan scan);

}  // namespace quarry::chess
