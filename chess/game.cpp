// Game: tag list and move tree. Nodes live in one vector and link by index (first child, next
// sibling), so a tree is cheap to build, copy and reuse.
#include "chess/game.h"

#include <algorithm>

#include "chess/page_mapping.h"

namespace quarry::chess {

namespace {

const Position& initial_position() {
  static const Position kInitial = Position::initial();
  return kInitial;
}

}  // namespace

void Game::clear() {
  tags_.clear();  // the slots keep their strings for the next game's tags
  result_.clear();
  number = 0;
  first_line = 0;
  set_start(initial_position());
}

constinit const NodeAnnotations Game::kNoNodeAnnotations;  // no construction order to depend on

NodeAnnotations& Game::edit_annotations(NodeId id) {
  GameNode& node = nodes_[id];
  if (node.annotation_index >= annotations_.size()) {
    node.annotation_index = static_cast<std::uint32_t>(annotations_.size());
    annotations_.emplace_back();
  }
  return annotations_[node.annotation_index];
}

void Game::set_start(const Position& start) {
  nodes_.clear();
  annotations_.clear();
  nodes_.emplace_back(start);  // built from `start`, not default-built first
  preorder_valid_ = false;
}

void Game::grow_nodes() {
  const std::size_t capacity = std::max<std::size_t>(64, nodes_.capacity() * 2);
  // A long tree (an engine analysis, thousands of nodes) outgrows malloc's heap: each doubling is
  // then memory new to the process, whose every page costs a fault as the nodes are copied in
  // (about 14 µs on a virtual machine that takes faults to its host). The pages the copy fills are
  // mapped at once first, for a tenth of that (chess/page_mapping.h); the rest are mapped as the
  // tree grows into them, so that a tree's memory stays what its nodes use.
  constexpr std::size_t kNewToProcess = std::size_t{128} << 10;  // glibc's least mmap threshold
  if (capacity * sizeof(GameNode) < kNewToProcess) {
    nodes_.reserve(capacity);
    return;
  }
  std::vector<GameNode> grown;
  grown.reserve(capacity);
  map_pages_for_writing(reinterpret_cast<char*>(grown.data()), nodes_.size() * sizeof(GameNode));
  grown.insert(grown.end(), nodes_.begin(), nodes_.end());
  nodes_.swap(grown);
}

void Game::build_order() const {
  const std::size_t n = nodes_.size();
  preorder_.clear();
  preorder_.reserve(n);
  position_ids_.assign(n, 0);
  mainline_.assign(n, 0);
  // Pre-order over first-child/next-sibling links, without recursion: variations may nest deeply.
  NodeId id = 0;
  while (true) {
    position_ids_[id] = static_cast<NodeId>(preorder_.size());
    preorder_.push_back(id);
    if (nodes_[id].first_child != kNoNode) {
      id = nodes_[id].first_child;
      continue;
    }
    while (id != 0 && nodes_[id].next_sibling == kNoNode) id = nodes_[id].parent;
    if (id == 0) break;
    id = nodes_[id].next_sibling;
  }
  for (NodeId m = 0; m != kNoNode; m = nodes_[m].first_child) mainline_[m] = 1;
  preorder_valid_ = true;
}

const std::vector<NodeId>& Game::preorder() const {
  if (!preorder_valid_) build_order();
  return preorder_;
}

const std::vector<NodeId>& Game::position_ids() const {
  if (!preorder_valid_) build_order();
  return position_ids_;
}

bool Game::is_mainline(NodeId id) const {
  if (!preorder_valid_) build_order();
  return mainline_[id] != 0;
}

}  // namespace quarry::chess
