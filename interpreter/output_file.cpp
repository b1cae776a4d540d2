// Temp-file-and-rename output.
#include "interpreter/output_file.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace quarry::interpreter {

std::unique_ptr<OutputFile> OutputFile::open(const std::string& path, std::string* error) {
  if (path == "-" || path == "stdout") return std::unique_ptr<OutputFile>(new OutputFile(path, "", stdout));
  std::string temp = path + ".quarry-tmp-" + std::to_string(::getpid());
  std::FILE* stream = std::fopen(temp.c_str(), "wb");
  if (stream == nullptr) {
    if (error) *error = "cannot write '" + path + "': " + std::strerror(errno);
    return nullptr;
  }
  return std::unique_ptr<OutputFile>(new OutputFile(path, temp, stream));
}

OutputFile::OutputFile(std::string path, std::string temp_path, std::FILE* stream)
    : path_(std::move(path)), temp_path_(std::move(temp_path)), stream_(stream) {}

OutputFile::~OutputFile() {
  if (committed_ || temp_path_.empty()) {
    if (temp_path_.empty() && stream_) std::fflush(stream_);
    return;
  }
  std::fclose(stream_);
  std::remove(temp_path_.c_str());
}

void OutputFile::write(std::string_view text) {
  if (failed_ || text.empty()) return;
  if (std::fwrite(text.data(), 1, text.size(), stream_) != text.size()) failed_ = true;
}

bool OutputFile::commit(std::string* error) {
  if (temp_path_.empty()) {
    committed_ = true;
    if (std::fflush(stream_) != 0 || failed_) {
      if (error) *error = "error writing standard output";
      return false;
    }
    return true;
  }
  bool ok = !failed_ && std::fflush(stream_) == 0;
  ok = (std::fclose(stream_) == 0) && ok;
  stream_ = nullptr;
  committed_ = true;
  if (ok && std::rename(temp_path_.c_str(), path_.c_str()) == 0) return true;
  if (error) *error = "cannot write '" + path_ + "': " + std::strerror(errno);
  std::remove(temp_path_.c_str());
  return false;
}

}  // namespace quarry::interpreter
