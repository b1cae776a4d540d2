// Move notation: SAN writing (minimal disambiguation) and tolerant SAN reading; UCI text.
#include "chess/notation.h"

#include <array>
#include <bit>
#include <cstdint>

#include "chess/attacks.h"
#include "chess/movegen.h"
#include "chess/san_common.h"

namespace quarry::chess {

namespace {

constexpr char kPieceLetters[] = " PNBRQK";  // indexed by PieceType

PieceType piece_type_from_letter(char c) {
  switch (c) {
    case 'N': case 'n': return PieceType::Knight;
    case 'B': return PieceType::Bishop;  // lowercase b is a file: "bxc3" is a pawn capture
    case 'R': case 'r': return PieceType::Rook;
    case 'Q': case 'q': return PieceType::Queen;
    case 'K': case 'k': return PieceType::King;
    default: return PieceType::None;
  }
}

PieceType promotion_from_letter(char c) {
  switch (c) {
    case 'N': case 'n': return PieceType::Knight;
    case 'B': case 'b': return PieceType::Bishop;
    case 'R': case 'r': return PieceType::Rook;
    case 'Q': case 'q': return PieceType::Queen;
    default: return PieceType::None;
  }
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

bool is_capture(const Position& pos, Move m) {
  return m.kind() == Move::Kind::EnPassant ||
         (m.kind() != Move::Kind::Castling && !pos.piece_at(m.to()).is_none());
}

// Which attack patterns find the sources of a piece type: all four are computed and masked, so
// decoding does not branch (and mispredict) on the letter of each move.
struct ReachMasks {
  std::uint64_t knight = 0;
  std::uint64_t diagonal = 0;
  std::uint64_t straight = 0;
  std::uint64_t king = 0;
};
constexpr std::uint64_t kAll = ~std::uint64_t{0};
constexpr std::array<ReachMasks, 7> kReachMasks = {{
    {},                           // None
    {},                           // Pawn: pawn_sources
    {kAll, 0, 0, 0},              // Knight
    {0, kAll, 0, 0},              // Bishop
    {0, 0, kAll, 0},              // Rook
    {0, kAll, kAll, 0},           // Queen
    {0, 0, 0, kAll},              // King
}};

// The squares a pawn of the side to move could come from to reach `to` by a push or a capture
// (en passant excluded). Inline: a third of the moves of a game are pawn moves.
[[gnu::always_inline]] inline SquareSet pawn_sources(const Position& pos, Square to) {
  const Color us = pos.side_to_move();
  const SquareSet ours = pos.pieces(us, PieceType::Pawn);
  if (pos.pieces(~us).contains(to)) return pawn_attacks(~us, to) & ours;
  if (pos.occupied().contains(to)) return SquareSet();
  const int step = us == Color::White ? -8 : 8;  // from `to` back towards our side
  const Square one(to.index() + step);
  if (ours.contains(one)) return SquareSet(one);
  const int double_rank = us == Color::White ? 3 : 4;
  if (to.rank() != double_rank || pos.occupied().contains(one)) return SquareSet();
  return ours & SquareSet(Square(one.index() + step));
}

// The squares a piece of type t (not a pawn) of the side to move could come from to reach `to`.
SquareSet candidate_sources(const Position& pos, PieceType t, Square to) {
  const SquareSet ours = pos.pieces(pos.side_to_move(), t);
  const ReachMasks& m = kReachMasks[static_cast<std::size_t>(index_of(t))];
  const SquareSet occ = pos.occupied();
  return ((knight_attacks(to) & SquareSet(m.knight)) | (bishop_attacks(to, occ) & SquareSet(m.diagonal)) |
          (rook_attacks(to, occ) & SquareSet(m.straight)) | (king_attacks(to) & SquareSet(m.king))) &
         ours;
}

// The squares from which a piece of type t (not a pawn) reaches `to` on an empty board.
SquareSet empty_board_reach(PieceType t, Square to) {
  switch (t) {
    case PieceType::Knight: return knight_attacks(to);
    case PieceType::Bishop: return bishop_rays(to);
    case PieceType::Rook: return rook_rays(to);
    case PieceType::Queen: return rook_rays(to) | bishop_rays(to);
    case PieceType::King: return king_attacks(to);
    case PieceType::Pawn: case PieceType::None: break;
  }
  return SquareSet::all();
}

// empty_board_reach by piece type and square: every SAN of a piece looks it up, and a table
// spares it a jump on the type that the processor cannot predict.
const auto kEmptyBoardReach = [] {
  std::array<std::array<SquareSet, 64>, 7> table{};
  for (PieceType type : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King}) {
    for (int s = 0; s < 64; ++s) table[index_of(type)][static_cast<std::size_t>(s)] = empty_board_reach(type, Square(s));
  }
  return table;
}();

// Which of `from` can legally move to `to`, by the generator (kept out of line: its move list is
// a large frame that every SAN would otherwise set up).
[[gnu::noinline]] SquareSet legal_sources(const Position& pos, SquareSet from, Square to) {
  MoveList moves;
  generate_legal_moves(pos, moves, from, SquareSet(to));
  SquareSet legal;
  for (Move r : moves) {
    if (r.kind() != Move::Kind::Castling) legal = legal.with(r.from());
  }
  return legal;
}

// The pieces of the mover's type, other than the mover, that could reach its square on an empty
// board. Most moves have none: their SAN needs no disambiguation, known without any attack.
SquareSet rivals_in_reach(const Position& pos, Move m, PieceType type) {
  const SquareSet reach = kEmptyBoardReach[index_of(type)][static_cast<std::size_t>(m.to().index())];
  return reach & pos.pieces(pos.side_to_move(), type).without(m.from());
}

// Of the rivals in reach, those that can legally move to the same square: the ones a SAN must
// tell the move apart from. A slider blocked on the way is none, and with one king not in check a
// piece that is not pinned is one. The generator settles what is left (king moves, moves out of
// check, pinned pieces, and a side with no king or two, which a FEN may hold).
SquareSet rivals(const Position& pos, Move m, PieceType type, SquareSet others) {
  const Color us = pos.side_to_move();
  // (Not candidate_sources: a second caller would keep it from being inlined into parse_san.)
  switch (type) {
    case PieceType::Bishop: others &= bishop_attacks(m.to(), pos.occupied()); break;
    case PieceType::Rook: others &= rook_attacks(m.to(), pos.occupied()); break;
    case PieceType::Queen: others &= queen_attacks(m.to(), pos.occupied()); break;
    default: break;
  }
  if (others.is_empty()) return others;
  const SquareSet kings = pos.pieces(us, PieceType::King);
  const bool one_king = kings.any() && !kings.has_more_than_one();
  if (type != PieceType::King && one_king && !pos.in_check() && !others.intersects(pos.pinned(us))) return others;
  return legal_sources(pos, others, m.to());
}

// The characters that single a move out among same-type moves to its square: none, the file,
// the rank or both, in the low bytes of `chars`.
struct Disambiguation {
  std::uint16_t chars = 0;
  std::uint8_t count = 0;
};

// Appends characters to a SanText; SanText::kCapacity is the longest SAN there is.
class SanBuilder {
 public:
  // The characters gather in one register: written byte by byte into memory and read back as
  // the 8-byte SanText, they would stall the load behind the stores (no store forwarding).
  void put(char c) {
    word_ |= std::uint64_t{static_cast<unsigned char>(c)} << shift_;
    shift_ += 8;
  }
  void put(Square s) {
    word_ |= std::uint64_t{detail::kSanSquareNames[static_cast<std::size_t>(s.index())]} << shift_;
    shift_ += 16;
  }
  void put(Disambiguation d) {
    word_ |= std::uint64_t{d.chars} << shift_;
    shift_ += 8u * d.count;
  }
  SanText text() const {
    const unsigned size = shift_ / 8;
    if constexpr (std::endian::native == std::endian::little && sizeof(SanText) == sizeof(std::uint64_t)) {
      return std::bit_cast<SanText>(word_ | (std::uint64_t{size} << 56));  // the chars, then the size
    } else {
      SanText t;
      for (unsigned i = 0; i < size; ++i) t.chars[i] = static_cast<char>(word_ >> (8 * i));
      t.size = static_cast<std::uint8_t>(size);
      return t;
    }
  }

 private:
  std::uint64_t word_ = 0;  // character i in bits 8i to 8i+7
  unsigned shift_ = 0;      // where the next character goes: 8 bits per character so far
};

// Disambiguation given rivals in reach (not empty). Out of line and returned by value: the
// common SAN then calls nothing and keeps its characters in registers.
[[gnu::noinline]] Disambiguation disambiguation(const Position& pos, Move m, PieceType type, SquareSet in_reach) {
  const SquareSet others = rivals(pos, m, type, in_reach);
  if (others.is_empty()) return {};
  const Square from = m.from();
  const auto file = static_cast<std::uint16_t>('a' + from.file());
  const auto rank = static_cast<std::uint16_t>('1' + from.rank());
  if (!others.intersects(SquareSet::file(from.file()))) return {file, 1};
  if (!others.intersects(SquareSet::rank(from.rank()))) return {rank, 1};
  return {static_cast<std::uint16_t>(file | rank << 8), 2};
}

// Drops trailing check marks and move annotations ("+", "#", "!", "?", "!?", …).
std::string_view strip_suffixes(std::string_view san) {
  while (!san.empty()) {
    const char c = san.back();
    if (c == '+' || c == '#' || c == '!' || c == '?' || c == ' ') {
      san.remove_suffix(1);
    } else {
      break;
    }
  }
  return san;
}

std::optional<Move> parse_castling(const Position& pos, std::string_view san) {
  if (san.empty() || (san[0] != 'O' && san[0] != '0' && san[0] != 'o')) return std::nullopt;  // most moves
  CastlingSide side;
  if (san == "O-O" || san == "0-0" || san == "o-o") {
    side = CastlingSide::King;
  } else if (san == "O-O-O" || san == "0-0-0" || san == "o-o-o") {
    side = CastlingSide::Queen;
  } else {
    return std::nullopt;
  }
  if (!can_castle(pos, side)) return std::nullopt;
  const Color us = pos.side_to_move();
  return Move(pos.king(us), pos.castling_rook(us, side), Move::Kind::Castling);
}

// The pieces of a non-castling SAN once its punctuation is gone.
struct SanParts {
  PieceType piece = PieceType::Pawn;
  PieceType promotion = PieceType::None;
  int from_file = -1;
  int from_rank = -1;
  Square to = Square::none();
};

// Strips a promotion suffix in any of the forms "=Q", "(Q)", "Q" and "/Q" after the rank digit.
bool take_promotion(std::string_view& s, SanParts& parts) {
  if (s.size() >= 3 && s.back() == ')' && s[s.size() - 3] == '(') {
    parts.promotion = promotion_from_letter(s[s.size() - 2]);
    s.remove_suffix(3);
    return parts.promotion != PieceType::None;
  }
  if (s.size() >= 2 && (s[s.size() - 2] == '=' || s[s.size() - 2] == '/')) {
    parts.promotion = promotion_from_letter(s.back());
    s.remove_suffix(2);
    return parts.promotion != PieceType::None;
  }
  if (s.size() >= 3 && is_rank(s[s.size() - 2]) && !is_rank(s.back())) {
    parts.promotion = promotion_from_letter(s.back());
    s.remove_suffix(1);
    return parts.promotion != PieceType::None;
  }
  return true;
}

bool split_san(std::string_view s, SanParts& parts) {
  if (s.empty()) return false;
  const PieceType named = piece_type_from_letter(s.front());
  if (named != PieceType::None) {
    parts.piece = named;
    s.remove_prefix(1);
  }
  if (!take_promotion(s, parts)) return false;
  if (s.size() < 2) return false;
  parts.to = Square::parse(s.substr(s.size() - 2));
  if (!parts.to.is_valid()) return false;
  s.remove_suffix(2);
  if (!s.empty() && (s.back() == 'x' || s.back() == ':' || s.back() == '-')) s.remove_suffix(1);
  for (char c : s) {
    if (is_file(c) && parts.from_file < 0) {
      parts.from_file = c - 'a';
    } else if (is_rank(c) && parts.from_rank < 0) {
      parts.from_rank = c - '1';
    } else {
      return false;
    }
  }
  return true;
}

// The piece named by the first letter of a plain SAN (uppercase only; anything else: a pawn move),
// looked up rather than switched on, because the letters of successive moves follow no pattern.
constexpr std::array<PieceType, 256> kPlainPieceLetters = [] {
  std::array<PieceType, 256> t{};
  for (auto& p : t) p = PieceType::Pawn;
  t['N'] = PieceType::Knight;
  t['B'] = PieceType::Bishop;
  t['R'] = PieceType::Rook;
  t['Q'] = PieceType::Queen;
  t['K'] = PieceType::King;
  return t;
}();

// The shapes nearly every move of a real file has, read without the general parser: "e4",
// "exd5", "Nf3", "Nxf3", "Nbd2", "R1e2", "Nbxd2" (uppercase piece letters, no promotion). False
// for anything else, which split_san reads as before.
bool split_plain_san(std::string_view s, SanParts& parts) {
  const std::size_t n = s.size();
  if (n < 2 || n > 5 || !is_file(s[n - 2]) || !is_rank(s[n - 1])) return false;
  const Square to(s[n - 2] - 'a', s[n - 1] - '1');
  const PieceType piece = kPlainPieceLetters[static_cast<unsigned char>(s[0])];
  if (piece == PieceType::Pawn) {
    if (n == 2) {  // "e4"
      parts.to = to;
      return true;
    }
    if (n != 4 || !is_file(s[0]) || s[1] != 'x') return false;
    parts.from_file = s[0] - 'a';  // "exd5"
    parts.to = to;
    return true;
  }
  std::string_view middle = s.substr(1, n - 3);  // between the letter and the square
  if (!middle.empty() && middle.back() == 'x') middle.remove_suffix(1);
  if (middle.size() > 1) return false;
  if (middle.size() == 1) {
    if (is_file(middle[0])) {
      parts.from_file = middle[0] - 'a';
    } else if (is_rank(middle[0])) {
      parts.from_rank = middle[0] - '1';
    } else {
      return false;
    }
  }
  parts.piece = piece;
  parts.to = to;
  return true;
}

}  // namespace

namespace {

// Every SAN: castling, the null move, promotions, disambiguation, mate.
[[gnu::noinline]] SanText any_san_text(const Position& pos, Move m, const Position& after, bool reply_known) {
  SanBuilder san;
  if (m.is_null()) {
    san.put('-');
    san.put('-');
    return san.text();
  }
  if (m.kind() == Move::Kind::Castling) {
    const int sides = m.to().file() < m.from().file() ? 2 : 1;  // O-O-O, O-O
    san.put('O');
    for (int i = 0; i < sides; ++i) {
      san.put('-');
      san.put('O');
    }
  } else {
    const PieceType type = pos.piece_at(m.from()).type();
    const bool capture = is_capture(pos, m);
    if (type == PieceType::Pawn) {
      if (capture) san.put(static_cast<char>('a' + m.from().file()));
    } else {
      san.put(kPieceLetters[index_of(type)]);
      if (const SquareSet in_reach = rivals_in_reach(pos, m, type); in_reach.any()) {
        san.put(disambiguation(pos, m, type, in_reach));
      }
    }
    if (capture) san.put('x');
    san.put(m.to());
    if (m.kind() == Move::Kind::Promotion) {
      san.put('=');
      san.put(kPieceLetters[index_of(m.promotion())]);
    }
  }
  if (after.in_check()) san.put(reply_known || after.has_legal_move() ? '+' : '#');
  return san.text();
}

}  // namespace

// The common SAN (an ordinary move or en passant, no rival in reach, no mate to look for) calls
// nothing, so it needs no saved registers or stack frame; anything else goes to any_san_text,
// called last.
SanText san_text(const Position& pos, Move m, const Position& after, bool reply_known) {
  const Move::Kind kind = m.kind();
  const PieceType type = pos.piece_at(m.from()).type();
  const bool rare = kind == Move::Kind::Castling || kind == Move::Kind::Promotion || m.is_null() ||
                    (type != PieceType::Pawn && rivals_in_reach(pos, m, type).any()) ||
                    (after.in_check() && !reply_known);
  if (rare) return any_san_text(pos, m, after, reply_known);
  SanBuilder san;
  const bool capture = is_capture(pos, m);
  if (type == PieceType::Pawn) {
    if (capture) san.put(static_cast<char>('a' + m.from().file()));
  } else {
    san.put(kPieceLetters[index_of(type)]);
  }
  if (capture) san.put('x');
  san.put(m.to());
  if (after.in_check()) san.put('+');
  return san.text();
}

SanText san_text(const Position& pos, Move m, const Position& after) { return san_text(pos, m, after, false); }

std::string to_san(const Position& pos, Move m) {
  if (m.is_null()) return "--";
  return to_san(pos, m, pos.after(m));
}

std::string to_san(const Position& pos, Move m, const Position& after) {
  return std::string(san_text(pos, m, after).view());
}

namespace {

// Whether the king of the side to move stands attacked after `from` moves to `to` (a normal or
// promotion move, not en passant or castling): the legality test of one candidate move.
bool leaves_king_attacked(const Position& pos, Square from, Square to) {
  const Color us = pos.side_to_move();
  const Color them = ~us;
  const bool king_moves = pos.piece_at(from).type() == PieceType::King;
  const Square home = pos.king(us);  // valid below: `from` holds a king, or the test returns
  const Square king = king_moves ? to : home;
  if (!king.is_valid()) return false;
  // Out of check, only a slider line through `from` can open onto the king; a piece that stays
  // on that line (no piece but the king can cross to its other side) keeps it closed. Tested for
  // every move and used only for a move of another piece, out of check: one branch where a branch
  // on the king's move (which the processor could not tell from the SAN's letter) came first.
  // Without a branch on the line's kind either (about half the moves start on one of the king's
  // lines): a `from` off them has an empty line.
  const SquareSet queens = pos.pieces(them, PieceType::Queen);
  const SquareSet straight = pos.pieces(them, PieceType::Rook) | queens;
  const SquareSet diagonal = pos.pieces(them, PieceType::Bishop) | queens;
  // Enemy sliders that move along the king's line through `from`.
  const SquareSet snipers = rook_rays(home).contains(from) ? straight : diagonal;
  const SquareSet line = line_through(home, from);
  const bool stays_closed = line.contains(to) | !line.intersects(snipers);
  if (!king_moves & !pos.in_check() & stays_closed) return false;
  const SquareSet occupied = (pos.occupied() & ~SquareSet(from)) | SquareSet(to);
  const SquareSet enemies = pos.pieces(them) & ~SquareSet(to);  // a capture removes one
  return (pos.attackers_to(king, occupied) & enemies).any();
}

// The pieces in from_mask (of the SAN's type, on its file and rank) that can reach `to` on the
// board, a blocked slider possibly still among them. Most moves have a single piece of their
// type that reaches `to` on an empty board: that one is taken without computing any attacks
// (the caller tests the squares between). Only with two or more are the attacks computed.
SquareSet sources_to_test(const Position& pos, PieceType t, Square to, SquareSet from_mask) {
  if (t == PieceType::Pawn) return pawn_sources(pos, to) & from_mask;
  const SquareSet reach = kEmptyBoardReach[index_of(t)][static_cast<std::size_t>(to.index())] & from_mask;
  if (!reach.has_more_than_one()) return reach;
  return candidate_sources(pos, t, to) & from_mask;
}

// The common case without move generation: exactly one piece can make the move and it is legal.
// Anything else (several candidates, en passant, castling spelled as a king move, promotions
// written wrongly) returns Move::none() and is left to the generator. A plain Move, not an
// optional: the optional was built in memory a byte and two bytes at a time and read back as one
// word, a store-forwarding stall on every move (perf annotate: 16% of parse_san's samples).
Move single_candidate(const Position& pos, const SanParts& parts, SquareSet from_mask) {
  const Square to = parts.to;
  if (pos.pieces(pos.side_to_move()).contains(to)) return Move::none();
  const bool last_rank = to.rank() == (pos.side_to_move() == Color::White ? 7 : 0);
  const bool promotes = parts.piece == PieceType::Pawn && last_rank;
  if (promotes != (parts.promotion != PieceType::None)) return Move::none();
  const SquareSet occupied = pos.occupied();
  Move found = Move::none();
  for (Square from : sources_to_test(pos, parts.piece, to, from_mask)) {
    // A slider taken by its empty-board reach may be blocked (pawns and leapers never are).
    if (between(from, to).intersects(occupied)) continue;
    if (leaves_king_attacked(pos, from, to)) continue;
    if (!found.is_none()) return Move::none();
    found = promotes ? Move(from, to, Move::Kind::Promotion, parts.promotion) : Move(from, to);
  }
  return found;
}

}  // namespace

Move parse_san_move(const Position& pos, std::string_view san) {
  san = strip_suffixes(san);
  SanParts parts;
  if (!split_plain_san(san, parts)) {
    if (san.size() > 4 && san.substr(san.size() - 4) == "e.p.") san = strip_suffixes(san.substr(0, san.size() - 4));
    if (san == "--" || san == "Z0" || san == "z0") return Move::null();
    if (auto castle = parse_castling(pos, san)) return *castle;
    if (!split_san(san, parts)) return Move::none();
  }
  // The single-candidate shortcut below does not generate moves, so the variant's rule is here.
  if (!variant_destinations(pos.variant()).contains(parts.to)) return Move::none();
  const Color us = pos.side_to_move();
  SquareSet from_mask = pos.pieces(us, parts.piece);
  if (parts.from_file >= 0) from_mask &= SquareSet::file(parts.from_file);
  if (parts.from_rank >= 0) from_mask &= SquareSet::rank(parts.from_rank);
  if (const Move move = single_candidate(pos, parts, from_mask); !move.is_none()) return move;
  MoveList moves;
  generate_legal_moves(pos, moves, from_mask, SquareSet(parts.to));
  Move found = Move::none();
  Move castling = Move::none();
  for (Move m : moves) {
    if (m.kind() == Move::Kind::Castling) {
      // "Kg1" or "Kxh1" for castling appears in some files; used only if nothing else fits.
      castling = m;
      continue;
    }
    if (m.to() != parts.to || m.promotion() != parts.promotion) continue;
    if (!found.is_none()) return Move::none();  // ambiguous
    found = m;
  }
  if (found.is_none() && !castling.is_none() && parts.piece == PieceType::King) return castling;
  return found;
}

std::optional<Move> parse_san(const Position& pos, std::string_view san) {
  const Move move = parse_san_move(pos, san);
  if (move.is_none()) return std::nullopt;
  return move;
}

std::string to_uci(const Position& pos, Move m) {
  if (m.is_null()) return "0000";
  Square to = m.to();
  if (m.kind() == Move::Kind::Castling && !pos.chess960()) to = Position::castling_king_destination(m.from(), m.to());
  std::string uci = m.from().name() + to.name();
  if (m.kind() == Move::Kind::Promotion) uci += static_cast<char>(kPieceLetters[index_of(m.promotion())] - 'A' + 'a');
  return uci;
}

std::optional<Move> parse_uci(const Position& pos, std::string_view uci) {
  if (uci == "0000") return Move::null();
  if (uci.size() != 4 && uci.size() != 5) return std::nullopt;
  const Square from = Square::parse(uci.substr(0, 2));
  const Square to = Square::parse(uci.substr(2, 2));
  if (!from.is_valid() || !to.is_valid()) return std::nullopt;
  const PieceType promotion = uci.size() == 5 ? promotion_from_letter(uci[4]) : PieceType::None;
  if (uci.size() == 5 && promotion == PieceType::None) return std::nullopt;
  MoveList moves;
  generate_legal_moves(pos, moves, SquareSet(from));
  std::optional<Move> castling;
  for (Move m : moves) {
    if (m.kind() == Move::Kind::Castling) {
      // Accept both king-to-destination and king-takes-rook spellings.
      if (m.to() == to || Position::castling_king_destination(m.from(), m.to()) == to) castling = m;
      continue;
    }
    if (m.to() == to && m.promotion() == promotion) return m;
  }
  return castling;
}

}  // namespace quarry::chess
