// The KPK bitbase: the published counts over every legal placement, for either pawn colour, and
// textbook positions through Position.
#include <catch2/catch.hpp>

#include "chess/attacks.h"
#include "chess/kpk.h"

using namespace quarry::chess;

namespace {

struct Counts {
  int wins = 0;
  int draws = 0;
};

// Every legal placement of the pawn side's king and pawn against the lone king, `to_move` to move.
Counts count_all(Color pawn_side, Color to_move) {
  Counts counts;
  for (int p = 0; p < 64; ++p) {
    const Square pawn(p);
    if (pawn.rank() == 0 || pawn.rank() == 7) continue;
    for (int s = 0; s < 64; ++s) {
      for (int w = 0; w < 64; ++w) {
        const Square strong(s), weak(w);
        if (s == p || w == p || s == w || king_attacks(strong).contains(weak)) continue;
        // The side not to move may not be in check: only the lone king can be, by the pawn.
        if (to_move == pawn_side && pawn_attacks(pawn_side, pawn).contains(weak)) continue;
        if (kpk::pawn_side_wins(pawn_side, strong, pawn, weak, to_move)) {
          ++counts.wins;
        } else {
          ++counts.draws;
        }
      }
    }
  }
  return counts;
}

bool wins(const std::string& fen) {
  const auto pos = Position::from_fen(fen);
  REQUIRE(pos);
  const auto result = kpk::probe(*pos);
  REQUIRE(result);
  return *result;
}

}  // namespace

TEST_CASE("KPK counts with a white pawn", "[kpk]") {
  const Counts white_to_move = count_all(Color::White, Color::White);
  CHECK(white_to_move.wins == 124960);
  CHECK(white_to_move.draws == 38368);
  CHECK(white_to_move.wins + white_to_move.draws == 163328);
  const Counts black_to_move = count_all(Color::White, Color::Black);
  CHECK(black_to_move.wins == 97604);
  CHECK(black_to_move.draws == 70420);
}

TEST_CASE("KPK counts with a black pawn mirror them", "[kpk]") {
  const Counts black_to_move = count_all(Color::Black, Color::Black);
  CHECK(black_to_move.wins == 124960);
  CHECK(black_to_move.draws == 38368);
  const Counts white_to_move = count_all(Color::Black, Color::White);
  CHECK(white_to_move.wins == 97604);
  CHECK(white_to_move.draws == 70420);
}

TEST_CASE("KPK textbook positions", "[kpk]") {
  // Opposition in front of the pawn: the side to move decides.
  CHECK(wins("8/4k3/8/4K3/4P3/8/8/8 b - - 0 1"));
  CHECK_FALSE(wins("8/4k3/8/4K3/4P3/8/8/8 w - - 0 1"));
  // The king on a key square (the sixth rank in front of the pawn) wins whoever moves.
  CHECK(wins("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"));
  CHECK(wins("4k3/8/4K3/8/4P3/8/8/8 w - - 0 1"));
  CHECK(wins("4k3/8/4K3/8/4P3/8/8/8 b - - 0 1"));
  // The rook pawn is drawn with the defender in the corner.
  CHECK_FALSE(wins("7k/8/6K1/7P/8/8/8/8 w - - 0 1"));
  // Rule of the square: outside it the pawn runs, inside it the king catches it.
  CHECK(wins("8/4k3/8/P7/8/8/8/4K3 w - - 0 1"));
  CHECK_FALSE(wins("8/4k3/8/P7/8/8/8/4K3 b - - 0 1"));
  // The pawn is taken at once.
  CHECK_FALSE(wins("8/8/8/8/8/3k4/4P3/K7 b - - 0 1"));
  // A black pawn, mirrored: Black wins with the opposition, White to move.
  CHECK(wins("8/8/8/4p3/4k3/8/4K3/8 w - - 0 1"));
  CHECK_FALSE(wins("8/8/8/4p3/4k3/8/4K3/8 b - - 0 1"));
  // Promotion with mate: c8=Q is check along the eighth rank.
  CHECK(wins("k7/2P5/1K6/8/8/8/8/8 w - - 0 1"));
}

TEST_CASE("KPK has no value on other material", "[kpk]") {
  CHECK(kpk::probe(*Position::from_fen("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1")));
  for (const char* fen : {"4k3/8/4K3/4PP2/8/8/8/8 b - - 0 1", "4k3/8/4K3/4P3/8/8/8/7N b - - 0 1",
                          "4k3/4p3/4K3/4P3/8/8/8/8 w - - 0 1", "4k3/8/4K3/8/8/8/8/8 w - - 0 1"}) {
    const auto pos = Position::from_fen(fen);
    REQUIRE(pos);
    CHECK_FALSE(kpk::probe(*pos));
  }
}
