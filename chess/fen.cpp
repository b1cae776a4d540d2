// FEN reading and writing, with X-FEN and Shredder-FEN castling letters for Chess960.
#include "chess/position.h"

#include <charconv>
#include <vector>

namespace quarry::chess {

namespace {

bool fail(std::string* error, const char* message) {
  if (error) *error = message;
  return false;
}

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

bool parse_number(std::string_view field, int& out) {
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), out);
  return ec == std::errc() && end == field.data() + field.size() && out >= 0 && out <= Position::kMaxMoveCounter;
}

constexpr int castling_index(Color c, CastlingSide side) { return 2 * index_of(c) + static_cast<int>(side); }

}  // namespace

bool Position::parse_placement(std::string_view field, std::string* error) {
  int rank = 7;
  int file = 0;
  int next_id = 1;
  for (char c : field) {
    if (c == '/') {
      if (file != 8 || rank == 0) return fail(error, "FEN board: each rank needs 8 squares");
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return fail(error, "FEN board: a rank has more than 8 squares");
    } else {
      const Piece p = Piece::from_letter(c);
      if (p.is_none()) return fail(error, "FEN board: unknown piece letter");
      if (file >= 8) return fail(error, "FEN board: a rank has more than 8 squares");
      put_piece(Square(file, rank), p, next_id++);
      ++file;
    }
  }
  if (rank != 0 || file != 8) return fail(error, "FEN board: expected 8 ranks of 8 squares");
  return true;
}

bool Position::parse_castling(std::string_view field, std::string* error) {
  if (field == "-") return true;
  for (char c : field) {
    const bool white = (c >= 'A' && c <= 'Z');
    const Color color = white ? Color::White : Color::Black;
    const char upper = white ? c : static_cast<char>(c - 'a' + 'A');
    const int back_rank = white ? 0 : 7;
    const Square k = king(color);
    if (!(upper == 'K' || upper == 'Q' || (upper >= 'A' && upper <= 'H')) || (!white && (c < 'a' || c > 'z')))
      return fail(error, "FEN castling: expected KQkq, a file letter or -");
    // A right whose king or rook is not at home is dropped rather than rejected, as most
    // tools do: such FENs are common and the intent is clear.
    if (!k.is_valid() || k.rank() != back_rank) continue;
    const SquareSet rooks = pieces(color, PieceType::Rook) & SquareSet::rank(back_rank);
    Square rook = Square::none();
    if (upper == 'K') {
      rook = (rooks & SquareSet(~((std::uint64_t{2} << k.index()) - 1))).last();
    } else if (upper == 'Q') {
      rook = (rooks & SquareSet((std::uint64_t{1} << k.index()) - 1)).first();
    } else {
      const Square named(upper - 'A', back_rank);
      if (rooks.contains(named) && named.file() != k.file()) rook = named;
    }
    if (!rook.is_valid()) continue;
    const CastlingSide side = rook.file() > k.file() ? CastlingSide::King : CastlingSide::Queen;
    castling_rook_[castling_index(color, side)] = rook;
  }
  return true;
}

bool Position::parse_en_passant(std::string_view field, std::string* error) {
  if (field == "-") return true;
  const Square s = Square::parse(field);
  if (!s.is_valid()) return fail(error, "FEN en passant: expected a square or -");
  const Color us = side_to_move_;
  const int expected_rank = us == Color::White ? 5 : 2;
  const int pawn_rank = us == Color::White ? 4 : 3;
  const int origin_rank = us == Color::White ? 6 : 1;
  // Keep the square only when a double push can really have happened; otherwise ignore it.
  if (s.rank() == expected_rank && piece_at(Square(s.file(), pawn_rank)) == Piece(~us, PieceType::Pawn) &&
      piece_at(s).is_none() && piece_at(Square(s.file(), origin_rank)).is_none())
    en_passant_ = s;
  return true;
}

std::optional<Position> Position::from_fen(std::string_view fen, std::string* error, bool chess960) {
  const std::vector<std::string_view> fields = split_fields(fen);
  if (fields.size() < 4 || fields.size() > 6) {
    fail(error, "FEN: expected 4 to 6 fields");
    return std::nullopt;
  }
  Position pos;
  if (!pos.parse_placement(fields[0], error)) return std::nullopt;
  if (fields[1] != "w" && fields[1] != "b") {
    fail(error, "FEN: side to move must be w or b");
    return std::nullopt;
  }
  pos.side_to_move_ = fields[1] == "w" ? Color::White : Color::Black;
  // Whatever the board holds is read as given (kings missing or several, pawns on the first
  // rank, the side not to move in check): problem collections and test fixtures are full of such
  // positions, and `legalposition` is how a query asks about them.
  if (!pos.parse_castling(fields[2], error) || !pos.parse_en_passant(fields[3], error))
    return std::nullopt;
  int halfmove = 0;
  int fullmove = 1;
  if ((fields.size() > 4 && !parse_number(fields[4], halfmove)) ||
      (fields.size() > 5 && !parse_number(fields[5], fullmove))) {
    static_assert(Position::kMaxMoveCounter == 999'999'999, "the message below names the bound");
    fail(error, "FEN: move counters must be numbers from 0 to 999999999");
    return std::nullopt;
  }
  pos.finish_fen(halfmove, fullmove, chess960);
  return pos;
}

std::optional<Position> Position::from_board(const std::array<Piece, 64>& board, Color side_to_move,
                                             std::string_view castling, Square en_passant, int halfmove,
                                             int fullmove, bool chess960) {
  Position pos;
  int next_id = 1;  // numbered as parse_placement numbers them: rank 8 to rank 1, file a to h
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < 8; ++file) {
      const Square s(file, rank);
      if (!board[s.index()].is_none()) pos.put_piece(s, board[s.index()], next_id++);
    }
  }
  pos.side_to_move_ = side_to_move;
  const std::string en_passant_field = en_passant.is_valid() ? en_passant.name() : "-";
  if (!pos.parse_castling(castling.empty() ? "-" : castling, nullptr) ||
      !pos.parse_en_passant(en_passant_field, nullptr))
    return std::nullopt;
  pos.finish_fen(halfmove, fullmove, chess960);
  return pos;
}

void Position::finish_fen(int halfmove, int fullmove, bool chess960) {
  halfmove_clock_ = static_cast<std::uint32_t>(halfmove);
  fullmove_number_ = static_cast<std::uint32_t>(fullmove < 1 ? 1 : fullmove);
  chess960_ = chess960;
  for (int i = 0; i < 4; ++i) {
    const Square rook = castling_rook_[i];
    if (!rook.is_valid()) continue;
    const Square k = king(i < 2 ? Color::White : Color::Black);
    // Castling that standard chess cannot describe means the game is Chess960.
    if (k.file() != 4 || (rook.file() != 0 && rook.file() != 7)) chess960_ = true;
  }
  key_ = compute_key();
  checkers_ = compute_checkers();
}

std::string Position::castling_field() const {
  std::string out;
  for (int i = 0; i < 4; ++i) {
    const Square rook = castling_rook_[i];
    if (!rook.is_valid()) continue;
    const Color color = i < 2 ? Color::White : Color::Black;
    const bool king_side = (i % 2) == 0;
    // X-FEN: K/Q when the right's rook is the outermost one on that side, else its file letter.
    const SquareSet rooks = pieces(color, PieceType::Rook) & SquareSet::rank(rook.rank());
    const Square outermost = king_side ? rooks.last() : rooks.first();
    char letter = outermost == rook ? (king_side ? 'K' : 'Q') : static_cast<char>('A' + rook.file());
    if (color == Color::Black) letter = static_cast<char>(letter - 'A' + 'a');
    out += letter;
  }
  return out.empty() ? "-" : out;
}

std::string Position::placement_field(const std::array<Piece, 64>& board) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board[Square(file, rank).index()];
      if (p.is_none()) {
        ++empty;
        continue;
      }
      if (empty > 0) out += static_cast<char>('0' + empty);
      empty = 0;
      out += p.letter();
    }
    if (empty > 0) out += static_cast<char>('0' + empty);
    if (rank > 0) out += '/';
  }
  return out;
}

std::string Position::fen() const {
  std::string out = placement_field(board_);
  out += side_to_move_ == Color::White ? " w " : " b ";
  out += castling_field();
  out += ' ';
  out += en_passant_.is_valid() ? en_passant_.name() : "-";
  out += ' ' + std::to_string(halfmove_clock_) + ' ' + std::to_string(fullmove_number_);
  return out;
}

}  // namespace quarry::chess
