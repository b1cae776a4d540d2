// FEN: round trips, X-FEN/Shredder castling letters, defaults and rejected input.
#include <catch2/catch.hpp>

#include <string>

#include "chess/movegen.h"
#include "chess/position.h"

using namespace quarry::chess;

TEST_CASE("FEN round trips", "[fen]") {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 12 40",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
  };
  for (const char* text : fens) {
    const auto pos = Position::from_fen(text);
    REQUIRE(pos.has_value());
    CHECK(pos->fen() == text);
  }
  CHECK(Position::initial().fen() == fens[0]);
}

TEST_CASE("FEN defaults and whitespace", "[fen]") {
  const auto pos = Position::from_fen("  4k3/8/8/8/8/8/8/4K3   b - -  ");
  REQUIRE(pos.has_value());
  CHECK(pos->halfmove_clock() == 0);
  CHECK(pos->fullmove_number() == 1);
  CHECK(pos->side_to_move() == Color::Black);
  CHECK(pos->fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST_CASE("FEN castling letters: X-FEN and Shredder-FEN", "[fen][chess960]") {
  // Shredder letters for standard rooks are read, and written back as KQkq.
  const auto shredder = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
  REQUIRE(shredder.has_value());
  CHECK_FALSE(shredder->chess960());
  CHECK(shredder->fen() == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK(shredder->castling_rook(Color::Black, CastlingSide::Queen) == Square::parse("a8"));

  // X-FEN: an inner rook is named by its file; the outer one keeps K.
  const auto inner = Position::from_fen("4k3/8/8/8/8/8/8/1R2K1RR w GB - 0 1");
  REQUIRE(inner.has_value());
  CHECK(inner->chess960());
  CHECK(inner->castling_rook(Color::White, CastlingSide::King) == Square::parse("g1"));
  CHECK(inner->castling_rook(Color::White, CastlingSide::Queen) == Square::parse("b1"));
  CHECK(inner->fen() == "4k3/8/8/8/8/8/8/1R2K1RR w GQ - 0 1");

  const auto chess960 = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  REQUIRE(chess960.has_value());
  CHECK(chess960->chess960());
  CHECK(chess960->castling_rook(Color::White, CastlingSide::Queen) == Square::parse("f1"));
  CHECK(chess960->castling_rook(Color::Black, CastlingSide::King) == Square::parse("h8"));
  const auto by_files = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  REQUIRE(by_files.has_value());
  CHECK(*by_files == *chess960);

  // A right without its rook is dropped, not an error.
  const auto missing = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1");
  REQUIRE(missing.has_value());
  CHECK(missing->has_castling_right(Color::White, CastlingSide::King));
  CHECK_FALSE(missing->has_castling_right(Color::White, CastlingSide::Queen));
}

TEST_CASE("FEN en passant square is kept only when a double push fits", "[fen]") {
  const auto bogus = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1");
  REQUIRE(bogus.has_value());
  CHECK_FALSE(bogus->en_passant_square().is_valid());
  const auto real = Position::from_fen("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1");
  REQUIRE(real.has_value());
  CHECK(real->en_passant_square() == Square::parse("e6"));
}

TEST_CASE("FEN move counters past 16 bits are kept", "[fen]") {
  const std::string fen = "4k3/8/8/8/8/8/8/4K3 w - - 70000 999999999";
  const auto pos = Position::from_fen(fen);
  REQUIRE(pos.has_value());
  CHECK(pos->halfmove_clock() == 70000);
  CHECK(pos->fullmove_number() == Position::kMaxMoveCounter);
  CHECK(pos->fen() == fen);
}

TEST_CASE("malformed FEN is rejected with a message", "[fen]") {
  const char* bad[] = {
      "",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",           // 7 ranks
      "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  // 9 squares
      "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - zero 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ1q - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1000000000",  // past kMaxMoveCounter
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
  };
  for (const char* text : bad) {
    std::string error;
    INFO(text);
    CHECK_FALSE(Position::from_fen(text, &error).has_value());
    CHECK_FALSE(error.empty());
  }
}

TEST_CASE("a board that breaks the rules is read as given", "[fen]") {
  const char* given[] = {
      "4k3/8/8/8/8/8/8/4KK2 w - - 0 1",                  // two white kings
      "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",                  // pawn on the first rank
      "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",                 // black, not to move, is in check
      "3kk3/8/8/8/8/8/8/8 b - - 0 1",                    // no white king, adjacent black kings
      "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/8/k6K w - - 0 1",  // far too many queens
      "pppppppp/8/8/8/8/8/8/PPPPPPPP b - - 0 1",         // pawns on both back ranks
  };
  for (const char* text : given) {
    INFO(text);
    const auto pos = Position::from_fen(text);
    REQUIRE(pos.has_value());
    CHECK(pos->fen() == text);
  }
}

TEST_CASE("a side may lack its king, as problem positions do", "[fen]") {
  // The CQLi manual's Triple Loyd: Black's king is placed only in imagination.
  const auto loyd = Position::from_fen("8/8/8/8/6Q1/2K5/8/6B1 b - - 0 1");
  REQUIRE(loyd.has_value());
  CHECK_FALSE(loyd->in_check());
  CHECK_FALSE(loyd->has_legal_move());  // Black has nothing to move
  // Without a king there are no checks or pins: every pseudo-legal move is legal.
  const auto rook_only = Position::from_fen("4k3/8/8/8/8/8/4r3/R7 w - - 0 1");
  REQUIRE(rook_only.has_value());
  MoveList moves;
  generate_legal_moves(*rook_only, moves);
  CHECK(moves.size() == 14);
  CHECK(rook_only->fen() == "4k3/8/8/8/8/8/4r3/R7 w - - 0 1");
  const auto en_passant = Position::from_fen("4k3/8/8/1Pp5/8/8/8/8 w - c6 0 1");
  REQUIRE(en_passant.has_value());
  moves.clear();
  generate_legal_moves(*en_passant, moves);
  CHECK(moves.size() == 2);  // b6 and bxc6 e.p.
}
