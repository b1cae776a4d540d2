// Property check of retrograde moves over real games: at every position of every N-th game of the
// given PGN files (or of every .pgn file under a directory), the move that was played is among
// the legal retractions of the position it led to, and every legal retraction, played forwards
// again from its predecessor, gives the position back.
// Usage: retro_property EVERY_NTH PATH...   (exit 77 when no path exists: the corpus is absent)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "chess/pgn_reader.h"
#include "chess/retro.h"
#include "tests/chess/pgn_files.h"

using namespace quarry::chess;

namespace {

// The FEN without its move counters: the predecessor's clocks are a guess.
std::string state_of(const Position& pos) {
  const std::string fen = pos.fen();
  std::size_t cut = fen.size();
  for (int spaces = 0; spaces < 2; ++spaces) cut = fen.rfind(' ', cut - 1);
  return fen.substr(0, cut);
}

Retraction retraction_of(const Position& before, Move m) {
  switch (m.kind()) {
    case Move::Kind::Castling: return {m, PieceType::None};
    case Move::Kind::EnPassant: return {m, PieceType::Pawn};
    default: return {m, before.piece_at(m.to()).type()};
  }
}

struct Tally {
  long positions = 0;
  long retractions = 0;
  long failures = 0;
};

void check_position(const Position& before, Move played, const Position& after, Tally& tally) {
  ++tally.positions;
  const std::vector<Retraction> legal = legal_retractions(after);
  tally.retractions += static_cast<long>(legal.size());
  const Retraction expected = retraction_of(before, played);
  bool found = false;
  for (const Retraction& r : legal) {
    found |= r == expected;
    const Position predecessor = retract(after, r);
    if (state_of(predecessor.after(r.move)) != state_of(after)) {
      ++tally.failures;
      std::cerr << "replay of " << retraction_text(after, r) << " from " << predecessor.fen()
                << " does not give " << after.fen() << "\n";
    }
  }
  // Chess960 castlings are not retracted (their rook squares are not standard).
  if (!found && !(after.chess960() && played.kind() == Move::Kind::Castling)) {
    ++tally.failures;
    std::cerr << "played move " << retraction_text(after, expected) << " missing from " << after.fen() << "\n";
  }
}

void check_file(const std::string& path, long every_nth, Tally& tally) {
  std::string error;
  auto reader = PgnReader::open(path, &error);
  if (!reader) return;
  Game game;
  PgnDiagnostic diagnostic;
  long index = 0;
  for (;;) {
    const PgnReader::Status status = reader->next(game, diagnostic);
    if (status == PgnReader::Status::End) break;
    if (status != PgnReader::Status::Game || index++ % every_nth != 0) continue;
    for (std::size_t id = 1; id < game.node_count(); ++id) {
      const GameNode& node = game.node(static_cast<NodeId>(id));
      if (node.move.is_null()) continue;
      check_position(game.node(node.parent).position, node.move, node.position, tally);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: retro_property EVERY_NTH PATH...\n";
    return 2;
  }
  const long every_nth = std::max(1L, std::atol(argv[1]));
  const std::vector<std::string> files = quarry::test::pgn_files(argc, argv, 2);
  if (files.empty()) {
    std::cout << "no input: skipped\n";
    return 77;
  }
  Tally tally;
  for (const std::string& file : files) check_file(file, every_nth, tally);
  std::cout << tally.positions << " positions, " << tally.retractions << " legal retractions, " << tally.failures
            << " failures\n";
  return tally.failures == 0 && tally.positions > 0 ? 0 : 1;
}
