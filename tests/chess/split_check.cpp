// split_check FILE|DIR...: every PGN file read whole and cut by the splitter (tests/chess/
// split_compare.h), normal and strict; prints the first difference per file. Exit 0 when all
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
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    for (bool strict : {false, true}) {
      const std::string difference = quarry::test::compare_split(text.str(), strict);
      if (difference.empty()) continue;
      ++differ;
      std::printf("%s%s: %s\n", path.c_str(), strict ? " (strict)" : "", difference.substr(0, 3000).c_str());
    }
  }
  std::printf("split_check: %zu files, %d differ\n", files.size(), differ);
  return differ == 0 ? 0 : 1;
}
