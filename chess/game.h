// Game: tags and a move tree (mainline + variations) holding the Position at every node.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <string>
#include <string_view>
#include <vector>

#include "chess/move.h"
#include "chess/position.h"
#include "chess/position_after.h"

namespace quarry::chess {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

struct Tag {
  std::string name;
  std::string value;
};

// What the input said at a node besides its move: comments and NAGs. Kept beside the tree, not
// in every node: most nodes have none, and without them a node is smaller to copy per move and has
// nothing to destroy when the Game is cleared for the next game.
struct NodeAnnotations {
  std::vector<std::string> comments_before;  // text before the move (first move of a variation)
  std::vector<std::string> comments_after;   // text after the move, i.e. at this position
  std::vector<std::uint8_t> nags;            // $N annotations, !/? suffixes converted to NAGs
  friend bool operator==(const NodeAnnotations&, const NodeAnnotations&) = default;
};

inline constexpr std::uint32_t kNoAnnotations = std::numeric_limits<std::uint32_t>::max();

// One node of the game tree: the position reached by `move` from the parent node. Children are
// kept in PGN order: the first child continues the line, later children are variations.
// Trivially destructible: clearing a tree destroys nothing node by node.
struct GameNode {
  GameNode() = default;
  // The root, its position copied once (not default-built first and then overwritten).
  explicit GameNode(const Position& start) : position(start) {}
  // A child node: the position after m, built from the parent's (Position's constructor for it).
  GameNode(const Position& parent_position, Move m, NodeId parent_id, std::uint16_t ply_from_root)
      : position(parent_position, m), move(m), ply(ply_from_root), parent(parent_id) {}

  Position position;
  Move move;                      // none() at the root
  std::uint16_t ply = 0;          // half-moves from the root
  NodeId parent = kNoNode;
  NodeId first_child = kNoNode;
  NodeId next_sibling = kNoNode;
  // The last of the children, so appending a variation is O(1) however many there are. It fills
  // the node's padding: kept here, it costs no separate per-node array to grow on every move.
  NodeId last_child = kNoNode;
  // Where the node's comments and NAGs are in its Game (Game::annotations), kNoAnnotations when
  // it has none.
  std::uint32_t annotation_index = kNoAnnotations;
};

static_assert(std::is_trivially_destructible_v<GameNode>);

class Game {
 public:
  Game() { clear(); }  // a root at the standard initial position, no tags

  // Drops tags, tree and result and leaves a root at the standard initial position; keeps the
  // capacity of its vectors so a reader can reuse one Game for every game of a file.
  void clear();

  // Tags in input order, duplicates kept.
  std::span<const Tag> tags() const { return {tag_slots_.data(), tag_count_}; }
  // Value of the first tag with this name (case-sensitive), nullptr when absent.
  const std::string* tag(std::string_view name) const;
  void set_tag(std::string_view name, std::string_view value);  // replaces the first or appends
  void remove_tag(std::string_view name);
  // Appends a tag (duplicates kept), reusing the slot (and string buffers) of a tag dropped by
  // clear().
  Tag& add_tag(std::string_view name, std::string_view value);

  // Node 0 is the root: the start position (initial, or from the [FEN] tag).
  NodeId root() const { return 0; }
  const GameNode& node(NodeId id) const { return nodes_[id]; }
  GameNode& node(NodeId id) { return nodes_[id]; }
  std::size_t node_count() const { return nodes_.size(); }

  // A node's comments and NAGs: empty lists for a node that has none (an imaginary node, which
  // belongs to no Game, too). Inline: the writer asks at every move.
  const NodeAnnotations& annotations(const GameNode& node) const {
    return node.annotation_index < annotations_.size() ? annotations_[node.annotation_index] : kNoNodeAnnotations;
  }
  const NodeAnnotations& annotations(NodeId id) const { return annotations(nodes_[id]); }
  // The node's comments and NAGs to change, made on first use.
  NodeAnnotations& edit_annotations(NodeId id);

  void set_start(const Position& start);      // clears the tree (annotations too) and sets the root
  // A node for move played from the parent's position. Inline: the reader calls it at every move.
  NodeId add_child(NodeId parent, Move move);
  NodeId mainline_child(NodeId id) const { return nodes_[id].first_child; }
  bool is_mainline(NodeId id) const;          // every node from root to id is a first child

  // Nodes in pre-order (parent before children, first child's subtree before the variations):
  // CQL's position-id order. position_ids()[node] is the node's index in that order.
  const std::vector<NodeId>& preorder() const;
  const std::vector<NodeId>& position_ids() const;

  // Movetext termination marker ("1-0", "0-1", "1/2-1/2", "*"); empty when the movetext had none.
  std::string& result() { return result_; }
  const std::string& result() const { return result_; }

  // 1-based index of the game in its input (broken games count too), and its first line.
  std::uint64_t number = 0;
  std::uint64_t first_line = 0;

 private:
  // The tags are the first tag_count_ slots; the slots after them are tags dropped by clear() or
  // remove_tag, kept with their string buffers for the next tags. clear() only resets the count:
  // a reader reusing one Game per file copies no string and moves no Tag per tag (the next game's
  // tags mostly have the same names in the same order, so a name in place is not even copied).
  std::vector<Tag> tag_slots_;
  std::size_t tag_count_ = 0;
  std::vector<GameNode> nodes_;
  std::vector<NodeAnnotations> annotations_;  // of the nodes that have any, by annotation_index
  static const NodeAnnotations kNoNodeAnnotations;
  std::string result_;
  void build_order() const;
  [[gnu::noinline]] void grow_nodes();  // out of add_child's inlined body: rare

  mutable std::vector<NodeId> preorder_;
  mutable std::vector<NodeId> position_ids_;
  mutable std::vector<std::uint8_t> mainline_;  // per node: 1 when is_mainline
  mutable bool preorder_valid_ = false;
};

inline NodeId Game::add_child(NodeId parent, Move move) {
  const auto id = static_cast<NodeId>(nodes_.size());
  // Growing first keeps `from` valid while the child is built in place from it.
  if (nodes_.size() == nodes_.capacity()) grow_nodes();
  const GameNode& from = nodes_[parent];
  nodes_.emplace_back(from.position, move, parent, static_cast<std::uint16_t>(from.ply + 1));
  GameNode& parent_node = nodes_[parent];
  if (parent_node.first_child == kNoNode) {
    parent_node.first_child = id;
  } else {
    nodes_[parent_node.last_child].next_sibling = id;
  }
  parent_node.last_child = id;
  preorder_valid_ = false;
  return id;
}

}  // namespace quarry::chess
