// FEN-fields family: sidetomove, white, black, halfmoveclock, enpassantsquare.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string kAfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
const std::string kLate = "4k3/8/8/8/8/8/8/4K3 b - - 37 80";
}  // namespace

TEST_CASE("sidetomove, white and black", "[fen_fields]") {
  CHECK(Evaluation("sidetomove", kStart).number() == 1);
  CHECK(Evaluation("sidetomove", kAfterE4).number() == -1);
  CHECK(Evaluation("white", kAfterE4).number() == 1);
  CHECK(Evaluation("black", kStart).number() == -1);
  CHECK(Evaluation("sidetomove == white", kStart).matches());
  CHECK_FALSE(Evaluation("sidetomove == black", kStart).matches());
  CHECK(Evaluation("sidetomove == black", kAfterE4).matches());
}

TEST_CASE("halfmoveclock", "[fen_fields]") {
  CHECK(Evaluation("halfmoveclock", kStart).number() == 0);
  CHECK(Evaluation("halfmoveclock", kLate).number() == 37);
  CHECK(Evaluation("halfmoveclock > 30", kLate).matches());
  CHECK_FALSE(Evaluation("halfmoveclock > 30", kStart).matches());
}

TEST_CASE("enpassantsquare", "[fen_fields]") {
  CHECK(Evaluation("enpassantsquare", kAfterE4).squares() == squares_of("e3"));
  CHECK(Evaluation("enpassantsquare", kStart).squares().is_empty());
  CHECK_FALSE(Evaluation("enpassantsquare", kStart).matches());
  CHECK(Evaluation("enpassantsquare & e3", kAfterE4).matches());
}
