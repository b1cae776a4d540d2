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
  // Who's the Goof (Coakley 1996, reconstructed): Black lost only its light-square bishop, and
  // White's one capture, b2xc3, was on a dark square.
  CHECK(articulation("rn1qkbnr/ppp1pppp/8/3p4/3P4/2P5/P1P1PPPP/RNBQKBNR w KQkq - 0 1") ==
        "<Unreachable position: Black is missing light-square Bishop but all White captures occurred on dark "
        "squares (square c3)>");
  // Two captures are needed where one was possible; the one whose square is known (f3) is light,
  // and that alone accounts for Black's one loss.
  CHECK(articulation("r1bq2nr/pp1p2pp/5p2/4pp2/2k3P1/3n1P2/PP2PPBN/RN1Q1R1K w - - 0 1") ==
        "<Unreachable position: White Pawn structure implies 2 captures but Black is only missing 1 piece; "
        "Black is missing dark-square Bishop but all White captures occurred on light squares (square f3)>");
  // A capture that may have been on either colour (g2-g3xf4 or g2xf3-f4) proves nothing.
  CHECK(articulation("rnbqk1nr/pppp1ppp/4p3/8/5P2/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 1") == "<Reachable position>");
}

TEST_CASE("reachableposition: promotions that cost too many captures", "[reachability]") {
  // Who's the Goof (Coakley 2010, reconstructed): the bishop on e7 was promoted (the c1 bishop
  // never left home), but the pawn that promoted needs three captures more than Black has lost.
  CHECK(articulation("r1b3k1/2qnBppp/p1p1p3/1p1p4/2P1PP2/P1NB1P1N/1P1P4/R2Q1RK1 w - - 0 1") ==
        "<Unreachable position: Position implies 1 White promotion but promoting this many pawns would require "
        "too many captures [Presence of 1 dark-square White Bishop (square e7) implies at least 1 promotion] "
        "[Missing dark-square White Bishop could not have escaped starting square (c1)] [Existing White pawn "
        "structure already implies 1 capture] [Promotion of 1 White pawn requires at least 3 additional "
        "captures] [Black is only missing 3 pieces] [Promotion cost calculated using pawn start squares a2, c2, "
        "e2, f2, g2, h2 and promotion files a, b, c, d, e]>");
  // With the h7 pawn on h6 the h-file is open: the h2 pawn promotes there without a capture.
  CHECK(articulation("r1b3k1/2qnBpp1/p1p1p2p/1p1p4/2P1PP2/P1NB1P1N/1P1P4/R2Q1RK1 w - - 0 1") ==
        "<Reachable position>");
  // With a fourth black piece lost the three captures are affordable.
  CHECK(articulation("r1b3k1/2q1Bppp/p1p1p3/1p1p4/2P1PP2/P1NB1P1N/1P1P4/R2Q1RK1 w - - 0 1") ==
        "<Reachable position>");
}

TEST_CASE("reachableposition: pieces trapped at home and taken there", "[reachability]") {
  // After 1.~Pd2d3+ in Who's the Goof (Coakley 2016, reconstructed): Black's pawns made three
  // captures, all White lost, yet the c1 bishop, walled in by b2 and d2, was taken on c1.
  CHECK(articulation("r1bq2nr/pp1p2pp/5p2/4pp2/2k3P1/5P2/PP1P1PBN/RN1Q1R1K w - - 0 1") ==
        "<Unreachable position: All of White's missing pieces were captured by Black Pawns currently on the board "
        "but missing trapped c1 Bishop could not have been captured by one of these Pawns>");
  // The a8 rook, walled in on a8 and b8 by the a7 and b7 pawns and the c8 bishop (itself walled
  // in by b7 and d7), is gone, yet White's doubled pawn accounts for Black's one loss.
  CHECK(articulation("1nbqkbnr/pppppppp/8/8/8/2P5/P1PPPPPP/RNBQKBNR w KQk - 0 1") ==
        "<Unreachable position: All of Black's missing pieces were captured by White Pawns currently on the "
        "board but missing trapped a8 Rook could not have been captured by one of these Pawns>");
  // With the b7 pawn moved the rook may have left.
  CHECK(articulation("1nbqkbnr/p1pppppp/1p6/8/8/2P5/P1PPPPPP/RNBQKBNR w KQk - 0 1") == "<Reachable position>");
  // Black lost only the trapped c8 bishop: both proofs apply.
  CHECK(articulation("rn1qkbnr/pppppppp/8/8/8/2P5/P1PPPPPP/RNBQKBNR w KQkq - 0 1") ==
        "<Unreachable position: Black is missing light-square Bishop but all White captures occurred on dark "
        "squares (square c3); All of Black's missing pieces were captured by White Pawns currently on the board "
        "but missing trapped c8 Bishop could not have been captured by one of these Pawns>");
}
