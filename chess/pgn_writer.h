// PGN writer: re-emits a Game (tags, comments, NAGs, variations) plus comments a query inserted.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "chess/game.h"

namespace quarry::chess {

// A comment added by a query, shown at a node: after the move leading to it (at the root: before
// the first move). Several at one node are written in the order given, after the original ones.
struct InsertedComment {
  NodeId node = kNoNode;
  std::string text;
};

// One comment written at many nodes (a query's --matchstring at every matching position): the
// text is given once and written at each node listed, after that node's inserted comments.
struct RepeatedComment {
  std::string_view text;
  std::span<const NodeId> nodes;
};

// How the PGN is laid out: CQLi's PGN output options (docs/pgn-writing.md). The defaults are
// Quarry's long-standing layout, "1.e4 e5 2.Nf3 (2.f4) {note}", wrapped at 79 columns.
struct PgnFormat {
  int line_width = 79;                     // --pgnlinewidth: longest line, unless one token is longer
  bool elide_comments = false;             // --elidecomments: drop the game's own comments
  bool elide_nags = false;                 // --elidenags: drop $N annotations
  bool elide_variations = false;           // --elidevariations: write the mainline only
  bool compact_comments = false;           // --compactcomments: whitespace runs become one space
  bool coalesce_comments = false;          // --coalescecomments: one {…} per place, texts joined by a space
  bool unique_comments = false;            // --uniquecomments: a text repeated at one place is written once
  bool compact_moves = true;               // "1.e4" (--nocompactmoves: "1. e4", "1... e5")
  bool compact_variations = true;          // "(1...c5)" (--nocompactvariations: "( 1...c5 )")
  bool move_numbers = true;                // --nomovenumbers: no move numbers at all
  bool move_number_after_comment = true;   // black's move after a comment gets "N..."
  bool move_number_after_nag = false;      // black's move after a NAG gets "N..."
  bool split_moves = false;                // --splitmoves: a line may break between "N." and its move
  // Which tags are written (--includetagpattern, --excludetagpattern); empty: every tag. FEN,
  // SetUp and Variant are always written: the moves need them to read back.
  std::function<bool(std::string_view name)> keep_tag;
};

// Writes games one after another, keeping its scratch memory (the inserted comments indexed by
// node, the comments of one place, the variation stack) between games, so that writing many games
// allocates nothing per game or move.
class PgnWriter {
 public:
  explicit PgnWriter(PgnFormat format = {});
  ~PgnWriter();
  PgnWriter(const PgnWriter&) = delete;
  PgnWriter& operator=(const PgnWriter&) = delete;

  // Appends the game as PGN text (tags, blank line, movetext wrapped at line_width, blank line).
  // The comments of `inserted` are taken group by group: at one node, the first group's come
  // first, each group's in its own order; then `repeated`, at the nodes it lists.
  void write(std::string& out, const Game& game, std::span<const std::span<const InsertedComment>> inserted,
             RepeatedComment repeated = {});
  // The same text, in the writer's own buffer: valid until the next call. Writing it out from
  // there spares a copy of every game (157 MB for `true` over the corpus).
  std::string_view write(const Game& game, std::span<const std::span<const InsertedComment>> inserted,
                         RepeatedComment repeated = {});
  // The same text, appended in the writer's buffer after the games appended before it: a caller
  // that writes games out one after another hands them over in large blocks rather than copying
  // each into a stream's buffer. Returns this game's text. write() starts the buffer afresh.
  std::string_view append(const Game& game, std::span<const std::span<const InsertedComment>> inserted,
                          RepeatedComment repeated = {});
  // The games appended since the last clear_text() or write(): whole games only (a game whose
  // writing was cut short by an exception is not among them).
  std::string_view appended_text() const;
  void clear_text();
  void write(std::string& out, const Game& game, std::span<const InsertedComment> inserted) {
    write(out, game, std::span<const std::span<const InsertedComment>>(&inserted, 1));
  }
  const PgnFormat& format() const { return format_; }

 private:
  class Impl;
  PgnFormat format_;
  std::unique_ptr<Impl> impl_;
};

// Appends the game as PGN text with a one-off PgnWriter (for a few games; use PgnWriter for many).
void write_pgn(std::string& out, const Game& game, std::span<const InsertedComment> inserted,
               const PgnFormat& format = {});

}  // namespace quarry::chess
