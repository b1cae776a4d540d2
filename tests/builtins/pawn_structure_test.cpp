// Pawn-structure family: passedpawns, doubledpawns, isolatedpawns, connectedpawns.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// White: a2 c3 c4 e5 h2; black: d5 e6 f7 h7.
const std::string kStructure = "4k3/5p1p/4p3/3pP3/2P5/2P5/P6P/4K3 w - - 0 1";

quarry::chess::SquareSet eval(const std::string& query, const std::string& fen = kStructure) {
  return Evaluation(query, fen).squares();
}
}  // namespace

TEST_CASE("connectedpawns", "[pawn_structure]") {
  CHECK(eval("connectedpawns", kStart) == squares_of("a2 b2 c2 d2 e2 f2 g2 h2 a7 b7 c7 d7 e7 f7 g7 h7"));
  // Any rank on a neighbouring file counts; d5 (black) has e6, e6 has d5 and f7, f7 has e6.
  CHECK(eval("connectedpawns") == squares_of("d5 e6 f7"));
  CHECK(eval("connectedpawns", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_empty());
}

TEST_CASE("isolatedpawns", "[pawn_structure]") {
  CHECK(eval("isolatedpawns", kStart).is_empty());
  CHECK(eval("isolatedpawns") == squares_of("a2 c3 c4 e5 h2 h7"));
}

TEST_CASE("doubledpawns", "[pawn_structure]") {
  CHECK(eval("doubledpawns", kStart).is_empty());
  CHECK(eval("doubledpawns") == squares_of("c3 c4"));
  CHECK(eval("doubledpawns", "4k3/p7/p7/p7/8/8/P7/4K3 w - - 0 1") == squares_of("a5 a6 a7"));
}

TEST_CASE("passedpawns", "[pawn_structure]") {
  CHECK(eval("passedpawns", kStart).is_empty());
  // White: a2 has nothing ahead on the a/b files; d5 is ahead of c3 and c4; e6 is ahead of e5
  // (d5, level with it, would not count); h7 blocks h2. Black (ahead = towards rank 1): c4 stops
  // d5, e5 stops e6 and f7, h2 stops h7.
  CHECK(eval("passedpawns") == squares_of("a2"));
  // A pawn level with an enemy pawn on a neighbouring file is still passed.
  CHECK(eval("passedpawns", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1") == squares_of("d5 e5"));
  CHECK(eval("passedpawns", "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1").is_empty());
  CHECK(Evaluation("#passedpawns == 1", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1").matches());
}
