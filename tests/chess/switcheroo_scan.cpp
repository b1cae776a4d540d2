// The positions of a PGN corpus that could be mutual switcheroos (seed 003's finder): two swaps of
// pieces mate the side to move and two mate the other side in positions legalposition accepts,
// each way one of them moving no king, reachability aside (the finder needs a solution that
// swaps no king and a try each way). Every position the
// finder reports is among them, so running the finder on the games listed finds all it would
// find over the whole corpus, at a small fraction of the cost (the finder imagines about a
// thousand positions at every position of every game).
// Usage: switcheroo_scan PATH...   prints "FILE<TAB>GAME-NUMBER<TAB>FEN" per candidate position
//                                   (exit 77 when no path exists: the corpus is absent)
#include <array>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "chess/attacks.h"
#include "chess/legality.h"
#include "chess/pgn_reader.h"
#include "tests/chess/pgn_files.h"

using namespace quarry::chess;

namespace {

// Whether `mover`'s king stands in check once the contents of a and b are exchanged. A swap
// leaves the occupancy as it was, so lines stay open or shut: only the two squares' men change.
bool in_check_after_swap(const Position& pos, Color mover, Square a, Square b) {
  const Square king = pos.king(mover);
  if (!king.is_valid()) return false;
  const auto moved_to = [&](Square s) { return s == a ? b : s == b ? a : s; };
  const Square k = moved_to(king);
  const auto after = [&](Square s) { return pos.piece_at(s == a ? b : s == b ? a : s); };
  SquareSet attackers = pos.attackers_to(k) & pos.pieces(~mover);
  attackers = attackers.without(SquareSet(a) | SquareSet(b));
  for (Square s : {a, b}) {
    const Piece p = after(s);
    if (!p.is_none() && p.color() == ~mover && s != k && piece_attacks(p, s, pos.occupied()).contains(k))
      attackers |= s;
  }
  return attackers.any();
}

bool mate_after_swap(const Position& pos, bool reverse, Square a, Square b) {
  Position imagined = pos;
  if (reverse) imagined.edit_side_to_move(~pos.side_to_move());
  imagined.edit_swap(a, b);
  imagined.finish_edit();
  return imagined.is_checkmate() && is_legal_position(imagined);
}

// At least two mating swaps for the side to move (`reverse` false) or the other side, one of them
// moving no king (the finder's solution swaps no king; its try may).
bool mating_swaps(const Position& pos, bool reverse) {
  const Color mover = reverse ? ~pos.side_to_move() : pos.side_to_move();
  std::vector<Square> men;
  for (Square s : pos.occupied()) men.push_back(s);
  const SquareSet kings = pos.pieces(PieceType::King);
  int mates = 0;
  bool kingless = false;
  for (std::size_t i = 0; i < men.size(); ++i) {
    for (std::size_t j = i + 1; j < men.size(); ++j) {
      if (!in_check_after_swap(pos, mover, men[i], men[j]) || !mate_after_swap(pos, reverse, men[i], men[j])) continue;
      ++mates;
      kingless |= !kings.contains(men[i]) && !kings.contains(men[j]);
      if (mates >= 2 && kingless) return true;
    }
  }
  return false;
}

long scan_file(const std::string& path) {
  std::string error;
  auto reader = PgnReader::open(path, &error);
  if (!reader) return 0;
  Game game;
  PgnDiagnostic diagnostic;
  long number = 0;
  long candidates = 0;
  for (;;) {
    const PgnReader::Status status = reader->next(game, diagnostic);
    if (status == PgnReader::Status::End) break;
    ++number;
    if (status != PgnReader::Status::Game) continue;
    for (std::size_t id = 0; id < game.node_count(); ++id) {
      const Position& pos = game.node(static_cast<NodeId>(id)).position;
      if (mating_swaps(pos, false) && mating_swaps(pos, true)) {
        ++candidates;
        std::cout << path << '\t' << number << '\t' << pos.fen() << '\n';
      }
    }
  }
  return candidates;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> files = quarry::test::pgn_files(argc, argv, 1);
  if (files.empty()) {
    std::cerr << "no input: skipped\n";
    return 77;
  }
  long candidates = 0;
  for (const std::string& file : files) candidates += scan_file(file);
  std::cerr << candidates << " candidate positions\n";
  return 0;
}
