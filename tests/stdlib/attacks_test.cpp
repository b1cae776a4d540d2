// stdlib/attacks.cql: effective attackers (batteries, pins) on positions built after the diagrams
// of the CQLi manual's "Calculating Effective Attackers" section.
#include <catch2/catch.hpp>

#include "builtins/builtins.h"
#include "builtins/evaluate.h"

using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
// Batteries on d5: Pe4+Bf3, Rd2+Rd1, Bb7+Qa8 (black), Nf6 (black); Ba2 is blocked by Nc4.
const std::string kBatteries = "q5k1/1b6/5n2/8/2N1P3/5B2/B2R4/3R2K1 w - - 0 1";
// Pins: Rg5 is pinned by Bf6 (to Kh4), Rc5 by Rg5 along the rank (to Kb5), Pc4 by Be2;
// the black pawn on g3 is pinned by Be1 along the line through f2.
const std::string kPins = "3r4/8/5B2/1KR3r1/2P4k/6p1/4b3/4B3 w - - 0 1";
// Effective attackers of e5: rook batteries on the e-file, Bf4 pinned by Bc7 and Qf6 pinned by Bb2,
// both along lines through e5.
const std::string kPinnedOnLine = "4r3/2b1r1k1/5q2/8/5B2/6K1/1B2R3/4R3 w - - 0 1";
// Effective attackers of d4: black rook battery, Pe3+Bf2 battery; pe5 pinned by Qg3, Rd2 pinned by
// Re2 (so Rd1 behind it does not count).
const std::string kBatteryBehindPin = "3r4/2kr4/8/4p3/8/4P1Q1/1K1RrB2/3R4 w - - 0 1";
// White wins e5 after 1.Rxe5+ Bxe5 2.Qxe5+ Qxe5 3.Rxe5+ Kd8 4.Rxh5.
const std::string kExchangeOnE5 = "4k3/2q3b1/8/4n2n/8/4R3/4Q3/4R1K1 w - - 0 1";
// A dichromatic battery: the black queen on d1 stands behind the white rook on d3.
const std::string kDichromatic = "k7/8/8/8/8/3R4/7K/3q4 w - - 0 1";
}  // namespace

TEST_CASE("batteryAttacks adds x-rayed sliders behind direct attackers", "[stdlib][attacks]") {
  CHECK(Evaluation("[Aa] attacks d5", kBatteries).squares() == squares_of("b7 d2 e4 f6"));
  CHECK(Evaluation("batteryAttacks(d5)", kBatteries).squares() == squares_of("a8 b7 d1 d2 e4 f3 f6"));
}

TEST_CASE("batteryAttacksDichromatic lets batteries mix colours", "[stdlib][attacks]") {
  CHECK(Evaluation("batteryAttacks(d5)", kDichromatic).squares() == squares_of("d3"));
  CHECK(Evaluation("batteryAttacksDichromatic(d5)", kDichromatic).squares() == squares_of("d1 d3"));
  CHECK(Evaluation("batteryAttacksDichromatic(d5)", kBatteries).squares() ==
        squares_of("a8 b7 d1 d2 e4 f3 f6"));
}

TEST_CASE("canVisit: a pinned piece may move only along its pinning line", "[stdlib][attacks]") {
  CHECK(Evaluation("canVisit(d5 c5)", kPins).squares() == squares_of("d5"));
  CHECK(Evaluation("canVisit(f5 c5)", kPins).squares() == squares_of("f5"));
  CHECK(Evaluation("canVisit(g5 c5)", kPins).squares() == squares_of("g5"));  // capturing the pinner
  CHECK(Evaluation("canVisit(a5 c5)", kPins).squares().is_empty());             // beyond the king
  CHECK(Evaluation("canVisit(d5 g5)", kPins).squares().is_empty());
  CHECK(Evaluation("canVisit(d5 c4)", kPins).squares().is_empty());
  CHECK(Evaluation("canVisit(f2 g3)", kPins).squares() == squares_of("f2"));
}

TEST_CASE("nonpinnedAttackers drops pinned attackers that cannot reach the square", "[stdlib][attacks]") {
  CHECK(Evaluation("[Aa] attacks d5", kPins).squares() == squares_of("c4 c5 d8 g5"));
  // Rg5 (pinned by Bf6) and Pc4 (pinned by Be2) are not effective; Rc5 is: d5 is on its pin line.
  CHECK(Evaluation("nonpinnedAttackers(d5)", kPins).squares() == squares_of("c5 d8"));
  // The pinned pawn on g3 still attacks f2, which lies on its pinning line.
  CHECK(Evaluation("nonpinnedAttackers(f2)", kPins).squares() == squares_of("e1 g3"));
}

TEST_CASE("effectiveAttacks combines pins and batteries", "[stdlib][attacks]") {
  CHECK(Evaluation("effectiveAttacks(d5)", kPins).squares() == squares_of("c5 d8"));
  // Both rook batteries, plus Bf4 and Qf6 which are pinned along lines through e5.
  CHECK(Evaluation("effectiveAttacks(e5)", kPinnedOnLine).squares() ==
        squares_of("b2 c7 e1 e2 e7 e8 f4 f6"));
  // pe5 is pinned off d4; Rd2 is pinned off d4, so Rd1 behind it is not an attacker either.
  CHECK(Evaluation("effectiveAttacks(d4)", kBatteryBehindPin).squares() == squares_of("d7 d8 e3 f2"));
  CHECK(Evaluation("effectiveAttacks(e5)", kExchangeOnE5).squares() == squares_of("c7 e1 e2 e3 g7"));
}

TEST_CASE("effectiveAttacksDichromatic also counts mixed-colour batteries", "[stdlib][attacks]") {
  CHECK(Evaluation("effectiveAttacks(d5)", kDichromatic).squares() == squares_of("d3"));
  CHECK(Evaluation("effectiveAttacksDichromatic(d5)", kDichromatic).squares() == squares_of("d1 d3"));
  CHECK(Evaluation("effectiveAttacksDichromatic(e5)", kExchangeOnE5).squares() ==
        squares_of("c7 e1 e2 e3 g7"));
  CHECK(Evaluation("effectiveAttacksDichromatic(d4)", kBatteryBehindPin).squares() ==
        squares_of("d7 d8 e3 f2"));
}

TEST_CASE("a query's own function takes precedence over the stdlib's", "[stdlib]") {
  CHECK(Evaluation("function canVisit($a $b) { a1 } canVisit(d5 c5)", kPins).squares() == squares_of("a1"));
}

TEST_CASE("pin takes a piece variable where it takes a set (used by canVisit)", "[stdlib][attacks]") {
  CHECK(Evaluation("piece $p in c5 { pin from [Aa] through $p }", kPins).squares() == squares_of("c5"));
  CHECK(Evaluation("piece $p in c5 pin from [Aa] through $p", kPins).squares() == squares_of("c5"));
  CHECK(Evaluation("piece $p in d8 pin from [Aa] through $p", kPins).squares().is_empty());
  CHECK(Evaluation("$q = c5 pin from [Aa] through $q", kPins).squares() == squares_of("g5"));
}
