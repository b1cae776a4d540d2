// Atomic output: nothing appears at the target until commit; a failed run leaves it untouched.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "interpreter/output_file.h"
#include "scratch_files.h"

using quarry::interpreter::OutputFile;
using quarry::testing::scratch_directory;
using quarry::testing::slurp;
namespace fs = std::filesystem;

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

TEST_CASE("blocks are taken by files, not by standard output", "[output_file]") {
  // Standard output may be a terminal, line-buffered, and carries `message` lines: its games go
  // out one by one, in order with those.
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
