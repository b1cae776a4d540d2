// legalposition's rules and reachableposition's proofs, worded as CQLi words them (seed 003).
#include <catch2/catch.hpp>

#include "chess/legality.h"
#include "chess/reachability.h"
#include "fen_position.h"

using namespace quarry::chess;

namespace {

using quarry::testing::at;

std::string articulation(const char* fen) { return analyse_reachability(at(fen)).articulation(); }

}  // namespace

TEST_CASE("legalposition: the basic rules", "[legality]") {
  CHECK(is_legal_position(Position::initial()));
  CHECK_FALSE(is_legal_position(at("4k3/8/8/8/8/8/8/4KK2 w - - 0 1")));    // two white kings
  CHECK_FALSE(is_legal_position(at("8/8/8/8/8/8/8/4K3 w - - 0 1")));       // no black king
  CHECK_FALSE(is_legal_position(at("4k3/8/8/8/8/8/8/P3K3 w - - 0 1")));    // pawn on the first rank
  CHECK_FALSE(is_legal_position(at("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1")));   // side not to move in check
  CHECK_FALSE(is_legal_position(at("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1"))); // two knights give check
  CHECK(is_legal_position(at("4k3/8/5N2/8/8/8/4R3/4K3 b - - 0 1")));      // rook unmasked by the knight
  CHECK_FALSE(is_legal_position(at("QQQQkQQQ/8/8/8/8/8/PPPP4/4K3 b - - 0 1")));  // 7 queens, 4 pawns
  CHECK(illegality(at("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1")) == "Black King is in check but it is White's move");
}

TEST_CASE("reachableposition: the switcheroo tries of seed 003", "[reachability]") {
  // Coakley 2012 with bd6 <--> kh8, the solution (after e7xd8=Q#), and its two tries.
  CHECK(articulation("1r1Q1B1b/pp3p1p/2nk1rpN/4q1N1/7P/1P4Pb/P1P2R2/R2B2K1 b - - 0 1") == "<Reachable position>");
  CHECK(articulation("1r1Q1B1N/pp3p1p/2nb1rpN/4q1k1/7P/1P4Pb/P1P2R2/R2B2K1 b - - 0 1") ==
        "<Unreachable position: Impossible check of Black King>");
  CHECK(articulation("1r1Q1B1r/pp3p1p/2nb1kpN/4q1N1/7P/1P4Pb/P1P2R2/R2B2K1 b - - 0 1") ==
        "<Unreachable position: Impossible check of Black King>");
  // Coakley: Rf1 <--> kg8 solves; Ba4 and Qf5 tries fail for other reasons.
  CHECK(articulation("2b2rR1/2pnqppp/4n3/p1b1pQN1/Br2P3/2N2PBP/PPP3P1/3R1k1K b - - 0 1") == "<Reachable position>");
  CHECK(articulation("2b2rB1/2pnqppp/4n3/p1b1pQN1/kr2P3/2N2PBP/PPP3P1/3R1R1K b - - 0 1") ==
        "<Unreachable position: Impossibly trapped White Bishop on square g8>");
  CHECK(articulation("2b2rk1/2pnqppQ/4n3/p1b1ppN1/Br2P3/2N2PBP/PPP3P1/3R1R1K b - - 0 1") ==
        "<Unreachable position: Black Pawn structure implies 2 captures but White is only missing 1 piece>");
}

TEST_CASE("reachableposition: pawn structures", "[reachability]") {
  CHECK(analyse_reachability(Position::initial()).reachable());
  // Four pawns on f2, g2, h2 and h3 cannot come from three files.
  CHECK(articulation("4k3/8/8/8/8/7P/5PPP/4K3 w - - 0 1") ==
        "<Unreachable position: Impossible White Pawn structure (squares f2, g2, h2, h3)>");
}

TEST_CASE("reachableposition: promotions the material implies", "[reachability]") {
  // Two light-square black bishops with all eight black pawns on the board (legal: two bishops).
  const char* fen = "r1bqk1nr/pppppppp/8/8/8/3b4/PPP1PPPP/RNBQK1NR w KQkq - 0 1";
  CHECK(is_legal_position(at(fen)));
  CHECK(articulation(fen) ==
        "<Unreachable position: Position implies 1 Black Pawn promotion but no promotions are possible [Presence "
        "of 2 light-square Black Bishops (squares d3, c8) implies at least 1 promotion] [Black is not missing any "
        "Pawns]>");
}

TEST_CASE("reachableposition: a missing bishop and the colour of the captures", "[reachability]") {
  // Black lost only its light-square bishop; White's one capture was bxc3, on a dark square.
  CHECK(articulation("rn1qkbnr/pppppppp/8/8/8/2P5/P1PPPPPP/RNBQKBNR w KQkq - 0 1") ==
        "<Unreachable position: Black is missing light-square Bishop but all White captures occurred on dark "
        "squares (square c3)>");
}
