// Rays-and-pins family: between, ray, xray and pin.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string kBare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
// White Re1 pins the black knight e5 to the king e8; the black bishop b4 pins the white knight d2
// to the rook e1 (not to the king, which stands on g1).
const std::string kPins = "4k3/8/8/4n3/1b6/8/3N4/4R1K1 w - - 0 1";
}  // namespace

TEST_CASE("between", "[lines]") {
  CHECK(Evaluation("between(a1 c3)", kBare).squares() == squares_of("b2"));
  CHECK(Evaluation("between(a1 h7)", kBare).squares().is_empty());
  CHECK_FALSE(Evaluation("between(a1 h7)", kBare).matches());
  CHECK(Evaluation("between(a1 a4)", kBare).squares() == squares_of("a2 a3"));
  CHECK(Evaluation("between(a1 b2)", kBare).squares().is_empty());
  // Unions over every pair; pieces are irrelevant.
  CHECK(Evaluation("between(a1 [a3,c1])", kBare).squares() == squares_of("a2 b1"));
  CHECK(Evaluation("between(Ra1 Rh1)", kStart).squares() == squares_of("b1 c1 d1 e1 f1 g1"));
}

TEST_CASE("ray: sets in order along one line, empty squares between", "[lines]") {
  // Rook battery on the e-file behind the queen, pinning nothing: R R q k.
  const std::string battery = "4k3/8/4q3/8/8/8/4R3/4RK2 w - - 0 1";
  CHECK(Evaluation("ray orthogonal (R R q k)", battery).squares() == squares_of("e8"));
  CHECK(Evaluation("ray (R q k)", battery).squares() == squares_of("e8"));
  CHECK(Evaluation("ray (R R q)", battery).squares() == squares_of("e6"));
  CHECK(Evaluation("ray diagonal (R q k)", battery).squares().is_empty());
  CHECK(Evaluation("ray up (R q)", battery).squares() == squares_of("e6"));
  CHECK(Evaluation("ray down (R q)", battery).squares().is_empty());
  // A piece between two links breaks the ray: Re1 … q needs Re2 to be in a set.
  CHECK(Evaluation("ray (Re1 q)", battery).squares().is_empty());
  // Links may be empty squares.
  CHECK(Evaluation("ray (Re2 _ q)", battery).squares() == squares_of("e6"));
  CHECK(Evaluation("ray (Re2 e4 e5)", battery).squares() == squares_of("e5"));
  // Links must be distinct squares in ray order.
  CHECK(Evaluation("ray (e5 e4)", battery).squares() == squares_of("e4"));
  CHECK(Evaluation("ray up (e5 e4)", battery).squares().is_empty());
  CHECK(Evaluation("ray diagonal (B n k)", "4k3/8/2n5/8/B7/8/8/4K3 w - - 0 1").squares() == squares_of("e8"));
  CHECK(Evaluation("ray (A a A a)", "k7/8/8/8/8/8/8/KnRr4 w - - 0 1").squares() == squares_of("d1"));
}

TEST_CASE("ray syntax", "[lines]") {
  CHECK_FALSE(compile_error("ray (a1)").empty());
  CHECK_FALSE(compile_error("ray up up (a1 a2)").empty());
  CHECK(compile_error("ray vertical horizontal (a1 a2)").empty());
}

TEST_CASE("xray: from a line piece along its own lines", "[lines]") {
  // Black knight pinned by a white rook to the black king.
  CHECK(Evaluation("xray (R a k)", kPins).squares() == squares_of("e8"));
  CHECK(Evaluation("xray (R n k)", kPins).squares() == squares_of("e8"));
  // A bishop cannot x-ray along a file, a rook not along a diagonal.
  CHECK(Evaluation("xray (B a k)", "4k3/8/8/4n3/8/8/8/4B1K1 w - - 0 1").squares().is_empty());
  CHECK(Evaluation("xray (R a k)", "4k3/8/2n5/8/B7/8/8/4K3 w - - 0 1").squares().is_empty());
  CHECK(Evaluation("xray (B a k)", "4k3/8/2n5/8/B7/8/8/4K3 w - - 0 1").squares() == squares_of("e8"));
  // Exactly one white piece between the white queen and the white king.
  CHECK(Evaluation("xray (Q A K)", "4k3/8/8/Q7/8/2N5/8/4K3 w - - 0 1").squares() == squares_of("e1"));
  CHECK(Evaluation("xray (Q A K)", "4k3/8/8/Q7/8/2N5/3P4/4K3 w - - 0 1").squares().is_empty());
}

TEST_CASE("ray and xray: the same chains towards few targets as towards many", "[lines]") {
  // Towards at most four last squares only the directions from a start towards one of them are
  // walked; towards more, all eight. A chain ending on t does not depend on the other last
  // squares, so adding five far squares (then taking them away) must give the same answer.
  const std::string fens[] = {
      "3qk3/3p4/5n2/4n3/B6Q/8/8/4R1K1 w - - 0 1",
      "r3k2r/1b3q2/8/3B4/8/1Q3R2/8/R3K2R w KQkq - 0 1",
      "4k3/8/4q3/8/8/8/4R3/4RK2 w - - 0 1",
      "k7/8/8/8/8/8/8/KnRr4 w - - 0 1",
  };
  const std::string queries[][2] = {
      {"xray ([RQ] [RQ] a k)", "xray ([RQ] [RQ] a {k | [a1,h1,b2,g2,a2]}) & k"},
      {"xray ([BQ] A k)", "xray ([BQ] A {k | [a1,h1,b2,g2,a2]}) & k"},
      {"xray (A a [kq])", "xray (A a {[kq] | [a1,h1,b2,g2,a2]}) & [kq]"},
      {"ray (A a [kq])", "ray (A a {[kq] | [a1,h1,b2,g2,a2]}) & [kq]"},
      {"ray (A _ [kq])", "ray (A _ {[kq] | [a1,h1,b2,g2,a2]}) & [kq]"},
      {"ray diagonal (A A [kr])", "ray diagonal (A A {[kr] | [a1,h1,b2,g2,a2]}) & [kr]"},
      {"ray up (A [kr])", "ray up (A {[kr] | [a1,h1,b2,g2,a2]}) & [kr]"},
      {"ray left (A [kr])", "ray left (A {[kr] | [a1,h1,b2,g2,a2]}) & [kr]"},
      {"ray (A a A a)", "ray (A a A {a | [a1,h1,b2,g2,a2]}) & a"},
  };
  for (const std::string& fen : fens) {
    for (const auto& [few, many] : queries) {
      INFO(fen << "  " << few);
      CHECK(Evaluation(few, fen).squares() == Evaluation(many, fen).squares());
    }
  }
  CHECK(Evaluation("xray ([RQ] [RQ] a k)", "4k3/8/4n3/8/8/8/4Q3/4R1K1 w - - 0 1").squares() == squares_of("e8"));
  CHECK(Evaluation("xray ([BQ] A k)", "4k3/8/8/1Q6/8/8/8/4K3 w - - 0 1").squares().is_empty());
}

TEST_CASE("ray attack is CQL's older spelling of xray", "[lines]") {
  CHECK(Evaluation("ray attack (R n k)", kPins).squares() == Evaluation("xray (R n k)", kPins).squares());
  CHECK(Evaluation("ray attack (B a k)", "4k3/8/8/4n3/8/8/8/4B1K1 w - - 0 1").squares().is_empty());
  CHECK(quarry::testing::compile_error("ray attack diagonal (B a k)").find("takes no direction") != std::string::npos);
}

TEST_CASE("pin: pinned pieces by default", "[lines]") {
  CHECK(Evaluation("pin", kPins).squares() == squares_of("e5"));
  CHECK(Evaluation("pin through a", kPins).squares() == squares_of("e5"));
  CHECK(Evaluation("pin through A", kPins).squares().is_empty());
  CHECK_FALSE(Evaluation("pin", kStart).matches());
  // The bishop b4 sees d2 then e1: the rook is white like the knight, so a pin to the rook.
  CHECK(Evaluation("pin to R", kPins).squares() == squares_of("e1"));
  CHECK(Evaluation("pin through N to R", kPins).squares() == squares_of("d2"));
}

TEST_CASE("pin: the first parameter chooses the value", "[lines]") {
  CHECK(Evaluation("pin from R", kPins).squares() == squares_of("e1"));
  CHECK(Evaluation("pin from Q", kPins).squares().is_empty());
  CHECK(Evaluation("pin to k", kPins).squares() == squares_of("e8"));
  CHECK(Evaluation("pin through n from R", kPins).squares() == squares_of("e5"));
  CHECK(Evaluation("pin from R through n", kPins).squares() == squares_of("e1"));
  CHECK(Evaluation("pin to [Kk] from [Aa]", kPins).squares() == squares_of("e8"));
}

TEST_CASE("pin: pinned piece of the other colour, target empty or of its colour", "[lines]") {
  // Own piece between rook and the enemy king: no pin (that is a discovered-check battery).
  CHECK_FALSE(Evaluation("pin", "4k3/8/8/4N3/8/8/8/4R1K1 w - - 0 1").matches());
  // Knights do not pin.
  CHECK_FALSE(Evaluation("pin", "4k3/8/8/8/8/8/8/N3n1K1 w - - 0 1").matches());
  // Pin to an empty square: the squares behind the pinned piece up to the next piece.
  CHECK(Evaluation("pin to _", "8/8/4k3/8/4n3/8/8/4R1K1 w - - 0 1").squares() == squares_of("e5"));
  CHECK(Evaluation("pin from R to _", "8/8/4k3/8/4n3/8/8/4R1K1 w - - 0 1").squares() == squares_of("e1"));
  CHECK(Evaluation("pin through n to _", "8/8/4k3/8/4n3/8/8/4R1K1 w - - 0 1").squares() == squares_of("e4"));
  CHECK(Evaluation("pin to e6", "8/8/4k3/8/4n3/8/8/4R1K1 w - - 0 1").squares() == squares_of("e6"));
  CHECK_FALSE(Evaluation("pin to e7", "8/8/4k3/8/4n3/8/8/4R1K1 w - - 0 1").matches());
}

TEST_CASE("pin syntax", "[lines]") {
  CHECK_FALSE(compile_error("pin from R from Q").empty());
  CHECK(compile_error("pin from R to k").empty());
}

TEST_CASE("pin: the same pins found from the targets and from the sliders", "[lines]") {
  // Up to four targets are looked at from the target side, more from each slider: both give the
  // pins of every target. White Re1 pins e5 to e8, Ba4 pins d7 to e8, Qh4 pins f6 to d8; `to a`
  // names five targets (the slider side), `to [kq]` two.
  const std::string fen = "3qk3/3p4/5n2/4n3/B6Q/8/8/4R1K1 w - - 0 1";
  CHECK(Evaluation("pin to k", fen).squares() == squares_of("e8"));
  CHECK(Evaluation("pin through a to k", fen).squares() == squares_of("e5 d7"));
  CHECK(Evaluation("pin from [RB] to k", fen).squares() == squares_of("e1 a4"));
  CHECK(Evaluation("pin to [kq]", fen).squares() == squares_of("d8 e8"));
  CHECK(Evaluation("pin through a to [kq]", fen).squares() == squares_of("e5 d7 f6"));
  CHECK(Evaluation("pin to a", fen).squares() == squares_of("d8 e8"));
  CHECK(Evaluation("pin through a to a", fen).squares() == squares_of("e5 d7 f6"));
  CHECK(Evaluation("pin from Q to a", fen).squares() == squares_of("h4"));
  CHECK(Evaluation("pin from Q to k", fen).squares().is_empty());
  CHECK(Evaluation("flipcolor pin from [RQB] to k", fen).squares() == squares_of("e1 a4"));
  // `from` designators of one colour, both colours, any piece, empty squares: before `from` is
  // read, the sliders are narrowed to the colours it admits.
  CHECK(Evaluation("pin from A to k", fen).squares() == squares_of("e1 a4"));
  CHECK(Evaluation("pin from [Aa] to k", fen).squares() == squares_of("e1 a4"));
  CHECK(Evaluation("pin from [Rb] to k", fen).squares() == squares_of("e1"));
  CHECK(Evaluation("pin from [Bq] to [kq]", fen).squares() == squares_of("a4"));
  CHECK(Evaluation("pin from [RQBrqb] to [kqK]", fen).squares() == squares_of("e1 a4 h4"));
  CHECK(Evaluation("pin from [rqb] to k", fen).squares().is_empty());
  CHECK(Evaluation("pin from _ to k", fen).squares().is_empty());
  CHECK(Evaluation("pin from [_R] to k", fen).squares() == squares_of("e1"));
}

TEST_CASE("pin: an operand that is not a designator is read as written", "[lines]") {
  // With a set that is not a plain designator the operands are read in their order (the
  // designator-only form reads the target first); the pins found are the same.
  CHECK(Evaluation("pin from {R | B} to {k | K}", kPins).squares() == squares_of("e1"));
  CHECK(Evaluation("pin through {n} to k", kPins).squares() == squares_of("e5"));
  CHECK(Evaluation("pin from R to {k & e1-8}", kPins).squares() == squares_of("e1"));
  CHECK_FALSE(Evaluation("pin from {Q} to k", kPins).matches());
}

TEST_CASE("pin: a target of one piece on some squares, or both kings, and xray's middle sets", "[lines]") {
  // `to` one piece of one colour on some squares, or absent: the targets and candidate pinners
  // come from masks fixed at binding. kPins: Re1 pins e5 to the king e8.
  CHECK(Evaluation("pin from R to ke8", kPins).squares() == squares_of("e1"));
  CHECK(Evaluation("pin from R to kd8", kPins).squares().is_empty());
  CHECK(Evaluation("pin from R to k", kPins).squares() == squares_of("e1"));
  CHECK(Evaluation("pin from b to R", kPins).squares() == squares_of("b4"));
  CHECK(Evaluation("pin from b to Ra1", kPins).squares().is_empty());
  CHECK(Evaluation("pin from [Rb]", kPins).squares() == squares_of("e1"));  // to absent: both kings
  CHECK(Evaluation("pin from b", kPins).squares().is_empty());
  CHECK(Evaluation("pin from _ to k", kPins).squares().is_empty());
  CHECK(Evaluation("pin to K", kPins).squares().is_empty());
  // xray with designators only reads the middle sets after the directions: the same chains.
  const std::string battery = "4k3/8/4n3/8/4Q3/8/4R3/4K3 w - - 0 1";
  CHECK(Evaluation("xray (R Q n k)", battery).squares() == squares_of("e8"));
  CHECK(Evaluation("xray (R {Q} n k)", battery).squares() == squares_of("e8"));
  CHECK(Evaluation("xray (R Q b k)", battery).squares().is_empty());
  CHECK(Evaluation("xray (R Q n K)", battery).squares().is_empty());
}
