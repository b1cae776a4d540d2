// The threaded run's games, gathered for the output in blocks (see output_gather.h).
#include "interpreter/output_gather.h"

#include <utility>

namespace quarry::interpreter {

void OutputGather::add(const std::string& buffer, std::string_view text) {
  if (text.empty()) return;
  // Pieces are offsets, not views: a short buffer's text lives inside the string object, which
  // keep() moves.
  const auto begin = static_cast<std::size_t>(text.data() - buffer.data());
  const std::size_t end = begin + text.size();
  bytes_ += text.size();
  // The games a batch writes follow one another in its buffer: one piece for the lot.
  if (!pieces_.empty() && pieces_.back().buffer == kept_.size() && pieces_.back().end == begin) {
    pieces_.back().end = end;
    return;
  }
  pieces_.push_back(Piece{kept_.size(), begin, end});
}

void OutputGather::keep(std::string& buffer) {
  if (pieces_.empty() || pieces_.back().buffer != kept_.size()) return;  // nothing of it added
  kept_.push_back(std::move(buffer));
  buffer.clear();
  // A run that writes few games (most queries) fills a block from many batches: at most kMostKept
  // buffers are held, so that the memory held stays that of a few batches.
  if (bytes_ >= OutputFile::kWriteBuffer || kept_.size() >= kMostKept) write();
  if (!spare_.empty()) {
    buffer.swap(spare_.back());
    spare_.pop_back();
  }
}

void OutputGather::write() {
  if (pieces_.empty()) return;
  texts_.clear();
  for (const Piece& piece : pieces_) {
    // A piece of a buffer never kept went with it (an exception while its batch retired).
    if (piece.buffer == kept_.size()) break;
    texts_.push_back(std::string_view(kept_[piece.buffer]).substr(piece.begin, piece.end - piece.begin));
  }
  file_.write_blocks(texts_);
  pieces_.clear();
  bytes_ = 0;
  for (std::string& buffer : kept_) {
    buffer.clear();
    spare_.push_back(std::move(buffer));
  }
  kept_.clear();
}

}  // namespace quarry::interpreter
