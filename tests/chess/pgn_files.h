// The PGN files a corpus tool reads: each argument a file, or a directory searched for .pgn files.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace quarry::test {

inline std::vector<std::string> pgn_files(int argc, char** argv, int first) {
  std::vector<std::string> files;
  for (int i = first; i < argc; ++i) {
    const std::filesystem::path path(argv[i]);
    if (std::filesystem::is_directory(path)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
        if (entry.path().extension() == ".pgn") files.push_back(entry.path().string());
      }
    } else if (std::filesystem::exists(path)) {
      files.push_back(path.string());
    }
  }
  return files;
}

}  // namespace quarry::test
