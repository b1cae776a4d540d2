// Test helpers for files: a private directory per test process, and a file's whole text.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace quarry::testing {

// An empty directory named for the test and the process (tests of several binaries run at once).
inline std::filesystem::path scratch_directory(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("quarry-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace quarry::testing
