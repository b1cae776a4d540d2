// The evaluation context: the game and position being examined, and what evaluation records.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <compare>
#include <stdexcept>
#include <cstdint>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "chess/game.h"
#include "chess/pgn_writer.h"
#include "interpreter/dictionary.h"
#include "interpreter/keep_in_register.h"
#include "interpreter/maybe_number.h"
#include "interpreter/position_facts.h"
#include "interpreter/value.h"

namespace re2 {
class RE2;  // the regular-expression engine (builtins/regex.cpp); held here only by pointer
}

namespace quarry::interpreter {

// A change a query makes to the output game (settag, removetag, removecomment). Reads of tags and
// original comments still see the input game; the runner applies the edits to the copy it writes.
struct GameEdit {
  enum class Kind : std::uint8_t { SetTag, RemoveTag, RemoveComment };
  Kind kind = Kind::SetTag;
  chess::NodeId node = 0;  // RemoveComment: the position whose original comment goes
  std::string name;        // SetTag, RemoveTag
  std::string value;       // SetTag
};

// Where the comment and edit logs of a game stood (Context::comment_mark), to roll a failing
// branch back to. Kept as the logs' sizes in bytes: a mark is taken and compared at every position
// and in every branch, and a byte size is one subtraction where a count divides by the entry size.
class CommentMark {
 public:
  std::size_t comments() const { return comment_bytes_ / sizeof(chess::InsertedComment); }
  std::size_t edits() const { return edit_bytes_ / sizeof(GameEdit); }
  bool operator==(const CommentMark&) const = default;

 private:
  friend class Context;
  CommentMark(std::size_t comment_bytes, std::size_t edit_bytes) : comment_bytes_(comment_bytes), edit_bytes_(edit_bytes) {}
  std::size_t comment_bytes_;
  std::size_t edit_bytes_;
};

// Per game, per sort filter: the best value so far and the comments made where it was reached
// (smart comments: a sort keeps only the comments of its best position).
// A sort's value: a number, or a string (CQLi sorts strings too, compared byte by byte).
using SortKey = std::variant<std::int64_t, std::string>;

inline std::string sort_key_text(const SortKey& key) {
  if (const auto* n = std::get_if<std::int64_t>(&key)) return std::to_string(*n);
  return std::get<std::string>(key);
}

struct SortState {
  std::optional<SortKey> best;
  std::vector<chess::InsertedComment> comments;
};

// The capturing groups of the most recent successful `~~` of this game, read by `\1`, `\-1`,
// `\{name}`. A failing `~~` and a new game clear them, so a reference never sees a stale match.
struct RegexCaptures {
  struct Group {
    bool matched = false;       // false: the group took no part in the match
    std::int64_t position = 0;  // 0-based byte index in the target where the group matched
    std::string text;
  };
  std::vector<Group> groups;       // [0] is the whole match; empty when there is no match
  std::vector<std::string> names;  // names[i] names group i ("" or absent: unnamed)
  // RE2 finds the groups inside a match far more slowly than the match itself (a pass over the
  // match carrying every group's position; with hundreds of groups, milliseconds for a short
  // text), so a search finds the whole match only, and keeps the pattern and the text searched
  // for the first capture reference that reads a group (builtins/regex.cpp).
  std::shared_ptr<const re2::RE2> groups_unresolved;
  std::string subject;
  void clear() {
    groups.clear();
    names.clear();
    groups_unresolved.reset();
    subject.clear();
  }
};

// A per-game constant's answers in the current game (interpreter/game_constant.h).
struct GameConstantSlot {
  static constexpr std::uint8_t kMatch = 1, kNumber = 2, kText = 4;
  std::uint64_t game = 0;   // the game_serial they belong to; 0: none yet
  std::uint64_t owner = 0;  // the GameConstant's id: queries compiled one after another (the
                            // REPL) share a context and number their slots from 0 each
  std::uint8_t known = 0;  // which of the answers below are stored
  bool matched = false;
  MaybeNumber number;
  std::optional<std::string> text;
};

// Thrown by Context::check_interrupt when the user pressed Ctrl-C (the REPL); a runtime_error, so
// whatever stops a runaway query stops an interrupted one too.
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

// One game's evaluation went past a limit (docs/reliability.md): the runner reports the game as
// failed and goes on with the next one.
class EvaluationLimit : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Limits on the work one game may cost. A step is a position visited (by the game loop, find,
// line, echo, `P : F` …) or an iteration of while, loop, square or piece.
struct EvaluationLimits {
  std::uint64_t max_steps = 1'000'000'000;  // 0: none
  double timeout_seconds = 0;               // 0: none
};

// Counts the steps of the current game and checks the clock every kClockInterval steps.
class EvaluationBudget {
 public:
  void set_limits(const EvaluationLimits& limits) {
    limits_ = limits;
    set_next_check();
  }
  const EvaluationLimits& limits() const { return limits_; }
  void start_game() {
    steps_ = 0;
    next_clock_check_ = kClockInterval;
    set_next_check();
    if (limits_.timeout_seconds > 0) {
      deadline_ = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                      std::chrono::duration<double>(limits_.timeout_seconds));
    }
  }
  // Inline and one comparison: filters charge at every position they visit.
  void charge(std::uint64_t steps) {
    steps_ += steps;
    if (steps_ >= next_check_) check_limits();
  }

 private:
  static constexpr std::uint64_t kClockInterval = 4096;
  // The step count at which charge must look at the limits: past max_steps, or at the next clock check.
  void set_next_check() {
    next_check_ = next_clock_check_;
    if (limits_.max_steps != 0 && limits_.max_steps < next_check_) next_check_ = limits_.max_steps + 1;
  }
  void check_limits() {
    if (limits_.max_steps != 0 && steps_ > limits_.max_steps) {
      throw EvaluationLimit("more than " + std::to_string(limits_.max_steps) +
                            " evaluation steps (--maxsteps)");
    }
    if (steps_ >= next_clock_check_) {
      next_clock_check_ = steps_ + kClockInterval;
      if (limits_.timeout_seconds > 0 && std::chrono::steady_clock::now() > deadline_) {
        throw EvaluationLimit("the game took longer than the --timeout of " + seconds_text() + " s");
      }
    }
    set_next_check();
  }
  std::string seconds_text() const {
    std::string t = std::to_string(limits_.timeout_seconds);
    while (t.size() > 1 && t.back() == '0') t.pop_back();
    if (!t.empty() && t.back() == '.') t.pop_back();
    return t;
  }
  EvaluationLimits limits_;
  std::uint64_t steps_ = 0;
  std::uint64_t next_clock_check_ = kClockInterval;
  std::uint64_t next_check_ = kClockInterval;
  std::chrono::steady_clock::time_point deadline_;
};
// An imaginary position (imagine, a speculative move, a saved position): a node beside the game's
// tree. Its parent is the position it was made from; it has no children.
struct ImaginaryNode {
  chess::GameNode node;
  chess::NodeId anchor = 0;  // the game position it derives from: comments made here land there
  std::string mutation;      // the step that made it, as currentmutation writes it ("1.Qa3#")
  chess::NodeId saved_as = chess::kNoNode;  // its saved copy, once saveposition made one
};

// Node ids: the game's own nodes count from 0; saved imaginary positions from kSavedBase;
// transient ones (alive while a filter evaluates there) from kTransientBase.
inline constexpr chess::NodeId kSavedBase = chess::NodeId{1} << 29;
inline constexpr chess::NodeId kTransientBase = chess::NodeId{1} << 30;

class Context {
 public:
  // Variables live in slots the binder numbered; persistent ones keep their value across games.
  void resize_variables(std::size_t count) { variables_.resize(count); }
  Value& variable(int slot) { return variables_[static_cast<std::size_t>(slot)]; }

  // Dictionaries: key -> value maps that live for the whole run (persistent by nature).
  using Dictionary = interpreter::Dictionary;
  void resize_dictionaries(std::size_t count) { dictionaries_.resize(count); }
  Dictionary& dictionary(int index) { return dictionaries_[static_cast<std::size_t>(index)]; }
  const std::vector<Dictionary>& dictionaries() const { return dictionaries_; }
  void unbind_variables(const std::vector<bool>& keep) {
    for (std::size_t i = 0; i < variables_.size(); ++i) {
      if (i >= keep.size() || !keep[i]) variables_[i] = std::monostate{};
    }
  }

  void set_game(const chess::Game& game) {
    game_ = &game;
    ++game_serial_;
    regex_captures_.clear();
    budget_.start_game();
    transient_.clear();
    saved_.clear();
  }
  // Counts work against the game's limits; throws EvaluationLimit past them.
  void charge(std::uint64_t steps = 1) { budget_.charge(steps); }
  // Text a filter copies or builds (a string variable or dictionary entry read, a concatenation,
  // the text of str, comment and message) costs a step per kTextBytesPerStep bytes, about what a
  // step of other work costs. Without it a string grown in a loop and copied at every iteration
  // did quadratic work, and kept as many comments, within one step per iteration.
  static constexpr std::size_t kTextBytesPerStep = 1024;
  void charge_text(std::size_t bytes) {
    if (bytes >= kTextBytesPerStep) budget_.charge(bytes / kTextBytesPerStep);
  }
  // A stored text (a variable, an entry, a tag, a capture) handed out as a value: a charged copy.
  std::string charged_copy(const std::string& text) {
    charge_text(text.size());
    return text;
  }
  EvaluationBudget& budget() { return budget_; }
  // Changes with every set_game, so per-game state kept in a filter (line's nestban) can tell a
  // new game from the same one even when the reader reuses one Game object.
  std::uint64_t game_serial() const { return game_serial_; }
  // Filters that read what only a game's movetext settles (its termination marker, the
  // QuarryWarning tag the reader adds) say so: a per-game test that read one cannot be decided
  // from the tags alone (the runner's movetext skip, interpreter/game_constant.h).
  void note_movetext_fact() { movetext_fact_read_ = true; }
  // Whether one was read since the last call.
  bool take_movetext_fact() { return std::exchange(movetext_fact_read_, false); }
  void set_node(chess::NodeId node) {
    node_ = node;
    current_ = &tree_node(node);
    facts_.reset(is_imaginary(node) ? nullptr : game_, current_);
  }

  const chess::Game& game() const { return *game_; }
  chess::NodeId node() const { return node_; }
  const chess::GameNode& game_node() const { return *current_; }
  const chess::Position& position() const { return current_->position; }

  // --- the tree with its imaginary positions -------------------------------------------------
  // Any node: one of the game's, or an imaginary one while it exists.
  const chess::GameNode& tree_node(chess::NodeId id) const {
    if (id < kSavedBase) return game_->node(id);
    return imaginary(id).node;
  }
  static bool is_imaginary(chess::NodeId id) { return id >= kSavedBase; }
  const ImaginaryNode& imaginary(chess::NodeId id) const {
    return id >= kTransientBase ? transient_[id - kTransientBase] : saved_[id - kSavedBase];
  }
  // Whether a node id names a position now (an imaginary one lives while its filter evaluates,
  // or for the game once saved).
  bool exists(chess::NodeId id) const {
    if (id < kSavedBase) return id < game_->node_count();
    if (id < kTransientBase) return id - kSavedBase < saved_.size();
    return id - kTransientBase < transient_.size();
  }
  // The game position an imaginary one derives from (a game position is its own).
  chess::NodeId anchor(chess::NodeId id) const { return is_imaginary(id) ? imaginary(id).anchor : id; }
  // Adds a transient imaginary position made from `parent` by one step; pop_imaginary drops the
  // newest again. References to other nodes stay valid (a deque).
  chess::NodeId push_imaginary(chess::NodeId parent, const chess::Position& position, chess::Move move,
                               std::uint16_t ply, std::string mutation) {
    ImaginaryNode& n = transient_.emplace_back();
    n.node.position = position;
    n.node.move = move;
    n.node.parent = parent;
    n.node.ply = ply;
    n.anchor = anchor(parent);
    n.mutation = std::move(mutation);
    return kTransientBase + static_cast<chess::NodeId>(transient_.size() - 1);
  }
  void pop_imaginary() { transient_.pop_back(); }
  // saveposition: a copy of a transient position (and of its transient ancestors) that lives
  // until the game ends; other positions are their own.
  chess::NodeId save(chess::NodeId id) {
    if (id < kTransientBase) return id;
    ImaginaryNode& source = transient_[id - kTransientBase];
    if (source.saved_as != chess::kNoNode) return source.saved_as;
    const chess::NodeId parent = save(source.node.parent);
    ImaginaryNode copy = source;
    copy.node.parent = parent;
    copy.saved_as = chess::kNoNode;
    saved_.push_back(std::move(copy));
    return source.saved_as = kSavedBase + static_cast<chess::NodeId>(saved_.size() - 1);
  }
  // positionid: the pre-order index for the game's positions; saved positions number on after
  // them; a transient position has none.
  std::optional<std::int64_t> position_id(chess::NodeId id) const {
    if (id < kSavedBase) return game_->position_ids()[id];
    if (id >= kTransientBase) return std::nullopt;
    return static_cast<std::int64_t>(game_->node_count() + (id - kSavedBase));
  }
  std::optional<chess::NodeId> node_with_position_id(std::int64_t id) const {
    if (id < 0) return std::nullopt;
    const std::size_t index = static_cast<std::size_t>(id);
    const std::vector<chess::NodeId>& order = game_->preorder();
    if (index < order.size()) return order[index];
    if (index - order.size() < saved_.size()) return kSavedBase + static_cast<chess::NodeId>(index - order.size());
    return std::nullopt;
  }
  // An imaginary position lies where its game position does.
  bool is_mainline(chess::NodeId id) const { return game_->is_mainline(anchor(id)); }
  // A comment at a position; one made at an imaginary position goes to its game position.
  void add_comment(chess::NodeId at, std::string text) { comments_.push_back({anchor(at), std::move(text)}); }
  // The same with its text copied into the memory of a comment a rollback dropped: `line` makes
  // two comments per line it finds, and a comparison (`>= 200`) rejects most of them.
  void add_comment_text(chess::NodeId at, std::string_view text);
  PositionFacts& facts() { return facts_; }
  // The last Zobrist key written as text, and its 16 hex digits: the repetition queries read
  // `zobristkey` twice per position (to update an entry, then to test it).
  struct KeyText {
    std::uint64_t key = 0;
    std::array<char, 16> digits{'0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0'};
  };
  KeyText& key_text() { return key_text_; }
  // The slot of a per-game constant (numbered by the binder); grows on first use.
  GameConstantSlot& game_constant(std::size_t slot) {
    if (slot >= game_constants_.size()) game_constants_.resize(slot + 1);
    return game_constants_[slot];
  }
  RegexCaptures& regex_captures() { return regex_captures_; }

  // Comments and game edits a query adds. Smart comments: a failing branch rolls back to its
  // mark. One mark covers both logs.
  std::vector<chess::InsertedComment>& comments() { return comments_; }
  std::vector<GameEdit>& edits() { return edits_; }
  // For each position that gets the run's match comment (--matchstring), how many of comments()
  // were made before it: the comment is not stored once per position, and those counts place it
  // among the query's own comments when the game is written.
  void mark_match_comment() { match_comment_counts_.push_back(static_cast<std::uint32_t>(comments_.size())); }
  // mark_match_comment() at `count` positions in a row where no comment is made.
  void mark_match_comments(std::size_t count) {
    match_comment_counts_.insert(match_comment_counts_.end(), count, static_cast<std::uint32_t>(comments_.size()));
  }
  const std::vector<std::uint32_t>& match_comment_counts() const { return match_comment_counts_; }
  void clear_match_comments() { match_comment_counts_.clear(); }
  CommentMark comment_mark() const {
    std::size_t comments = byte_size(comments_);
    // GCC 12 makes the two sizes with one SSE subtraction and moves the halves to general
    // registers through the stack; the upper half's reload fails store forwarding on Zen 4 (a
    // third of `line`'s quick refusal, at every start; measured with GCC 12.2, bench/RESULTS.md).
    // Pinning one size to a general register keeps both scalar.
    keep_in_general_register(comments);
    return CommentMark(comments, byte_size(edits_));
  }
  // Nearly every rollback finds nothing to drop: that test is inline, the resizing is not.
  void rollback_comments(CommentMark mark) {
    if (mark != comment_mark()) rollback_changed(mark);
  }
  // Drops the comments and edits made since the mark, smart comments or not (for a filter that
  // has set them aside itself).
  void truncate_comments(CommentMark mark) {
    comments_.resize(mark.comments());
    edits_.resize(mark.edits());
  }
  // --alwayscomment / --nosmartcomments: a failing branch keeps its comments (not its edits).
  void set_smart_comments(bool on) { smart_comments_ = on; }
  bool smart_comments() const { return smart_comments_; }

  std::vector<SortState>& sorts() { return sorts_; }
  void reset_sorts(std::size_t count) {
    sorts_.resize(count);
    for (SortState& s : sorts_) {
      s.best.reset();
      s.comments.clear();
    }
  }

  // --keepallbest: a sort keeps the comments of every position that reaches its best value.
  void set_keep_all_best(bool keep) { keep_all_best_ = keep; }
  bool keep_all_best() const { return keep_all_best_; }

  // Without `variations` the game is its mainline: positions inside variations are not visited
  // and no game-tree filter reaches them.
  void set_variations(bool on) { variations_ = on; }
  bool variations() const { return variations_; }

  // --secure: filters that touch files (readfile, writefile) fail instead.
  void set_secure(bool secure) { secure_ = secure; }
  bool secure() const { return secure_; }

  // quiet / silent: filters add no automatic comments (find's "Found"); `comment` still does.
  void set_quiet(bool quiet) { quiet_ = quiet; }
  bool quiet() const { return quiet_; }

  // Where `message` writes, a line at a time: standard output unless a test, or a runner that
  // orders the output of several workers, points it elsewhere.
  void set_message_sink(std::ostream& out) { message_sink_ = &out; }
  std::ostream& message_sink() { return *message_sink_; }

  // Ctrl-C: the REPL's signal handler sets the flag; loops that may run long poll it here.
  static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler sets the interrupt flag");
  void set_interrupt_flag(const std::atomic<bool>* flag) { interrupt_ = flag; }
  void check_interrupt() const {
    if (interrupt_ != nullptr && interrupt_->load(std::memory_order_relaxed)) throw Interrupted();
  }

 private:
  void rollback_changed(CommentMark mark);
  template <typename T>
  static std::size_t byte_size(const std::vector<T>& v) {
    return static_cast<std::size_t>(reinterpret_cast<const char*>(std::to_address(v.cend())) -
                                    reinterpret_cast<const char*>(v.data()));
  }
  const chess::Game* game_ = nullptr;
  std::uint64_t game_serial_ = 0;
  chess::NodeId node_ = 0;
  const chess::GameNode* current_ = nullptr;  // by address: call set_node again after the tree grows
  std::deque<ImaginaryNode> transient_;
  std::deque<ImaginaryNode> saved_;
  PositionFacts facts_;
  KeyText key_text_;
  std::vector<GameConstantSlot> game_constants_;
  EvaluationBudget budget_;
  RegexCaptures regex_captures_;
  std::vector<chess::InsertedComment> comments_;
  std::vector<std::string> spare_texts_;  // the texts of rolled-back comments, reused by add_comment_text
  std::vector<std::uint32_t> match_comment_counts_;
  std::vector<GameEdit> edits_;
  std::vector<Value> variables_;
  std::vector<Dictionary> dictionaries_;
  std::vector<SortState> sorts_;
  bool variations_ = false;
  bool secure_ = false;
  bool quiet_ = false;
  bool movetext_fact_read_ = false;
  bool keep_all_best_ = false;
  bool smart_comments_ = true;
  std::ostream* message_sink_ = &std::cout;
  const std::atomic<bool>* interrupt_ = nullptr;
};

}  // namespace quarry::interpreter
