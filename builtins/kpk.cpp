// KPK family: `kpk`, the exact outcome of a king-and-pawn-against-king position from the bitbase
// of chess/kpk.h: 1 when the side with the pawn wins, 0 when it is a draw, no value otherwise.
#include "builtins/builtins.h"
#include "chess/kpk.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::ShapeKind;

class Kpk final : public Filter {
 public:
  Kpk() : Filter(ValueType::Numeric) {}
  MaybeNumber number(Context& ctx) const override {
    const std::optional<bool> wins = chess::kpk::probe(ctx.position());
    if (!wins) return std::nullopt;
    return *wins ? 1 : 0;
  }
};

}  // namespace

void register_kpk_filters(Registry& registry) {
  registry.add({{"kpk", ShapeKind::Nullary},
                "kpk: with only two kings and one pawn on the board, 1 when the side with the pawn wins, 0 when "
                "it is a draw (exact, from a bitbase); no value on other material",
                make_filter<Kpk>(), {{}, ValueType::Numeric}});
}

}  // namespace quarry::builtins
