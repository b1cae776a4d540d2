// Corresponding squares: Fine #70, Lockock's study, the default critical squares, and agreement
// with an exhaustive king-walk game solver on generated king-and-blocked-pawn positions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "chess/attacks.h"
#include "chess/corresponding_squares.h"

using namespace quarry::chess;

namespace {

SquareSet squares(const std::string& names) {
  SquareSet s;
  for (std::size_t i = 0; i + 1 < names.size(); i += 3) s |= Square::parse(names.substr(i, 2));
  return s;
}

Square sq(const char* name) { return Square::parse(name); }

Position position(const std::string& fen) {
  std::string error;
  const auto pos = Position::from_fen(fen, &error);
  INFO(fen << ": " << error);
  REQUIRE(pos);
  return *pos;
}

const std::string kFine70 = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1";
// Lockock 1892 as the seed describes it: the break e4-e5 (d6xe5, Kxe5) threatens d7 and g4 from
// d4, Kf4 threatens g4 from e3; 1.Kb1! Kg7 2.Kc1 Kg6 3.Kd1 Kg5 4.Kc2 Kh5 5.Kc3 Kg5 6.Kc4 Kg6
// 7.Kd3 Kg5 8.Ke3.
const std::string kLockock = "8/3p4/3p2k1/3P4/4P1p1/6P1/8/K7 w - - 0 1";

}  // namespace

TEST_CASE("Fine #70: 1.Kb1 is the only winning move, found in 10 passes", "[corresponding_squares]") {
  const Position pos = position(kFine70);
  const auto walk = king_walk_of(pos, Color::White);
  REQUIRE(walk);
  // Every black pawn is undefended; White has no passed pawn.
  CHECK(walk->critical == squares("a5 d6 f5"));
  // Every white pawn is undefended too: Black's refuges.
  CHECK(walk->refuges == squares("a4 d4 d5 f4"));
  // The seed's construction alone (no refuges) takes the 10 passes the seed reports.
  KingWalk seed = *walk;
  seed.refuges = SquareSet();
  const CorrespondingSquares seed_system = corresponding_squares(seed);
  CHECK(seed_system.passes == 10);
  CHECK(winning_king_moves(seed, seed_system, sq("a1"), sq("a7")) == squares("b1"));
  const CorrespondingSquares system = corresponding_squares(*walk);
  CHECK(system.passes == 9);
  CHECK_FALSE(system.defence[sq("a1").index()].contains(sq("a7")));
  CHECK(winning_king_moves(*walk, system, sq("a1"), sq("a7")) == squares("b1"));
  // After 1.Kb1 no black king move reaches a corresponding square of b1: the defence is impossible.
  const SquareSet replies = king_attacks(sq("a7")) & walk->defender_squares;
  CHECK(replies == squares("a6 b6 b7 a8 b8"));
  CHECK_FALSE(replies.intersects(system.defence[sq("b1").index()]));
  // The other first moves let Black answer onto a corresponding square.
  CHECK(replies.intersects(system.defence[sq("a2").index()]));
  CHECK(replies.intersects(system.defence[sq("b2").index()]));
}

TEST_CASE("Lockock 1892: the pairs d4-f6 and e3-g5 and the main line", "[corresponding_squares]") {
  const Position pos = position(kLockock);
  const auto walk = king_walk_of(pos, Color::White, squares("e5 f4"));
  REQUIRE(walk);
  const CorrespondingSquares system = corresponding_squares(*walk);
  // Besides taking the g3 pawn (a refuge, where no white king on d4 or e3 defends it).
  CHECK(walk->refuges == squares("e4 g3"));
  CHECK(system.defence[sq("d4").index()] == squares("f6 g3"));
  CHECK(system.defence[sq("e3").index()] == squares("g5 g3"));
  KingWalk seed = *walk;
  seed.refuges = SquareSet();
  const CorrespondingSquares seed_system = corresponding_squares(seed);
  CHECK(seed_system.defence[sq("d4").index()] == squares("f6"));
  CHECK(seed_system.defence[sq("e3").index()] == squares("g5"));
  CHECK(is_mutual_zugzwang(*walk, system, sq("d4"), sq("f6")));
  CHECK(is_mutual_zugzwang(*walk, system, sq("e3"), sq("g5")));
  CHECK(winning_king_moves(*walk, system, sq("a1"), sq("g6")) == squares("b1"));
  // Each white move of the main line wins, and no black reply reaches a corresponding square.
  const char* line[][2] = {{"a1", "g6"}, {"b1", "g7"}, {"c1", "g6"}, {"d1", "g5"}, {"c2", "h5"},
                           {"c3", "g5"}, {"c4", "g6"}, {"d3", "g5"}, {"e3", ""}};
  for (std::size_t i = 0; i + 1 < std::size(line); ++i) {
    const Square white = sq(line[i][0]), black = sq(line[i][1]), next = sq(line[i + 1][0]);
    INFO("move " << i + 1 << ": K" << line[i + 1][0] << " against K" << line[i][1]);
    CHECK_FALSE(system.defence[white.index()].contains(black));
    CHECK(winning_king_moves(*walk, system, white, black).contains(next));
    const SquareSet replies = (king_attacks(black) & walk->defender_squares).without(king_attacks(next).with(next));
    CHECK_FALSE(replies.intersects(system.defence[next.index()]));
  }
}

TEST_CASE("default critical squares: undefended pawns and key squares of passed pawns", "[corresponding_squares]") {
  // For White: c7 defends b6; c7 and e5 are undefended; White's h-pawn is passed (key squares g7 g8).
  const Position pos = position("4k3/2p5/1p6/4p3/4P3/8/7P/4K3 w - - 0 1");
  CHECK(default_critical_squares(pos, Color::White) == squares("c7 e5 g7 g8"));
  // For Black: e4 and h2 are undefended; Black's b- and c-pawns are passed (no white pawn ahead of them on
  // the a-d files): key squares a4 b4 c4 and b5 c5 d5, less d5, which e4 attacks.
  CHECK(default_critical_squares(pos, Color::Black) == squares("e4 h2 a4 b4 c4 b5 c5"));
  CHECK(key_squares(Color::White, sq("e2")) == squares("d4 e4 f4"));
  CHECK(key_squares(Color::White, sq("e5")) == squares("d6 e6 f6 d7 e7 f7"));
  CHECK(key_squares(Color::White, sq("a3")) == squares("b7 b8"));
  CHECK(key_squares(Color::Black, sq("d7")) == squares("c5 d5 e5"));
  CHECK(key_squares(Color::Black, sq("h6")) == squares("g2 g1"));
  CHECK_FALSE(king_walk_of(position("4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1"), Color::White));
}

namespace {

// An exhaustive solver of the king walk, written from the rules alone: states are the two king
// squares and the side to move; the attacker wins by stepping onto a critical square; a king may
// not step next to the other king, onto its own pawn or onto a square an enemy pawn attacks; a
// side without a king move is stalemated, a draw. Attacker wins are iterated to the least fixed
// point.
class KingWalkSolver {
 public:
  KingWalkSolver(const Position& pos, Color attacker, SquareSet critical) : critical_(critical) {
    for (int s = 0; s < 64; ++s) {
      attacker_ok_[s] = may_stand(pos, attacker, s);
      defender_ok_[s] = may_stand(pos, ~attacker, s);
      refuge_[s] = defender_ok_[s] && pos.piece_at(Square(s)) == Piece(attacker, PieceType::Pawn);
    }
    solve();
  }

  bool valid(int a, int d) const {
    return attacker_ok_[a] && !is_critical(a) && defender_ok_[d] && a != d && !adjacent(a, d);
  }
  bool attacker_to_move_wins(int a, int d) const { return attacker_wins_[a * 64 + d]; }
  bool defender_to_move_loses(int a, int d) const { return defender_loses_[a * 64 + d]; }
  std::vector<int> attacker_steps(int a, int d) const {
    std::vector<int> steps;
    for (int i : neighbours(a)) {
      if (i != d && !adjacent(i, d) && (attacker_ok_[i] || is_critical(i))) steps.push_back(i);
    }
    return steps;
  }
  bool is_critical(int s) const { return ((critical_.bits() >> s) & 1) != 0; }
  bool is_refuge(int s) const { return refuge_[s]; }

 private:
  static bool adjacent(int x, int y) { return std::max(std::abs(x % 8 - y % 8), std::abs(x / 8 - y / 8)) == 1; }
  static std::vector<int> neighbours(int s) {
    std::vector<int> result;
    for (int t = 0; t < 64; ++t) {
      if (adjacent(s, t)) result.push_back(t);
    }
    return result;
  }
  static bool may_stand(const Position& pos, Color side, int s) {
    const Piece own_pawn(side, PieceType::Pawn), enemy_pawn(~side, PieceType::Pawn);
    if (pos.piece_at(Square(s)) == own_pawn) return false;
    const int enemy_forward = side == Color::White ? -1 : 1;  // enemy pawns attack towards us
    for (int df : {-1, 1}) {
      const int f = s % 8 + df, r = s / 8 - enemy_forward;
      if (f >= 0 && f < 8 && r >= 0 && r < 8 && pos.piece_at(Square(f, r)) == enemy_pawn) return false;
    }
    return true;
  }

  void solve() {
    bool changed = true;
    while (changed) {
      changed = false;
      for (int a = 0; a < 64; ++a) {
        for (int d = 0; d < 64; ++d) {
          if (!valid(a, d) || refuge_[d]) continue;  // on a refuge the defender has taken a pawn
          if (!attacker_wins_[a * 64 + d]) {
            for (int i : attacker_steps(a, d)) {
              if (is_critical(i) || defender_loses_[i * 64 + d]) {
                attacker_wins_[a * 64 + d] = true;
                changed = true;
                break;
              }
            }
          }
          if (!defender_loses_[a * 64 + d]) {
            bool any_move = false, all_lose = true;
            for (int j : neighbours(d)) {
              if (!defender_ok_[j] || j == a || adjacent(j, a)) continue;
              any_move = true;
              all_lose = all_lose && attacker_wins_[a * 64 + j];
            }
            if (any_move && all_lose) {
              defender_loses_[a * 64 + d] = true;
              changed = true;
            }
          }
        }
      }
    }
  }

  SquareSet critical_;
  bool attacker_ok_[64] = {}, defender_ok_[64] = {}, refuge_[64] = {};
  std::vector<bool> attacker_wins_ = std::vector<bool>(64 * 64), defender_loses_ = std::vector<bool>(64 * 64);
};

// A random structure of rammed pawn pairs, sometimes with a free pawn, and kings placed legally.
std::string random_blocked_position(std::mt19937& rng) {
  char board[8][8];
  for (auto& row : board) std::fill(std::begin(row), std::end(row), '.');
  std::vector<int> files = {0, 1, 2, 3, 4, 5, 6, 7};
  std::shuffle(files.begin(), files.end(), rng);
  const int pairs = 1 + static_cast<int>(rng() % 4);
  for (int k = 0; k < pairs; ++k) {
    const int white_rank = 1 + static_cast<int>(rng() % 5);
    board[white_rank][files[k]] = 'P';
    board[white_rank + 1][files[k]] = 'p';
  }
  if (rng() % 3 == 0) board[1 + rng() % 6][files[pairs]] = rng() % 2 ? 'P' : 'p';
  // Kings on empty squares no pawn attacks; the board is then a valid position either side to move.
  auto safe = [&](int f, int r, char king) {
    if (board[r][f] != '.') return false;
    const bool white = king == 'K';
    const int enemy_rank = white ? r + 1 : r - 1;
    for (int df : {-1, 1}) {
      if (f + df >= 0 && f + df < 8 && enemy_rank >= 0 && enemy_rank < 8 && board[enemy_rank][f + df] == (white ? 'p' : 'P')) return false;
    }
    return true;
  };
  for (char king : {'K', 'k'}) {
    for (;;) {
      const int f = static_cast<int>(rng() % 8), r = static_cast<int>(rng() % 8);
      bool near_king = false;
      for (int df = -1; df <= 1; ++df) {
        for (int dr = -1; dr <= 1; ++dr) {
          if (f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 && board[r + dr][f + df] == 'K') near_king = true;
        }
      }
      if (safe(f, r, king) && !near_king) {
        board[r][f] = king;
        break;
      }
    }
  }
  std::string fen;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      if (board[r][f] == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += std::to_string(empty);
      empty = 0;
      fen += board[r][f];
    }
    if (empty) fen += std::to_string(empty);
    if (r) fen += '/';
  }
  return fen + " w - - 0 1";
}

}  // namespace

TEST_CASE("the system agrees with an exhaustive king-walk solver", "[corresponding_squares]") {
  std::mt19937 rng(20261123);
  int holds = 0, losses = 0;
  for (int n = 0; n < 120; ++n) {
    const std::string fen = random_blocked_position(rng);
    const Position pos = position(fen);
    for (Color attacker : {Color::White, Color::Black}) {
      const auto walk = king_walk_of(pos, attacker);
      REQUIRE(walk);
      const CorrespondingSquares system = corresponding_squares(*walk);
      const KingWalkSolver solver(pos, attacker, walk->critical);
      bool agree = true;
      for (int a = 0; a < 64 && agree; ++a) {
        for (int d = 0; d < 64 && agree; ++d) {
          if (!solver.valid(a, d)) {
            agree = !system.defence[a].contains(Square(d));
            continue;
          }
          const bool holds_here = system.defence[a].contains(Square(d));
          agree = holds_here == !solver.attacker_to_move_wins(a, d);
          (holds_here ? holds : losses)++;
          SquareSet wins;
          for (int i : solver.attacker_steps(a, d)) {
            if (!solver.is_refuge(d) && (solver.is_critical(i) || solver.defender_to_move_loses(i, d))) wins |= Square(i);
          }
          agree = agree && wins == winning_king_moves(*walk, system, Square(a), Square(d));
          const bool zugzwang = holds_here && solver.defender_to_move_loses(a, d);
          agree = agree && zugzwang == is_mutual_zugzwang(*walk, system, Square(a), Square(d));
          INFO("holds " << holds_here << " solver wins " << solver.attacker_to_move_wins(a, d) << " wins " << wins.to_string()
                        << " system wins " << winning_king_moves(*walk, system, Square(a), Square(d)).to_string());
          INFO(fen << (attacker == Color::White ? " white" : " black") << " attacks, king " << Square(a).name()
                   << " against " << Square(d).name());
          CHECK(agree);
        }
      }
    }
  }
  // The generated positions exercise both outcomes.
  CHECK(holds > 1000);
  CHECK(losses > 1000);
}
