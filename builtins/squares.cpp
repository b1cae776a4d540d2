// Square family: makesquare, file, rank, type, colortype, pieceid, power and promotedpieces — what
// stands on a square, where a square is, and which pieces arrived by promotion.
#include <array>

#include "builtins/builtins.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::PieceType;
using chess::Square;
using grammar::ShapeKind;
namespace precedence = grammar::precedence;

// makesquare(F R): the square on file F, rank R (both 1-8); empty, so not matching, otherwise.
class MakeSquare final : public Filter {
 public:
  MakeSquare(FilterPtr file, FilterPtr rank) : Filter(ValueType::Set), file_(std::move(file)), rank_(std::move(rank)) {}
  SquareSet squares(Context& ctx) const override {
    const auto f = numeric_value(*file_, ctx);
    if (!f || *f < 1 || *f > 8) return SquareSet();
    const auto r = numeric_value(*rank_, ctx);
    if (!r || *r < 1 || *r > 8) return SquareSet();
    return Square(static_cast<int>(*f - 1), static_cast<int>(*r - 1));
  }

 private:
  FilterPtr file_, rank_;
};

// makesquare "e4": the square a string names; no square unless the string is exactly a square name.
class MakeSquareFromText final : public Filter {
 public:
  explicit MakeSquareFromText(FilterPtr name) : Filter(ValueType::Set), name_(std::move(name)) {}
  SquareSet squares(Context& ctx) const override {
    auto t = name_->text(ctx);
    return t ? SquareSet(Square::parse(*t)) : SquareSet();
  }

 private:
  FilterPtr name_;
};

enum class SquareQuery { File, Rank, Type, ColorType, PieceId };

// A number about the one square of a set; no value unless the set holds exactly one square
// (pieceid: exactly one occupied square).
class SingleSquare final : public Filter {
 public:
  SingleSquare(SquareQuery query, FilterPtr operand)
      : Filter(ValueType::Numeric), query_(query), operand_(std::move(operand)) {}

  bool match(Context& ctx) const override { return number(ctx).has_value(); }

  MaybeNumber number(Context& ctx) const override {
    const SquareSet set = operand_->squares(ctx);
    if (set.is_empty() || set.has_more_than_one()) return std::nullopt;
    const Square s = set.first();
    const chess::Piece piece = ctx.position().piece_at(s);
    switch (query_) {
      case SquareQuery::File: return s.file() + 1;
      case SquareQuery::Rank: return s.rank() + 1;
      case SquareQuery::Type: return chess::index_of(piece.type());
      case SquareQuery::ColorType: {
        const int type = chess::index_of(piece.type());
        return piece.color() == chess::Color::White ? type : -type;
      }
      case SquareQuery::PieceId:
        if (piece.is_none()) return std::nullopt;
        return ctx.position().piece_id(s);
    }
    return std::nullopt;
  }

 private:
  SquareQuery query_;
  FilterPtr operand_;
};

// Material on a set, both colours: pawn 1, knight 3, bishop 3, rook 5, queen 9, king 0.
class Power final : public Filter {
 public:
  explicit Power(FilterPtr operand) : Filter(ValueType::Numeric), operand_(std::move(operand)) {}
  bool match(Context&) const override { return true; }
  MaybeNumber number(Context& ctx) const override {
    const chess::Position& pos = ctx.position();
    const SquareSet set = operand_->squares(ctx);
    return (set & pos.pieces(PieceType::Pawn)).count() + 3 * (set & pos.pieces(PieceType::Knight)).count() +
           3 * (set & pos.pieces(PieceType::Bishop)).count() + 5 * (set & pos.pieces(PieceType::Rook)).count() +
           9 * (set & pos.pieces(PieceType::Queen)).count();
  }

 private:
  FilterPtr operand_;
};

// Pieces that arrived by promotion: a piece keeps its id through promotion, so a non-pawn whose id
// belonged to a pawn in the game's start position was promoted. (Promotions before a [FEN] start
// position cannot be seen.)
class PromotedPieces final : public Filter {
 public:
  PromotedPieces() : Filter(ValueType::Set) {}
  SquareSet squares(Context& ctx) const override {
    const chess::Position& pos = ctx.position();
    const SquareSet candidates = pos.occupied().without(pos.pieces(PieceType::Pawn));
    const chess::Position& start = ctx.game().node(ctx.game().root()).position;
    std::array<bool, 256> was_pawn{};
    for (Square s : start.pieces(PieceType::Pawn)) was_pawn[static_cast<std::size_t>(start.piece_id(s))] = true;
    SquareSet result;
    for (Square s : candidates) {
      if (was_pawn[static_cast<std::size_t>(pos.piece_id(s))]) result |= s;
    }
    return result;
  }
};

BindFunction bind_single_square(SquareQuery query) {
  return [query](BindArguments& a) -> FilterPtr {
    return std::make_unique<SingleSquare>(query, std::move(a.arguments[0]));
  };
}

// A number read from the squares of a set (file, rank, type, power …).
const Signature kSetToNumber{{ValueType::Set}, ValueType::Numeric};

grammar::KeywordShape set_prefix(std::string_view name) {
  return {name, ShapeKind::Prefix, precedence::kSetPrefix, 1, 1};
}

}  // namespace

void register_squares_filters(Registry& registry) {
  // makesquare(file rank), or makesquare "e4" (its argument binds just below string +).
  registry.add({{"makesquare", ShapeKind::CallOrPrefix, precedence::kNumericPrefix, 1, 2},
                "the square with that file and rank (1-8), or named by a string: makesquare(f r), makesquare \"e4\"",
                [](BindArguments& a) -> FilterPtr {
                  // One argument: a square's name; two: its file and rank (the declaration admits
                  // either for the first, so which one depends on how many are written).
                  if (a.arguments.size() == 1) {
                    if (!a.binder.expect(a, 0, {ValueType::String})) return nullptr;
                    return std::make_unique<MakeSquareFromText>(std::move(a.arguments[0]));
                  }
                  if (!a.binder.expect(a, 0, {ValueType::Numeric, ValueType::Set})) return nullptr;
                  return std::make_unique<MakeSquare>(std::move(a.arguments[0]), std::move(a.arguments[1]));
                },
                {{{ValueType::String, ValueType::Numeric, ValueType::Set}, {ValueType::Numeric, ValueType::Set}},
                 ValueType::Set}});
  registry.add({set_prefix("file"), "the file (1-8) of the one square of a set", bind_single_square(SquareQuery::File),
                kSetToNumber});
  registry.add({set_prefix("rank"), "the rank (1-8) of the one square of a set", bind_single_square(SquareQuery::Rank),
                kSetToNumber});
  registry.add({set_prefix("type"), "what stands on the one square of a set: empty 0, P 1, N 2, B 3, R 4, Q 5, K 6",
                bind_single_square(SquareQuery::Type),
                kSetToNumber});
  registry.add({set_prefix("colortype"), "type of the piece on the one square of a set, negative for black",
                bind_single_square(SquareQuery::ColorType),
                kSetToNumber});
  registry.add({set_prefix("pieceid"), "the tracking id of the piece on the one occupied square of a set",
                bind_single_square(SquareQuery::PieceId),
                kSetToNumber});
  registry.add({set_prefix("power"), "material on a set, both colours: P 1, N 3, B 3, R 5, Q 9, K 0",
                [](BindArguments& a) -> FilterPtr { return std::make_unique<Power>(std::move(a.arguments[0])); },
                kSetToNumber});
  registry.add({{"promotedpieces", ShapeKind::Nullary}, "the squares of pieces that arrived by promotion",
                [](BindArguments&) -> FilterPtr { return std::make_unique<PromotedPieces>(); }, {{}, ValueType::Set}});
}

}  // namespace quarry::builtins
