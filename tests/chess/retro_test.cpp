// Retrograde moves: which retractions exist, their predecessors, and CQLi's notation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/retro.h"
#include "fen_position.h"

using namespace quarry::chess;

namespace {

using quarry::testing::at;

std::vector<std::string> texts(const Position& pos, const std::vector<Retraction>& list) {
  std::vector<std::string> out;
  for (const Retraction& r : list) out.push_back(retraction_text(pos, r));
  return out;
}

bool has(const std::vector<std::string>& list, const std::string& text) {
  return std::find(list.begin(), list.end(), text) != list.end();
}

// Board, side to move, castling rights and en passant square: the predecessor's clocks are a guess.
std::string without_clocks(const Position& pos) {
  const std::string fen = pos.fen();
  return fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));
}

}  // namespace

TEST_CASE("the initial position: only the knights can have moved", "[retro]") {
  const Position start = Position::initial();
  CHECK(texts(start, legal_retractions(start)) == std::vector<std::string>{"~Na6b8", "~Nc6b8", "~Nf6g8", "~Nh6g8"});
  CHECK(pseudolegal_retractions(start).size() == 4);
}

TEST_CASE("Loyd's retractor: an uncapture with unpromotion", "[retro]") {
  const Position pos = at("1B5r/5pp1/1p6/7p/p2P2N1/2Pn4/PP6/R4K1k b - - 0 1");
  const auto legal = legal_retractions(pos);
  const auto list = texts(pos, legal);
  CHECK(has(list, "~Pa7x(B)b8=B"));
  CHECK(has(list, "~Pb7b8=B"));
  CHECK_FALSE(has(list, "~Pa7x(P)b8=B"));  // no pawn on the last rank
  CHECK_FALSE(has(list, "~Ph7x(P)g8"));
  for (const Retraction& r : legal) {
    if (retraction_text(pos, r) != "~Pa7x(B)b8=B") continue;
    CHECK(r.move == Move(Square::parse("a7"), Square::parse("b8"), Move::Kind::Promotion, PieceType::Bishop));
    CHECK(r.uncaptured == PieceType::Bishop);
    CHECK(retract(pos, r).fen() == "1b5r/P4pp1/1p6/7p/p2P2N1/2Pn4/PP6/R4K1k w - - 0 1");
  }
}

TEST_CASE("an en passant retraction leaves the en passant square", "[retro]") {
  const Position pos = at("n7/2b2pq1/3P3p/p7/2k5/1R5P/3Q1P1K/1b4r1 b - - 0 1");
  for (const Retraction& r : legal_retractions(pos)) {
    if (r.move.kind() != Move::Kind::EnPassant) continue;
    CHECK(r.uncaptured == PieceType::Pawn);
    CHECK(retraction_text(pos, r).substr(4) == "x(P)d6");
    const Position before = retract(pos, r);
    CHECK(before.en_passant_square() == Square::parse("d6"));
    CHECK(before.after(r.move).fen() == pos.fen());
  }
  const auto list = texts(pos, legal_retractions(pos));
  CHECK(std::count(list.begin(), list.end(), "~Pe5x(P)d6") == 2);  // ordinary and en passant
}

TEST_CASE("an en passant square allows only the double step", "[retro]") {
  const Position pos = at("rnbqkbnr/pppp1ppp/8/8/4Pp2/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2");
  const auto legal = legal_retractions(pos);
  REQUIRE(legal.size() == 1);
  CHECK(retraction_text(pos, legal[0]) == "~Pe2e4");
  CHECK(retract(pos, legal[0]).fen() == "rnbqkbnr/pppp1ppp/8/8/5p2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2");
}

TEST_CASE("castling is retracted with its right restored", "[retro]") {
  const Position pos = at("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 3 10");
  const auto legal = legal_retractions(pos);
  const auto list = texts(pos, legal);
  REQUIRE(has(list, "~O-O"));
  for (const Retraction& r : legal) {
    if (r.move.kind() != Move::Kind::Castling) continue;
    const Position before = retract(pos, r);
    CHECK(before.fen() == "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 2 10");
    CHECK(before.after(r.move).fen() == pos.fen());
  }
  // With a castling right left the king has never moved: neither it nor that rook retracts.
  const Position home = at("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  for (const std::string& text : texts(home, legal_retractions(home))) {
    INFO(text);
    CHECK((text.substr(0, 2) == "~R" || text.substr(0, 2) == "~K") == false);
  }
}

TEST_CASE("a retraction giving check is marked, and legality needs the checked side safe before", "[retro]") {
  // Black king e8 in check from the rook on e1: the rook came along the first rank or the e-file.
  const Position pos = at("4k3/8/8/8/8/8/8/K3R3 b - - 0 1");
  const auto list = texts(pos, legal_retractions(pos));
  CHECK(has(list, "~Ra1e1+") == false);  // a1 holds the king
  CHECK(has(list, "~Rd1e1+"));
  CHECK_FALSE(has(list, "~Re2e1+"));  // the rook on e2 would already have given check
  CHECK(has(texts(pos, pseudolegal_retractions(pos)), "~Re2e1+"));
}

TEST_CASE("a side not to move in check has no legal retraction", "[retro]") {
  const Position pos = at("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1");
  CHECK(legal_retractions(pos).empty());
  CHECK_FALSE(pseudolegal_retractions(pos).empty());
}

TEST_CASE("uncaptures respect the material a side can have", "[retro]") {
  // Black has all 8 pawns: no pawn can be uncaptured; with 16 men nothing can be.
  const Position pos = at("rnbqkbnr/pppppppp/8/8/8/3N4/PPPPPPPP/R1BQKBNR b KQkq - 0 1");
  for (const Retraction& r : pseudolegal_retractions(pos)) CHECK(r.uncaptured == PieceType::None);
}

TEST_CASE("retractions never crash on boards that break the rules", "[retro][robustness]") {
  for (const char* fen : {"8/8/8/3kk3/8/8/8/8 b - - 0 1", "P3k3/8/8/8/8/8/8/p1K1K3 w - - 0 1",
                          "QQQrQQQQ/3Q4/1Q4Q1/Q6Q/Q1Q4Q/Q4Q1Q/3Q3Q/QQ2QpQ1 b - - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1"}) {
    INFO(fen);
    const Position pos = at(fen);
    for (const Retraction& r : pseudolegal_retractions(pos)) {
      CHECK_FALSE(retraction_text(pos, r).empty());
      CHECK(retract(pos, r).side_to_move() == ~pos.side_to_move());
    }
  }
}

TEST_CASE("an unpromotion gives the promoted man back as a pawn", "[retro]") {
  // Black has two queens and seven pawns: ...h2-h1=Q+ is the only way the check on g2 came about.
  const Position pos = at("5rk1/2pn2pp/1p1p1r2/p2Pp3/2P4q/PP1BP3/1BN3K1/R3Q2q w - - 0 1");
  const auto list = texts(pos, legal_retractions(pos));
  CHECK(has(list, "~Ph2h1=Q+"));
}

TEST_CASE("retro: Four-File retractions stay on the four files", "[retro][variant]") {
  const auto pos = Position::from_variant_fen("r1b1k1n1/p1p1p1p1/8/8/P7/8/2P1P1P1/R1B1K1N1 b - - 0 1",
                                              VariantRules{Variant::FourFile, false});
  REQUIRE(pos);
  const std::vector<Retraction> list = legal_retractions(*pos);
  std::vector<std::string> texts;
  for (const Retraction& r : list) {
    texts.push_back(retraction_text(*pos, r));
    CHECK(variant_destinations(Variant::FourFile).contains(r.move.from()));
    const Position before = retract(*pos, r);
    CHECK(before.variant() == Variant::FourFile);
    CHECK(before.after(r.move).zobrist_key() == pos->zobrist_key());  // the clocks cannot be retracted
  }
  // The double step leaves no en passant square in Four-File chess, yet it is retracted.
  CHECK(std::find(texts.begin(), texts.end(), "~Pa2a4") != texts.end());
  CHECK(std::find(texts.begin(), texts.end(), "~Pa3a4") != texts.end());
}

TEST_CASE("a predecessor keeps the castling rook when an uncaptured rook stands further out", "[retro]") {
  // Black's kingside right is the b8 rook; uncapturing a rook on e8 puts a rook further out,
  // which a K/Q letter would have named instead (found by fuzzing).
  const Position pos = at("kr2R3/8/8/8/8/8/8/3RK2R b KQk - 0 1");
  std::size_t uncaptures = 0;
  for (const Retraction& r : legal_retractions(pos)) {
    const Position before = retract(pos, r);
    CHECK(before.castling_rook(Color::Black, CastlingSide::King) == Square::parse("b8"));
    CHECK(before.after(r.move).castling_rook(Color::Black, CastlingSide::King) == Square::parse("b8"));
    uncaptures += r.uncaptured == PieceType::Rook ? 1 : 0;
  }
  CHECK(uncaptures > 0);
}

TEST_CASE("while a side holds a castling right none of its kings retracts, however many it has", "[retro]") {
  // Two black kings (a FEN may give them) and Black's rights: any king move forwards would have
  // dropped the rights, so neither the e8 king nor the f8 king made the last move (found by fuzzing).
  const Position pos = at("rnbqkknr/pppnp1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
  const auto legal = legal_retractions(pos);
  REQUIRE_FALSE(legal.empty());
  for (const Retraction& r : legal) {
    INFO(retraction_text(pos, r));
    CHECK(pos.piece_at(r.move.to()).type() != PieceType::King);
    CHECK(without_clocks(retract(pos, r).after(r.move)) == without_clocks(pos));
  }
  // Without the rights the second king may have moved: ~Kf7f8 (f7 is empty) is a retraction then.
  const Position no_rights = at("rnbqkknr/pppnp1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQ - 0 3");
  CHECK(has(texts(no_rights, legal_retractions(no_rights)), "~Kf7f8"));
}

// retract() builds a standard predecessor from its board; it must be the position FEN reading
// gives, piece identities included (they are numbered in FEN order).
TEST_CASE("a predecessor built from its board is the position its FEN reads as", "[retro]") {
  int compared = 0;
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 40", "1k6/8/8/8/8/8/8/RK5R w H - 3 20",
                          "8/8/3p1P2/41kP1/4Q3/5P2/8/7K b - - 0 1", "2r1k3/8/8/8/8/8/8/4K2R b Kk - 5 9"}) {
    const std::optional<Position> pos = Position::from_fen(fen, nullptr, std::string(fen).find(" H ") != std::string::npos);
    REQUIRE(pos.has_value());
    for (const Retraction& r : pseudolegal_retractions(*pos)) {
      const Position built = retract(*pos, r);
      const std::optional<Position> read = Position::from_fen(built.fen(), nullptr, pos->chess960());
      INFO(fen << " " << retraction_text(*pos, r));
      REQUIRE(read.has_value());
      CHECK(built.fen() == read->fen());
      CHECK(built.zobrist_key() == read->zobrist_key());
      CHECK(built.checkers() == read->checkers());
      CHECK(built.chess960() == read->chess960());
      for (Square s : SquareSet::all()) CHECK(built.piece_id(s) == read->piece_id(s));
      ++compared;
    }
  }
  CHECK(compared > 100);
}

// for_each_predecessor hands each retraction its predecessor as retract() builds it, keeps only
// the legal ones when asked (the same list legal_retractions gives), and stops when told to.
TEST_CASE("each retraction is visited once with its predecessor, and the visit can stop", "[retro]") {
  // The rook cannot come from a8: Black's king would have stood in check with White to move.
  const Position pos = at("7k/8/8/8/8/8/8/R3K3 b - - 0 1");
  for (bool legal_only : {false, true}) {
    std::vector<Retraction> visited;
    for_each_predecessor(pos, legal_only, [&](const Retraction& r, const Position& before) {
      CHECK(before.fen() == retract(pos, r).fen());
      visited.push_back(r);
      return true;
    });
    std::vector<Retraction> expected = pseudolegal_retractions(pos);
    if (legal_only) {
      // The legal ones by the rules themselves: the retracted move is legal in the predecessor and
      // the side not to move there is not in check.
      std::erase_if(expected, [&](const Retraction& r) {
        const Position before = retract(pos, r);
        const bool victim_in_check = (before.attacked_by(before.side_to_move()) &
                                      before.pieces(~before.side_to_move(), PieceType::King)).any();
        return victim_in_check || !is_legal(before, r.move);
      });
    }
    CHECK(visited == expected);
  }
  CHECK(legal_retractions(pos).size() < pseudolegal_retractions(pos).size());
  int calls = 0;
  for_each_predecessor(pos, false, [&](const Retraction&, const Position&) { return ++calls < 3; });
  CHECK(calls == 3);
}
