// Text boards for the REPL.
#include "repl/board.h"

#include <array>

namespace quarry::repl {
namespace {

constexpr std::string_view kMarkOn = "\x1b[30;43m";  // black on yellow
constexpr std::string_view kDimOn = "\x1b[2m";
constexpr std::string_view kReset = "\x1b[0m";

std::string files_line(const BoardStyle& style) {
  std::string line = "  ";
  for (char f = 'a'; f <= 'h'; ++f) line += std::string(" ") + f + (f == 'h' ? "" : " ");
  if (!style.colour) return line + "\n";
  return std::string(kDimOn) + line + std::string(kReset) + "\n";
}

std::string rank_label(int rank, const BoardStyle& style) {
  std::string label(1, static_cast<char>('1' + rank));
  if (!style.colour) return label;
  return std::string(kDimOn) + label + std::string(kReset);
}

std::string square_cell(const chess::Position& position, chess::Square square, bool marked, const BoardStyle& style) {
  std::string symbol = piece_symbol(position.piece_at(square), style.unicode);
  if (!marked) return " " + symbol + " ";
  std::string cell = "[" + symbol + "]";
  if (!style.colour) return cell;
  return std::string(kMarkOn) + cell + std::string(kReset);
}

}  // namespace

std::string piece_symbol(chess::Piece piece, bool unicode) {
  if (!unicode) return std::string(1, piece.letter());
  if (piece.is_none()) return "·";
  // Indexed by PieceType: none, pawn, knight, bishop, rook, queen, king.
  static constexpr std::array<std::string_view, 7> kWhite{"", "♙", "♘", "♗", "♖", "♕", "♔"};
  static constexpr std::array<std::string_view, 7> kBlack{"", "♟", "♞", "♝", "♜", "♛", "♚"};
  const auto type = static_cast<std::size_t>(chess::index_of(piece.type()));
  return std::string(piece.color() == chess::Color::White ? kWhite[type] : kBlack[type]);
}

std::string square_names(chess::SquareSet squares) {
  std::string names;
  for (int i = 0; i < 64; ++i) {
    chess::Square s(i);
    if (!squares.contains(s)) continue;
    if (!names.empty()) names += ' ';
    names += s.name();
  }
  return names;
}

std::string draw_board(const chess::Position& position, chess::SquareSet marked, const BoardStyle& style) {
  std::string out = files_line(style);
  for (int rank = 7; rank >= 0; --rank) {
    std::string label = rank_label(rank, style);
    out += label + " ";
    for (int file = 0; file < 8; ++file) {
      chess::Square square(file, rank);
      out += square_cell(position, square, marked.contains(square), style);
    }
    out += " " + label + "\n";
  }
  return out + files_line(style);
}

}  // namespace quarry::repl
