// The memory the threads' reader reads its inputs into (chess/pgn_splitter.h): blocks shared
// with the texts handed out of them, given back and taken again from one input to the next.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "chess/page_mapping.h"

namespace quarry::chess {

// The memory a splitter reads its input into: blocks of kBlockSize bytes or more, each shared
// with the texts handed out of it (PgnSplitter::text_owner). A reader that opens one splitter per
// input passes the same SplitterBlocks to each, so that a new input reads into the blocks the
// last one left instead of memory new to the process, whose every 4 KiB page costs a fault, and
// on a virtual machine that shadows page tables a trip to the host at its first use from user
// space too. The first kArenaBlocks blocks are slices of one region in a huge page
// (chess/page_mapping.h): the blocks a run needs at once cost one fault, not 64 a block. Used on
// one thread, the one that takes and drops the blocks' copies.
class SplitterBlocks {
 public:
  struct Block {
    std::shared_ptr<char[]> bytes;  // not zeroed: only the bytes read are looked at
    std::size_t capacity = 0;
    std::size_t mapped = 0;  // the first `mapped` bytes' pages are mapped (chess/page_mapping.h)
  };
  // Small blocks: the memory a run reads into is the blocks in use at once (the threaded run's
  // window holds some hundred kB of texts, in two to five blocks, and the splitter reads into one
  // more).
  static constexpr std::size_t kBlockSize = std::size_t{256} << 10;
  static constexpr std::size_t kArenaBlocks = kHugePageSize / kBlockSize;
  // Other blocks (a long game's, or past the arena's) kept at most, and the largest kept.
  static constexpr std::size_t kKept = 4;
  static constexpr std::size_t kKeptCapacity = std::size_t{1} << 20;

  // A block of `capacity` bytes or more that no text holds any more, else a new one.
  Block take(std::size_t capacity);
  // Keeps `block` for a later take, once no text holds it: the arena's always, others up to
  // kKept (the oldest kept goes).
  void give(Block block);

 private:
  bool in_arena(const Block& block) const;

  // The arena's memory, shared with each of its blocks, so that a text held past this object
  // keeps its bytes. Allocated at the first take; null when it could not be had.
  std::shared_ptr<char[]> arena_;
  bool arena_tried_ = false;
  std::size_t arena_handed_out_ = 0;  // blocks cut from the arena so far (each is kept for good)
  std::vector<Block> kept_;
};

}  // namespace quarry::chess
