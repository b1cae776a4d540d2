// Piece designator and string literal decoding.
#include <catch2/catch.hpp>

#include "grammar/parser.h"
#include "grammar/syntax.h"

using namespace quarry::grammar;

namespace {
std::uint64_t sq(int file, int rank) { return std::uint64_t{1} << (rank * 8 + file); }
}  // namespace

TEST_CASE("piece designators decode to contents and squares", "[literals]") {
  std::uint16_t mask = 0;
  std::uint64_t squares = 0;
  REQUIRE(decode_piece_designator("K", mask, squares));
  CHECK(mask == (1u << 6));
  CHECK(squares == ~std::uint64_t{0});

  REQUIRE(decode_piece_designator("Qa3", mask, squares));
  CHECK(mask == (1u << 5));
  CHECK(squares == sq(0, 2));

  REQUIRE(decode_piece_designator("a-h2", mask, squares));
  CHECK(mask == content::kAll);
  CHECK(squares == 0xFF00);

  REQUIRE(decode_piece_designator("[RQ]a-h8", mask, squares));
  CHECK(mask == ((1u << 4) | (1u << 5)));
  CHECK(squares == 0xFF00000000000000);

  REQUIRE(decode_piece_designator("A[b-h2,d5,e-f7-8]", mask, squares));
  CHECK(mask == content::kAllWhite);
  CHECK(squares == (0xFE00 | sq(3, 4) | sq(4, 6) | sq(5, 6) | sq(4, 7) | sq(5, 7)));

  REQUIRE(decode_piece_designator("ab3", mask, squares));
  CHECK(mask == content::kAllBlack);
  CHECK(squares == sq(1, 2));

  REQUIRE(decode_piece_designator("[Aa_]", mask, squares));
  CHECK(mask == content::kAll);

  REQUIRE(decode_piece_designator("[]", mask, squares));
  CHECK(squares == 0);

  CHECK_FALSE(decode_piece_designator("h-a1", mask, squares));
}

TEST_CASE("string escapes", "[literals]") {
  std::string out, error;
  REQUIRE(unescape_string(R"("a\"b\\c\nd")", out, error));
  CHECK(out == "a\"b\\c\nd");
  REQUIRE(unescape_string(R"("\1")", out, error));
  CHECK(out == "\\1");  // regex capture references are kept for the regex engine
}
