// The threaded run's games, gathered for the output in blocks: the reader retires games batch by
// batch, and each batch's written games lie one after another in the batch's own text buffer
// (game_batch.h, Batch::output_text). Written game by game, each was copied into the
// output stream's buffer, on the one thread that retires them; gathered, the batches' buffers are
// kept until a block's worth (OutputFile::kWriteBuffer) is held, or kMostKept buffers, then
// written with one writev and no copy, as the one-thread run writes its blocks (GameOutput).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/output_file.h"

namespace quarry::interpreter {

class OutputGather {
 public:
  static constexpr std::size_t kMostKept = 16;

  // `file` takes blocks (OutputFile::takes_blocks) and outlives this.
  explicit OutputGather(OutputFile& file) : file_(file) {}
  // Writes what is held: a run that ends early (an exception) still writes the games it retired.
  ~OutputGather() { write(); }
  OutputGather(const OutputGather&) = delete;
  OutputGather& operator=(const OutputGather&) = delete;

  // A game's text, written after those added before it: a part of the caller's `buffer`, which
  // holds every text added since the last keep() and is handed over by the next.
  void add(const std::string& buffer, std::string_view text);
  // Takes `buffer` (the texts added since the last keep() lie in it), leaving an empty one in its
  // place that keeps a kept buffer's memory; writes once a block's worth, or kMostKept buffers,
  // are held.
  void keep(std::string& buffer);
  // Writes every text kept, in order.
  void write();

 private:
  struct Piece {
    std::size_t buffer;  // the index in kept_ the text's buffer has (or will have, on keep())
    std::size_t begin, end;
  };
  OutputFile& file_;
  std::vector<Piece> pieces_;
  std::vector<std::string> kept_;
  std::vector<std::string> spare_;  // emptied buffers whose memory a batch takes again
  std::size_t bytes_ = 0;           // of the pieces
  std::vector<std::string_view> texts_;  // write()'s own, kept for its memory
};

}  // namespace quarry::interpreter
