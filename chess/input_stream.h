// Byte sources beneath the PGN reader: plain files, standard input, and gzip, zstd, bzip2 and xz
// streams, decompressed as they are read. The format comes from the data's first bytes, never
// from the file name.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace quarry::chess {

enum class Compression : std::uint8_t { None, Gzip, Zstd, Bzip2, Xz };

std::string_view compression_name(Compression compression);
// The format whose magic bytes start `head` (None for anything else, PGN text included).
Compression detect_compression(std::string_view head);

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  ByteSource(const ByteSource&) = delete;
  ByteSource& operator=(const ByteSource&) = delete;

  // Fills up to `size` bytes of `out` with (decompressed) input. 0 means the input is exhausted,
  // or that it failed: error() then says why, with the byte offset in the file.
  virtual std::size_t read(char* out, std::size_t size) = 0;

  const std::string& error() const { return error_; }
  Compression compression() const { return compression_; }
  // Bytes taken from the file so far (compressed bytes for a compressed file), for progress.
  virtual std::uint64_t file_bytes_read() const = 0;

 protected:
  explicit ByteSource(Compression compression) : compression_(compression) {}
  void fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
  }

 private:
  Compression compression_;
  std::string error_;
};

// Opens `path` ("-" reads standard input). nullptr, with *error set, when it cannot be opened.
std::unique_ptr<ByteSource> open_byte_source(const std::string& path, std::string* error);
// Reads an already open stream, which stays open. A null stream is an empty input.
std::unique_ptr<ByteSource> byte_source_from_stream(std::FILE* stream);
// Gives `text`, then fails with `error` (when it is not empty): the end of an input that failed
// part way, read again after a split (chess/pgn_splitter.h).
std::unique_ptr<ByteSource> byte_source_from_text(std::string text, std::string error);

}  // namespace quarry::chess
