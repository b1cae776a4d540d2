// What Position::from_fen drops from a FEN it reads.
#include "chess/fen_repairs.h"

#include <algorithm>

namespace quarry::chess {
namespace {

// Field `index` (0-based) of a FEN, or "-" when it has fewer fields.
std::string_view fen_field(std::string_view fen, int index) {
  std::size_t i = 0;
  for (int field = 0;; ++field) {
    i = fen.find_first_not_of(" \t", i);
    if (i == std::string_view::npos) return "-";
    const std::size_t end = std::min(fen.find_first_of(" \t", i), fen.size());
    if (field == index) return fen.substr(i, end - i);
    i = end;
  }
}

// Castling rights a FEN asks for: the distinct letters of its castling field.
int castling_rights_asked(std::string_view fen) {
  const std::string_view field = fen_field(fen, 2);
  int asked = 0;
  for (std::size_t k = 0; k < field.size(); ++k) {
    if (field[k] != '-' && field.find(field[k]) == k) ++asked;
  }
  return asked;
}

int castling_rights_kept(const Position& pos) {
  int kept = 0;
  for (Color c : {Color::White, Color::Black}) {
    for (CastlingSide side : {CastlingSide::King, CastlingSide::Queen}) kept += pos.has_castling_right(c, side) ? 1 : 0;
  }
  return kept;
}

}  // namespace

std::string fen_repairs(std::string_view fen, const Position& pos) {
  std::string what;
  if (castling_rights_asked(fen) > castling_rights_kept(pos)) {
    what = "castling rights the position cannot have dropped (kept \"" + std::string(fen_field(pos.fen(), 2)) + "\")";
  }
  const std::string_view ep = fen_field(fen, 3);
  if (ep != "-" && !pos.en_passant_square().is_valid()) {
    if (!what.empty()) what += ", ";
    what += "impossible en passant square \"" + std::string(ep) + "\" dropped";
  }
  return what;
}

}  // namespace quarry::chess
