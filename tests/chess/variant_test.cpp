// Four-File chess: perft from the thesis's start, the rules against an oracle built on standard
// moves, variant names, FEN, SAN, check, mate and stalemate.
#include "chess/variant.h"

#include <catch2/catch.hpp>

#include <string>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/position.h"

using namespace quarry::chess;

namespace {

constexpr const char* kStart = "r1b1k1n1/p1p1p1p1/8/8/8/8/P1P1P1P1/R1B1K1N1 w - - 0 1";

Position four_file(const char* fen) {
  std::string error;
  const auto pos = Position::from_variant_fen(fen, VariantRules{Variant::FourFile, false}, &error);
  INFO(error);
  REQUIRE(pos.has_value());
  return *pos;
}

bool on_four_files(Square s) { return s.file() % 2 == 0; }

// The rules restated independently of the generator's mask: a Four-File move is a standard legal
// move that ends on the a, c, e or g file and is not castling (the king would pass to the c or g
// file but the rook would end on d or f).
std::uint64_t oracle_perft(const Position& standard, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  generate_legal_moves(standard, moves);
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    if (m.kind() == Move::Kind::Castling || !on_four_files(m.to())) continue;
    nodes += oracle_perft(standard.after(m), depth - 1);
  }
  return nodes;
}

}  // namespace

TEST_CASE("four-file perft: the thesis's start position", "[variant][perft]") {
  const Position start = four_file(kStart);
  CHECK(perft(start, 1) == 11);  // the thesis's eleven first moves
  CHECK(perft(start, 2) == 120);
  CHECK(perft(start, 3) == 1254);
  CHECK(perft(start, 4) == 12910);
  CHECK(perft(start, 5) == 130273);
}

TEST_CASE("four-file perft agrees with standard moves filtered by destination", "[variant][perft]") {
  // Middlegames with checks, pins, promotions (also by capture) and a Black move first.
  const char* const fens[] = {
      kStart,
      "r1b1k1n1/p1p3p1/8/4p3/P3P3/R7/2P3P1/2B1K1N1 b - - 0 4",
      "4k3/P1p1p3/8/6r1/2B5/8/4P1p1/R3K1N1 w - - 0 30",
      "r3k3/2P1p1P1/8/8/8/2b5/4P3/4K3 w - - 0 40",
      "4k1r1/p3p3/2n5/8/2B1q3/8/P3P3/R3K3 w - - 0 20",
  };
  for (const char* fen : fens) {
    INFO(fen);
    const Position variant = four_file(fen);
    const auto standard = Position::from_fen(fen);
    REQUIRE(standard.has_value());
    for (int depth = 1; depth <= 3; ++depth) CHECK(perft(variant, depth) == oracle_perft(*standard, depth));
  }
}

TEST_CASE("four-file moves end on the a, c, e and g files", "[variant]") {
  const Position start = four_file(kStart);
  MoveList moves;
  generate_legal_moves(start, moves);
  std::string sans;
  for (Move m : moves) sans += to_san(start, m) + " ";
  CHECK(sans == "a3 a4 c3 c4 e3 e4 g3 g4 Ba3 Be3 Bg5 ");
  // Kings walk only along their file, knights from g1 only to e2.
  const Position open = four_file("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
  moves.clear();
  generate_legal_moves(open, moves);
  sans.clear();
  for (Move m : moves) sans += to_san(open, m) + " ";
  CHECK(sans == "Ke2 Ne2 ");
  // The pseudo-legal generator follows the same rule.
  moves.clear();
  generate_pseudo_legal_moves(open, moves);
  CHECK(moves.size() == 2);
}

TEST_CASE("four-file positions keep the variant through play", "[variant]") {
  const Position start = four_file(kStart);
  CHECK(start.variant() == Variant::FourFile);
  const auto e4 = parse_san(start, "e4");
  REQUIRE(e4.has_value());
  const Position after = start.after(*e4);
  CHECK(after.variant() == Variant::FourFile);
  CHECK(after.en_passant_square() == Square::none());
  CHECK(after.fen() == "r1b1k1n1/p1p1p1p1/8/8/4P3/8/P1P3P1/R1B1K1N1 b - - 0 1");
  CHECK(Position::initial().variant() == Variant::Standard);
}

TEST_CASE("four-file SAN: moves off the four files are illegal", "[variant][notation]") {
  const Position start = four_file(kStart);
  CHECK(parse_san(start, "Bg5").has_value());
  CHECK_FALSE(parse_san(start, "Bd2").has_value());
  CHECK_FALSE(parse_san(start, "Nf3").has_value());
  CHECK_FALSE(parse_san(start, "d4").has_value());
  CHECK_FALSE(parse_uci(start, "g1f3").has_value());
  CHECK(parse_uci(start, "c1g5").has_value());
  // Castling would put the rook on the d or f file: gone from FEN, refused in SAN.
  const Position castle = four_file("r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1");
  CHECK(castle.fen() == "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  CHECK_FALSE(parse_san(castle, "O-O-O").has_value());
}

TEST_CASE("four-file FEN: pieces only on the four files", "[variant][fen]") {
  std::string error;
  CHECK_FALSE(Position::from_variant_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", VariantRules{Variant::FourFile, false}, &error));
  CHECK(error.find("a, c, e and g files") != std::string::npos);
  CHECK(Position::from_variant_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", VariantRules{}).has_value());
  CHECK_FALSE(Position::from_variant_fen("garbage", VariantRules{Variant::FourFile, false}).has_value());
}

TEST_CASE("four-file check, mate and stalemate", "[variant]") {
  // A rook on the back rank mates: the king cannot step sideways and nothing can interpose on d8.
  const Position back_rank = four_file("4k3/4p3/8/8/8/8/8/R3K3 w - - 0 1");
  const auto ra8 = parse_san(back_rank, "Ra8");
  REQUIRE(ra8.has_value());
  CHECK(back_rank.after(*ra8).is_checkmate());
  CHECK(to_san(back_rank, *ra8) == "Ra8#");
  const Position standard = *Position::from_fen("4k3/4p3/8/8/8/8/8/R3K3 w - - 0 1");
  CHECK_FALSE(standard.after(*ra8).is_checkmate());
  // A blocked pawn and a king that cannot leave its file: stalemate.
  const Position blocked = four_file("4k3/4p3/4P3/8/8/8/8/4K3 b - - 0 1");
  CHECK(blocked.is_stalemate());
  CHECK_FALSE(Position::from_fen("4k3/4p3/4P3/8/8/8/8/4K3 b - - 0 1")->is_stalemate());
  // The knight's and the bishop's only squares are off the four files or their own pawns': the
  // quick "some piece can move" test must apply the variant too.
  CHECK(four_file("4k3/8/8/8/8/p3p3/P3P3/2N1K3 w - - 0 1").is_stalemate());
  CHECK(four_file("4k3/8/8/8/4p3/4P3/4P3/4K1B1 w - - 0 1").is_stalemate());
  // Promotion works as usual (all four pieces), and mates along the back rank.
  const Position promote = four_file("4k3/P3p3/8/8/8/8/8/4K3 w - - 0 1");
  MoveList moves;
  generate_legal_moves(promote, moves);
  CHECK(moves.size() == 5);  // a8=Q/R/B/N and Ke2
  CHECK(promote.after(*parse_san(promote, "a8=Q")).is_checkmate());
  CHECK_FALSE(promote.after(*parse_san(promote, "a8=B")).in_check());
}

TEST_CASE("variant names", "[variant]") {
  for (const char* name : {"Four-File", "four file", "fourfile", "4-file", "FOUR_FILE", "Four-File Chess", "4file"}) {
    INFO(name);
    const auto rules = variant_rules_from_name(name);
    REQUIRE(rules.has_value());
    CHECK(rules->variant == Variant::FourFile);
  }
  for (const char* name : {"", "Standard", "chess", "From Position", "normal"}) {
    INFO(name);
    const auto rules = variant_rules_from_name(name);
    REQUIRE(rules.has_value());
    CHECK(rules->variant == Variant::Standard);
    CHECK_FALSE(rules->chess960);
  }
  for (const char* name : {"Chess960", "chess 960", "Fischerandom", "Fischer Random", "960"}) {
    INFO(name);
    const auto rules = variant_rules_from_name(name);
    REQUIRE(rules.has_value());
    CHECK(rules->chess960);
  }
  for (const char* name : {"Crazyhouse", "Atomic", "Three-check", "fivefile", "four"}) {
    CHECK_FALSE(variant_rules_from_name(name).has_value());
  }
  CHECK(variant_name(Variant::FourFile) == "Four-File");
  CHECK(std::string(variant_start_fen(Variant::FourFile)) == kStart);
}
