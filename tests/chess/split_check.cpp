// split_check FILE|DIR...: every PGN file read whole and cut by the splitter (tests/chess/
// split_compare.h), game by game and in speculative chunks, normal and strict; prints the first
// difference per file, and how many chunks failed their check (cut again serially). Exit 0 when all
// agree, 1 on a difference, 77 when no file was found (the corpus is absent).
#include <cstdio>
#include <fstream>
#include <sstream>

#include "pgn_files.h"
#include "split_compare.h"

int main(int argc, char** argv) {
  const std::vector<std::string> files = quarry::test::pgn_files(argc, argv, 1);
  if (files.empty()) {
    std::puts("split_check: no PGN files: skipped");
    return 77;
  }
  int differ = 0;
  std::size_t chunks_failed[2] = {0, 0};
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const std::size_t failed_before = chunks_failed[0];
    for (bool strict : {false, true}) {
      // 160 texts in flight: the threaded run's window with two threads (5 batches of 32).
      for (std::size_t ahead : {std::size_t{0}, std::size_t{1}, std::size_t{160}}) {
        const std::string difference =
            ahead == 0 ? quarry::test::compare_split(text.str(), strict)
                       : quarry::test::compare_chunked(text.str(), strict, ahead, "", false,
                                                       ahead == 160 ? &chunks_failed[strict] : nullptr);
        if (difference.empty()) continue;
        ++differ;
        std::printf("%s%s, %zu ahead: %s\n", path.c_str(), strict ? " (strict)" : "", ahead,
                    difference.substr(0, 3000).c_str());
      }
    }
    if (chunks_failed[0] > failed_before) {
      std::printf("%s: %zu chunks failed\n", path.c_str(), chunks_failed[0] - failed_before);
    }
  }
  std::printf("split_check: %zu files, %d differ; chunks failed: %zu (%zu strict)\n", files.size(), differ,
              chunks_failed[0], chunks_failed[1]);
  return differ == 0 ? 0 : 1;
}
