// Iteration family: `square [all] $s in S BODY` and `piece [all] $p in S BODY`.
// Without `all` the value is the set of squares (of S) for which BODY matched; with `all` the
// filter matches when BODY matched for every one (vacuously on an empty S) and its value is S.
// Also the piece assignment `piece $p = S`, which binds $p to the one piece S stands on.
#include "builtins/builtins.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::ShapeKind;

class Iteration final : public Filter {
 public:
  Iteration(bool pieces, bool all, int slot, FilterPtr domain, FilterPtr body)
      : Filter(ValueType::Set), pieces_(pieces), all_(all), slot_(slot), domain_(std::move(domain)), body_(std::move(body)) {}

  bool match(Context& ctx) const override {
    if (!all_) return squares(ctx).any();
    SquareSet domain = candidates(ctx);
    for (chess::Square s : domain) {
      if (!visit(ctx, s)) return false;
    }
    return true;
  }
  SquareSet squares(Context& ctx) const override {
    SquareSet domain = candidates(ctx);
    SquareSet matched;
    for (chess::Square s : domain) {
      if (visit(ctx, s)) matched |= SquareSet(s);
      else if (all_) return SquareSet();
    }
    return all_ ? domain : matched;
  }

 private:
  SquareSet candidates(Context& ctx) const {
    SquareSet domain = domain_->squares(ctx);
    return pieces_ ? domain & ctx.position().occupied() : domain;
  }
  bool visit(Context& ctx, chess::Square s) const {
    ctx.charge();
    if (pieces_) ctx.variable(slot_) = static_cast<std::int64_t>(ctx.position().piece_id(s));
    else ctx.variable(slot_) = SquareSet(s);
    CommentMark mark = ctx.comment_mark();
    if (body_->match(ctx)) return true;
    ctx.rollback_comments(mark);
    return false;
  }

  bool pieces_;
  bool all_;
  int slot_;
  FilterPtr domain_, body_;
};

// piece $p = S: when S is exactly one occupied square, $p is bound to the piece standing there
// (and follows it from then on) and the filter has that square; otherwise it fails and $p keeps
// its value.
class PieceAssignment final : public Filter {
 public:
  PieceAssignment(int slot, FilterPtr square) : Filter(ValueType::Piece), slot_(slot), square_(std::move(square)) {}
  SquareSet squares(Context& ctx) const override {
    SquareSet s = square_->squares(ctx);
    if (s.count() != 1 || !ctx.position().occupied().contains(s.first())) return SquareSet();
    ctx.variable(slot_) = static_cast<std::int64_t>(ctx.position().piece_id(s.first()));
    return s;
  }

 private:
  int slot_;
  FilterPtr square_;
};

BindFunction bind_iteration(bool pieces) {
  return [pieces](BindArguments& a) -> FilterPtr {
    const grammar::SyntaxNode& variable = *a.parameter(grammar::ParameterWord::Variable)->syntax->values[0];
    const bool assignment = a.parameter(grammar::ParameterWord::Assign) != nullptr;
    FilterPtr domain = a.binder.bind(*a.node.children[0]);
    if (!domain) return nullptr;
    if (domain->type() != ValueType::Set && domain->type() != ValueType::Piece) {
      std::string what = assignment ? "'piece x =' takes the square of a piece" : "'" + a.node.text + "' iterates over a set";
      a.binder.error(*a.node.children[0], what + ", but this is a " + std::string(type_name(domain->type())) + " filter");
      return nullptr;
    }
    ValueType type = pieces ? ValueType::Piece : ValueType::Set;
    int slot = a.binder.find_variable(variable.text);
    if (slot < 0) {
      slot = a.binder.declare_variable(variable.text, type);
    } else if (a.binder.variable(slot).type != type) {
      a.binder.error(variable, "variable '" + variable.text + "' already holds a " +
                                   std::string(type_name(a.binder.variable(slot).type)));
      return nullptr;
    }
    if (assignment) return std::make_unique<PieceAssignment>(slot, std::move(domain));
    FilterPtr body = a.binder.bind(*a.node.children[1]);
    if (!body) return nullptr;
    const bool all = a.parameter(grammar::ParameterWord::All) != nullptr;
    return std::make_unique<Iteration>(pieces, all, slot, std::move(domain), std::move(body));
  };
}

constexpr grammar::ParameterSpec kIterationParameters[] = {{grammar::ParameterWord::All}};

}  // namespace

void register_iteration_filters(Registry& registry) {
  for (bool pieces : {false, true}) {
    grammar::KeywordShape shape{pieces ? "piece" : "square", ShapeKind::Iteration};
    shape.parameters = kIterationParameters;
    FilterSpec spec{shape,
                    pieces ? "piece [all] $p in S F: the pieces on S for which F matches ($p follows the piece); "
                             "piece $p = S: $p names the piece on the one square S"
                           : "square [all] $s in S F: the squares of S for which F matches",
                    bind_iteration(pieces), {{ValueType::Set, kAnyFilter}, {ValueType::Set, ValueType::Piece}}};
    spec.binds_children = true;
    registry.add(std::move(spec));
  }
}

}  // namespace quarry::builtins
