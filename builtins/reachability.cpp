// Reachability family: legalposition, reachableposition (which articulates its proof in str,
// comment and message) and lippoldlegal (Lippold's exact legality for 3- and 4-man endings).
#include <map>
#include <memory>
#include <mutex>

#include "builtins/builtins.h"
#include "chess/legality.h"
#include "chess/lippold.h"
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
  bool match(Context& ctx) const override { return chess::is_reachable(ctx.position()); }
  std::optional<std::string> text(Context& ctx) const override {
    return chess::analyse_reachability(ctx.position()).articulation();
  }
};

// "KQKR" for a position with white K+Q and black K+R; empty when it has pawns or more than 4 men.
std::string small_material(const chess::Position& pos) {
  if (pos.occupied().count() > 4 || pos.pieces(chess::PieceType::Pawn).any()) return {};
  std::string material;
  for (chess::Color c : {chess::Color::White, chess::Color::Black}) {
    if (pos.pieces(c, chess::PieceType::King).count() != 1) return {};
    material += 'K';
    for (auto [t, letter] : {std::pair{chess::PieceType::Queen, 'Q'}, {chess::PieceType::Rook, 'R'},
                             {chess::PieceType::Bishop, 'B'}, {chess::PieceType::Knight, 'N'}}) {
      material.append(static_cast<std::size_t>(pos.pieces(c, t).count()), letter);
    }
  }
  return material;
}

// The solved endgames, each solved once per run (a 4-man endgame takes a while) and shared.
const chess::LippoldEndgame* solved_endgame(const std::string& material) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<chess::LippoldEndgame>> solved;
  const std::lock_guard<std::mutex> lock(mutex);
  auto found = solved.find(material);
  if (found == solved.end()) {
    std::optional<chess::LippoldEndgame> endgame = chess::LippoldEndgame::parse(material, nullptr);
    if (endgame) endgame->solve();
    found = solved.emplace(material, endgame ? std::make_unique<chess::LippoldEndgame>(std::move(*endgame)) : nullptr)
                .first;
  }
  return found->second.get();
}

// Lippold's correct definition for a 3- or 4-man pawnless position; fails on any other material.
class LippoldLegal final : public Filter {
 public:
  LippoldLegal() : Filter(ValueType::Logical) {}
  bool match(Context& ctx) const override {
    const std::string material = small_material(ctx.position());
    if (material.size() < 3) return false;
    const chess::LippoldEndgame* endgame = solved_endgame(material);
    return endgame && endgame->classify(ctx.position()) == chess::LippoldClass::Legal;
  }
};

}  // namespace

void register_reachability_filters(Registry& registry) {
  registry.add({{"legalposition", ShapeKind::Nullary},
                "the position breaks no basic rule (kings, pawn ranks, checks, material, castling, en passant)",
                make_filter<LegalPosition>(), {{}, ValueType::Logical}});
  registry.add({{"reachableposition", ShapeKind::Nullary},
                "Quarry cannot prove the position unreachable from the initial position; in str, comment and "
                "message: why it is unreachable",
                make_filter<ReachablePosition>(), {{}, ValueType::Logical}});
  registry.add({{"lippoldlegal", ShapeKind::Nullary},
                "a 3- or 4-man pawnless position legal under Lippold's correct definition (seed 002)",
                make_filter<LippoldLegal>(), {{}, ValueType::Logical}});
}

}  // namespace quarry::builtins
