// Output written atomically: to a temporary file beside the target, renamed into place on commit,
// so an interrupted or failed run never leaves a half-written or clobbered output file.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace quarry::interpreter {

class OutputFile {
 public:
  // "-" or "stdout" write to standard output (no temporary file).
  static std::unique_ptr<OutputFile> open(const std::string& path, std::string* error);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(std::string_view text);
  // Flushes, closes and renames the temporary file over the target. False (with *error) on failure.
  bool commit(std::string* error);
  const std::string& path() const { return path_; }

 private:
  OutputFile(std::string path, std::string temp_path, std::FILE* stream);
  std::string path_;
  std::string temp_path_;  // empty for standard output
  std::FILE* stream_;
  bool failed_ = false;
  bool committed_ = false;
};

}  // namespace quarry::interpreter
