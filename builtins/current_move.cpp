// Current-move family: castle, o-o, o-o-o and enpassant standing alone ask about the move that
// led to the current position (CQL's "current move" filters); inside `move` they are parameters
// of that filter instead (builtins/moves.cpp).
#include "builtins/builtins.h"
#include "chess/move.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::Move;

enum class MoveKind { Castle, Kingside, Queenside, EnPassant };

// Whether the move into this position was of the kind; false at the start of the game.
class CurrentMoveIs final : public Filter {
 public:
  explicit CurrentMoveIs(MoveKind kind) : Filter(ValueType::Logical), kind_(kind) {}
  bool match(Context& ctx) const override {
    const Move m = ctx.game_node().move;
    if (m.is_none() || m.is_null()) return false;
    switch (kind_) {
      case MoveKind::EnPassant: return m.kind() == Move::Kind::EnPassant;
      case MoveKind::Castle: return m.kind() == Move::Kind::Castling;
      // Castling is stored king-takes-rook: the rook's side names the castling.
      case MoveKind::Kingside: return m.kind() == Move::Kind::Castling && m.to().file() > m.from().file();
      case MoveKind::Queenside: return m.kind() == Move::Kind::Castling && m.to().file() < m.from().file();
    }
    return false;
  }

 private:
  MoveKind kind_;
};

}  // namespace

void register_current_move_filters(Registry& registry) {
  using grammar::ShapeKind;
  registry.add({{"castle", ShapeKind::Nullary}, "castle: the move that led here castled",
                make_filter<CurrentMoveIs>(MoveKind::Castle), {{}, ValueType::Logical}});
  registry.add({{"o-o", ShapeKind::Nullary}, "o-o: the move that led here castled kingside",
                make_filter<CurrentMoveIs>(MoveKind::Kingside), {{}, ValueType::Logical}});
  registry.add({{"o-o-o", ShapeKind::Nullary}, "o-o-o: the move that led here castled queenside",
                make_filter<CurrentMoveIs>(MoveKind::Queenside), {{}, ValueType::Logical}});
  registry.add({{"enpassant", ShapeKind::Nullary}, "enpassant: the move that led here captured en passant",
                make_filter<CurrentMoveIs>(MoveKind::EnPassant), {{}, ValueType::Logical}});
}

}  // namespace quarry::builtins
