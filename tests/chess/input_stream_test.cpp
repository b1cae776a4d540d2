// Byte sources: format detection by magic bytes, each format read back to the same games as the
// plain text, concatenated streams, and corrupt or truncated archives reported with an offset.
#include <catch2/catch.hpp>

#include <bzlib.h>
#include <lzma.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "chess/input_stream.h"
#include "chess/pgn_reader.h"

using namespace quarry::chess;
namespace fs = std::filesystem;

namespace {

std::string games_text(int count) {
  std::string text;
  for (int i = 1; i <= count; ++i) {
    text += "[Event \"Game " + std::to_string(i) + "\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";
  }
  return text;
}

std::string gzip(const std::string& text) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, text.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string zstd(const std::string& text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  std::size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
  REQUIRE(ZSTD_isError(n) == 0);
  out.resize(n);
  return out;
}

std::string bzip2(const std::string& text) {
  std::string out(text.size() + text.size() / 100 + 600, '\0');
  auto size = static_cast<unsigned>(out.size());
  REQUIRE(BZ2_bzBuffToBuffCompress(out.data(), &size, const_cast<char*>(text.data()), static_cast<unsigned>(text.size()), 1, 0, 0) ==
          BZ_OK);
  out.resize(size);
  return out;
}

std::string xz(const std::string& text) {
  std::string out(lzma_stream_buffer_bound(text.size()), '\0');
  std::size_t size = 0;
  REQUIRE(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const std::uint8_t*>(text.data()), text.size(),
                                  reinterpret_cast<std::uint8_t*>(out.data()), &size, out.size()) == LZMA_OK);
  out.resize(size);
  return out;
}

std::string compress(Compression c, const std::string& text) {
  switch (c) {
    case Compression::Gzip: return gzip(text);
    case Compression::Zstd: return zstd(text);
    case Compression::Bzip2: return bzip2(text);
    case Compression::Xz: return xz(text);
    case Compression::None: break;
  }
  return text;
}

struct TempFile {
  fs::path path;
  explicit TempFile(const std::string& bytes) {
    static int serial = 0;
    path = fs::temp_directory_path() / ("quarry-input-test-" + std::to_string(::getpid()) + "-" + std::to_string(++serial));
    std::ofstream(path, std::ios::binary) << bytes;
  }
  ~TempFile() { fs::remove(path); }
};

struct ReadResult {
  std::vector<std::string> events;
  std::string error;
  std::uint64_t file_bytes = 0;
};

ReadResult read_games(const fs::path& path) {
  ReadResult result;
  std::string error;
  auto reader = PgnReader::open(path.string(), &error);
  REQUIRE(reader);
  Game game;
  PgnDiagnostic diagnostic;
  while (true) {
    PgnReader::Status status = reader->next(game, diagnostic);
    if (status == PgnReader::Status::End) break;
    if (status == PgnReader::Status::Game) result.events.push_back(*game.tag("Event"));
  }
  result.error = diagnostic.message;
  result.file_bytes = reader->file_bytes_read();
  return result;
}

std::string read_all(ByteSource& source) {
  std::string out;
  char block[777];  // odd size: reads end mid-stream
  for (std::size_t n; (n = source.read(block, sizeof block)) > 0;) out.append(block, n);
  return out;
}

constexpr Compression kFormats[] = {Compression::Gzip, Compression::Zstd, Compression::Bzip2, Compression::Xz};

}  // namespace

TEST_CASE("the format comes from the magic bytes", "[input]") {
  CHECK(detect_compression("[Event \"x\"]") == Compression::None);
  CHECK(detect_compression("") == Compression::None);
  CHECK(detect_compression("BZh") == Compression::None);  // too short to hold the block size
  CHECK(detect_compression("BZ the player") == Compression::None);
  for (Compression c : kFormats) CHECK(detect_compression(compress(c, "1. e4 *")) == c);
}

TEST_CASE("each compressed format reads the same games as the plain text", "[input]") {
  const std::string text = games_text(300);  // more than one raw block once decompressed
  TempFile plain(text);
  ReadResult expected = read_games(plain.path);
  REQUIRE(expected.events.size() == 300);
  CHECK(expected.file_bytes == text.size());
  for (Compression c : kFormats) {
    INFO(compression_name(c));
    const std::string packed = compress(c, text);
    TempFile file(packed);  // no telling suffix: the bytes decide
    ReadResult got = read_games(file.path);
    CHECK(got.error.empty());
    CHECK(got.events == expected.events);
    CHECK(got.file_bytes == packed.size());
  }
}

TEST_CASE("concatenated streams are read one after another", "[input]") {
  for (Compression c : kFormats) {
    INFO(compression_name(c));
    TempFile file(compress(c, games_text(2)) + compress(c, "[Event \"Last\"]\n\n1. d4 *\n"));
    ReadResult got = read_games(file.path);
    CHECK(got.error.empty());
    REQUIRE(got.events.size() == 3);
    CHECK(got.events[2] == "Last");
  }
}

TEST_CASE("a null stream is an empty input", "[input]") {
  auto source = byte_source_from_stream(nullptr);
  char block[16];
  CHECK(source->read(block, sizeof block) == 0);
  CHECK(source->error().empty());
  CHECK(source->compression() == Compression::None);
}

TEST_CASE("a stream source sniffs the format too (standard input)", "[input]") {
  const std::string packed = zstd(games_text(3));
  std::FILE* stream = std::tmpfile();
  REQUIRE(stream != nullptr);
  std::fwrite(packed.data(), 1, packed.size(), stream);
  std::rewind(stream);
  auto source = byte_source_from_stream(stream);
  CHECK(source->compression() == Compression::Zstd);
  CHECK(read_all(*source) == games_text(3));
  std::fclose(stream);
}

TEST_CASE("a truncated archive keeps the games before the cut and says where", "[input]") {
  for (Compression c : kFormats) {
    INFO(compression_name(c));
    // Several compressed blocks (100 kB for bzip2 -1, 128 kB for zstd): the first ones survive.
    std::string packed = compress(c, games_text(5000));
    packed.resize(packed.size() * 3 / 4);
    TempFile file(packed);
    ReadResult got = read_games(file.path);
    REQUIRE_FALSE(got.events.empty());
    CHECK(got.events.size() < 5000);
    CHECK(got.events.back() == "Game " + std::to_string(got.events.size()));  // in order, no gap
    CHECK_THAT(got.error, Catch::Contains(std::string(compression_name(c))) && Catch::Contains("byte"));
  }
}

TEST_CASE("corrupt data is an error with the byte offset, after the games before it", "[input]") {
  std::string packed = zstd(games_text(2000));
  for (std::size_t i = packed.size() / 2; i < packed.size() / 2 + 64; ++i) packed[i] = static_cast<char>(packed[i] ^ 0x5a);
  TempFile file(packed);
  ReadResult got = read_games(file.path);
  CHECK(got.events.size() < 2000);
  CHECK_THAT(got.error, Catch::StartsWith("zstd data corrupt near byte "));
}

TEST_CASE("data that is not an archive after a good stream is reported", "[input]") {
  TempFile file(gzip(games_text(2)) + "not gzip at all");
  ReadResult got = read_games(file.path);
  CHECK(got.events.size() == 2);
  CHECK_THAT(got.error, Catch::StartsWith("gzip data corrupt near byte"));
}

TEST_CASE("plain input of any length reads back byte for byte, past the sniffed page and the raw block",
          "[input]") {
  const std::string text = games_text(9000);  // about 690 KB
  for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{4095}, std::size_t{4096}, std::size_t{4097},
                           (std::size_t{256} << 10) - 1, std::size_t{256} << 10, (std::size_t{256} << 10) + 1,
                           text.size()}) {
    INFO("size " << size);
    TempFile file(text.substr(0, size));
    std::string error;
    auto source = open_byte_source(file.path, &error);
    REQUIRE(source);
    CHECK(source->compression() == Compression::None);
    CHECK(read_all(*source) == text.substr(0, size));
    CHECK(source->file_bytes_read() == size);
  }
}

TEST_CASE("a file that cannot be read is an error at its byte, and a source closes its file", "[input]") {
  auto open_files = [] { return std::distance(fs::directory_iterator("/proc/self/fd"), fs::directory_iterator()); };
  const auto before = open_files();
  {
    // A directory opens for reading; its first read fails.
    std::string error;
    auto source = open_byte_source(fs::temp_directory_path().string(), &error);
    REQUIRE(source);
    CHECK(open_files() == before + 1);
    char block[64];
    CHECK(source->read(block, sizeof block) == 0);
    CHECK(source->error() == "read error at byte 0: Is a directory");
  }
  {
    TempFile file(games_text(3));
    std::string error;
    auto source = open_byte_source(file.path, &error);
    REQUIRE(source);
    CHECK(read_all(*source) == games_text(3));
    CHECK(source->error().empty());
  }
  CHECK(open_files() == before);
  std::string error;
  CHECK(open_byte_source("/nonexistent/quarry-input.pgn", &error) == nullptr);
  CHECK(error == "cannot open /nonexistent/quarry-input.pgn: No such file or directory");
}
