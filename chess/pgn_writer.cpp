// PGN writer: tags, then the move tree as wrapped movetext. Variations are walked with an explicit
// stack, so deeply nested input cannot overflow the call stack. Everything is appended to the
// caller's string, and the scratch memory stays with the PgnWriter from one game to the next:
// writing a game allocates nothing once the buffers have grown (see bench/RESULTS.md, "writing").
#include "chess/pgn_writer.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "chess/notation.h"
#include "chess/pgn_comment_text.h"
#include "chess/pgn_line_writer.h"
#include "chess/pgn_move_token.h"
#include "chess/pgn_tag_line.h"
#include "chess/san_common.h"

namespace quarry::chess {

namespace {

// The tags that say where the game starts and by which rules: without them its moves would not
// read back, so tag patterns never leave them out.
bool defines_the_game(std::string_view name) { return name == "FEN" || name == "SetUp" || name == "Variant"; }

// Whether a legal move is known to follow the node's move; `nodes` are its game's nodes. A node's
// move is legal or the null move (the reader and the REPL add no other): a child that is not a
// null move is a legal reply, so a check before it is no mate. Looked at only after a check, the
// one case where it matters.
bool reply_known(const GameNode* nodes, const GameNode& node) {
  return node.position.in_check() && node.first_child != kNoNode && !nodes[node.first_child].move.is_null();
}

// The SAN of a node's move.
SanText move_san(const GameNode* nodes, const GameNode& parent, const GameNode& node) {
  return san_text(parent.position, node.move, node.position, reply_known(nodes, node));
}
SanText move_san(const GameNode* nodes, const GameNode& node) { return move_san(nodes, nodes[node.parent], node); }

// A value the compiler must take as unknown (an empty asm; compilers without GNU asm get nothing):
// it cannot then replace a guess by the loaded value the guess is checked against.
template <class T>
void opaque(T& value) {
#if defined(__GNUC__)
  __asm__("" : "+r"(value));
#else
  (void)value;
#endif
}

// Steps `node` (numbered `id`) to the next node on its line; false at the line's end. The reader
// appends a move's node right after its parent's, so the next node is nearly always id + 1, the
// next GameNode in memory: taken as a guess (checked by a branch the CPU predicts), the next
// node's loads need not wait for this node's first_child, a chain of loads that set the pace of
// the writer's loop, nor for its address to be computed from it.
[[gnu::always_inline]] inline bool step_in_line(const GameNode* nodes, const GameNode*& node, NodeId& id) {
  const NodeId next = node->first_child;
  if (next == kNoNode) return false;
  NodeId guess = id + 1;
  opaque(guess);
  if (next != guess) [[unlikely]] {
    id = next;
    node = &nodes[next];
    return true;
  }
  id = guess;
  ++node;
  return true;
}

}  // namespace

// The movetext of one game at a time, and the memory kept between games.
class PgnWriter::Impl {
 public:
  explicit Impl(const PgnFormat& format)
      : format_(format),
        collect_(format.compact_comments || format.unique_comments || format.coalesce_comments),
        plain_layout_(!format.split_moves) {}

  // After the games appended before it when append, else instead of them; returns the game's text.
  std::string_view write(const Game& game, std::span<const std::span<const InsertedComment>> inserted,
                         RepeatedComment repeated, bool append);
  std::string_view appended_text() const { return line_.text().substr(0, appended_); }
  void clear_text() { appended_ = 0; }

 private:
  struct Frame {
    NodeId node;       // next node of this line to write; kNoNode when the line is done
    NodeId variation;  // next variation of the last written node to open
    bool first;        // whether `node` is its parent's first child (it opens its alternatives)
  };

  void index_inserted(std::span<const std::span<const InsertedComment>> inserted);
  void index_repeated(RepeatedComment repeated);
  bool every_node_in_order(std::span<const NodeId> ids);
  void repeated_comment();
  bool only_repeated_after(NodeId id, const GameNode& node) const;
  void movetext(std::string_view result);
  void add(std::string_view text);
  void write_place();
  void comment(std::string_view text);
  void rewritten_comment(std::string_view text);
  void annotations(NodeId id, const NodeAnnotations& notes);
  void move(NodeId id);
  void long_numbered_move(NodeId id, const GameNode& node, bool white);
  NodeId plain_moves(NodeId id, bool first);
  template <bool kEveryNode, bool kDefaultLayout>
  NodeId plain_run(NodeId id, bool first);

  const PgnFormat& format_;
  const bool collect_;  // comments gathered per place, for compacting, coalescing or uniqueness
  const Game* game_ = nullptr;
  LineWriter line_;
  std::size_t appended_ = 0;  // the buffer's first bytes that hold whole games given to append()
  std::vector<std::uint32_t> first_;  // per node (and one past the last): its first entry of by_node_
  std::vector<std::uint32_t> next_;   // per node, while indexing: where its next entry goes
  std::vector<const std::string*> by_node_;  // the inserted comments' texts, in node order
  bool indexed_ = false;              // false: every inserted comment is at the root, first_ unused
  std::vector<std::uint8_t> repeated_at_;  // per node: whether the repeated comment is written there
  std::vector<NodeId> in_order_;      // 0, 1, 2, …: the nodes of a game that matches at every node
  bool at_every_node_ = false;        // the repeated comment goes after every move (repeated_at_ all 1)
  std::string repeated_text_;         // the repeated comment, and as a token when plain ("{CQL}")
  std::string repeated_token_;
  bool repeated_plain_ = false;
  // The token again in LineWriter::kPadded bytes when it fits and is written as it is (nothing
  // collected): copied next to its move as one run. Size 0: not usable.
  std::array<char, LineWriter::kPadded> repeated_block_{};
  std::size_t repeated_block_size_ = 0;
  std::vector<std::string> place_;    // the comments of one place (before a move, or after it)
  std::size_t place_size_ = 0;        // entries of place_ in use (the rest keep their memory)
  std::string text_;                  // a token being put together
  std::vector<Frame> stack_;
  bool need_number_ = true;  // black's move gets "N..." at a line start or after a comment
  // The kMoveNumbers entry of the root's move number and side (2n, or 2n + 1 with black to move):
  // the entry before a node's move is this plus the node's ply, less one. plain_moves writes a
  // game only when every entry its nodes could need is in the table (tabled_numbers_); else
  // move() writes each move.
  std::uint32_t number_base_ = 2;
  bool tabled_numbers_ = true;
  const bool plain_layout_;  // the format lets plain_moves write moves (no split move numbers)
};

// The inserted comments grouped by node (a counting sort, stable: group order, then list order).
// A comment naming no node of the game is never written. Most games have inserted comments at
// the root only (the "Game number" header): then they are kept in order and no index is built.
void PgnWriter::Impl::index_inserted(std::span<const std::span<const InsertedComment>> inserted) {
  const std::size_t nodes = game_->node_count();
  by_node_.clear();
  indexed_ = false;
  for (std::span<const InsertedComment> group : inserted) {
    for (const InsertedComment& c : group) {
      if (c.node == game_->root()) {
        by_node_.push_back(&c.text);
      } else if (c.node < nodes) {
        indexed_ = true;
      }
    }
  }
  if (!indexed_) return;
  first_.assign(nodes + 1, 0);
  for (std::span<const InsertedComment> group : inserted) {
    for (const InsertedComment& c : group) {
      if (c.node < nodes) ++first_[c.node + 1];
    }
  }
  for (std::size_t i = 1; i <= nodes; ++i) first_[i] += first_[i - 1];
  by_node_.resize(first_[nodes]);
  next_.assign(first_.begin(), first_.end() - 1);
  for (std::span<const InsertedComment> group : inserted) {
    for (const InsertedComment& c : group) {
      if (c.node < nodes) by_node_[next_[c.node]++] = &c.text;
    }
  }
}

// Marks the nodes that get the repeated comment, and keeps its text as a ready token: the same
// text comes with every game, so it is tested and braced only when it changes.
void PgnWriter::Impl::index_repeated(RepeatedComment repeated) {
  const std::size_t nodes = game_->node_count();
  at_every_node_ = every_node_in_order(repeated.nodes);
  if (at_every_node_) {
    repeated_at_.assign(nodes, 1);
  } else {
    repeated_at_.assign(nodes, 0);
    for (NodeId id : repeated.nodes) {
      if (id < nodes) repeated_at_[id] = 1;
    }
  }
  if (repeated.nodes.empty()) return;
  if (repeated.text == repeated_text_ && !repeated_token_.empty()) return;
  repeated_text_.assign(repeated.text);
  repeated_plain_ = plain_comment(repeated_text_);
  repeated_token_ = "{" + repeated_text_ + "}";
  repeated_block_.fill(0);
  const bool fits = repeated_plain_ && !collect_ && repeated_token_.size() <= repeated_block_.size();
  repeated_block_size_ = fits ? repeated_token_.size() : 0;
  if (fits) std::memcpy(repeated_block_.data(), repeated_token_.data(), repeated_token_.size());
}

// Whether `ids` are the game's nodes 0, 1, 2, … in order: `true` matches at every position, and a
// game without variations is visited in node order. Compared as one block (memcmp runs 32 bytes
// a step) instead of stored node by node: ~9 instructions a move less.
bool PgnWriter::Impl::every_node_in_order(std::span<const NodeId> ids) {
  const std::size_t nodes = game_->node_count();
  if (ids.size() != nodes || nodes == 0) return false;
  if (in_order_.size() < nodes) {
    const std::size_t from = in_order_.size();
    in_order_.resize(std::max(nodes, 2 * from));
    for (std::size_t i = from; i < in_order_.size(); ++i) in_order_[i] = static_cast<NodeId>(i);
  }
  return std::memcmp(ids.data(), in_order_.data(), nodes * sizeof(NodeId)) == 0;
}

// Whether the repeated comment is all there is to write after the move leading to the node, and
// its ready block can go with the move.
bool PgnWriter::Impl::only_repeated_after(NodeId id, const GameNode& node) const {
  if (repeated_at_[id] == 0 || repeated_block_size_ == 0) return false;
  if (node.annotation_index != kNoAnnotations) {
    const NodeAnnotations& notes = game_->annotations(node);
    if (!format_.elide_nags && !notes.nags.empty()) return false;
    if (!format_.elide_comments && !notes.comments_after.empty()) return false;
  }
  return !indexed_ || first_[id] == first_[id + 1];
}

// One comment of the current place: written at once, or collected when the format compacts,
// coalesces or drops repeats.
void PgnWriter::Impl::add(std::string_view text) {
  if (!collect_) {
    comment(text);
    return;
  }
  if (place_size_ == place_.size()) place_.emplace_back();
  std::string& entry = place_[place_size_];
  if (format_.compact_comments) {
    assign_compact_text(entry, text);
    if (entry.empty()) return;
  } else {
    entry.assign(text);
  }
  const auto end = place_.begin() + static_cast<std::ptrdiff_t>(place_size_);
  if (format_.unique_comments && std::find(place_.begin(), end, entry) != end) return;
  ++place_size_;
}

// Writes the collected comments of the place, as one comment when coalescing, and empties it.
void PgnWriter::Impl::write_place() {
  if (place_size_ == 0) return;
  if (format_.coalesce_comments && place_size_ > 1) {
    std::string& joined = place_[0];
    for (std::size_t i = 1; i < place_size_; ++i) {
      joined += ' ';
      joined += place_[i];
    }
    comment(joined);
  } else {
    for (std::size_t i = 0; i < place_size_; ++i) comment(place_[i]);
  }
  place_size_ = 0;
}

// A comment as it is, between braces, when it can be (the common case, kept small to inline).
void PgnWriter::Impl::comment(std::string_view raw) {
  if (format_.move_number_after_comment) need_number_ = true;
  if (plain_comment(raw)) {
    line_.braced('{', raw, '}');
  } else {
    rewritten_comment(raw);
  }
}

// A comment with a line end or a '}', rewritten so that it reads back: a '}' cannot sit inside
// {…}, so such a one-line text becomes a ';' comment, which ends the line; in a multi-line one it
// is replaced by ']'.
void PgnWriter::Impl::rewritten_comment(std::string_view raw) {
  text_.clear();
  append_readable_comment(text_, raw);
  const bool brace = text_.find('}') != std::string::npos;
  const bool multiline = text_.find('\n') != std::string::npos;
  if (brace && !multiline) {
    line_.braced(';', text_, 0);
    line_.finish();
    return;
  }
  if (brace) std::replace(text_.begin(), text_.end(), '}', ']');
  text_.insert(text_.begin(), '{');
  text_ += '}';
  line_.token(text_);
}

// The repeated comment at a node, written as the ready token when it needs no rewriting.
void PgnWriter::Impl::repeated_comment() {
  if (!repeated_plain_) {
    comment(repeated_text_);
    return;
  }
  if (format_.move_number_after_comment) need_number_ = true;
  line_.word(repeated_token_);
}

// Comments and NAGs at a node: the original ones, then what the query inserted.
void PgnWriter::Impl::annotations(NodeId id, const NodeAnnotations& notes) {
  if (!format_.elide_nags) {
    for (std::uint8_t nag : notes.nags) {
      char buffer[4];
      char* first = digits_before(buffer + sizeof buffer, nag);
      *--first = '$';
      line_.word(std::string_view(first, static_cast<std::size_t>(buffer + sizeof buffer - first)));
      if (format_.move_number_after_nag) need_number_ = true;
    }
  }
  if (!format_.elide_comments) {
    for (const std::string& c : notes.comments_after) add(c);
  }
  std::size_t first = 0;
  std::size_t last = 0;
  if (indexed_) {
    first = first_[id];
    last = first_[id + 1];
  } else if (id == game_->root()) {
    last = by_node_.size();
  }
  if (!collect_) {
    for (std::size_t i = first; i < last; ++i) comment(*by_node_[i]);
    if (repeated_at_[id] != 0) repeated_comment();
    return;  // nothing was collected
  }
  for (std::size_t i = first; i < last; ++i) add(*by_node_[i]);
  if (repeated_at_[id] != 0) add(repeated_text_);
  write_place();
}

void PgnWriter::Impl::move(NodeId id) {
  const GameNode& node = game_->node(id);
  // Most nodes have no comment or NAG of their own: their annotations are not looked up at all.
  if (node.annotation_index != kNoAnnotations && !format_.elide_comments) {
    const std::vector<std::string>& comments_before = game_->annotations(node).comments_before;
    for (const std::string& c : comments_before) add(c);
    if (!comments_before.empty()) write_place();
  }
  const Position& before = game_->node(node.parent).position;
  const bool white = before.side_to_move() == Color::White;
  // "12." or "12...", then " " when not compact, then the move: one token unless split.
  LineWriter::Chars8 number;
  bool glue = false;
  const bool numbered = format_.move_numbers && (white || need_number_);
  if (numbered && static_cast<unsigned>(before.fullmove_number()) >= kRegisterMoveNumbers) [[unlikely]] {
    long_numbered_move(id, node, white);
    return;
  }
  if (numbered) {
    number = move_number(static_cast<unsigned>(before.fullmove_number()), white);
    if (format_.split_moves) {
      line_.move_word(number, {}, false);
      number = {};
      glue = format_.compact_moves;
    }
  }
  LineWriter::Chars8 san = san_chars(move_san(&game_->node(game_->root()), node));
  if (numbered && !format_.compact_moves && !format_.split_moves) san = {san.chars << 8 | ' ', san.size + 1};
  if (only_repeated_after(id, node)) {
    line_.move_pair(number, san, glue, repeated_block_.data(), repeated_block_size_);
    need_number_ = format_.move_number_after_comment;
    return;
  }
  line_.move_word(number, san, glue);
  need_number_ = false;
  annotations(id, game_->annotations(node));
}

// move() for a numbered move whose number does not fit the register-held token (a FEN's counter
// near 100000): the same tokens, built as text. Its comments before the move are written.
void PgnWriter::Impl::long_numbered_move(NodeId id, const GameNode& node, bool white) {
  const std::string number =
      std::to_string(game_->node(node.parent).position.fullmove_number()) + (white ? "." : "...");
  bool glue = false;
  text_.clear();
  if (format_.split_moves) {
    line_.word(number);
    glue = format_.compact_moves;
  } else {
    text_ = number;
    if (!format_.compact_moves) text_ += ' ';
  }
  text_ += move_san(&game_->node(game_->root()), node).view();
  line_.word(text_, glue);
  if (only_repeated_after(id, node)) {
    line_.padded_word(repeated_block_.data(), repeated_block_size_, false);
    need_number_ = format_.move_number_after_comment;
    return;
  }
  need_number_ = false;
  annotations(id, game_->annotations(node));
}

// Writes the moves of a line from `id` on while each needs no more than its number, its SAN and
// the repeated comment, through a LineWriter::Run with what the loop reads held in locals (a
// store through the Run's char* could alias any member); returns the first move it left for
// move() (no move written: `id`), or kNoNode at the line's end. Most games are such one run.
// `id` is a node: movetext() calls it only for a line's next move.
NodeId PgnWriter::Impl::plain_moves(NodeId id, bool first) {
  if (!tabled_numbers_) [[unlikely]] return id;
  if (!at_every_node_ || repeated_block_size_ == 0) return plain_run<false, false>(id, first);
  const bool default_layout = format_.move_numbers && format_.compact_moves && format_.move_number_after_comment &&
                              !format_.elide_variations && !indexed_ && repeated_block_size_ <= 8 && need_number_ &&
                              !line_.at_line_start();
  return default_layout ? plain_run<true, true>(id, first) : plain_run<true, false>(id, first);
}

// plain_moves' loop. kEveryNode: the ready comment token goes after every move (`true`), known
// without a look at the node. kDefaultLayout (with kEveryNode): the default format, no comment
// inserted past the root, a token of at most 8 characters ("{CQL}"), a number due before the
// first move and a line begun, known at compile time: every move then gets its number and comes
// after a word (a comment comes before it), and `true`'s loop keeps less in registers and tests
// less per move.
template <bool kEveryNode, bool kDefaultLayout>
NodeId PgnWriter::Impl::plain_run(NodeId id, bool first) {
  static_assert(kEveryNode || !kDefaultLayout);
  const GameNode* const nodes = &game_->node(game_->root());
  const std::uint8_t* const repeated_at = repeated_at_.data();
  const std::uint32_t* const inserted_at = !kDefaultLayout && indexed_ ? first_.data() : nullptr;
  // The ready comment token in registers, or a size 0 when the comment needs the slow way.
  std::uint64_t block[2];
  std::memcpy(block, repeated_block_.data(), sizeof block);
  const LineWriter::Chars8 block_low{block[0], std::min<std::size_t>(repeated_block_size_, 8)};
  const LineWriter::Chars8 block_high{block[1], repeated_block_size_ - block_low.size};
  const bool opens_variations = kDefaultLayout || !format_.elide_variations;
  const bool numbers = kDefaultLayout || format_.move_numbers;
  const bool spaced = !kDefaultLayout && !format_.compact_moves;
  const bool number_after_comment = kDefaultLayout || format_.move_number_after_comment;
  bool need_number = need_number_;
  // The move number before a node's move by its ply (number_base_ is at least 1).
  const std::uint64_t* const number_at_ply = kMoveNumbers.data() + (number_base_ - 1);
  const unsigned white_parity = (number_base_ - 1) & 1;  // the parity of a ply that is white's move
  LineWriter::Run run = line_.open_run(2 * LineWriter::kRunWordRoom * game_->node_count());
  // A first child's parent is the node written before it: only the run's first node loads it.
  const GameNode* parent = &nodes[nodes[id].parent];
  const GameNode* at = &nodes[id];
  for (;;) {
    const GameNode& node = *at;
    const bool repeated = kEveryNode || repeated_at[id] != 0;
    if (node.annotation_index != kNoAnnotations || (first && opens_variations && node.next_sibling != kNoNode) ||
        (!kEveryNode && repeated && block_low.size == 0) || (inserted_at != nullptr && inserted_at[id] != inserted_at[id + 1])) {
      break;
    }
    // The move number from the node's ply, read with the move: the parent's counter and side to
    // move lie on another cache line.
    const std::uint64_t number_entry = number_at_ply[node.ply];
    const bool white = ((node.ply ^ white_parity) & 1) == 0;
    LineWriter::Chars8 number;
    const bool numbered = kDefaultLayout || (numbers && (white || need_number));
    if (numbered) number = {number_entry, number_entry >> kCountShift};
    const std::uint64_t san_word =
        common_san_word(parent->position, node.move, node.position, reply_known(nodes, node));
    LineWriter::Chars8 san{san_word, san_word >> 56};
    if (san_word == 0) [[unlikely]] san = san_chars(move_san(nodes, *parent, node));
    if (numbered && spaced) san = {san.chars << 8 | ' ', san.size + 1};
    if constexpr (kDefaultLayout) {
      run.move_word_mid_line(number, san);
    } else {
      run.move_word(number, san);
    }
    need_number = false;
    if constexpr (kDefaultLayout) {
      run.word8_after_word(block_low);
      need_number = true;
    } else if (repeated) {
      run.word16(block_low, block_high);
      need_number = number_after_comment;
    }
    parent = at;
    first = true;
    if (!step_in_line(nodes, at, id)) {
      id = kNoNode;
      break;
    }
  }
  line_.close_run(run);
  need_number_ = need_number;
  return id;
}

void PgnWriter::Impl::movetext(std::string_view result) {
  const Game& game = *game_;
  need_number_ = true;
  annotations(game.root(), game.annotations(game.root()));
  stack_.clear();
  stack_.push_back(Frame{game.node(game.root()).first_child, kNoNode, true});
  while (!stack_.empty()) {
    Frame& f = stack_.back();
    if (f.variation != kNoNode) {
      const NodeId v = f.variation;
      f.variation = game.node(v).next_sibling;
      line_.word("(", false, format_.compact_variations);
      need_number_ = true;
      stack_.push_back(Frame{v, kNoNode, false});  // f is not used past this point
      continue;
    }
    if (f.node == kNoNode) {
      stack_.pop_back();
      if (!stack_.empty()) {
        line_.word(")", format_.compact_variations);
        need_number_ = true;
      }
      continue;
    }
    const NodeId id = f.node;
    if (plain_layout_ && !line_.glue_pending()) {
      const NodeId stop = plain_moves(id, f.first);
      if (stop != id) {  // moves were written; the line goes on at `stop`, a first child
        f.node = stop;
        f.first = true;
        continue;
      }
    }
    move(id);
    const GameNode& node = game.node(id);
    // Only a first child's siblings are its alternatives; a variation's own siblings belong to
    // the line that opened it.
    f.variation = f.first && !format_.elide_variations ? node.next_sibling : kNoNode;
    f.node = node.first_child;
    f.first = true;
  }
  line_.word(result);
  line_.finish();
}

std::string_view PgnWriter::Impl::write(const Game& game, std::span<const std::span<const InsertedComment>> inserted,
                                        RepeatedComment repeated, bool append) {
  if (!append) appended_ = 0;
  const std::size_t begin = appended_;
  line_.start(format_.line_width, begin);
  for (const Tag& tag : game.tags()) {
    if (format_.keep_tag && !defines_the_game(tag.name) && !format_.keep_tag(tag.name)) continue;
    line_.raw_end(write_tag(line_.raw_begin(tag_line_bound(tag)), tag));
  }
  char* blank_line = line_.raw_begin(1);
  *blank_line = '\n';
  line_.raw_end(blank_line + 1);
  std::string_view result = game.result();
  if (result.empty()) {
    const std::string* tag = game.tag("Result");
    const bool valid = tag != nullptr && (*tag == "1-0" || *tag == "0-1" || *tag == "1/2-1/2");
    result = valid ? std::string_view(*tag) : std::string_view("*");
  }
  game_ = &game;
  // A game of n nodes has at most n - 1 moves: its last entry is below base + n - 1.
  const Position& start = game.node(game.root()).position;
  const std::uint64_t base =
      2 * static_cast<std::uint64_t>(start.fullmove_number()) + (start.side_to_move() == Color::Black ? 1 : 0);
  number_base_ = static_cast<std::uint32_t>(std::min<std::uint64_t>(base, 2 * kTabledMoveNumbers));
  tabled_numbers_ = base >= 1 && base + game.node_count() <= 2 * kTabledMoveNumbers;
  index_inserted(inserted);
  index_repeated(repeated);
  movetext(result);
  char* blank_after = line_.raw_begin(1);
  *blank_after = '\n';
  line_.raw_end(blank_after + 1);
  game_ = nullptr;
  if (append) appended_ = line_.text().size();
  return line_.text().substr(begin);
}

PgnWriter::PgnWriter(PgnFormat format) : format_(std::move(format)), impl_(std::make_unique<Impl>(format_)) {}

PgnWriter::~PgnWriter() = default;

void PgnWriter::write(std::string& out, const Game& game, std::span<const std::span<const InsertedComment>> inserted,
                      RepeatedComment repeated) {
  out += impl_->write(game, inserted, repeated, false);
}

std::string_view PgnWriter::write(const Game& game, std::span<const std::span<const InsertedComment>> inserted,
                                  RepeatedComment repeated) {
  return impl_->write(game, inserted, repeated, false);
}

std::string_view PgnWriter::append(const Game& game, std::span<const std::span<const InsertedComment>> inserted,
                                   RepeatedComment repeated) {
  return impl_->write(game, inserted, repeated, true);
}

std::string_view PgnWriter::appended_text() const { return impl_->appended_text(); }

void PgnWriter::clear_text() { impl_->clear_text(); }

void write_pgn(std::string& out, const Game& game, std::span<const InsertedComment> inserted,
               const PgnFormat& format) {
  PgnWriter(format).write(out, game, inserted);
}

}  // namespace quarry::chess
