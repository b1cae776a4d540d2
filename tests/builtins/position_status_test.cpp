// Position-status family: check, mate, stalemate, wtm, btm, initial, terminal, ply, movenumber.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string kFoolsMate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
const std::string kStalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
const std::string kCheck = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 40";
}  // namespace

TEST_CASE("check, mate and stalemate", "[position_status]") {
  CHECK_FALSE(Evaluation("check", kStart).matches());
  CHECK(Evaluation("check", kCheck).matches());
  CHECK_FALSE(Evaluation("mate", kCheck).matches());
  CHECK(Evaluation("mate", kFoolsMate).matches());
  CHECK(Evaluation("check", kFoolsMate).matches());
  CHECK(Evaluation("stalemate", kStalemate).matches());
  CHECK_FALSE(Evaluation("mate", kStalemate).matches());
  CHECK_FALSE(Evaluation("stalemate", kStart).matches());
}

TEST_CASE("mate and check asked together, in either order", "[position_status]") {
  // mate reads the check from the position and check may have cached it (or not) before.
  for (const std::string& fen : {kStart, kCheck, kFoolsMate, kStalemate}) {
    const bool check = Evaluation("check", fen).matches();
    const bool mate = Evaluation("mate", fen).matches();
    CHECK(Evaluation("check and mate", fen).matches() == (check && mate));
    CHECK(Evaluation("mate and check", fen).matches() == (check && mate));
    CHECK(Evaluation("check and not mate", fen).matches() == (check && !mate));
    CHECK(Evaluation("not mate and check", fen).matches() == (check && !mate));
    CHECK(Evaluation("mate or stalemate", fen).matches() == (fen == kFoolsMate || fen == kStalemate));
  }
  CHECK(Evaluation("check and not mate", kCheck).matches());
}

TEST_CASE("side to move", "[position_status]") {
  CHECK(Evaluation("wtm", kStart).matches());
  CHECK_FALSE(Evaluation("btm", kStart).matches());
  CHECK(Evaluation("btm", kStalemate).matches());
}

TEST_CASE("initial, terminal, ply and movenumber in a one-position game", "[position_status]") {
  CHECK(Evaluation("initial", kStart).matches());
  CHECK(Evaluation("terminal", kStart).matches());
  CHECK(Evaluation("ply", kStart).number() == 0);
  CHECK(Evaluation("movenumber", kCheck).number() == 40);
}
