// Reachability family: legalposition, reachableposition (which articulates its proof in str,
// comment and message) and lippoldlegal (Lippold's exact legality for 3- and 4-man endings).
#include "builtins/builtins.h"
#include "chess/legality.h"
#include "chess/reachability.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::ShapeKind;

class LegalPosition final : public Filter {
 public:
  LegalPosition() : Filter(ValueType::Logical) {}
  bool match(Context& ctx) const override { return chess::is_legal_position(ctx.position()); }
};

// Logical; as an argument of str, comment or message its text is CQLi's articulation,
// "<Reachable position>" or "<Unreachable position: …>".
class ReachablePosition final : public Filter {
 public:
  ReachablePosition() : Filter(ValueType::Logical) {}
  bool match(Context& ctx) const override { return chess::analyse_reachability(ctx.position()).reachable(); }
  std::optional<std::string> text(Context& ctx) const override {
    return chess::analyse_reachability(ctx.position()).articulation();
  }
};

}  // namespace

void register_reachability_filters(Registry& registry) {
  registry.add({{"legalposition", ShapeKind::Nullary},
                "the position breaks no basic rule (kings, pawn ranks, checks, material, castling, en passant)",
                make_filter<LegalPosition>()});
  registry.add({{"reachableposition", ShapeKind::Nullary},
                "Quarry cannot prove the position unreachable from the initial position; in str, comment and "
                "message: why it is unreachable",
                make_filter<ReachablePosition>()});
}

}  // namespace quarry::builtins
