// Lippold's legality (seed 002): Table 1's rows for KQK and KRK, and single positions.
#include <catch2/catch.hpp>

#include "chess/lippold.h"

using namespace quarry::chess;

namespace {

LippoldEndgame solved(const char* material) {
  auto endgame = LippoldEndgame::parse(material, nullptr);
  REQUIRE(endgame.has_value());
  endgame->solve();
  return *endgame;
}

LippoldClass class_of(const LippoldEndgame& endgame, const char* fen) {
  const auto pos = Position::from_fen(fen);
  REQUIRE(pos.has_value());
  const auto c = endgame.classify(*pos);
  REQUIRE(c.has_value());
  return *c;
}

}  // namespace

TEST_CASE("Table 1: K+Q v K", "[lippold]") {
  const LippoldEndgame e = solved("KQK");
  CHECK(e.correct_count(Color::White) == 148120);
  CHECK(e.complete_count(Color::White) == 148120);
  CHECK(e.correct_count(Color::Black) == 223944);
  CHECK(e.complete_count(Color::Black) == 223944);
}

TEST_CASE("Table 1: K+R v K", "[lippold]") {
  const LippoldEndgame e = solved("KRK");
  CHECK(e.correct_count(Color::White) == 178780);
  CHECK(e.complete_count(Color::White) == 178780);
  CHECK(e.correct_count(Color::Black) == 223896);
  CHECK(e.complete_count(Color::Black) == 223944);
}

TEST_CASE("single positions of K+R v K", "[lippold]") {
  const LippoldEndgame e = solved("KRK");
  // The rook on a1 checks along the a-file; it cannot have come from anywhere: derivedly illegal.
  CHECK(class_of(e, "8/8/8/8/8/k7/8/RK6 b - - 0 1") == LippoldClass::DerivedlyIllegal);
  CHECK(class_of(e, "8/8/8/8/8/k7/8/R5K1 b - - 0 1") == LippoldClass::Legal);
  CHECK(class_of(e, "8/8/8/8/8/k7/8/R5K1 w - - 0 1") == LippoldClass::InitiallyIllegal);  // Black in check
  CHECK(class_of(e, "8/8/8/8/8/1k6/8/1K5R w - - 0 1") == LippoldClass::Legal);
}

TEST_CASE("material that is not a small pawnless endgame is refused", "[lippold]") {
  std::string error;
  CHECK_FALSE(LippoldEndgame::parse("KPK", &error).has_value());
  CHECK_FALSE(error.empty());
  CHECK_FALSE(LippoldEndgame::parse("KQRKR", nullptr).has_value());
  CHECK_FALSE(LippoldEndgame::parse("QK", nullptr).has_value());
  CHECK(LippoldEndgame::parse("KQKR", nullptr).has_value());
}
