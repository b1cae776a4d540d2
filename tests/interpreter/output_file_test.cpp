// Atomic output: nothing appears at the target until commit; a failed run leaves it untouched.
// A path naming standard output's or error's file goes through that stream; a failed write says why.
#include <catch2/catch.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "interpreter/output_file.h"
#include "scratch_files.h"

using quarry::interpreter::OutputFile;
using quarry::testing::scratch_directory;
using quarry::testing::slurp;
namespace fs = std::filesystem;

namespace {

// Points a standard stream's descriptor (1 or 2) at `path` while it lives, as a shell's
// `> path` would, and puts the original back.
class Redirect {
 public:
  Redirect(std::FILE* stream, const fs::path& path) : stream_(stream), saved_(::dup(::fileno(stream))) {
    std::fflush(stream_);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    ::dup2(fd, ::fileno(stream_));
    ::close(fd);
  }
  ~Redirect() {
    std::fflush(stream_);
    ::dup2(saved_, ::fileno(stream_));
    ::close(saved_);
    std::clearerr(stream_);
  }
  Redirect(const Redirect&) = delete;
  Redirect& operator=(const Redirect&) = delete;

 private:
  std::FILE* stream_;
  int saved_;
};

}  // namespace

TEST_CASE("commit renames the temporary file into place", "[output_file]") {
  fs::path dir = scratch_directory("output-test");
  fs::path target = dir / "out.pgn";
  std::string error;
  auto out = OutputFile::open(target.string(), &error);
  REQUIRE(out);
  out->write("hello ");
  out->write("world");
  CHECK_FALSE(fs::exists(target));
  REQUIRE(out->commit(&error));
  CHECK(slurp(target) == "hello world");
  out.reset();
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  fs::remove_all(dir);
}

TEST_CASE("an uncommitted output leaves the old file and no temporary behind", "[output_file]") {
  fs::path dir = scratch_directory("output-test");
  fs::path target = dir / "out.pgn";
  std::ofstream(target) << "previous";
  std::string error;
  {
    auto out = OutputFile::open(target.string(), &error);
    REQUIRE(out);
    out->write("partial");
  }
  CHECK(slurp(target) == "previous");
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  fs::remove_all(dir);
}

TEST_CASE("an unwritable output is reported", "[output_file]") {
  std::string error;
  auto out = OutputFile::open("/nonexistent-dir/x/out.pgn", &error);
  CHECK_FALSE(out);
  CHECK(error.find("cannot write") != std::string::npos);
}

TEST_CASE("a large block goes to the file after what the stream holds, in order", "[output_file]") {
  fs::path dir = scratch_directory("output-test");
  fs::path target = dir / "out.pgn";
  std::string error;
  auto out = OutputFile::open(target.string(), &error);
  REQUIRE(out);
  const std::string block(200000, 'b');  // past the stream's buffer: written straight to the file
  out->write("first ");
  out->write_block(block);
  out->write_block(" small");  // a small one goes through the stream's buffer
  out->write(" last");
  REQUIRE(out->commit(&error));
  CHECK(slurp(target) == "first " + block + " small last");
  fs::remove_all(dir);
}

TEST_CASE("many blocks go to the file in one call after what the stream holds, in order", "[output_file]") {
  fs::path dir = scratch_directory("output-test");
  fs::path target = dir / "out.pgn";
  std::string error;
  auto out = OutputFile::open(target.string(), &error);
  REQUIRE(out);
  // More texts than one system call takes (64 a call here), empty ones among them.
  std::vector<std::string> games;
  std::string expected = "first ";
  for (int i = 0; i < 200; ++i) {
    games.push_back(i % 7 == 3 ? std::string() : std::string(static_cast<std::size_t>(i % 13) + 1, static_cast<char>('a' + i % 26)));
    expected += games.back();
  }
  const std::vector<std::string_view> texts(games.begin(), games.end());
  out->write("first ");
  out->write_blocks(texts);
  out->write(" last");
  REQUIRE(out->commit(&error));
  CHECK(slurp(target) == expected + " last");
  fs::remove_all(dir);
}

TEST_CASE("blocks are taken by files, not by standard output", "[output_file]") {
  // Standard output's stream carries `message` lines and the report too: its games go out one by
  // one through it, in order with those.
  std::string error;
  CHECK_FALSE(OutputFile::open("-", &error)->takes_blocks());
  CHECK_FALSE(OutputFile::open("stdout", &error)->takes_blocks());
  fs::path dir = scratch_directory("output-test");
  auto file = OutputFile::open((dir / "out.pgn").string(), &error);
  REQUIRE(file);
  CHECK(file->takes_blocks());
  auto device = OutputFile::open("/dev/null", &error);
  REQUIRE(device);
  CHECK(device->takes_blocks());
  file.reset();
  fs::remove_all(dir);
}

TEST_CASE("a path naming standard output's file is written through standard output", "[output_file]") {
  // `quarry … -o /dev/stdout > out.pgn`: a temporary file renamed over out.pgn would lose the
  // `message` lines and the report written to standard output meanwhile.
  fs::path dir = scratch_directory("output-test");
  fs::path shared = dir / "out.pgn";
  {
    Redirect redirect(stdout, shared);
    std::string error;
    for (const std::string& path : std::vector<std::string>{"/dev/stdout", "/proc/self/fd/1", shared.string()}) {
      auto out = OutputFile::open(path, &error);
      REQUIRE(out);
      CHECK_FALSE(out->takes_blocks());
      out->write("game " + path + "\n");
      std::fputs("message\n", stdout);
      REQUIRE(out->commit(&error));
    }
    std::fputs("report\n", stdout);
  }
  CHECK(slurp(shared) == "game /dev/stdout\nmessage\ngame /proc/self/fd/1\nmessage\ngame " + shared.string() +
                             "\nmessage\nreport\n");
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  fs::remove_all(dir);
}

TEST_CASE("a path naming standard error's file is written through standard error", "[output_file]") {
  fs::path dir = scratch_directory("output-test");
  fs::path shared = dir / "err.txt";
  {
    Redirect redirect(stderr, shared);
    std::string error;
    auto out = OutputFile::open("/dev/stderr", &error);
    REQUIRE(out);
    CHECK_FALSE(out->takes_blocks());
    std::fputs("quarry: note\n", stderr);
    out->write("games\n");
    std::fputs("quarry: summary\n", stderr);
    REQUIRE(out->commit(&error));
  }
  CHECK(slurp(shared) == "quarry: note\ngames\nquarry: summary\n");
  fs::remove_all(dir);
}

TEST_CASE("the null device keeps its blocks when standard output goes there too", "[output_file]") {
  // Nothing written there can be lost or out of order; a benchmark runs `-o /dev/null > /dev/null`.
  Redirect redirect(stdout, "/dev/null");
  std::string error;
  auto out = OutputFile::open("/dev/null", &error);
  REQUIRE(out);
  CHECK(out->takes_blocks());
}

TEST_CASE("a failed write is reported with its own reason", "[output_file]") {
  // The reason is the failing write's errno, not what errno says when commit comes (here: a
  // missing input opened in between).
  std::string error;
  auto out = OutputFile::open("/dev/full", &error);
  REQUIRE(out);
  REQUIRE(out->takes_blocks());
  out->write_block(std::string(OutputFile::kWriteBuffer, 'g'));  // straight to the device: fails now
  CHECK(::open("/nonexistent-quarry-input.pgn", O_RDONLY) < 0);
  CHECK_FALSE(out->commit(&error));
  CHECK(error == "cannot write '/dev/full': " + std::string(std::strerror(ENOSPC)));
}

TEST_CASE("a failed write through standard output is reported with its reason", "[output_file]") {
  Redirect redirect(stdout, "/dev/full");
  std::string error;
  auto out = OutputFile::open("-", &error);
  REQUIRE(out);
  out->write("games\n");
  CHECK_FALSE(out->commit(&error));
  CHECK(error == "error writing standard output: " + std::string(std::strerror(ENOSPC)));
}
