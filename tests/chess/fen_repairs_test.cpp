// What Position::from_fen drops from a FEN, as the reader says it.
#include "chess/fen_repairs.h"

#include <catch2/catch.hpp>

namespace {

std::string repairs(const std::string& fen) {
  std::optional<quarry::chess::Position> pos = quarry::chess::Position::from_fen(fen);
  REQUIRE(pos);
  return quarry::chess::fen_repairs(fen, *pos);
}

}  // namespace

TEST_CASE("a FEN read as written needs no repair", "[fen_repairs]") {
  CHECK(repairs("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == "");
  CHECK(repairs("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3") == "");
  CHECK(repairs("4k3/8/8/8/8/8/8/4K3 w - -") == "");
}

TEST_CASE("rights and en passant squares the position cannot have are named", "[fen_repairs]") {
  // The white rooks are not at home: only black's rights stay.
  CHECK(repairs("r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1") ==
        "castling rights the position cannot have dropped (kept \"kq\")");
  CHECK(repairs("4k3/8/8/8/8/8/8/4K3 w - e6 0 1") == "impossible en passant square \"e6\" dropped");
  CHECK(repairs("r3k3/8/8/8/8/8/8/4K3 b Qq e3 0 1") ==
        "castling rights the position cannot have dropped (kept \"q\"), impossible en passant square \"e3\" dropped");
  // A letter given twice asks for one right.
  CHECK(repairs("4k2r/8/8/8/8/8/8/4K3 w kk - 0 1") == "");
}
