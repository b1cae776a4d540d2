// fuzz_replay TARGET [--repeat N] PATH…: runs every input under each PATH (a file, or a folder's
// files) through the fuzz entry point TARGET, N times, in an ordinary build: no libFuzzer, no
// sanitizer, so `perf record` or `valgrind --tool=callgrind` shows what the entry point itself
// costs per input. Prints the inputs run and the CPU time per input.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/fuzz_entries.h"

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void collect(const fs::path& path, std::vector<std::string>& inputs) {
  if (!fs::is_directory(path)) {
    inputs.push_back(slurp(path));
    return;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(path)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());  // the same order on every run
  for (const fs::path& file : files) inputs.push_back(slurp(file));
}

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

}  // namespace

int main(int argc, char** argv) {
  const auto usage = [] {
    std::fprintf(stderr, "usage: fuzz_replay TARGET [--repeat N] PATH...\n");
    return 2;
  };
  if (argc < 3) return usage();
  const quarry::fuzz::Entry entry = quarry::fuzz::entry_named(argv[1]);
  if (entry == nullptr) return usage();
  int first_path = 2;
  long repeat = 1;
  if (std::string(argv[2]) == "--repeat") {
    if (argc < 5) return usage();
    repeat = std::max(1L, std::atol(argv[3]));
    first_path = 4;
  }
  std::vector<std::string> inputs;
  for (int i = first_path; i < argc; ++i) collect(argv[i], inputs);
  const std::size_t max_size = quarry::fuzz::max_fuzz_input(argv[1]);
  const double start = cpu_seconds();
  std::size_t runs = 0;
  for (long r = 0; r < repeat; ++r) {
    for (const std::string& input : inputs) {
      if (input.size() > max_size) continue;  // as the libFuzzer target skips them
      entry(input);
      ++runs;
    }
  }
  const double seconds = cpu_seconds() - start;
  std::printf("%zu runs, %.3f s CPU, %.1f us per run\n", runs, seconds, runs ? seconds * 1e6 / static_cast<double>(runs) : 0.0);
  return 0;
}
