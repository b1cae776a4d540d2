// SAN and UCI: writing, round trips over every legal move, and the tolerant forms real PGN uses.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "chess/movegen.h"
#include "chess/notation.h"

using namespace quarry::chess;

namespace {

Position fen(const char* text, bool chess960 = false) {
  const auto pos = Position::from_fen(text, nullptr, chess960);
  REQUIRE(pos.has_value());
  return *pos;
}

Move san(const Position& pos, const char* text) {
  const auto m = parse_san(pos, text);
  INFO("SAN: " << text);
  REQUIRE(m.has_value());
  return *m;
}

Move move(const char* from, const char* to, Move::Kind kind = Move::Kind::Normal,
          PieceType promotion = PieceType::Knight) {
  return Move(Square::parse(from), Square::parse(to), kind, promotion);
}

void check_round_trip(const Position& pos) {
  MoveList moves;
  generate_legal_moves(pos, moves);
  for (Move m : moves) {
    const std::string text = to_san(pos, m);
    INFO(pos.fen() << " move " << text);
    const auto back = parse_san(pos, text);
    REQUIRE(back.has_value());
    CHECK(*back == m);
    const auto uci = parse_uci(pos, to_uci(pos, m));
    REQUIRE(uci.has_value());
    CHECK(*uci == m);
  }
}

}  // namespace

TEST_CASE("SAN round trip over every legal move", "[notation]") {
  check_round_trip(Position::initial());
  check_round_trip(fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"));
  check_round_trip(fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"));
  check_round_trip(fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1").after(
      move("c4", "c5")));
  check_round_trip(fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -"));
  check_round_trip(fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true));
  check_round_trip(fen("1Q5Q/8/8/8/8/k7/7Q/4K3 w - - 0 1"));  // three queens: full disambiguation
}

TEST_CASE("SAN round trip along random games (pins, checks, en passant, promotions)", "[notation]") {
  // parse_san resolves most moves without generating moves; the generator is the oracle here.
  std::mt19937_64 next_random(0x9E3779B97F4A7C15ULL);
  const Position starts[] = {Position::initial(),
                             fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"),
                             fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -"),
                             fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1")};
  int positions = 0;
  for (int game = 0; game < 60; ++game) {
    Position pos = starts[game % 4];
    for (int ply = 0; ply < 150; ++ply) {
      MoveList moves;
      generate_legal_moves(pos, moves);
      if (moves.empty()) break;
      check_round_trip(pos);
      ++positions;
      pos.play(moves[next_random() % moves.size()]);
    }
  }
  CHECK(positions > 2500);
}

TEST_CASE("parse_san refuses moves of pinned pieces and moves that leave the king in check", "[notation]") {
  // The knight on d2 is pinned by the bishop on b4: Nf3 is illegal, and the other knight's
  // move is not ambiguous.
  const Position pinned = fen("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1");
  CHECK(san(pinned, "Nf3") == move("g1", "f3"));
  CHECK_FALSE(parse_san(pinned, "Nb3").has_value());
  // In check from the rook on e8: only moves that answer the check are legal.
  const Position check = fen("4r1k1/8/8/8/8/8/3B4/4K3 w - - 0 1");
  CHECK(san(check, "Be3") == move("d2", "e3"));
  CHECK_FALSE(parse_san(check, "Bc3").has_value());
  CHECK_FALSE(parse_san(check, "Ke2").has_value());
  CHECK(san(check, "Kd1") == move("e1", "d1"));
}

TEST_CASE("parse_san tells a pin by the kind of the king's line", "[notation]") {
  // A pinned piece may move along its line (or take the pinner), not off it; on a file and a
  // diagonal at once: the rook on e4 by the rook on e8, the bishop on d2 by the bishop on a5.
  const Position pins = fen("4r1k1/8/8/b7/4R3/8/3B4/4K3 w - - 0 1");
  CHECK(san(pins, "Re6") == move("e4", "e6"));
  CHECK(san(pins, "Rxe8+") == move("e4", "e8"));
  CHECK_FALSE(parse_san(pins, "Rd4").has_value());
  CHECK(san(pins, "Bc3") == move("d2", "c3"));
  CHECK(san(pins, "Bxa5") == move("d2", "a5"));
  CHECK_FALSE(parse_san(pins, "Be3").has_value());
  // The same lines held by sliders of the other kind pin nothing: a bishop on the file, a rook
  // on the diagonal.
  const Position no_pins = fen("4b1k1/8/8/r7/4R3/8/3N4/4K3 w - - 0 1");
  CHECK(san(no_pins, "Rd4") == move("e4", "d4"));
  CHECK(san(no_pins, "Nf3") == move("d2", "f3"));
  CHECK(san(no_pins, "Nb3") == move("d2", "b3"));
  // A rank: the rook on c1 stays on the first rank or takes the rook on a1.
  const Position rank = fen("8/8/8/8/k7/8/8/r1R1K3 w - - 0 1");
  CHECK(san(rank, "Rxa1") == move("c1", "a1"));
  CHECK(san(rank, "Rd1") == move("c1", "d1"));
  CHECK_FALSE(parse_san(rank, "Rc2").has_value());
  // A king's move is tested by the attacks on its new square, out of check too: the rook on a2
  // holds the second rank, and the bishop on b4 the d2 square twice over.
  const Position king = fen("4k3/8/8/8/1b6/8/r7/4K3 w - - 0 1");
  CHECK(san(king, "Kd1") == move("e1", "d1"));
  CHECK(san(king, "Kf1") == move("e1", "f1"));
  CHECK_FALSE(parse_san(king, "Ke2").has_value());
  CHECK_FALSE(parse_san(king, "Kd2").has_value());
  CHECK_FALSE(parse_san(king, "Kf2").has_value());
}

TEST_CASE("parse_san refuses a slider whose way is blocked", "[notation]") {
  // The only piece of the type that reaches the square on an empty board is taken without
  // computing attacks; the squares between must still be empty.
  const Position start = Position::initial();
  CHECK_FALSE(parse_san(start, "Bc4").has_value());  // the e2 pawn is in the way
  CHECK_FALSE(parse_san(start, "Qh5").has_value());
  CHECK_FALSE(parse_san(start, "Ra3").has_value());
  CHECK_FALSE(parse_san(start, "Qxd7").has_value());
  const Position open = start.after(move("e2", "e4")).after(move("e7", "e5"));
  CHECK(san(open, "Bc4") == move("f1", "c4"));
  CHECK(san(open, "Qh5") == move("d1", "h5"));
  CHECK(san(open, "Ke2") == move("e1", "e2"));
  // Two rooks reach d1 and b1 on an empty board; the knight on c1 blocks one of them each time.
  const Position rooks = fen("4k3/8/8/8/8/8/4K3/R1N4R w - - 0 1");
  CHECK(san(rooks, "Rd1") == move("h1", "d1"));
  CHECK(san(rooks, "Rb1") == move("a1", "b1"));
  CHECK_FALSE(parse_san(rooks, "Rc1").has_value());  // its own knight stands there
  // A lone bishop behind a piece of the other side cannot capture past it.
  const Position behind = fen("4k3/8/8/3p4/8/8/B3K3/8 w - - 0 1");
  CHECK(san(behind, "Bxd5") == move("a2", "d5"));
  const Position blocked = fen("4k3/6p1/8/3p4/8/8/B3K3/8 w - - 0 1");
  CHECK_FALSE(parse_san(blocked, "Bxg8").has_value());
  CHECK_FALSE(parse_san(blocked, "Bf7").has_value());
}

TEST_CASE("parse_san finds a pawn's source or refuses the move", "[notation]") {
  // pawn_sources: a push from the square behind, a double step over an empty square from the
  // second rank, a capture only onto a piece of the other side.
  const Position pos = fen("4k3/8/8/3p4/3P2p1/1n6/1P2P1PP/4K3 w - - 0 1");
  CHECK(san(pos, "e3") == move("e2", "e3"));
  CHECK(san(pos, "e4") == move("e2", "e4"));
  CHECK(san(pos, "h4") == move("h2", "h4"));
  CHECK_FALSE(parse_san(pos, "d5").has_value());    // the d5 pawn stands there
  CHECK_FALSE(parse_san(pos, "b3").has_value());    // a knight stands on b3: a push cannot take it
  CHECK_FALSE(parse_san(pos, "axb3").has_value());  // and no pawn on a2 or c2 can
  CHECK_FALSE(parse_san(pos, "b4").has_value());    // the double step is blocked on b3
  CHECK(san(pos, "g3") == move("g2", "g3"));
  CHECK_FALSE(parse_san(pos, "g4").has_value());    // the black pawn stands there
  CHECK_FALSE(parse_san(pos, "d6").has_value());    // no pawn can reach d6
  CHECK_FALSE(parse_san(pos, "exd3").has_value());  // d3 is empty, and no en passant square
  const Position black = fen("4k3/2p5/8/8/8/8/8/4K3 b - - 0 1");
  CHECK(san(black, "c5") == move("c7", "c5"));
  CHECK(san(black, "c6") == move("c7", "c6"));
  CHECK_FALSE(parse_san(black, "c4").has_value());
}

TEST_CASE("to_san writes standard SAN", "[notation]") {
  const Position start = Position::initial();
  CHECK(to_san(start, move("g1", "f3")) == "Nf3");
  CHECK(to_san(start, move("e2", "e4")) == "e4");
  CHECK(to_san(start, Move::null()) == "--");
  const Position kiwi = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
  CHECK(to_san(kiwi, move("e1", "h1", Move::Kind::Castling)) == "O-O");
  CHECK(to_san(kiwi, move("e1", "a1", Move::Kind::Castling)) == "O-O-O");
  CHECK(to_san(kiwi, move("e5", "f7")) == "Nxf7");
  CHECK(to_san(kiwi, move("c3", "b5")) == "Nb5");
  const Position rooks = fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
  CHECK(to_san(rooks, move("a1", "d1")) == "Rad1");
  const Position files = fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
  CHECK(to_san(files, move("a1", "a3")) == "R1a3");
  const Position queens = fen("1Q5Q/8/8/8/8/k7/7Q/4K3 w - - 0 1");
  CHECK(to_san(queens, move("h8", "e5")) == "Qh8e5");
  CHECK(to_san(queens, move("h2", "e5")) == "Q2e5");
  CHECK(to_san(queens, move("b8", "e5")) == "Qbe5");
  const Position promo = fen("8/1P2k3/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(to_san(promo, move("b7", "b8", Move::Kind::Promotion, PieceType::Queen)) == "b8=Q");
  CHECK(to_san(promo, move("b7", "b8", Move::Kind::Promotion, PieceType::Knight)) == "b8=N");
  const Position mate = fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  CHECK(to_san(mate, move("a1", "a8")) == "Ra8#");
  const Position ep = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  CHECK(to_san(ep, move("e5", "d6", Move::Kind::EnPassant)) == "exd6");
}

TEST_CASE("parse_san accepts real-world variants", "[notation]") {
  const Position start = Position::initial();
  CHECK(san(start, "Nf3") == move("g1", "f3"));
  CHECK(san(start, "Ngf3") == move("g1", "f3"));
  CHECK(san(start, "Ng1f3") == move("g1", "f3"));
  CHECK(san(start, "Ng1-f3") == move("g1", "f3"));
  CHECK(san(start, "e4!?") == move("e2", "e4"));
  CHECK(san(start, "e4!!") == move("e2", "e4"));
  CHECK(san(start, "e4??") == move("e2", "e4"));
  CHECK(san(start, "e2e4") == move("e2", "e4"));
  CHECK(san(start, "--") == Move::null());
  CHECK(san(start, "Z0") == Move::null());
  CHECK_FALSE(parse_san(start, "e5").has_value());
  CHECK_FALSE(parse_san(start, "Nd2").has_value());
  CHECK_FALSE(parse_san(start, "O-O").has_value());
  CHECK_FALSE(parse_san(start, "").has_value());
  CHECK_FALSE(parse_san(start, "Xe4").has_value());

  const Position kiwi = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
  CHECK(san(kiwi, "O-O") == move("e1", "h1", Move::Kind::Castling));
  CHECK(san(kiwi, "0-0") == move("e1", "h1", Move::Kind::Castling));
  CHECK(san(kiwi, "O-O-O+") == move("e1", "a1", Move::Kind::Castling));
  CHECK(san(kiwi, "0-0-0") == move("e1", "a1", Move::Kind::Castling));
  CHECK(san(kiwi, "Kg1") == move("e1", "h1", Move::Kind::Castling));
  CHECK(san(kiwi, "Nxf7") == move("e5", "f7"));
  CHECK(san(kiwi, "Nf7") == move("e5", "f7"));      // missing x
  CHECK(san(kiwi, "Nxb5") == move("c3", "b5"));     // superfluous x
  CHECK(san(kiwi, "Qf3xf6") == move("f3", "f6"));  // over-disambiguated
  CHECK(san(kiwi, "dxe6") == move("d5", "e6"));
  CHECK(san(kiwi, "de6") == move("d5", "e6"));
  const Position ep = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  CHECK(san(ep, "exd6 e.p.") == move("e5", "d6", Move::Kind::EnPassant));
  CHECK(san(ep, "exd6e.p.+") == move("e5", "d6", Move::Kind::EnPassant));
  CHECK(san(ep, "ed6") == move("e5", "d6", Move::Kind::EnPassant));
  CHECK_FALSE(parse_san(kiwi, "N4f7").has_value());

  // Lowercase b is the b-file: bxc3 is a pawn capture even when a bishop could also take.
  const Position b_file = fen("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
  CHECK(san(b_file, "bxc3") == move("b2", "c3"));
  CHECK(san(b_file, "Bxc3") == move("d2", "c3"));

  const Position promo = fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  const Move queen = move("a7", "a8", Move::Kind::Promotion, PieceType::Queen);
  CHECK(san(promo, "a8=Q") == queen);
  CHECK(san(promo, "a8Q") == queen);
  CHECK(san(promo, "a8(Q)") == queen);
  CHECK(san(promo, "a8=Q+") == queen);
  CHECK(san(promo, "axb8=N") == move("a7", "b8", Move::Kind::Promotion, PieceType::Knight));
  CHECK(san(promo, "axb8R") == move("a7", "b8", Move::Kind::Promotion, PieceType::Rook));
  CHECK_FALSE(parse_san(promo, "a8").has_value());
  CHECK_FALSE(parse_san(promo, "a8=K").has_value());

  const Position ambiguous = fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
  CHECK_FALSE(parse_san(ambiguous, "Rd1").has_value());
  CHECK(san(ambiguous, "Rad1") == move("a1", "d1"));
}

TEST_CASE("Chess960 castling in SAN and UCI", "[notation][chess960]") {
  const Position pos = fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true);
  // The king on g1 and the rook on h1: O-O keeps the king on g1 and puts the rook on f1 only
  // when f1 is free, which it is not here.
  CHECK_FALSE(parse_san(pos, "O-O").has_value());
  const Position open = fen("4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", true);
  const Move short_castle = move("g1", "h1", Move::Kind::Castling);
  CHECK(san(open, "O-O") == short_castle);
  CHECK(to_san(open, short_castle) == "O-O");
  CHECK(to_uci(open, short_castle) == "g1h1");
  CHECK(san(open, "O-O-O") == move("g1", "b1", Move::Kind::Castling));
  const Position after = open.after(short_castle);
  CHECK(after.piece_at(Square::parse("g1")) == Piece(Color::White, PieceType::King));
  CHECK(after.piece_at(Square::parse("f1")) == Piece(Color::White, PieceType::Rook));
  CHECK(after.piece_at(Square::parse("h1")).is_none());
}

TEST_CASE("UCI text", "[notation]") {
  const Position kiwi = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
  const Move castle = move("e1", "h1", Move::Kind::Castling);
  CHECK(to_uci(kiwi, castle) == "e1g1");
  CHECK(parse_uci(kiwi, "e1g1") == castle);
  CHECK(parse_uci(kiwi, "e1h1") == castle);
  CHECK(to_uci(kiwi, Move::null()) == "0000");
  CHECK(parse_uci(kiwi, "0000") == Move::null());
  CHECK_FALSE(parse_uci(kiwi, "e1e3").has_value());
  CHECK_FALSE(parse_uci(kiwi, "zz").has_value());
  const Position promo = fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(to_uci(promo, move("a7", "b8", Move::Kind::Promotion, PieceType::Knight)) == "a7b8n");
  CHECK(parse_uci(promo, "a7a8q") == move("a7", "a8", Move::Kind::Promotion, PieceType::Queen));
  CHECK_FALSE(parse_uci(promo, "a7a8").has_value());
}
