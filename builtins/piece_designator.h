// Piece designators (`Ka1`, `[RQ]a-h8`, `_`), and SetArgument: a set operand that evaluates a
// plain designator in place, for the filters that read their operands at every position.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>

#include "chess/position.h"
#include "grammar/syntax.h"
#include "interpreter/filter.h"

namespace quarry::builtins {

// The squares of `squares_` whose contents are allowed by the mask (bit 0 empty, bits 1-6 white
// pawn…king, bits 7-12 black pawn…king).
class PieceDesignator final : public interpreter::Filter {
 public:
  PieceDesignator(std::uint16_t mask, chess::SquareSet squares)
      : Filter(interpreter::ValueType::Set), squares_(squares) {
    const unsigned white = (mask >> 1) & kAllTypes, black = (mask >> 7) & kAllTypes;
    everything_ = mask == grammar::content::kAll;
    empty_ = (mask & grammar::content::kEmpty) != 0;
    both_ = white & black;
    white_only_ = white & ~black;
    black_only_ = black & ~white;
    // One piece of one colour (`k`, `Q`), the most common designator: two lookups, no loop.
    if (!everything_ && !empty_ && both_ == 0 && std::popcount(white | black) == 1) {
      single_ = true;
      single_colour_ = white != 0 ? chess::Color::White : chess::Color::Black;
      single_type_ = static_cast<chess::PieceType>(std::countr_zero(white | black) + 1);
    }
  }

  chess::SquareSet squares(interpreter::Context& ctx) const override { return on(ctx.position()); }

  // A superset of on(pos) that costs at most two lookups: the pieces of the colours admitted
  // (on(pos) itself for one piece of one colour). `pin` tests it against the lines through the
  // targets before reading the designator, so [RQB] no longer loops over three piece types at
  // every position where only the other side's sliders share a line with the king.
  chess::SquareSet colour_superset(const chess::Position& pos) const {
    if (single_) return on(pos);
    if (everything_ || empty_) return squares_;
    const bool white = may_hold(chess::Color::White), black = may_hold(chess::Color::Black);
    if (white && black) return pos.occupied() & squares_;
    if (white) return pos.pieces(chess::Color::White) & squares_;
    return black ? pos.pieces(chess::Color::Black) & squares_ : chess::SquareSet();
  }

  // Whether some piece of colour c may stand on a square it names (colour_superset may hold
  // pieces of c).
  bool may_hold(chess::Color c) const {
    if (everything_ || empty_) return true;
    if (single_) return single_colour_ == c;
    return (both_ | (c == chess::Color::White ? white_only_ : black_only_)) != 0;
  }
  // One piece of one colour (`k`, `Qa1-h8`): its colour, its type and the squares named.
  struct SinglePiece {
    chess::Color colour;
    chess::PieceType type;
    chess::SquareSet squares;
  };
  std::optional<SinglePiece> single_piece() const {
    if (!single_) return std::nullopt;
    return SinglePiece{single_colour_, single_type_, squares_};
  }

  // The squares when they are the same in every position (`.`, `a1-h4`: every content allowed).
  std::optional<chess::SquareSet> fixed_squares() const {
    if (everything_) return squares_;
    return std::nullopt;
  }

  // Piece designators stand in most queries' hot loops: one lookup per piece type named.
  chess::SquareSet on(const chess::Position& pos) const {
    if (everything_) return squares_;
    if (single_) return pos.pieces(single_colour_, single_type_) & squares_;
    chess::SquareSet found = empty_ ? ~pos.occupied() : chess::SquareSet();
    if (both_ != 0) found |= of_types(pos, both_);
    if (white_only_ != 0) found |= of_types(pos, white_only_) & pos.pieces(chess::Color::White);
    if (black_only_ != 0) found |= of_types(pos, black_only_) & pos.pieces(chess::Color::Black);
    return found & squares_;
  }

 private:
  static constexpr unsigned kAllTypes = 0x3f;  // bit t-1: piece type t (pawn 1 … king 6)

  static chess::SquareSet of_types(const chess::Position& pos, unsigned types) {
    if (types == kAllTypes) return pos.occupied();
    chess::SquareSet found;
    for (; types != 0; types &= types - 1) found |= pos.pieces(static_cast<chess::PieceType>(std::countr_zero(types) + 1));
    return found;
  }

  chess::SquareSet squares_;
  bool everything_ = false;
  bool empty_ = false;
  bool single_ = false;
  chess::Color single_colour_ = chess::Color::White;
  chess::PieceType single_type_ = chess::PieceType::None;
  unsigned both_ = 0, white_only_ = 0, black_only_ = 0;
};

// A set operand (possibly absent) read at every position. When it is a plain piece designator,
// as in `pin from [RQB] to k` and `xray ([RQ] [RQ] a k)`, it is evaluated here without a virtual
// call: those calls (two or four per evaluation, each mispredicted as the designators alternate)
// were a third of `pin`'s cost.
class SetArgument {
 public:
  SetArgument() = default;
  explicit SetArgument(interpreter::FilterPtr filter)
      : filter_(std::move(filter)), designator_(dynamic_cast<const PieceDesignator*>(filter_.get())) {}

  explicit operator bool() const { return filter_ != nullptr; }
  // Reading it has no effect and may be skipped or moved: a designator names squares only.
  bool is_designator_or_absent() const { return filter_ == nullptr || designator_ != nullptr; }
  chess::SquareSet squares(interpreter::Context& ctx) const {
    return designator_ != nullptr ? designator_->on(ctx.position()) : filter_->squares(ctx);
  }
  // A superset of squares(), read without effects: only for a designator or an absent argument
  // (is_designator_or_absent); all squares when absent.
  const PieceDesignator* designator() const { return designator_; }  // nullptr unless a designator
  // squares() when it is the same in every position (a designator such as `.`); none otherwise.
  std::optional<chess::SquareSet> fixed_squares() const {
    return designator_ != nullptr ? designator_->fixed_squares() : std::nullopt;
  }
  chess::SquareSet superset(const chess::Position& pos) const {
    return designator_ != nullptr ? designator_->colour_superset(pos) : chess::SquareSet::all();
  }

 private:
  interpreter::FilterPtr filter_;
  const PieceDesignator* designator_ = nullptr;  // filter_ when it is a piece designator
};

}  // namespace quarry::builtins
