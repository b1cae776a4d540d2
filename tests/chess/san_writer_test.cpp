// The SAN writer (san_text, to_san) against SAN spelled out from its definition with the move
// generator, on every legal move of every position a few plies deep from positions chosen for
// castling, promotions, en passant, disambiguation, pins, checks and mates.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "chess/attacks.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/san_common.h"

using namespace quarry::chess;

namespace {

Position fen(const char* text, bool chess960 = false) {
  const auto pos = Position::from_fen(text, nullptr, chess960);
  INFO(text);
  REQUIRE(pos.has_value());
  return *pos;
}

Move move(const char* from, const char* to, Move::Kind kind = Move::Kind::Normal,
          PieceType promotion = PieceType::Knight) {
  return Move(Square::parse(from), Square::parse(to), kind, promotion);
}

char piece_letter(PieceType t) {
  switch (t) {
    case PieceType::Knight: return 'N';
    case PieceType::Bishop: return 'B';
    case PieceType::Rook: return 'R';
    case PieceType::Queen: return 'Q';
    case PieceType::King: return 'K';
    default: return '?';
  }
}

// SAN from the definition: the rivals are the other legal moves of the same piece type to the
// same square; '#' when the reply list is empty.
std::string reference_san(const Position& pos, const MoveList& legal, Move m) {
  if (m.is_null()) return "--";
  std::string san;
  if (m.kind() == Move::Kind::Castling) {
    san = m.to().file() < m.from().file() ? "O-O-O" : "O-O";
  } else {
    const PieceType type = pos.piece_at(m.from()).type();
    const bool capture = m.kind() == Move::Kind::EnPassant || !pos.piece_at(m.to()).is_none();
    if (type == PieceType::Pawn) {
      if (capture) san += m.from().name()[0];
    } else {
      san += piece_letter(type);
      bool rival = false;
      bool same_file = false;
      bool same_rank = false;
      for (Move r : legal) {
        if (r.kind() == Move::Kind::Castling || r.to() != m.to() || r.from() == m.from()) continue;
        if (pos.piece_at(r.from()).type() != type) continue;
        rival = true;
        same_file |= r.from().file() == m.from().file();
        same_rank |= r.from().rank() == m.from().rank();
      }
      if (rival && !same_file) {
        san += m.from().name()[0];
      } else if (rival && !same_rank) {
        san += m.from().name()[1];
      } else if (rival) {
        san += m.from().name();
      }
    }
    if (capture) san += 'x';
    san += m.to().name();
    if (m.kind() == Move::Kind::Promotion) {
      san += '=';
      san += piece_letter(m.promotion());
    }
  }
  const Position after = pos.after(m);
  if (after.in_check()) {
    MoveList replies;
    generate_legal_moves(after, replies);
    san += replies.empty() ? '#' : '+';
  }
  return san;
}

// common_san_word's text: empty when it leaves the move to san_text.
std::string common_san(const Position& pos, Move m, const Position& after, bool reply_known) {
  const std::uint64_t word = common_san_word(pos, m, after, reply_known);
  std::string san;
  for (std::uint64_t i = 0; i < word >> 56; ++i) san += static_cast<char>(word >> (8 * i) & 0xff);
  return san;
}

// Moves common_san_word wrote, and ones it left to san_text: both kinds must occur.
int common_written = 0;
int common_left = 0;

// Compares every legal move of pos and, depth plies on, of every position reached; returns the
// number of moves compared.
int compare_tree(const Position& pos, int depth) {
  MoveList legal;
  generate_legal_moves(pos, legal);
  int compared = 0;
  for (Move m : legal) {
    const std::string expected = reference_san(pos, legal, m);
    const Position after = pos.after(m);
    INFO(pos.fen() << " move " << m.from().name() << m.to().name() << ", expected " << expected);
    REQUIRE(std::string(san_text(pos, m, after).view()) == expected);
    REQUIRE(to_san(pos, m) == expected);
    // Told that a reply exists (true unless it is mate), the writer gives the same text.
    if (!expected.ends_with('#')) REQUIRE(std::string(san_text(pos, m, after, true).view()) == expected);
    // The PGN writer's inline SAN writes the same text, or leaves the move to san_text: always
    // for castling, promotions, disambiguation, and a check whose reply is not known.
    for (const bool reply_known : {false, true}) {
      if (reply_known && expected.ends_with('#')) continue;
      const std::string common = common_san(pos, m, after, reply_known);
      const bool left_out = m.kind() == Move::Kind::Castling || m.kind() == Move::Kind::Promotion ||
                            (after.in_check() && !reply_known);
      if (left_out) REQUIRE(common.empty());
      if (!common.empty()) REQUIRE(common == expected);
      ++(common.empty() ? common_left : common_written);
    }
    ++compared;
    if (depth > 0) compared += compare_tree(after, depth - 1);
  }
  return compared;
}

}  // namespace

TEST_CASE("SAN writer matches SAN from its definition on every move a few plies deep", "[notation][san]") {
  struct Start {
    const char* fen;
    int depth;
    bool chess960 = false;
  };
  const std::vector<Start> starts = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 2},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2},  // castling, pins
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3},                           // en passant, checks
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2},    // promotions
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2},           // capture-promotion
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 2},                             // promotions, both sides
      {"1Q5Q/8/8/8/8/k7/7Q/4K3 w - - 0 1", 2},             // three queens: file, rank and both
      {"4r2k/8/8/8/R7/8/4R3/4K3 w - - 0 1", 2},            // a pinned rook that stays a rival
      {"4r2k/8/8/8/8/2N1N3/8/4K3 w - - 0 1", 2},           // a pinned knight that is no rival
      {"4r2k/8/8/8/8/8/8/2N1K1N1 w - - 0 1", 2},           // rivals that block a check
      {"R5k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1", 2},        // back-rank mates, doubled rooks
      {"3r2k1/4Pppp/8/8/8/8/8/6K1 w - - 0 1", 2},          // promotion mates, with and without capture
      {"8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1", 2},           // en passant giving discovered check
      {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", 2},               // castling giving check
      {"4k3/8/8/8/8/8/8/K1K5 w - - 0 1", 2},               // two white kings (a FEN may hold them)
      {"8/8/8/3k4/8/8/8/R3R3 w - - 0 1", 2},               // white without a king
      {"2kr3r/8/8/1N3N2/8/1N3N2/8/4K3 b - - 0 1", 2},      // four knights on two files and ranks
      {"4k3/8/8/R6Q/8/P4B2/8/R3K1QB w - - 0 1", 2},        // sliders on one line, one of them blocked
      {"4k3/8/8/8/1b6/8/3R4/R3K3 w - - 0 1", 2},           // a pinned rook beside a free one
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 2, true},  // Chess960
  };
  int compared = 0;
  for (const Start& s : starts) compared += compare_tree(fen(s.fen, s.chess960), s.depth);
  CHECK(compared > 100000);
  // Most moves are common; disambiguated ones and the rest go to san_text.
  CHECK(common_written > compared);
  CHECK(common_left > 1000);
}

TEST_CASE("The PGN writer's inline SAN on common moves, spelled out", "[notation][san]") {
  auto common = [](const char* fen_text, Move m, bool reply_known = false) {
    const Position pos = fen(fen_text);
    return common_san(pos, m, pos.after(m), reply_known);
  };
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  CHECK(common(start, move("e2", "e4")) == "e4");
  CHECK(common(start, move("g1", "f3")) == "Nf3");
  CHECK(common("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", move("e4", "d5")) == "exd5");
  CHECK(common("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", move("d1", "d5")) == "Qxd5");
  CHECK(common("8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1", move("e5", "d6", Move::Kind::EnPassant), true) == "exd6+");
  // A check is '+' only when a reply is known; else san_text looks for mate.
  CHECK(common("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", move("a1", "a8"), true) == "Ra8+");
  CHECK(common("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", move("a1", "a8")).empty());
  // A rival in reach on an empty board, even a blocked one, leaves the move to san_text.
  CHECK(common("4k3/8/8/8/8/8/8/R2PK2R w - - 0 1", move("h1", "f1")).empty());
  CHECK(common("4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1", move("g1", "e2")).empty());
  CHECK(common(start, Move::null()).empty());
  CHECK(common("5k2/8/8/8/8/8/8/4K2R w K - 0 1", move("e1", "h1", Move::Kind::Castling)).empty());
  CHECK(common("8/4P3/8/8/8/8/8/k3K3 w - - 0 1", move("e7", "e8", Move::Kind::Promotion, PieceType::Queen)).empty());
}

TEST_CASE("SAN writer on the tricky cases, spelled out", "[notation][san]") {
  auto san = [](const Position& pos, Move m) { return std::string(san_text(pos, m, pos.after(m)).view()); };
  const Position pinned_rook = fen("4r2k/8/8/8/R7/8/4R3/4K3 w - - 0 1");
  CHECK(san(pinned_rook, move("a4", "e4")) == "Rae4");
  CHECK(san(pinned_rook, move("e2", "e4")) == "Ree4");
  const Position pinned_knight = fen("4r2k/8/8/8/8/2N1N3/8/4K3 w - - 0 1");
  CHECK(san(pinned_knight, move("c3", "d5")) == "Nd5");
  const Position blocks = fen("4r2k/8/8/8/8/8/8/2N1K1N1 w - - 0 1");
  CHECK(san(blocks, move("c1", "e2")) == "Nce2");
  CHECK(san(blocks, move("g1", "e2")) == "Nge2");
  const Position promotion = fen("3r2k1/4Pppp/8/8/8/8/8/6K1 w - - 0 1");
  CHECK(san(promotion, move("e7", "d8", Move::Kind::Promotion, PieceType::Queen)) == "exd8=Q#");
  CHECK(san(promotion, move("e7", "e8", Move::Kind::Promotion, PieceType::Queen)) == "e8=Q+");
  CHECK(san(promotion, move("e7", "e8", Move::Kind::Promotion, PieceType::Bishop)) == "e8=B");
  const Position en_passant = fen("8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1");
  CHECK(san(en_passant, move("e5", "d6", Move::Kind::EnPassant)) == "exd6+");
  const Position castle = fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK(san(castle, move("e1", "h1", Move::Kind::Castling)) == "O-O+");
  const Position kings = fen("4k3/8/8/8/8/8/8/K1K5 w - - 0 1");
  CHECK(san(kings, move("a1", "b2")) == "Kab2");
  const Position knights = fen("2kr3r/8/8/1N3N2/8/1N3N2/8/4K3 w - - 0 1");
  CHECK(san(knights, move("b3", "d4")) == "Nb3d4");
  CHECK(san(knights, move("b5", "d4")) == "Nb5d4");
  CHECK(san(Position::initial(), Move::null()) == "--");
}

TEST_CASE("The inline SAN's reach table is the attack tables' empty-board reach", "[notation][san]") {
  for (int s = 0; s < 64; ++s) {
    const Square sq(s);
    const auto i = static_cast<std::size_t>(s);
    INFO(sq.name());
    CHECK(detail::kReachByType[index_of(PieceType::Knight)][i] == knight_attacks(sq).bits());
    CHECK(detail::kReachByType[index_of(PieceType::Bishop)][i] == bishop_rays(sq).bits());
    CHECK(detail::kReachByType[index_of(PieceType::Rook)][i] == rook_rays(sq).bits());
    CHECK(detail::kReachByType[index_of(PieceType::Queen)][i] == (rook_rays(sq) | bishop_rays(sq)).bits());
    CHECK(detail::kReachByType[index_of(PieceType::King)][i] == king_attacks(sq).bits());
    CHECK(detail::kReachByType[index_of(PieceType::Pawn)][i] == 0);
    CHECK(detail::kReachByType[index_of(PieceType::None)][i] == 0);
  }
}
