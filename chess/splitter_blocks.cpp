// SplitterBlocks: blocks taken, given back once no text holds them, and the first ones cut from
// one region in a huge page.
#include "chess/splitter_blocks.h"

#include <algorithm>
#include <cstdint>

namespace quarry::chess {

SplitterBlocks::Block SplitterBlocks::take(std::size_t capacity) {
  for (auto it = kept_.begin(); it != kept_.end(); ++it) {
    if (it->bytes.use_count() == 1 && it->capacity >= capacity) {
      Block block = std::move(*it);
      kept_.erase(it);
      return block;
    }
  }
  if (!arena_tried_) {
    arena_tried_ = true;
    arena_ = std::shared_ptr<char[]>(allocate_huge_page_memory(kHugePageSize));
  }
  if (arena_ != nullptr && capacity <= kBlockSize && arena_handed_out_ < kArenaBlocks) {
    char* const bytes = arena_.get() + arena_handed_out_++ * kBlockSize;
    // A count of its own, which take() reads; the arena's memory lives as long as any block of it.
    return Block{std::shared_ptr<char[]>(bytes, [arena = arena_](char*) {}), kBlockSize, 0};
  }
  return Block{std::make_shared_for_overwrite<char[]>(capacity), capacity, 0};
}

bool SplitterBlocks::in_arena(const Block& block) const {
  const auto first = reinterpret_cast<std::uintptr_t>(arena_.get());
  const auto bytes = reinterpret_cast<std::uintptr_t>(block.bytes.get());
  return arena_ != nullptr && bytes >= first && bytes < first + kHugePageSize;
}

void SplitterBlocks::give(Block block) {
  // A block grown for a long game is not kept: the memory kept stays that of ordinary games.
  if (block.capacity > kKeptCapacity) return;
  kept_.push_back(std::move(block));
  std::size_t others = 0;
  for (const Block& b : kept_) others += in_arena(b) ? 0 : 1;
  if (others <= kKept) return;
  kept_.erase(std::find_if(kept_.begin(), kept_.end(), [this](const Block& b) { return !in_arena(b); }));
}

}  // namespace quarry::chess
