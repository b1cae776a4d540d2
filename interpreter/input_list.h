// The inputs a run reads: `-i` arguments expanded (a directory stands for every `.pgn*` file
// inside it, recursively, in sorted order), their sizes for progress, and the share of a
// `--shard K/N --shard-by file` run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace quarry::interpreter {

// Which part of the input a run examines: every game whose ordinal is K mod N, or (by_file) a
// contiguous slice of the expanded file list, of about 1/N of its bytes. {0, 1} is the whole input.
struct ShardSpec {
  std::uint64_t index = 0;  // K, 0 <= K < N
  std::uint64_t count = 1;  // N
  bool by_file = false;
  bool is_whole() const { return count == 1; }
  // Every game of the files it reads is its own: the whole input, or a slice of the files.
  bool owns_every_game() const { return by_file || is_whole(); }
  bool owns_game(std::uint64_t ordinal) const { return owns_every_game() || ordinal % count == index; }
};

// Parses "K/N" (0 <= K < N). False, with *error, on anything else.
bool parse_shard(const std::string& text, ShardSpec& shard, std::string* error);

// Files to read in order: "-" (standard input) and files as given, directories expanded.
std::vector<std::string> expand_inputs(const std::vector<std::string>& arguments);

// The files of the whole list that the shard reads (all of them unless sharding by file), each
// with its index in the whole list. File shards are contiguous slices of about equal bytes.
struct ShardFile {
  std::uint64_t index = 0;
  std::string path;
};
std::vector<ShardFile> files_of_shard(const std::vector<std::string>& files, const ShardSpec& shard);

// Total size in bytes of the files (standard input and unreadable files count 0), and whether
// every size was known.
std::uint64_t total_size(const std::vector<ShardFile>& files, bool* all_known);

}  // namespace quarry::interpreter
