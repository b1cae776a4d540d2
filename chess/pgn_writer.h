// PGN writer: re-emits a Game (tags, comments, NAGs, variations) plus comments a query inserted.
#pragma once

#include <span>
#include <string>

#include "chess/game.h"

namespace quarry::chess {

// A comment added by a query, shown at a node: after the move leading to it (at the root: before
// the first move). Several at one node are written in the order given, after the original ones.
struct InsertedComment {
  NodeId node = kNoNode;
  std::string text;
};

struct PgnWriteOptions {
  int line_width = 79;
};

// Appends the game as PGN text (tags, blank line, movetext wrapped at line_width, blank line).
void write_pgn(std::string& out, const Game& game, std::span<const InsertedComment> inserted,
               const PgnWriteOptions& options = {});

}  // namespace quarry::chess
