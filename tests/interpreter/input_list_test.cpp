// Input lists: --shard parsing, directory expansion (recursive, sorted, .pgn* only), file shards.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "interpreter/input_list.h"

using namespace quarry::interpreter;
namespace fs = std::filesystem;

TEST_CASE("shard numbers are K/N with K below N", "[inputs]") {
  ShardSpec shard;
  std::string error;
  REQUIRE(parse_shard("2/3", shard, &error));
  CHECK(shard.index == 2);
  CHECK(shard.count == 3);
  CHECK(shard.owns_game(5));
  CHECK_FALSE(shard.owns_game(6));
  CHECK_FALSE(shard.owns_every_game());
  // A slice of the files, or the whole input: every game read is the shard's.
  ShardSpec by_file = shard;
  by_file.by_file = true;
  CHECK(by_file.owns_every_game());
  CHECK(by_file.owns_game(6));
  CHECK(ShardSpec{}.owns_every_game());
  for (const char* bad : {"3/3", "1/0", "1", "a/2", "1/2/3", "-1/2", "/2", "1/"}) {
    INFO(bad);
    CHECK_FALSE(parse_shard(bad, shard, &error));
    CHECK_THAT(error, Catch::Contains("K/N"));
  }
}

TEST_CASE("a directory stands for its .pgn* files (any case), recursively and sorted", "[inputs]") {
  fs::path dir = fs::temp_directory_path() / ("quarry-inputs-test-" + std::to_string(::getpid()));
  fs::create_directories(dir / "b" / "deep");
  fs::create_directories(dir / "a");
  for (const char* name : {"b/deep/z.pgn.zst", "b/x.pgn", "a/y.pgn.gz", "a/notes.txt", "a/pgn", "top.pgnx", "c.PGN.bz2"}) {
    std::ofstream(dir / name) << "x";
  }
  std::vector<std::string> files = expand_inputs({"-", dir.string(), "named.pgn"});
  fs::remove_all(dir);
  std::vector<std::string> expected = {"-", (dir / "a/y.pgn.gz").string(), (dir / "b/deep/z.pgn.zst").string(),
                                       (dir / "b/x.pgn").string(), (dir / "c.PGN.bz2").string(), "named.pgn"};
  CHECK(files == expected);
}

TEST_CASE("file shards are contiguous slices that cover every file once", "[inputs]") {
  std::vector<std::string> files = {"a", "b", "c", "d", "e"};
  std::vector<std::string> seen;
  for (std::uint64_t k = 0; k < 3; ++k) {
    ShardSpec shard{k, 3, true};
    for (const ShardFile& f : files_of_shard(files, shard)) {
      CHECK(files[f.index] == f.path);
      seen.push_back(f.path);
    }
  }
  CHECK(seen == files);
  CHECK(files_of_shard(files, ShardSpec{1, 3, false}).size() == 5);  // by game: every file
  ShardSpec many{6, 8, true};
  CHECK(files_of_shard(files, many).size() <= 1);
}

TEST_CASE("file shards balance bytes, not file counts", "[inputs]") {
  fs::path dir = fs::temp_directory_path() / ("quarry-shard-bytes-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<std::string> files;
  const std::size_t sizes[] = {9000, 100, 100, 100, 100, 100, 100, 100, 100, 9000};
  for (std::size_t size : sizes) {
    std::string name = "f";
    name += std::to_string(files.size());
    name += ".pgn";
    fs::path path = dir / name;
    files.push_back(path.string());
    std::ofstream(path) << std::string(size, 'x');
  }
  auto first = files_of_shard(files, ShardSpec{0, 2, true});
  auto second = files_of_shard(files, ShardSpec{1, 2, true});
  fs::remove_all(dir);
  CHECK(first.size() + second.size() == files.size());
  CHECK(first.size() == 5);  // the big first file and half the small ones
  CHECK(second.front().index == 5);
}
