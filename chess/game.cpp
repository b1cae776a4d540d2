// Game: tag list and move tree. Nodes live in one vector and link by index (first child, next
// sibling), so a tree is cheap to build, copy and reuse.
#include "chess/game.h"

#include <algorithm>

namespace quarry::chess {

namespace {

const Position& initial_position() {
  static const Position kInitial = Position::initial();
  return kInitial;
}

}  // namespace

void Game::clear() {
  tag_count_ = 0;  // the slots keep their strings for the next game's tags
  result_.clear();
  number = 0;
  first_line = 0;
  set_start(initial_position());
}

const std::string* Game::tag(std::string_view name) const {
  for (const Tag& t : tags()) {
    if (t.name == name) return &t.value;
  }
  return nullptr;
}

Tag& Game::add_tag(std::string_view name, std::string_view value) {
  if (tag_count_ == tag_slots_.size()) {
    tag_slots_.push_back(Tag{std::string(name), std::string(value)});
    return tag_slots_[tag_count_++];
  }
  Tag& tag = tag_slots_[tag_count_++];
  if (tag.name != name) tag.name.assign(name);
  tag.value.assign(value);
  return tag;
}

void Game::set_tag(std::string_view name, std::string_view value) {
  for (std::size_t i = 0; i < tag_count_; ++i) {
    if (Tag& t = tag_slots_[i]; t.name == name) {
      t.value.assign(value);
      return;
    }
  }
  add_tag(name, value);
}

void Game::remove_tag(std::string_view name) {
  const auto end = tag_slots_.begin() + static_cast<std::ptrdiff_t>(tag_count_);
  for (auto it = tag_slots_.begin(); it != end; ++it) {
    if (it->name == name) {
      std::rotate(it, it + 1, end);  // the dropped tag becomes the first free slot
      --tag_count_;
      return;
    }
  }
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

void Game::grow_nodes() { nodes_.reserve(std::max<std::size_t>(64, nodes_.capacity() * 2)); }

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
