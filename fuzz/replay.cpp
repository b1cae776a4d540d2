// fuzz_replay TARGET [--repeat N] [--slowest K] PATH…: runs every input under each PATH (a file,
// or a folder's files) through the fuzz entry point TARGET, N times, in an ordinary build: no
// libFuzzer, no sanitizer, so `perf record` or `valgrind --tool=callgrind` shows what the entry
// point itself costs per input. Prints the inputs run and the CPU time per input; with
// --slowest, also the K inputs that took the most CPU (a campaign's rate falls when its corpus
// gathers slow inputs, since mutating them gives slow inputs again).
#include <algorithm>
#include <cstddef>
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

struct Input {
  fs::path path;
  std::string text;
  double seconds = 0;  // CPU time over all repeats
};

void collect(const fs::path& path, std::vector<Input>& inputs) {
  if (!fs::is_directory(path)) {
    inputs.push_back({path, slurp(path)});
    return;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(path)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());  // the same order on every run
  for (const fs::path& file : files) inputs.push_back({file, slurp(file)});
}

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

}  // namespace

int main(int argc, char** argv) {
  const auto usage = [] {
    std::fprintf(stderr, "usage: fuzz_replay TARGET [--repeat N] [--slowest K] PATH...\n");
    return 2;
  };
  if (argc < 3) return usage();
  const quarry::fuzz::Entry entry = quarry::fuzz::entry_named(argv[1]);
  if (entry == nullptr) return usage();
  int first_path = 2;
  long repeat = 1;
  std::size_t slowest = 0;
  while (first_path < argc && (std::string(argv[first_path]) == "--repeat" ||
                               std::string(argv[first_path]) == "--slowest")) {
    if (first_path + 1 >= argc) return usage();
    char* end = nullptr;
    const long value = std::strtol(argv[first_path + 1], &end, 10);
    if (end == argv[first_path + 1] || *end != '\0' || value < 1) return usage();
    if (std::string(argv[first_path]) == "--repeat") {
      repeat = value;
    } else {
      slowest = static_cast<std::size_t>(value);
    }
    first_path += 2;
  }
  if (first_path >= argc) return usage();
  std::vector<Input> inputs;
  for (int i = first_path; i < argc; ++i) collect(argv[i], inputs);
  const std::size_t max_size = quarry::fuzz::max_fuzz_input(argv[1]);
  const double start = cpu_seconds();
  std::size_t runs = 0;
  for (long r = 0; r < repeat; ++r) {
    for (Input& input : inputs) {
      if (input.text.size() > max_size) continue;  // as the libFuzzer target skips them
      const double before = slowest != 0 ? cpu_seconds() : 0;
      entry(input.text);
      if (slowest != 0) input.seconds += cpu_seconds() - before;
      ++runs;
    }
  }
  const double seconds = cpu_seconds() - start;
  std::printf("%zu runs, %.3f s CPU, %.1f us per run\n", runs, seconds, runs ? seconds * 1e6 / static_cast<double>(runs) : 0.0);
  slowest = std::min(slowest, inputs.size());
  std::partial_sort(inputs.begin(), inputs.begin() + static_cast<std::ptrdiff_t>(slowest), inputs.end(),
                    [](const Input& a, const Input& b) { return a.seconds > b.seconds; });
  for (std::size_t i = 0; i < slowest; ++i) {
    std::printf("%10.1f us  %s\n", inputs[i].seconds * 1e6 / static_cast<double>(repeat), inputs[i].path.c_str());
  }
  return 0;
}
