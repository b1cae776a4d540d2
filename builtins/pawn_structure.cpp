// Pawn-structure family: passedpawns, doubledpawns, isolatedpawns, connectedpawns, each the pawns
// of both colours with the property, computed per colour against that colour's own pawns.
#include "builtins/builtins.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::Color;
using chess::PieceType;
using grammar::ShapeKind;

// The files holding a square of s, as whole files.
SquareSet files_of(SquareSet s) {
  SquareSet files;
  for (int f = 0; f < 8; ++f) {
    if (s.intersects(SquareSet::file(f))) files |= SquareSet::file(f);
  }
  return files;
}

SquareSet neighbour_files(SquareSet files) { return files.shifted(1, 0) | files.shifted(-1, 0); }

enum class PawnProperty { Passed, Doubled, Isolated, Connected };

SquareSet pawns_with(PawnProperty property, const chess::Position& pos, Color colour) {
  const SquareSet own = pos.pieces(colour, PieceType::Pawn);
  switch (property) {
    case PawnProperty::Connected: return own & neighbour_files(files_of(own));
    case PawnProperty::Isolated: return own.without(neighbour_files(files_of(own)));
    case PawnProperty::Doubled: {
      SquareSet result;
      for (int f = 0; f < 8; ++f) {
        const SquareSet on_file = own & SquareSet::file(f);
        if (on_file.has_more_than_one()) result |= on_file;
      }
      return result;
    }
    case PawnProperty::Passed: {
      // A pawn is stopped by an enemy pawn strictly ahead of it on its own or a neighbouring file.
      const int forward = colour == Color::White ? -1 : 1;  // from each enemy pawn back towards us
      const SquareSet enemy = pos.pieces(~colour, PieceType::Pawn);
      const SquareSet fronts = enemy | enemy.shifted(1, 0) | enemy.shifted(-1, 0);
      SquareSet guarded;
      for (int k = 1; k < 8; ++k) guarded |= fronts.shifted(0, forward * k);
      return own.without(guarded);
    }
  }
  return SquareSet();
}

class PawnStructure final : public Filter {
 public:
  explicit PawnStructure(PawnProperty property) : Filter(ValueType::Set), property_(property) {}
  SquareSet squares(Context& ctx) const override {
    const chess::Position& pos = ctx.position();
    return pawns_with(property_, pos, Color::White) | pawns_with(property_, pos, Color::Black);
  }

 private:
  PawnProperty property_;
};

BindFunction make(PawnProperty property) {
  return [property](BindArguments&) -> FilterPtr { return std::make_unique<PawnStructure>(property); };
}

}  // namespace

void register_pawn_structure_filters(Registry& registry) {
  registry.add({{"passedpawns", ShapeKind::Nullary},
                "pawns with no enemy pawn ahead of them on their own or a neighbouring file", make(PawnProperty::Passed),
                {{}, ValueType::Set}});
  registry.add({{"doubledpawns", ShapeKind::Nullary}, "pawns sharing their file with a pawn of their colour",
                make(PawnProperty::Doubled), {{}, ValueType::Set}});
  registry.add({{"isolatedpawns", ShapeKind::Nullary}, "pawns with no pawn of their colour on a neighbouring file",
                make(PawnProperty::Isolated), {{}, ValueType::Set}});
  registry.add({{"connectedpawns", ShapeKind::Nullary}, "pawns with a pawn of their colour on a neighbouring file",
                make(PawnProperty::Connected), {{}, ValueType::Set}});
}

}  // namespace quarry::builtins
