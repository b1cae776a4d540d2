// The "[Event " line search at each vector width: every one gives the line feed and the count of
// line feeds that the byte-at-a-time search gives, wherever the lines fall in a 64-byte step.
#include "chess/event_line_scan.h"

#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace {

using quarry::chess::EventLineScan;
using quarry::chess::event_line_scan_available;
using quarry::chess::find_event_line_feed;

struct Found {
  std::size_t at = 0;     // offset of the line feed found, or the searched length
  std::size_t feeds = 0;  // line feeds counted
  bool operator==(const Found&) const = default;
};

// Searches `text` from `from` to 7 bytes before its end, as the splitter does, and on from each
// line found, to the end.
std::vector<Found> search_all(const std::string& text, std::size_t from, EventLineScan scan) {
  std::vector<Found> found;
  const char* const data = text.data();
  const char* const end = data + text.size() - 7;
  const char* p = data + from;
  while (true) {
    Found f;
    const char* const feed = find_event_line_feed(p, end, f.feeds, scan);
    f.at = static_cast<std::size_t>(feed - data);
    found.push_back(f);
    if (feed == end) return found;
    p = feed + 1;
  }
}

std::vector<EventLineScan> vector_scans() {
  std::vector<EventLineScan> scans{EventLineScan::Sse2};
  if (event_line_scan_available(EventLineScan::Avx2)) scans.push_back(EventLineScan::Avx2);
  return scans;
}

}  // namespace

TEST_CASE("every width of the Event line search finds what the byte search finds", "[event_line_scan]") {
  // Texts of lines that are "[Event ...", near misses ("[Evert", "[E" at a text's end, "[Event"
  // without a space, a '[' not after a line feed) and others, of random lengths, so that line
  // feeds fall on every byte of a 64-byte step and across its end.
  const std::vector<std::string> lines{"[Event \"x\"]", "[Evert \"x\"]", "[Event\"x\"]", "[E", " [Event \"y\"]",
                                       "1. e4 e5 2. Nf3 1-0", "", "[Site \"?\"]", "\r", "[Event "};
  std::mt19937 random(20261128);
  for (int round = 0; round < 400; ++round) {
    std::string text;
    const int line_count = 1 + static_cast<int>(random() % 60);
    for (int i = 0; i < line_count; ++i) {
      text += lines[random() % lines.size()];
      text += std::string(random() % 70, 'a');
      text += '\n';
    }
    text += "[Event \"end\"]\n";  // the 7 bytes after the searched end
    const std::size_t from = random() % 64;
    if (from >= text.size() - 7) continue;
    const std::vector<Found> expected = search_all(text, from, EventLineScan::Bytes);
    for (EventLineScan scan : vector_scans()) {
      INFO("round " << round << ", scan " << static_cast<int>(scan));
      CHECK(search_all(text, from, scan) == expected);
    }
  }
}

TEST_CASE("the Event line search counts long runs of line feeds and finds a line at each step's end",
          "[event_line_scan]") {
  for (std::size_t blank_lines : {0, 1, 62, 63, 64, 65, 127, 128, 129, 1000}) {
    const std::string text = std::string(blank_lines, '\n') + "[Event \"a\"]\n" + "[Event \"b\"]\n";
    const std::vector<Found> expected = search_all(text, 0, EventLineScan::Bytes);
    REQUIRE(expected.front().at == (blank_lines > 0 ? blank_lines - 1 : blank_lines + 11));
    for (EventLineScan scan : vector_scans()) {
      INFO(blank_lines << " blank lines, scan " << static_cast<int>(scan));
      CHECK(search_all(text, 0, scan) == expected);
    }
  }
}

TEST_CASE("the widest Event line search is one this machine runs", "[event_line_scan]") {
  CHECK(event_line_scan_available(EventLineScan::Bytes));
  CHECK(event_line_scan_available(EventLineScan::Sse2));
  CHECK(event_line_scan_available(quarry::chess::widest_event_line_scan()));
}
