// Input expansion and file sharding.
#include "interpreter/input_list.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <system_error>

namespace quarry::interpreter {
namespace {

namespace fs = std::filesystem;

bool parse_number(std::string_view text, std::uint64_t& value) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end && !text.empty();
}

// `.pgn` files and their compressed forms (`.pgn.gz`, `.pgn.zst`, …), in any letter case.
bool is_pgn_name(std::string name) {
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::size_t at = name.find(".pgn");
  while (at != std::string::npos) {
    std::size_t after = at + 4;
    if (after == name.size() || name[after] == '.') return true;
    at = name.find(".pgn", at + 1);
  }
  return false;
}

void add_directory(const fs::path& dir, std::vector<std::string>& out) {
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
       it.increment(ec)) {
    if (it->is_regular_file(ec) && is_pgn_name(it->path().filename().string())) found.push_back(it->path().string());
  }
  std::sort(found.begin(), found.end());
  out.insert(out.end(), found.begin(), found.end());
}

}  // namespace

bool parse_shard(const std::string& text, ShardSpec& shard, std::string* error) {
  std::size_t slash = text.find('/');
  std::uint64_t k = 0, n = 0;
  if (slash == std::string::npos || !parse_number(std::string_view(text).substr(0, slash), k) ||
      !parse_number(std::string_view(text).substr(slash + 1), n) || n == 0 || k >= n) {
    if (error != nullptr) *error = "--shard wants K/N with 0 <= K < N (e.g. 0/4), not '" + text + "'";
    return false;
  }
  shard.index = k;
  shard.count = n;
  return true;
}

std::vector<std::string> expand_inputs(const std::vector<std::string>& arguments) {
  std::vector<std::string> files;
  for (const std::string& a : arguments) {
    std::error_code ec;
    if (a != "-" && fs::is_directory(a, ec)) {
      add_directory(a, files);
    } else {
      files.push_back(a);
    }
  }
  return files;
}

std::vector<ShardFile> files_of_shard(const std::vector<std::string>& files, const ShardSpec& shard) {
  std::vector<ShardFile> out;
  // Only a shard of files needs their sizes: a stat() a file, before the run's first game.
  if (!shard.by_file) {
    for (std::size_t i = 0; i < files.size(); ++i) out.push_back({i, files[i]});
    return out;
  }
  std::vector<std::uint64_t> sizes;
  std::uint64_t total = 0;
  for (const std::string& f : files) {
    std::error_code ec;
    std::uintmax_t size = f == "-" ? 0 : fs::file_size(f, ec);
    sizes.push_back(ec ? 0 : size);
    total += sizes.back();
  }
  // A contiguous slice, so each shard's games are a consecutive stretch of the input, balanced by
  // bytes: file i goes to the shard its middle byte falls in (by position when no size is known).
  std::uint64_t before = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    double middle = total > 0 ? (static_cast<double>(before) + static_cast<double>(sizes[i]) / 2) / static_cast<double>(total)
                              : (static_cast<double>(i) + 0.5) / static_cast<double>(files.size());
    before += sizes[i];
    auto owner = static_cast<std::uint64_t>(middle * static_cast<double>(shard.count));
    if (owner >= shard.count) owner = shard.count - 1;
    if (owner == shard.index) out.push_back({i, files[i]});
  }
  return out;
}

std::uint64_t total_size(const std::vector<ShardFile>& files, bool* all_known) {
  std::uint64_t total = 0;
  bool known = true;
  for (const ShardFile& f : files) {
    std::error_code ec;
    std::uintmax_t size = f.path == "-" ? 0 : fs::file_size(f.path, ec);
    if (f.path == "-" || ec) {
      known = false;
      continue;
    }
    total += size;
  }
  if (all_known != nullptr) *all_known = known;
  return total;
}

}  // namespace quarry::interpreter
