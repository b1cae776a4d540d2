// Zobrist keys: the published Polyglot reference keys, and incremental keys equal fresh ones.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/zobrist.h"

using namespace quarry::chess;

namespace {

// Plays SAN moves from pos and returns the key after each move.
std::vector<std::uint64_t> keys_after(Position pos, const std::vector<std::string>& sans) {
  std::vector<std::uint64_t> keys;
  for (const std::string& san : sans) {
    const auto m = parse_san(pos, san);
    REQUIRE(m.has_value());
    pos.play(*m);
    keys.push_back(pos.zobrist_key());
    // The key kept up by play() must equal the key of the same position read from FEN.
    CHECK(Position::from_fen(pos.fen())->zobrist_key() == pos.zobrist_key());
  }
  return keys;
}

}  // namespace

TEST_CASE("Polyglot reference keys from the book-format description", "[zobrist]") {
  const Position start = Position::initial();
  CHECK(start.zobrist_key() == 0x463b96181691fc9cULL);
  const auto keys = keys_after(start, {"e4", "d5", "e5", "f5", "Ke2", "Kf7"});
  CHECK(keys[0] == 0x823c9b50fd114196ULL);
  CHECK(keys[1] == 0x0756b94461c50fb0ULL);
  CHECK(keys[2] == 0x662fafb965db29d4ULL);
  CHECK(keys[3] == 0x22a48b5a8e47ff78ULL);  // en passant counted: e5 can take f6
  CHECK(keys[4] == 0x652a607ca3f242c1ULL);
  CHECK(keys[5] == 0x00fdd303c946bdd9ULL);
}

TEST_CASE("Polyglot reference keys: castling rights lost and en passant", "[zobrist]") {
  const auto keys = keys_after(Position::initial(), {"a4", "b5", "h4", "b4", "c4"});
  CHECK(keys[4] == 0x3c8123ea7b067637ULL);
  const auto more = keys_after(Position::initial(), {"a4", "b5", "h4", "b4", "c4", "bxc3", "Ra3"});
  CHECK(more[6] == 0x5c3f9b829b279560ULL);
}

TEST_CASE("Polyglot keys: en passant only when a capture is possible", "[zobrist]") {
  const auto pos = Position::from_fen("3k4/3p4/8/2r1PK2/8/8/8/8 b - - 0 1");
  REQUIRE(pos.has_value());
  const auto keys = keys_after(*pos, {"d5", "Kg5", "Ke8", "Kf5", "Kd8", "Kg4", "Ke7", "Kf5", "Kd8"});
  // After 1...d5 the e5 pawn can take d6 pseudo-legally (legally it cannot: the rook on c5
  // would then check the king on f5). Polyglot counts pseudo-legal captures, so the d-file
  // en passant number is in the key.
  CHECK(keys[0] == 0x7f2953c5a45efa72ULL);
  // 5.Kf5: white king f5, black king e7, black to move.
  CHECK(keys[7] == 0x85792b3394e47425ULL);
  // 5...Kd8 restores the board and side to move of 1...d5, now without the en passant right:
  // the keys differ by exactly the d-file en passant number.
  CHECK(keys[8] == 0x63b08d1698e66ad3ULL);
  CHECK((keys[0] ^ keys[8]) == zobrist_en_passant(3));
}

TEST_CASE("zobrist table layout", "[zobrist]") {
  // First entry of the table: black pawn on a1; the turn key is the last entry.
  CHECK(zobrist_piece(Piece(Color::Black, PieceType::Pawn), Square(0)) == 0x9D39247E33776D41ULL);
  CHECK(zobrist_white_to_move() == 0xF8D626AAAF278509ULL);
  CHECK(zobrist_castling(0) == 0x31D71DCE64B2C310ULL);
  CHECK(zobrist_en_passant(0) == 0x70CC73D90BC26E24ULL);
}

TEST_CASE("zobrist_piece by piece code is Polyglot's number for the piece kind and square", "[zobrist]") {
  // Polyglot numbers its piece kinds black pawn 0, white pawn 1, black knight 2, …, white king 11.
  for (Color c : {Color::White, Color::Black}) {
    for (int t = 1; t <= 6; ++t) {
      const int kind = 2 * (t - 1) + (c == Color::White ? 1 : 0);
      for (int s = 0; s < 64; ++s) {
        CHECK(zobrist_piece(Piece(c, static_cast<PieceType>(t)), Square(s)) ==
              detail::kPolyglotRandom64[static_cast<std::size_t>(64 * kind + s)]);
      }
    }
  }
}
