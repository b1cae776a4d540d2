// Random boards that break every rule of the game (any number of kings, pawns on the back ranks,
// the side not to move in check, dozens of queens) go through FEN, move generation, SAN, attacks
// and Zobrist keys: nothing may crash, and each answer is checked against a slower oracle.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "chess/movegen.h"
#include "chess/notation.h"

using namespace quarry::chess;

namespace {

// A FEN placement with `count` pieces on random squares; letters weighted so kings and pawns,
// the pieces with special rules, are common.
std::string random_placement(std::mt19937& rng, int count) {
  static constexpr char kLetters[] = "PPPPpppppNnBbRrQqKKkk";
  std::string board(64, '.');
  std::uniform_int_distribution<int> square(0, 63);
  std::uniform_int_distribution<int> letter(0, static_cast<int>(sizeof kLetters) - 2);
  for (int i = 0; i < count; ++i) board[static_cast<std::size_t>(square(rng))] = kLetters[letter(rng)];
  std::string placement;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = board[static_cast<std::size_t>(rank * 8 + file)];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty > 0) placement += static_cast<char>('0' + empty);
      empty = 0;
      placement += c;
    }
    if (empty > 0) placement += static_cast<char>('0' + empty);
    if (rank > 0) placement += '/';
  }
  return placement;
}

std::string random_fen(std::mt19937& rng) {
  std::uniform_int_distribution<int> coin(0, 1);
  std::uniform_int_distribution<int> crowd(0, 9);
  const int count = crowd(rng) == 0 ? 64 : std::uniform_int_distribution<int>(0, 40)(rng);
  std::string fen = random_placement(rng, count);
  fen += coin(rng) ? " w " : " b ";
  std::string castling;
  for (char c : std::string("KQkq")) {
    if (coin(rng)) castling += c;
  }
  fen += castling.empty() ? "-" : castling;
  static const char* kEnPassant[] = {"-", "-", "a3", "d3", "h3", "a6", "e6", "h6"};
  fen += ' ';
  fen += kEnPassant[std::uniform_int_distribution<int>(0, 7)(rng)];
  return fen + " 0 1";
}

// Oracle for a side with exactly one king: a pseudo-legal move is legal iff that king is not
// attacked afterwards (the king may have moved, or been the mover).
bool leaves_own_king_safe(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Position after = pos.after(m);
  const Square k = after.king(us);
  return !k.is_valid() || !after.is_attacked_by(~us, k);
}

bool contains(const MoveList& list, Move m) {
  for (Move x : list) {
    if (x == m) return true;
  }
  return false;
}

void check_moves(const Position& pos) {
  MoveList legal;
  MoveList pseudo;
  generate_legal_moves(pos, legal);
  generate_pseudo_legal_moves(pos, pseudo);
  const Color us = pos.side_to_move();
  const bool one_king = pos.pieces(us, PieceType::King).count() == 1;
  for (Move m : legal) {
    REQUIRE(contains(pseudo, m));
    REQUIRE(pos.pieces(us).contains(m.from()));
    const Position after = pos.after(m);
    REQUIRE(after.zobrist_key() == Position::from_fen(after.fen())->zobrist_key());
    const std::string san = to_san(pos, m, after);
    INFO(san);
    REQUIRE(parse_san(pos, san) == m);
    REQUIRE(parse_uci(pos, to_uci(pos, m)) == m);
    if (one_king && m.kind() != Move::Kind::Castling) REQUIRE(leaves_own_king_safe(pos, m));
  }
  if (!one_king) return;
  for (Move m : pseudo) {
    if (m.kind() != Move::Kind::Castling && leaves_own_king_safe(pos, m)) REQUIRE(contains(legal, m));
  }
}

void check_attacks(const Position& pos) {
  for (Color c : {Color::White, Color::Black}) {
    SquareSet attacked;
    for (Square s : pos.pieces(c)) attacked |= pos.attacks_from(s);
    REQUIRE(attacked == pos.attacked_by(c));
    for (Square s : SquareSet::all()) REQUIRE(pos.is_attacked_by(c, s) == attacked.contains(s));
    REQUIRE(pos.pinned(c).is_subset_of(pos.pieces(c)));
  }
  REQUIRE(pos.is_checkmate() == (pos.in_check() && !pos.has_legal_move()));
  REQUIRE_FALSE((pos.is_checkmate() && pos.is_stalemate()));
}

}  // namespace

TEST_CASE("random boards: movegen, SAN, attacks and keys never fail", "[robustness]") {
  std::mt19937 rng(20261123);
  for (int i = 0; i < 20000; ++i) {
    const std::string fen = random_fen(rng);
    INFO(fen);
    const auto pos = Position::from_fen(fen);
    REQUIRE(pos.has_value());
    REQUIRE(Position::from_fen(pos->fen())->fen() == pos->fen());
    check_attacks(*pos);
    check_moves(*pos);
  }
}

TEST_CASE("a crowded board has more moves than any game position", "[robustness]") {
  // Twenty-five queens (found by a hill climb from the 218-move record position).
  const auto pos = Position::from_fen("QQQrQQQQ/3Q4/1Q4Q1/Q6Q/Q1Q4Q/Q4Q1Q/3Q3Q/QQ2QpQ1 w - - 0 1");
  REQUIRE(pos.has_value());
  MoveList moves;
  generate_legal_moves(*pos, moves);
  CHECK(moves.size() > 256);
  check_moves(*pos);
}

TEST_CASE("the side to move may capture a king left in check", "[robustness]") {
  const auto pos = Position::from_fen("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1");
  REQUIRE(pos.has_value());
  const auto take = parse_san(*pos, "Rxe8");
  REQUIRE(take.has_value());
  const Position after = pos->after(*take);
  CHECK_FALSE(after.king(Color::Black).is_valid());
  CHECK(after.is_stalemate());  // Black has no pieces at all
}

TEST_CASE("capturing a king takes its side's castling rights", "[robustness]") {
  const auto pos = Position::from_fen("4k3/8/8/8/8/8/2p5/R2K3K b Q - 0 1");
  REQUIRE(pos.has_value());
  REQUIRE(pos->has_castling_right(Color::White, CastlingSide::Queen));
  const Position after = pos->after(*parse_san(*pos, "cxd1=Q"));
  CHECK_FALSE(after.has_castling_right(Color::White, CastlingSide::Queen));
  CHECK(after.zobrist_key() == Position::from_fen(after.fen())->zobrist_key());
}
