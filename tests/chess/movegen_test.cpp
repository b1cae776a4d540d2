// Perft tables for the move generator, and the legality rules that perft covers poorly.
#include <catch2/catch.hpp>

#include <random>

#include "chess/movegen.h"

using namespace quarry::chess;

namespace {

std::uint64_t perft_of(const char* fen, int depth, bool chess960 = false) {
  const auto pos = Position::from_fen(fen, nullptr, chess960);
  REQUIRE(pos.has_value());
  return perft(*pos, depth);
}

bool has_move(const Position& pos, Move m) {
  MoveList moves;
  generate_legal_moves(pos, moves);
  for (Move x : moves) {
    if (x == m) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("perft: initial position", "[movegen][perft]") {
  const Position start = Position::initial();
  CHECK(perft(start, 1) == 20);
  CHECK(perft(start, 2) == 400);
  CHECK(perft(start, 3) == 8902);
  CHECK(perft(start, 4) == 197281);
  CHECK(perft(start, 5) == 4865609);
}

TEST_CASE("perft: Kiwipete", "[movegen][perft]") {
  const char* fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
  CHECK(perft_of(fen, 1) == 48);
  CHECK(perft_of(fen, 2) == 2039);
  CHECK(perft_of(fen, 3) == 97862);
  CHECK(perft_of(fen, 4) == 4085603);
}

TEST_CASE("perft: position 3 (en passant and rook endgame)", "[movegen][perft]") {
  const char* fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
  CHECK(perft_of(fen, 1) == 14);
  CHECK(perft_of(fen, 3) == 2812);
  CHECK(perft_of(fen, 5) == 674624);
}

TEST_CASE("perft: position 4 (promotions and castling under attack)", "[movegen][perft]") {
  const char* fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
  CHECK(perft_of(fen, 1) == 6);
  CHECK(perft_of(fen, 3) == 9467);
  CHECK(perft_of(fen, 4) == 422333);
  // The same position with colours reversed must give the same counts.
  CHECK(perft_of("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4) == 422333);
}

TEST_CASE("perft: position 5", "[movegen][perft]") {
  const char* fen = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
  CHECK(perft_of(fen, 1) == 44);
  CHECK(perft_of(fen, 3) == 62379);
  CHECK(perft_of(fen, 4) == 2103487);
}

TEST_CASE("perft: position 6", "[movegen][perft]") {
  const char* fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
  CHECK(perft_of(fen, 1) == 46);
  CHECK(perft_of(fen, 3) == 89890);
  CHECK(perft_of(fen, 4) == 3894594);
}

TEST_CASE("perft: Chess960", "[movegen][perft][chess960]") {
  const char* fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  CHECK(perft_of(fen, 1, true) == 21);
  CHECK(perft_of(fen, 2, true) == 528);
  CHECK(perft_of(fen, 3, true) == 12189);
  CHECK(perft_of(fen, 4, true) == 326672);
}

TEST_CASE("en passant that would expose the king is illegal", "[movegen]") {
  // The pawn on d5 may not take e6: once both pawns leave the rank, the rook on a5 checks.
  const auto pos = Position::from_fen("8/8/8/r2Pp2K/8/8/8/4k3 w - e6 0 1");
  REQUIRE(pos.has_value());
  CHECK_FALSE(has_move(*pos, Move(Square::parse("d5"), Square::parse("e6"), Move::Kind::EnPassant)));
  const auto free = Position::from_fen("8/8/8/3Pp2K/8/8/8/r3k3 w - e6 0 1");
  REQUIRE(free.has_value());
  CHECK(has_move(*free, Move(Square::parse("d5"), Square::parse("e6"), Move::Kind::EnPassant)));
}

TEST_CASE("Chess960 castling: the castling rook may not shield the king", "[movegen][chess960]") {
  // King c1 castles queenside with the rook on b1; the queen on a1 would then attack c1.
  const auto pos = Position::from_fen("4k3/8/8/8/8/8/8/qRK5 w B - 0 1", nullptr, true);
  REQUIRE(pos.has_value());
  CHECK_FALSE(has_move(*pos, Move(Square::parse("c1"), Square::parse("b1"), Move::Kind::Castling)));
  const auto safe = Position::from_fen("4k3/8/8/8/8/8/8/1RK5 w B - 0 1", nullptr, true);
  REQUIRE(safe.has_value());
  CHECK(has_move(*safe, Move(Square::parse("c1"), Square::parse("b1"), Move::Kind::Castling)));
}

TEST_CASE("from/to masks restrict generation", "[movegen]") {
  const Position start = Position::initial();
  MoveList moves;
  generate_legal_moves(start, moves, SquareSet(Square::parse("g1")));
  CHECK(moves.size() == 2);
  moves.clear();
  generate_legal_moves(start, moves, SquareSet::all(), SquareSet(Square::parse("e4")));
  CHECK(moves.size() == 1);
  moves.clear();
  generate_pseudo_legal_moves(start, moves);
  CHECK(moves.size() == 20);
}

TEST_CASE("is_legal and mate/stalemate", "[movegen]") {
  const Position start = Position::initial();
  CHECK(is_legal(start, Move(Square::parse("e2"), Square::parse("e4"))));
  CHECK_FALSE(is_legal(start, Move(Square::parse("e2"), Square::parse("e5"))));
  CHECK_FALSE(is_legal(start, Move::null()));
  const auto mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  REQUIRE(mate.has_value());
  CHECK(mate->is_checkmate());
  CHECK_FALSE(mate->is_stalemate());
  const auto stale = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  REQUIRE(stale.has_value());
  CHECK(stale->is_stalemate());
  CHECK_FALSE(stale->is_checkmate());
}

TEST_CASE("has_legal_move agrees with the generator along random games and in stalemates", "[movegen]") {
  std::mt19937_64 next_random(0x2545F4914F6CDD1DULL);
  int positions = 0;
  for (int game = 0; game < 200; ++game) {
    Position pos = Position::initial();
    for (int ply = 0; ply < 300; ++ply) {
      MoveList moves;
      generate_legal_moves(pos, moves);
      INFO(pos.fen());
      REQUIRE(pos.has_legal_move() == !moves.empty());
      ++positions;
      if (moves.empty()) break;
      pos.play(moves[next_random() % moves.size()]);
    }
  }
  CHECK(positions > 10000);
  // Stalemates where every piece but the king is pinned or blocked, and one with an en passant
  // capture that would expose the king.
  for (const char* fen : {"7k/5Q2/8/8/8/8/8/K7 b - - 0 1", "k7/P7/K7/8/8/8/8/8 b - - 0 1",
                          "8/8/8/8/8/6qk/8/7K w - - 0 1", "kb6/8/1K6/8/8/8/8/8 b - - 0 1",
                          "8/8/8/KPp4r/8/8/8/7k w - c6 0 1"}) {
    const auto pos = Position::from_fen(fen);
    REQUIRE(pos.has_value());
    MoveList moves;
    generate_legal_moves(*pos, moves);
    INFO(fen);
    CHECK(pos->has_legal_move() == !moves.empty());
  }
}
