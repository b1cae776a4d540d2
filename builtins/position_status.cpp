// Position-status family: check, mate, stalemate, wtm, btm, initial, terminal, ply, movenumber.
#include "builtins/builtins.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::ShapeKind;

class Check final : public Filter {
 public:
  Check() : Filter(ValueType::Logical) {}
  bool match(Context& ctx) const override { return ctx.facts().in_check(ctx.position()); }
};

class Mate final : public Filter {
 public:
  Mate() : Filter(ValueType::Logical) {}
  // The check is read from the position (a field it keeps), not through the facts cache: at the
  // nine positions in ten that are not in check this asks nothing else, and a cached flag would
  // cost a read and two writes of the facts at every position.
  bool match(Context& ctx) const override {
    const chess::Position& pos = ctx.position();
    return pos.in_check() && !ctx.facts().has_legal_move(pos);
  }
};

class Stalemate final : public Filter {
 public:
  Stalemate() : Filter(ValueType::Logical) {}
  bool match(Context& ctx) const override {
    return !ctx.facts().in_check(ctx.position()) && !ctx.facts().has_legal_move(ctx.position());
  }
};

class SideToMove final : public Filter {
 public:
  explicit SideToMove(chess::Color side) : Filter(ValueType::Logical), side_(side) {}
  bool match(Context& ctx) const override { return ctx.position().side_to_move() == side_; }

 private:
  chess::Color side_;
};

class Initial final : public Filter {
 public:
  Initial() : Filter(ValueType::Logical) {}
  bool match(Context& ctx) const override { return ctx.node() == ctx.game().root(); }
};

class Terminal final : public Filter {
 public:
  Terminal() : Filter(ValueType::Logical) {}
  bool match(Context& ctx) const override { return ctx.game_node().first_child == chess::kNoNode; }
};

class Ply final : public Filter {
 public:
  Ply() : Filter(ValueType::Numeric) {}
  MaybeNumber number(Context& ctx) const override { return ctx.game_node().ply; }
};

class MoveNumber final : public Filter {
 public:
  MoveNumber() : Filter(ValueType::Numeric) {}
  MaybeNumber number(Context& ctx) const override { return ctx.position().fullmove_number(); }
};

}  // namespace

void register_position_status_filters(Registry& registry) {
  registry.add({{"check", ShapeKind::Nullary}, "the side to move is in check", make_filter<Check>(),
                {{}, ValueType::Logical}});
  registry.add({{"mate", ShapeKind::Nullary}, "the side to move is checkmated", make_filter<Mate>(),
                {{}, ValueType::Logical}});
  registry.add({{"stalemate", ShapeKind::Nullary}, "the side to move has no legal move and is not in check", make_filter<Stalemate>(),
                {{}, ValueType::Logical}});
  registry.add({{"wtm", ShapeKind::Nullary}, "white to move", make_filter<SideToMove>(chess::Color::White),
                {{}, ValueType::Logical}, Dependence::PerPosition, TransformRule{.color_twin = "btm"}});
  registry.add({{"btm", ShapeKind::Nullary}, "black to move", make_filter<SideToMove>(chess::Color::Black),
                {{}, ValueType::Logical}, Dependence::PerPosition, TransformRule{.color_twin = "wtm"}});
  registry.add({{"initial", ShapeKind::Nullary}, "the game's start position", make_filter<Initial>(),
                {{}, ValueType::Logical}});
  registry.add({{"terminal", ShapeKind::Nullary}, "a position with no move after it", make_filter<Terminal>(),
                {{}, ValueType::Logical}});
  registry.add({{"ply", ShapeKind::Nullary}, "half-moves played from the game's start position", make_filter<Ply>(),
                {{}, ValueType::Numeric}});
  registry.add({{"movenumber", ShapeKind::Nullary}, "the full-move number of the position", make_filter<MoveNumber>(),
                {{}, ValueType::Numeric}});
}

}  // namespace quarry::builtins
