// Lippold's legality (seed 002): initial illegality from the placement itself, then derived
// illegality by taking moves back inside the endgame until no more positions lose their last
// initially legal predecessor.
#include "chess/lippold.h"

#include "chess/attacks.h"

namespace quarry::chess {

namespace {

PieceType type_of_letter(char c) {
  switch (c) {
    case 'Q': return PieceType::Queen;
    case 'R': return PieceType::Rook;
    case 'B': return PieceType::Bishop;
    case 'N': return PieceType::Knight;
    default: return PieceType::None;
  }
}

}  // namespace

std::optional<LippoldEndgame> LippoldEndgame::parse(std::string_view material, std::string* error) {
  const auto fail = [&](const char* why) {
    if (error) *error = why;
    return std::nullopt;
  };
  const std::size_t second_king = material.find('K', 1);
  if (material.empty() || material[0] != 'K' || second_king == std::string_view::npos)
    return fail("material must be written like KQK or KRKN: K, White's men, K, Black's men");
  LippoldEndgame e;
  e.material_ = std::string(material);
  e.pieces_.push_back({Color::White, PieceType::King});
  for (std::size_t i = 1; i < material.size(); ++i) {
    if (i == second_king) {
      e.pieces_.push_back({Color::Black, PieceType::King});
      continue;
    }
    const PieceType t = type_of_letter(material[i]);
    if (t == PieceType::None) return fail("only Q, R, B and N may follow the kings (pawnless endgames)");
    e.pieces_.push_back({i < second_king ? Color::White : Color::Black, t});
  }
  if (e.pieces_.size() < 3 || e.pieces_.size() > 4) return fail("an endgame of 3 or 4 men is needed");
  for (std::size_t i = 0; i < e.pieces_.size(); ++i) {
    for (std::size_t j = i + 1; j < e.pieces_.size(); ++j) {
      if (e.pieces_[i].color == e.pieces_[j].color && e.pieces_[i].type == e.pieces_[j].type) e.interchangeable_ = 2;
    }
  }
  return e;
}

void LippoldEndgame::decode(std::uint64_t position, Color& side, std::array<Square, 4>& squares) const {
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    squares[i] = Square(static_cast<int>(position & 63));
    position >>= 6;
  }
  side = position == 0 ? Color::White : Color::Black;
}

std::uint64_t LippoldEndgame::index(Color side_to_move, const std::array<Square, 4>& squares) const {
  std::uint64_t result = side_to_move == Color::White ? 0 : 1;
  for (std::size_t i = pieces_.size(); i-- > 0;) result = (result << 6) | static_cast<std::uint64_t>(squares[i].index());
  return result;
}

bool LippoldEndgame::initially_legal(Color to_move, const std::array<Square, 4>& squares) const {
  const std::size_t n = pieces_.size();
  std::size_t king[2] = {0, 0};
  SquareSet occupied;
  for (std::size_t i = 0; i < n; ++i) {
    occupied |= squares[i];
    if (pieces_[i].type == PieceType::King) king[index_of(pieces_[i].color)] = i;
  }
  const Square white_king = squares[king[0]];
  const Square black_king = squares[king[1]];
  if (white_king == black_king || king_attacks(white_king).contains(black_king)) return false;
  int captured_count = 0;
  std::array<bool, 4> captured{};
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (squares[i] != squares[j]) continue;
      if (pieces_[i].color == pieces_[j].color) return false;  // two men of one colour on a square
      const std::size_t mover_man = pieces_[i].color == to_move ? i : j;  // the side to move lost it
      if (pieces_[mover_man].type == PieceType::King) return false;
      captured[mover_man] = true;
      ++captured_count;
    }
  }
  if (captured_count > 1) return false;
  const Square their_king = squares[king[index_of(~to_move)]];
  for (std::size_t i = 0; i < n; ++i) {
    if (pieces_[i].color != to_move || captured[i]) continue;
    if (piece_attacks(Piece(pieces_[i].color, pieces_[i].type), squares[i], occupied).contains(their_king)) return false;
  }
  return true;
}

bool LippoldEndgame::has_live_predecessor(std::uint64_t position) const {
  Color to_move;
  std::array<Square, 4> squares{};
  decode(position, to_move, squares);
  const std::size_t n = pieces_.size();
  const Color mover = ~to_move;
  SquareSet occupied;
  for (std::size_t i = 0; i < n; ++i) occupied |= squares[i];
  // A captured man of the side to move shares its square with the captor: only the captor moved.
  std::size_t captor = n;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (i != j && squares[i] == squares[j] && pieces_[i].color == mover) captor = i;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (pieces_[i].color != mover || (captor < n && i != captor)) continue;
    const Square to = squares[i];
    const SquareSet origins = piece_attacks(Piece(mover, pieces_[i].type), to, occupied) & ~occupied;
    for (Square from : origins) {
      std::array<Square, 4> before = squares;
      before[i] = from;
      if (!initially_legal(mover, before)) continue;
      if (classes_[index(mover, before)] == LippoldClass::Legal) return true;
    }
  }
  return false;
}

void LippoldEndgame::solve() {
  const std::uint64_t per_side = std::uint64_t{1} << (6 * pieces_.size());
  classes_.assign(2 * per_side, LippoldClass::InitiallyIllegal);
  for (std::uint64_t p = 0; p < 2 * per_side; ++p) {
    Color side;
    std::array<Square, 4> squares{};
    decode(p, side, squares);
    if (initially_legal(side, squares)) classes_[p] = LippoldClass::Legal;
  }
  // Each pass removes the positions whose every predecessor is already illegal; a position loses
  // its last predecessor only when one was removed, so passes end at the fixed point.
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint64_t p = 0; p < 2 * per_side; ++p) {
      if (classes_[p] != LippoldClass::Legal || has_live_predecessor(p)) continue;
      classes_[p] = LippoldClass::DerivedlyIllegal;
      changed = true;
    }
  }
}

std::uint64_t LippoldEndgame::correct_count(Color side) const {
  const std::uint64_t per_side = std::uint64_t{1} << (6 * pieces_.size());
  std::uint64_t count = 0;
  for (std::uint64_t p = side == Color::White ? 0 : per_side, end = p + per_side; p < end; ++p)
    count += classes_[p] == LippoldClass::Legal;
  return count / interchangeable_;
}

std::uint64_t LippoldEndgame::complete_count(Color side) const {
  const std::uint64_t per_side = std::uint64_t{1} << (6 * pieces_.size());
  std::uint64_t count = 0;
  for (std::uint64_t p = side == Color::White ? 0 : per_side, end = p + per_side; p < end; ++p)
    count += classes_[p] != LippoldClass::InitiallyIllegal;
  return count / interchangeable_;
}

std::optional<LippoldClass> LippoldEndgame::classify(const Position& pos) const {
  if (classes_.empty() || pos.occupied().count() != men()) return std::nullopt;
  std::array<Square, 4> squares{};
  SquareSet used;
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    const SquareSet candidates = pos.pieces(pieces_[i].color, pieces_[i].type).without(used);
    if (candidates.is_empty()) return std::nullopt;
    squares[i] = candidates.first();
    used |= squares[i];
  }
  return classes_[index(pos.side_to_move(), squares)];
}

}  // namespace quarry::chess
