// Position: move making, piece identity, attack queries, pins and incremental state.
#include <catch2/catch.hpp>

#include <optional>
#include <random>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/position_after.h"

using namespace quarry::chess;

namespace {

Position play_sans(Position pos, std::initializer_list<const char*> sans) {
  for (const char* san : sans) {
    const auto m = parse_san(pos, san);
    INFO(san);
    REQUIRE(m.has_value());
    pos.play(*m);
  }
  return pos;
}

Square sq(const char* name) { return Square::parse(name); }

}  // namespace

TEST_CASE("piece ids follow pieces, vanish on capture, survive promotion", "[position]") {
  const Position start = Position::initial();
  CHECK(start.piece_id(sq("a8")) == 1);
  CHECK(start.piece_id(sq("h8")) == 8);
  CHECK(start.piece_id(sq("a7")) == 9);
  CHECK(start.piece_id(sq("a1")) == 25);
  CHECK(start.piece_id(sq("h1")) == 32);
  CHECK(start.piece_id(sq("e4")) == 0);
  const int e_pawn = start.piece_id(sq("e2"));
  const int d_pawn = start.piece_id(sq("d7"));
  const Position after = play_sans(start, {"e4", "d5", "exd5"});
  CHECK(after.piece_id(sq("d5")) == e_pawn);
  CHECK(after.square_of_piece_id(e_pawn) == sq("d5"));
  CHECK(after.square_of_piece_id(d_pawn) == Square::none());
  CHECK(after.square_of_piece_id(0) == Square::none());

  const auto promo = Position::from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  REQUIRE(promo.has_value());
  const int pawn = promo->piece_id(sq("a7"));
  const Position queened = play_sans(*promo, {"axb8=Q+"});
  CHECK(queened.piece_at(sq("b8")) == Piece(Color::White, PieceType::Queen));
  CHECK(queened.piece_id(sq("b8")) == pawn);
  CHECK(queened.square_of_piece_id(promo->piece_id(sq("b8"))) == Square::none());
}

TEST_CASE("castling moves king and rook and keeps their ids", "[position]") {
  const auto pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  REQUIRE(pos.has_value());
  const int rook = pos->piece_id(sq("h1"));
  const Position castled = play_sans(*pos, {"O-O"});
  CHECK(castled.piece_at(sq("g1")) == Piece(Color::White, PieceType::King));
  CHECK(castled.piece_id(sq("f1")) == rook);
  CHECK_FALSE(castled.has_castling_right(Color::White, CastlingSide::Queen));
  CHECK(castled.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  const Position rook_taken = play_sans(*pos, {"Rxa8+"});
  CHECK(rook_taken.fen() == "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

TEST_CASE("move counters count on past 65535 in every move path", "[position]") {
  const auto start = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 65535 65535");
  REQUIRE(start.has_value());
  const Position played = play_sans(*start, {"Kd7", "Ra2"});  // Position::play
  CHECK(played.fullmove_number() == 65536);
  CHECK(played.halfmove_clock() == 65537);
  CHECK(played.fen() == "8/3k4/8/8/8/8/R7/4K3 b - - 65537 65536");
  // The game tree's inline path (Position(before, move)).
  const auto king_move = parse_san(*start, "Kd7");
  REQUIRE(king_move.has_value());
  const Position after_king(*start, *king_move);
  const auto rook_move = parse_san(after_king, "Ra2");
  REQUIRE(rook_move.has_value());
  CHECK(Position(after_king, *rook_move).fen() == played.fen());
  Position null_played = *start;
  null_played.play_null();
  CHECK(null_played.fullmove_number() == 65536);
  CHECK(null_played.halfmove_clock() == 65536);
}

TEST_CASE("move counters and en passant state", "[position]") {
  Position pos = play_sans(Position::initial(), {"e4"});
  CHECK(pos.en_passant_square() == sq("e3"));
  CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  pos = play_sans(pos, {"Nf6", "Nc3"});
  CHECK(pos.halfmove_clock() == 2);
  CHECK(pos.fullmove_number() == 2);
  CHECK_FALSE(pos.en_passant_square().is_valid());
  pos.play_null();
  CHECK(pos.side_to_move() == Color::White);
  CHECK(pos.fullmove_number() == 3);
  CHECK(pos.zobrist_key() == Position::from_fen(pos.fen())->zobrist_key());
  const Position ep = play_sans(Position::initial(), {"e4", "a6", "e5", "d5", "exd6"});
  CHECK(ep.piece_at(sq("d5")).is_none());
  CHECK(ep.piece_at(sq("d6")) == Piece(Color::White, PieceType::Pawn));
}

TEST_CASE("attacks, checkers and pins", "[position]") {
  // The rook on a1 checks along the first rank; the bishop on a5 pins the knight on d2.
  const auto pos = Position::from_fen("4k3/8/8/b7/8/8/3N4/r3K1NR w - - 0 1");
  REQUIRE(pos.has_value());
  CHECK(pos->checkers() == SquareSet(sq("a1")));
  CHECK(pos->in_check());
  CHECK(pos->pinned(Color::White) == SquareSet(sq("d2")));
  CHECK(pos->pinned(Color::Black).is_empty());
  CHECK(pos->attackers_to(sq("e2")) == (SquareSet(sq("e1")) | sq("g1")));
  CHECK(pos->attacks_from(sq("a1")) ==
        (SquareSet(sq("b1")) | sq("c1") | sq("d1") | sq("e1") | sq("a2") | sq("a3") | sq("a4") | sq("a5")));
  CHECK(pos->attacks_from(sq("e4")).is_empty());
  CHECK(pos->attacked_by(Color::Black).contains(sq("d1")));
  CHECK_FALSE(pos->attacked_by(Color::Black).contains(sq("e2")));
  CHECK(pos->is_attacked_by(Color::White, sq("f3")));
  // Only Ke2 and Kf2: d1 and f1 stay on the rook's rank, and the pinned knight cannot block.
  MoveList moves;
  generate_legal_moves(*pos, moves);
  CHECK(moves.size() == 2);
}

TEST_CASE("copy-make: after() leaves the original untouched", "[position]") {
  const Position start = Position::initial();
  const Position next = start.after(*parse_san(start, "Nf3"));
  CHECK(start == Position::initial());
  CHECK_FALSE(next == start);
  CHECK(play_sans(next, {"Nf6", "Ng1", "Ng8"}).fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3");
  CHECK(play_sans(next, {"Nf6", "Ng1", "Ng8"}).zobrist_key() == start.zobrist_key());
}

namespace {

// The checkers of the side to move, recomputed from the board by a different route.
SquareSet checkers_from_scratch(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square k = pos.king(us);
  if (!k.is_valid()) return SquareSet();
  return pos.attackers_to(k) & pos.pieces(~us);
}

Position fen_position(const char* fen, bool chess960 = false) {
  const auto pos = Position::from_fen(fen, nullptr, chess960);
  REQUIRE(pos.has_value());
  return *pos;
}

}  // namespace

TEST_CASE("checks found after a move: direct, discovered, en passant, castling, promotion", "[position]") {
  // Discovered along the rank by an en passant capture that empties two squares.
  Position ep = play_sans(fen_position("8/3p4/8/R3P2k/8/8/8/K7 b - - 0 1"), {"d5", "exd6"});
  CHECK(ep.checkers() == SquareSet(Square(0, 4)));
  // Castling: the rook gives check on its new square.
  CHECK(play_sans(fen_position("5k2/8/8/8/8/8/8/4K2R w K - 0 1"), {"O-O"}).checkers() == SquareSet(Square(5, 0)));
  // Promotion: the new queen checks; a promotion that opens the seventh rank to a rook.
  CHECK(play_sans(fen_position("3k4/4P3/8/8/8/8/8/K7 w - - 0 1"), {"e8=Q"}).checkers() == SquareSet(Square(4, 7)));
  CHECK(play_sans(fen_position("8/RP1k4/8/8/8/8/8/K7 w - - 0 1"), {"b8=R"}).checkers() == SquareSet(Square(0, 6)));
  // Double check: a knight leaves the bishop's diagonal and checks itself.
  CHECK(play_sans(fen_position("7k/8/8/4N3/8/8/1B6/K7 w - - 0 1"), {"Nf7"}).checkers() ==
        (SquareSet(Square(5, 6)) | Square(1, 1)));
  // The side not to move already in check (a FEN that is no legal position): a quiet move keeps it.
  CHECK(play_sans(fen_position("4k3/8/8/8/8/8/P7/K3R3 w - - 0 1"), {"a3"}).checkers() == SquareSet(Square(4, 0)));
  // After a pass in check, the side that passed is still attacked on the next move.
  Position passed = fen_position("4k3/p7/8/8/8/8/8/K3r3 w - - 0 1");
  passed.play_null();
  CHECK(play_sans(passed, {"a6"}).checkers() == SquareSet(Square(4, 0)));
}

TEST_CASE("checkers after every move agree with a recomputation along random legal and pseudo-legal games",
          "[position][movegen]") {
  std::mt19937_64 next_random(0x9E3779B97F4A7C15ULL);
  struct Start {
    const char* fen;
    bool chess960;
  };
  const Start starts[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false},
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
      {"4k3/8/8/8/8/8/P7/K3R3 w - - 0 1", false},  // the waiting king attacked
  };
  int checks = 0;
  for (const Start& start : starts) {
    for (int game = 0; game < 60; ++game) {
      Position pos = fen_position(start.fen, start.chess960);
      const bool pseudo = game % 3 == 2;  // every third game plays moves that may leave the king attacked
      for (int ply = 0; ply < 200; ++ply) {
        MoveList moves;
        if (pseudo) {
          generate_pseudo_legal_moves(pos, moves);
        } else {
          generate_legal_moves(pos, moves);
        }
        if (moves.empty()) break;
        const std::uint64_t r = next_random();
        if (r % 41 == 0) {
          pos.play_null();
        } else {
          pos.play(moves[r % moves.size()]);
        }
        INFO(start.fen << " ply " << ply << ": " << pos.fen());
        REQUIRE(pos.checkers() == checkers_from_scratch(pos));
        if (pos.in_check()) ++checks;
      }
    }
  }
  CHECK(checks > 500);
}

TEST_CASE("the position built from a parent and a move equals the parent's copy changed by play()",
          "[position]") {
  // Position(before, m) is how a game tree makes each node's position; play() is the reference.
  std::mt19937_64 next_random(0x2545F4914F6CDD1DULL);
  struct Start {
    std::optional<Position> pos;
    const char* name;
  };
  const Start starts[] = {
      {Position::initial(), "initial"},
      {Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), "castling"},
      {Position::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"), "promotions"},
      {Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", nullptr, true),
       "chess960"},
      {Position::from_fen("4k3/8/8/8/8/8/8/K3R3 w - - 0 1"), "a king to capture"},
      {Position::from_variant_fen(variant_start_fen(Variant::FourFile), VariantRules{Variant::FourFile, false}),
       "four-file"},
  };
  int compared = 0;
  for (const Start& start : starts) {
    REQUIRE(start.pos.has_value());
    for (int game = 0; game < 20; ++game) {
      Position pos = *start.pos;
      const bool pseudo = game % 2 == 1;  // pseudo-legal moves may capture a king or leave one attacked
      for (int ply = 0; ply < 120; ++ply) {
        MoveList moves;
        if (pseudo) {
          generate_pseudo_legal_moves(pos, moves);
        } else {
          generate_legal_moves(pos, moves);
        }
        if (moves.empty() || !pos.king(pos.side_to_move()).is_valid()) break;
        moves.push_back(Move::null());
        for (Move m : moves) {
          INFO(start.name << ": " << pos.fen() << " move " << to_uci(pos, m));
          REQUIRE(Position(pos, m) == pos.after(m));
          ++compared;
        }
        pos.play(moves[next_random() % (moves.size() - 1)]);
      }
    }
  }
  CHECK(compared > 100000);
}
