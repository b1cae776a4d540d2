// Imaginary positions (CQLi): `imagine M1 M2 … : F` evaluates F on an edited copy of the current
// position; currentmutation says how the current imaginary position was made; saveposition keeps
// one for the rest of the game (`position ID : F` revisits it).
#include <string>
#include <vector>

#include "builtins/builtins.h"
#include "builtins/imaginary.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::Color;
using chess::Square;
using grammar::ShapeKind;

// One edit of an imagine filter. Its squares are evaluated in the position being edited.
struct Mutation {
  enum class Kind : std::uint8_t { SideToMove, Swap, Place, Remove, MovePiece };
  Kind kind = Kind::SideToMove;
  std::optional<Color> side;  // SideToMove: nullopt = reverse
  chess::Piece piece;         // Place
  FilterPtr first, second;    // Swap: both squares; MovePiece: the piece; Place/Remove/MovePiece: second = where
};

std::string piece_text(const chess::Position& pos, Square s) {
  const chess::Piece p = pos.piece_at(s);
  return (p.is_none() ? std::string() : std::string(1, p.letter())) + s.name();
}

class Imagine final : public Filter {
 public:
  Imagine(std::vector<Mutation> mutations, FilterPtr target)
      : Filter(target->type()), mutations_(std::move(mutations)), target_(std::move(target)) {}

  bool match(Context& ctx) const override {
    return at(ctx, false, [&] { return target_->match(ctx); });
  }
  SquareSet squares(Context& ctx) const override {
    return at(ctx, SquareSet(), [&] { return target_->squares(ctx); });
  }
  MaybeNumber number(Context& ctx) const override {
    return at(ctx, MaybeNumber(), [&] { return target_->number(ctx); });
  }
  std::optional<std::string> text(Context& ctx) const override {
    return at(ctx, std::optional<std::string>(), [&] { return target_->text(ctx); });
  }
  std::optional<chess::NodeId> position(Context& ctx) const override {
    return at(ctx, std::optional<chess::NodeId>(), [&] { return target_->position(ctx); });
  }

 private:
  // Evaluates the target at the edited position; `none` when an edit cannot be made (a swap or
  // a moved piece that does not name exactly one square).
  template <typename R, typename Fn>
  R at(Context& ctx, R none, Fn evaluate) const {
    chess::Position edited = ctx.position();
    std::string mutation = "imagine";
    if (!apply(ctx, edited, mutation)) return none;
    ImaginaryStep step(ctx, edited, chess::Move::none(), ctx.game_node().ply, std::move(mutation));
    return evaluate();
  }

  bool apply(Context& ctx, chess::Position& pos, std::string& text) const {
    const chess::Position& original = ctx.position();
    for (const Mutation& m : mutations_) {
      const SquareSet first = m.first ? m.first->squares(ctx) : SquareSet();
      const SquareSet second = m.second ? m.second->squares(ctx) : SquareSet();
      switch (m.kind) {
        case Mutation::Kind::SideToMove: {
          const Color side = m.side ? *m.side : ~pos.side_to_move();
          pos.edit_side_to_move(side);
          text += side == Color::White ? " sidetomove white" : " sidetomove black";
          break;
        }
        case Mutation::Kind::Swap:
          if (first.count() != 1 || second.count() != 1) return false;
          text += " swap " + piece_text(original, first.first()) + " " + piece_text(original, second.first());
          pos.edit_swap(first.first(), second.first());
          break;
        case Mutation::Kind::Place:
          for (Square s : second) {
            pos.edit_put(s, m.piece, pos.unused_piece_id());
            text += std::string(" piece ") + m.piece.letter() + " --> " + s.name();
          }
          break;
        case Mutation::Kind::Remove:
          for (Square s : second & pos.occupied()) {
            text += " remove " + piece_text(pos, s);
            pos.edit_clear(s);
          }
          break;
        case Mutation::Kind::MovePiece: {
          if (first.count() != 1 || second.count() != 1) return false;
          const Square from = first.first(), to = second.first();
          if (pos.piece_at(from).is_none()) return false;
          text += " piece " + piece_text(original, from) + " --> " + to.name();
          const chess::Piece p = pos.piece_at(from);
          const int id = pos.piece_id(from);
          pos.edit_clear(from);
          pos.edit_put(to, p, id);
          break;
        }
      }
    }
    pos.finish_edit();
    return true;
  }

  std::vector<Mutation> mutations_;
  FilterPtr target_;
};

// currentmutation: the steps that made the current imaginary position from the game's position,
// oldest first ("1.~Pa7x(B)b8=B 1.a8=Q#"); "" at a position of the game.
class CurrentMutation final : public Filter {
 public:
  CurrentMutation() : Filter(ValueType::String) {}
  bool match(Context&) const override { return true; }
  std::optional<std::string> text(Context& ctx) const override {
    std::vector<const std::string*> steps;
    for (chess::NodeId n = ctx.node(); Context::is_imaginary(n); n = ctx.tree_node(n).parent) {
      steps.push_back(&ctx.imaginary(n).mutation);
    }
    std::string out;
    for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
      if ((*it)->empty()) continue;
      if (!out.empty()) out += ' ';
      out += **it;
    }
    return out;
  }
};

// saveposition: the current position, kept (if imaginary) until the game ends.
class SavePosition final : public Filter {
 public:
  SavePosition() : Filter(ValueType::Position) {}
  std::optional<chess::NodeId> position(Context& ctx) const override { return ctx.save(ctx.node()); }
};

// Reports at a mutation's word.
FilterPtr mutation_error(BindArguments& a, const grammar::SyntaxParameter& p, std::string message, std::string hint) {
  grammar::SyntaxNode at;
  at.range = p.range;
  a.binder.error(at, std::move(message), std::move(hint));
  return nullptr;
}

FilterPtr bind_squares(BindArguments& a, const grammar::SyntaxNode& node, const grammar::SyntaxParameter& p) {
  FilterPtr f = a.binder.bind(node);
  if (!f) return nullptr;
  if (f->type() != ValueType::Set && f->type() != ValueType::Piece) {
    return mutation_error(a, p, "'" + std::string(p.spelling()) + "' of 'imagine' takes pieces or squares, but this is a " +
                                    std::string(type_name(f->type())) + " filter", "imagine swap Qd1 kh8 : F");
  }
  return f;
}

// `piece P --> S`: P one kind of piece (placed on S), `_` (S emptied), or a piece (moved to S).
bool bind_piece_mutation(BindArguments& a, const grammar::SyntaxParameter& p, Mutation& m) {
  const grammar::SyntaxNode& what = *p.values[0];
  m.second = bind_squares(a, *p.values[1], p);
  if (!m.second) return false;
  if (what.kind == grammar::SyntaxKind::PieceDesignator && what.squares == ~std::uint64_t{0}) {
    if (what.piece_mask == grammar::content::kEmpty) {
      m.kind = Mutation::Kind::Remove;
      return true;
    }
    for (int code = 1; code <= 12; ++code) {
      if (what.piece_mask != (1u << code)) continue;
      const Color c = code <= 6 ? Color::White : Color::Black;
      m.piece = chess::Piece(c, static_cast<chess::PieceType>(code <= 6 ? code : code - 6));
      m.kind = Mutation::Kind::Place;
      return true;
    }
    mutation_error(a, p, "'piece' of 'imagine' places one kind of piece (such as k or Q) or empties squares (_)",
                   "imagine piece k --> e3 : F");
    return false;
  }
  m.kind = Mutation::Kind::MovePiece;
  m.first = bind_squares(a, what, p);
  return m.first != nullptr;
}

FilterPtr bind_imagine(BindArguments& a) {
  std::vector<Mutation> mutations;
  for (const BoundParameter& bp : a.parameters) {
    const grammar::SyntaxParameter& p = *bp.syntax;
    Mutation& m = mutations.emplace_back();
    if (p.word == grammar::ParameterWord::SideToMove) {
      const std::string& side = p.values[0]->text;
      if (side != "reverse") m.side = side == "white" ? Color::White : Color::Black;
    } else if (p.word == grammar::ParameterWord::Swap) {
      m.kind = Mutation::Kind::Swap;
      m.first = bind_squares(a, *p.values[0], p);
      if (!m.first || !(m.second = bind_squares(a, *p.values[1], p))) return nullptr;
    } else if (!bind_piece_mutation(a, p, m)) {
      return nullptr;
    }
  }
  FilterPtr target = a.binder.bind(*a.node.children[0]);
  if (!target) return nullptr;
  return std::make_unique<Imagine>(std::move(mutations), std::move(target));
}

}  // namespace

void register_imagine_filters(Registry& registry) {
  registry.add({{"imagine", ShapeKind::Imagine},
                "imagine M … : F: F at a copy of the position edited by the mutations (sidetomove white|black|reverse, "
                "swap X Y, piece P --> S, piece _ --> S)",
                bind_imagine, {{kAnyFilter}, TypeSet::any()}, Dependence::PerPosition, {}, true});
  registry.add({{"currentmutation", ShapeKind::Nullary},
                "how the current imaginary position was made (\"1.Qa3#\"); \"\" at a position of the game",
                make_filter<CurrentMutation>(), {{}, ValueType::String}});
  registry.add({{"saveposition", ShapeKind::Nullary},
                "keeps the current (imaginary) position for the rest of the game and names it; positionid gives its id",
                make_filter<SavePosition>(), {{}, ValueType::Position}});
}

}  // namespace quarry::builtins
