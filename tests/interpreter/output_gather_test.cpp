// The threaded run's games gathered into blocks: written in the order added, from the buffers
// kept, once a block's worth is held (or when asked, or at the end), with nothing lost or repeated.
#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/output_file.h"
#include "interpreter/output_gather.h"
#include "scratch_files.h"

using quarry::interpreter::OutputFile;
using quarry::interpreter::OutputGather;
using quarry::interpreter::OutputMode;
using quarry::testing::scratch_directory;
using quarry::testing::slurp;
namespace fs = std::filesystem;

namespace {

// The file the gathered games go to: appended to, so written in place, where what is written can
// be read before commit; its scratch directory goes with it.
struct ScratchOutput {
  fs::path dir = scratch_directory("gather-test");
  fs::path target = dir / "out.pgn";
  std::string error;
  std::unique_ptr<OutputFile> out = OutputFile::open(target.string(), &error, OutputMode::Append);
  ~ScratchOutput() { fs::remove_all(dir); }
  // The file's text once committed.
  std::string committed() {
    REQUIRE(out->commit(&error));
    return slurp(target);
  }
};

// A batch's buffer: games one after another, each added as its own text.
void add_games(OutputGather& gather, std::string& buffer, const std::vector<std::string>& games) {
  buffer.clear();
  for (const std::string& game : games) buffer += game;
  std::size_t at = 0;
  for (const std::string& game : games) {
    gather.add(buffer, std::string_view(buffer).substr(at, game.size()));
    at += game.size();
  }
}

}  // namespace

TEST_CASE("gathered games are written in the order added, short buffers too", "[output_gather]") {
  ScratchOutput file;
  REQUIRE(file.out);
  std::string expected;
  {
    OutputGather gather(*file.out);
    std::string buffer;
    // Texts shorter than a string's inline buffer live in the string object, which keep() moves.
    for (int batch = 0; batch < 40; ++batch) {
      const std::vector<std::string> games = {std::to_string(batch), "b", "", "cd"};
      add_games(gather, buffer, games);
      for (const std::string& game : games) expected += game;
      gather.keep(buffer);
      CHECK(buffer.empty());
    }
    // Only some of a batch's games written: the ones skipped are not.
    buffer = "keep1 skip keep2";
    gather.add(buffer, std::string_view(buffer).substr(0, 6));
    gather.add(buffer, std::string_view(buffer).substr(11, 5));
    gather.keep(buffer);
    expected += "keep1 keep2";
    gather.write();
  }
  CHECK(file.committed() == expected);
}

TEST_CASE("a block's worth of gathered games is written at once, the rest at the end", "[output_gather]") {
  ScratchOutput file;
  REQUIRE(file.out);
  const std::string game(4000, 'g');  // batches of 8000 bytes: fewer than kMostKept make a block
  std::string expected;
  std::optional<OutputGather> gather(std::in_place, *file.out);
  std::string buffer;
  std::size_t batches = 0;
  while (expected.size() < OutputFile::kWriteBuffer) {
    add_games(*gather, buffer, {game, game});
    gather->keep(buffer);
    expected += game + game;
    ++batches;
    // Below a block nothing is written yet; the keep that reaches one writes every batch held.
    CHECK(fs::file_size(file.target) == (expected.size() < OutputFile::kWriteBuffer ? 0 : expected.size()));
  }
  CHECK(batches == OutputFile::kWriteBuffer / 8000 + 1);
  // A batch's buffer given back is one written before: its memory is used again.
  add_games(*gather, buffer, {"tail"});
  CHECK(buffer.capacity() >= 8000);
  gather->keep(buffer);
  expected += "tail";
  // Texts added from a buffer that never reached keep() (its batch gone with an exception) are
  // not written; the destructor writes the rest.
  std::string lost = "lost game text, longer than a short string";
  gather->add(lost, lost);
  gather.reset();
  CHECK(file.committed() == expected);
}

TEST_CASE("gathered games are written once kMostKept buffers are held, however short", "[output_gather]") {
  // A query that writes a game here and there: the buffers held, not the bytes, set when it writes.
  ScratchOutput file;
  REQUIRE(file.out);
  std::string expected;
  {
    OutputGather gather(*file.out);
    std::string buffer;
    for (std::size_t batch = 1; batch <= 2 * OutputGather::kMostKept; ++batch) {
      add_games(gather, buffer, {std::string(100, static_cast<char>('a' + batch % 26))});
      gather.keep(buffer);
      expected += std::string(100, static_cast<char>('a' + batch % 26));
      const std::size_t written = batch / OutputGather::kMostKept * OutputGather::kMostKept * 100;
      CHECK(fs::file_size(file.target) == written);
    }
  }
  CHECK(file.committed() == expected);
}
