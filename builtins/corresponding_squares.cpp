// Corresponding-squares family: `correspondingsquares [white|black] [critical S] [zugzwang |
// winningmoves]`, the king-and-pawn system of chess/corresponding_squares.h at the current position.
#include <array>

#include "builtins/builtins.h"
#include "chess/corresponding_squares.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::Color;
using grammar::ParameterSpec;
using grammar::ParameterWord;
using grammar::precedence::kLowest;
using grammar::precedence::kSetParameter;
using grammar::ShapeKind;

enum class Answer { Defence, Zugzwang, WinningMoves };

// The attacker: the side named, or the side to move.
enum class Attacker { SideToMove, White, Black };

class CorrespondingSquaresFilter final : public Filter {
 public:
  CorrespondingSquaresFilter(Answer answer, Attacker attacker, FilterPtr critical)
      : Filter(answer == Answer::Zugzwang ? ValueType::Logical : ValueType::Set),
        answer_(answer),
        attacker_(attacker),
        critical_(std::move(critical)) {}

  SquareSet squares(Context& ctx) const override {
    const chess::Position& pos = ctx.position();
    const Color attacker = attacker_of(pos);
    const auto walk = walk_of(ctx, attacker);
    if (!walk) return SquareSet();
    const chess::CorrespondingSquares system = chess::corresponding_squares(*walk);
    const chess::Square attacking_king = pos.king(attacker);
    if (answer_ == Answer::WinningMoves) {
      return chess::winning_king_moves(*walk, system, attacking_king, pos.king(~attacker));
    }
    return system.defence[static_cast<std::size_t>(attacking_king.index())];
  }

  bool match(Context& ctx) const override {
    if (answer_ != Answer::Zugzwang) return squares(ctx).any();
    const chess::Position& pos = ctx.position();
    const Color attacker = attacker_of(pos);
    if (pos.side_to_move() != attacker) return false;
    const auto walk = walk_of(ctx, attacker);
    if (!walk) return false;
    const chess::CorrespondingSquares system = chess::corresponding_squares(*walk);
    return chess::is_mutual_zugzwang(*walk, system, pos.king(attacker), pos.king(~attacker));
  }

 private:
  Color attacker_of(const chess::Position& pos) const {
    switch (attacker_) {
      case Attacker::SideToMove: return pos.side_to_move();
      case Attacker::White: return Color::White;
      case Attacker::Black: return Color::Black;
    }
    return pos.side_to_move();
  }

  std::optional<chess::KingWalk> walk_of(Context& ctx, Color attacker) const {
    std::optional<SquareSet> critical;
    if (critical_) critical = critical_->squares(ctx);
    return chess::king_walk_of(ctx.position(), attacker, critical);
  }

  Answer answer_;
  Attacker attacker_;
  FilterPtr critical_;
};

constexpr std::array<ParameterSpec, 5> kParameters{{
    {ParameterWord::White},
    {ParameterWord::Black},
    {ParameterWord::Critical, true, kSetParameter},
    {ParameterWord::Zugzwang},
    {ParameterWord::WinningMoves},
}};

FilterPtr bind_corresponding_squares(BindArguments& a) {
  Answer answer = Answer::Defence;
  Attacker attacker = Attacker::SideToMove;
  FilterPtr critical;
  for (BoundParameter& p : a.parameters) {
    const ParameterWord name = p.syntax->word;
    if (name == ParameterWord::White || name == ParameterWord::Black) {
      if (attacker != Attacker::SideToMove) {
        a.binder.error(a.node, "'correspondingsquares' names one attacker: 'white' or 'black', not both");
        return nullptr;
      }
      attacker = name == ParameterWord::White ? Attacker::White : Attacker::Black;
    } else if (name == ParameterWord::Zugzwang || name == ParameterWord::WinningMoves) {
      if (answer != Answer::Defence) {
        a.binder.error(a.node, "'correspondingsquares' takes either 'zugzwang' or 'winningmoves', not both");
        return nullptr;
      }
      answer = name == ParameterWord::Zugzwang ? Answer::Zugzwang : Answer::WinningMoves;
    } else if (name == ParameterWord::Critical) {
      critical = std::move(p.values[0]);  // a set: the registration declares it, the binder checked it
    }
  }
  return std::make_unique<CorrespondingSquaresFilter>(answer, attacker, std::move(critical));
}

}  // namespace

void register_corresponding_squares_filters(Registry& registry) {
  registry.add({{"correspondingsquares", ShapeKind::Parameters, kLowest, 0, 0, kParameters},
                "correspondingsquares [white|black] [critical S] [zugzwang|winningmoves]: in a king-and-pawn "
                "ending, where the defending king must stand against the attacking king (the attacker: the side "
                "named, else the side to move)",
                bind_corresponding_squares,
                {{}, {ValueType::Logical, ValueType::Set}, {{ParameterWord::Critical, ValueType::Set}}},
                Dependence::PerPosition,
                TransformRule{.side_parameters = true}});
}

}  // namespace quarry::builtins
