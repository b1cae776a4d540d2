// FEN-fields family: sidetomove with its constants white and black, halfmoveclock and
// enpassantsquare — the FEN fields beyond the placement.
#include "builtins/builtins.h"
#include "builtins/constants.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::ShapeKind;

// 1 when White is to move, -1 when Black is: compare with `white` and `black`.
class SideToMove final : public Filter {
 public:
  SideToMove() : Filter(ValueType::Numeric) {}
  MaybeNumber number(Context& ctx) const override {
    return ctx.position().side_to_move() == chess::Color::White ? 1 : -1;
  }
  bool match(Context&) const override { return true; }
};

class HalfmoveClock final : public Filter {
 public:
  HalfmoveClock() : Filter(ValueType::Numeric) {}
  MaybeNumber number(Context& ctx) const override { return ctx.position().halfmove_clock(); }
  bool match(Context&) const override { return true; }
};

// The square behind a pawn that has just advanced two squares (the FEN's en passant field), so
// empty when the last move was not a double step.
class EnPassantSquare final : public Filter {
 public:
  EnPassantSquare() : Filter(ValueType::Set) {}
  SquareSet squares(Context& ctx) const override { return ctx.position().en_passant_square(); }
};

}  // namespace

void register_fen_fields_filters(Registry& registry) {
  registry.add({{"sidetomove", ShapeKind::Nullary}, "1 when White is to move, -1 when Black is", make_filter<SideToMove>(),
                {{}, ValueType::Numeric}});
  registry.add({{"white", ShapeKind::Nullary}, "the number 1, the value of sidetomove for White",
                make_filter<NumberConstant>(std::int64_t{1}),
                {{}, ValueType::Numeric}, Dependence::Literal, TransformRule{.color_twin = "black"}});
  registry.add({{"black", ShapeKind::Nullary}, "the number -1, the value of sidetomove for Black",
                make_filter<NumberConstant>(std::int64_t{-1}),
                {{}, ValueType::Numeric}, Dependence::Literal, TransformRule{.color_twin = "white"}});
  registry.add({{"halfmoveclock", ShapeKind::Nullary}, "half-moves since the last capture or pawn move",
                make_filter<HalfmoveClock>(), {{}, ValueType::Numeric}});
  registry.add({{"enpassantsquare", ShapeKind::Nullary}, "the square a pawn that just advanced two squares passed over",
                make_filter<EnPassantSquare>(), {{}, ValueType::Set}});
}

}  // namespace quarry::builtins
