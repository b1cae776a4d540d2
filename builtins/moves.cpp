// The move filter: the moves played from the current position (or the one that led to it, or the
// legal or pseudo-legal ones) that match criteria — from, to, capture, promote, en passant,
// castling, null, primary/secondary — as a yes/no answer, a count, or the squares involved.
// Speculative form (CQLi), `move … [all] : F`: each matching move is made on an imaginary copy
// of the position and F evaluated there; only the moves where F matches count.
#include <array>
#include <optional>
#include <string>

#include "builtins/builtins.h"
#include "builtins/imaginary.h"
#include "builtins/moves.h"
#include "builtins/node_switch.h"
#include "builtins/piece_designator.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/retro.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::Move;
using chess::Square;
using grammar::ParameterSpec;
using grammar::ParameterWord;
using grammar::ShapeKind;
namespace precedence = grammar::precedence;

// Which moves a move filter looks at.
// Reverse modes: the moves that could have led here (CQLi), each with the predecessor it implies.
enum class MoveMode : std::uint8_t { Played, Previous, Legal, PseudoLegal, ReverseLegal, ReversePseudoLegal };

bool is_reverse(MoveMode mode) { return mode == MoveMode::ReverseLegal || mode == MoveMode::ReversePseudoLegal; }
// What it yields: whether one matches, how many do, or their from, to or captured squares.
enum class MoveValue : std::uint8_t { Exists, Count, From, To, Capture };

// Where a move takes the moving piece: castling is stored king-takes-rook, but CQL's `to` is the
// king's destination.
Square destination(Move m) {
  return m.kind() == Move::Kind::Castling ? chess::Position::castling_king_destination(m.from(), m.to()) : m.to();
}

// The square of the piece a move captures (the passed pawn's square for en passant); none() when
// the move captures nothing.
Square captured_square(const chess::Position& before, Move m) {
  if (m.is_null()) return Square::none();
  switch (m.kind()) {
    case Move::Kind::Castling: return Square::none();
    case Move::Kind::EnPassant: return Square(m.to().file(), m.from().rank());
    case Move::Kind::Normal:
    case Move::Kind::Promotion: return before.piece_at(m.to()).is_none() ? Square::none() : m.to();
  }
  return Square::none();
}

// The criteria of one move filter. Set criteria are filters, evaluated in the position before
// the moves (the parent position for `previous`); an absent one means any square. A piece
// designator (`move capture .`, `move from K`) is read without a virtual call.
struct MoveCriteria {
  SetArgument from, to, capture, enpassant_square;
  std::uint8_t promote_types = 0;  // bit t for PieceType t; 0: promotion not asked for
  bool enpassant = false, castle = false, kingside = false, queenside = false, null = false;
  bool primary = false, secondary = false;

  // Whether a criterion is a square set (evaluated in the position before the moves).
  bool has_sets() const { return from || to || capture || enpassant_square; }
  // Whether a criterion needs squares a null move does not have.
  bool needs_squares() const {
    return from || to || capture || enpassant_square || promote_types != 0 || enpassant || castle || kingside ||
           queenside;
  }
};

// The square sets of one evaluation.
struct CriteriaSets {
  SquareSet from = SquareSet::all(), to = SquareSet::all(), capture = SquareSet::all(), enpassant = SquareSet::all();
};

class MoveFilter final : public Filter {
 public:
  MoveFilter(MoveMode mode, MoveValue value, MoveCriteria criteria, bool all)
      : Filter(type_of(value, all)), mode_(mode), value_(value), criteria_(std::move(criteria)), all_(all),
        fixed_sets_(fixed_sets(criteria_)) {}

  // `all` makes the answer whether every move matched (a count of them with `count`).
  static ValueType type_of(MoveValue v, bool all) {
    if (all && v != MoveValue::Count) return ValueType::Logical;
    switch (v) {
      case MoveValue::Exists: return ValueType::Logical;
      case MoveValue::Count: return ValueType::Numeric;
      case MoveValue::From:
      case MoveValue::To:
      case MoveValue::Capture: return ValueType::Set;
    }
    return ValueType::Logical;
  }

  MoveMode mode() const { return mode_; }
  // Whether match() can write no comment: no target, and no criterion evaluated per position.
  bool writes_no_comments() const { return !target_ && fixed_sets_.has_value(); }
  void set_target(FilterPtr target) { target_ = std::move(target); }

  // A count always has a value (0 included), so it always matches; otherwise some move must.
  bool match(Context& ctx) const override {
    if (value_ == MoveValue::Count) return number(ctx).has_value();
    if (!target_ && !all_ && is_one_move(ctx)) return one_move_matches(ctx);
    if (target_ || all_) {
      const Tally t = tally(ctx);
      return all_ ? t.matched == t.considered : t.matched > 0;
    }
    bool found = false;
    scan(ctx, [&](Move, const chess::Position&) {
      found = true;
      return false;
    });
    return found;
  }

  // `count all`: the number of moves when every one matched, else none.
  MaybeNumber number(Context& ctx) const override {
    if (target_ || all_) {
      const Tally t = tally(ctx);
      if (all_ && t.matched != t.considered) return std::nullopt;
      return t.matched;
    }
    std::int64_t count = 0;
    scan(ctx, [&](Move, const chess::Position&) {
      ++count;
      return true;
    });
    return count;
  }

  SquareSet squares(Context& ctx) const override {
    if (target_) return tally(ctx).squares;
    SquareSet result;
    scan(ctx, [&](Move m, const chess::Position& before) {
      result |= squares_of(m, before);
      return true;
    });
    return result;
  }

 private:
  // What a speculative move filter found: the moves considered, those where the target matched,
  // and the squares (per the filter's value) of the matching ones.
  struct Tally {
    std::int64_t considered = 0, matched = 0;
    SquareSet squares;
  };

  SquareSet squares_of(Move m, const chess::Position& before) const {
    SquareSet result;
    switch (value_) {
      case MoveValue::From: result |= SquareSet(m.from()); break;
      case MoveValue::To: result |= SquareSet(destination(m)); break;
      case MoveValue::Capture: result |= SquareSet(captured_square(before, m)); break;
      case MoveValue::Exists:
      case MoveValue::Count: break;
    }
    return result;
  }

  // Every matching move, made on an imaginary copy with the target evaluated there (without a
  // target, as with `move legal all`, every move counts as matching). Comments the target makes
  // where it fails are dropped.
  Tally tally(Context& ctx) const {
    Tally t;
    scan(ctx, [&](Move m, const chess::Position& before) {
      ++t.considered;
      if (target_ && !target_holds_after(ctx, m, before)) return true;
      ++t.matched;
      if (value_ != MoveValue::Exists && value_ != MoveValue::Count) t.squares |= squares_of(m, before);
      return true;
    });
    return t;
  }

  // The target at the position after the move (a reverse move: at its predecessor, `before`).
  bool target_holds_after(Context& ctx, Move m, const chess::Position& before) const {
    const CommentMark mark = ctx.comment_mark();
    const std::uint16_t ply = ctx.game_node().ply;
    bool holds = false;
    if (is_reverse(mode_)) {
      const chess::Position& now = ctx.position();
      const chess::Square captured = captured_square(before, m);
      const chess::Retraction r{m, captured.is_valid() ? before.piece_at(captured).type() : chess::PieceType::None};
      ImaginaryStep step(ctx, before, chess::Move::none(), ply > 0 ? static_cast<std::uint16_t>(ply - 1) : ply,
                         move_number_prefix(before) + chess::retraction_text(now, r));
      holds = target_->match(ctx);
    } else {
      chess::Position after = before;
      after.play(m);
      ImaginaryStep step(ctx, after, m, static_cast<std::uint16_t>(ply + 1), move_mutation(before, m, after));
      holds = target_->match(ctx);
    }
    if (!holds) ctx.rollback_comments(mark);
    return holds;
  }

  // Reverse modes: visit(move taken back, its predecessor) for each matching retraction.
  template <typename Visit>
  void scan_reverse(Context& ctx, Visit visit) const {
    const CriteriaSets sets = evaluate_sets(ctx, ctx.node());
    chess::for_each_predecessor(ctx.position(), mode_ == MoveMode::ReverseLegal,
                                [&](const chess::Retraction& r, const chess::Position& before) {
                                  ctx.charge();  // building each predecessor is work even when no target is evaluated there
                                  return !accepts(r.move, before, false, sets) || visit(r.move, before);
                                });
  }

  // Whether the filter looks at one move only: the move that led here, or the move played from
  // here in a game read without its variations.
  bool is_one_move(const Context& ctx) const {
    return mode_ == MoveMode::Previous || (mode_ == MoveMode::Played && !ctx.variations());
  }

  // A move of the game, the node of the position before it, and whether it is that node's
  // primary move.
  struct GameMove {
    chess::NodeId before;
    Move move;
    bool primary;
  };

  // The move that led here; none at the game's start. scan() and one_move_matches() both read
  // `previous` through it.
  static std::optional<GameMove> move_that_led_here(Context& ctx) {
    const chess::GameNode& here = ctx.game_node();
    if (here.parent == chess::kNoNode) return std::nullopt;
    return GameMove{here.parent, here.move, ctx.tree_node(here.parent).first_child == ctx.node()};
  }

  // match() of a plain filter over one move, as scan() would visit it, without its move list:
  // `line --> not move capture . +` asks at every position of the game.
  bool one_move_matches(Context& ctx) const {
    std::optional<GameMove> one;
    if (mode_ == MoveMode::Previous) {
      one = move_that_led_here(ctx);
    } else if (const chess::NodeId child = ctx.game_node().first_child; child != chess::kNoNode) {
      one = GameMove{ctx.node(), ctx.tree_node(child).move, true};  // the main line's move
    }
    if (!one) return false;
    // Fixed sets are read in place: evaluate_sets' copy cost 17 M instructions of
    // consecutive-non-captures on the quick files.
    if (fixed_sets_) {
      const CriteriaSets& fixed = fixed_sets_at(ctx, one->before);
      return accepts(one->move, ctx.tree_node(one->before).position, one->primary, fixed);
    }
    // The sets first: evaluating them may add imaginary positions, which tree_node() reads from.
    const CriteriaSets sets = evaluate_sets(ctx, one->before);
    return accepts(one->move, ctx.tree_node(one->before).position, one->primary, sets);
  }

  // Calls visit(move, position before it) for each matching move until visit returns false.
  template <typename Visit>
  void scan(Context& ctx, Visit visit) const {
    if (is_reverse(mode_)) {
      scan_reverse(ctx, visit);
      return;
    }
    chess::NodeId before = ctx.node();
    chess::MoveList moves;
    bool first_is_primary = false;  // moves[0] is the primary move of `before`
    switch (mode_) {
      case MoveMode::Previous: {
        const std::optional<GameMove> previous = move_that_led_here(ctx);
        if (!previous) return;
        before = previous->before;
        moves.push_back(previous->move);
        first_is_primary = previous->primary;
        break;
      }
      case MoveMode::Played:
        // Without `variations` the game is its main line: only the primary move was played.
        for (chess::NodeId c = ctx.game_node().first_child; c != chess::kNoNode && moves.size() < moves.capacity();
             c = ctx.tree_node(c).next_sibling) {
          moves.push_back(ctx.tree_node(c).move);
          if (!ctx.variations()) break;
        }
        first_is_primary = true;
        break;
      case MoveMode::Legal:
      case MoveMode::PseudoLegal:
      case MoveMode::ReverseLegal:
      case MoveMode::ReversePseudoLegal: break;
    }
    if ((mode_ == MoveMode::Played || mode_ == MoveMode::Previous) && moves.empty()) return;
    const CriteriaSets sets = evaluate_sets(ctx, before);
    const chess::Position& position = ctx.tree_node(before).position;
    if (criteria_.null && (mode_ == MoveMode::Legal || mode_ == MoveMode::PseudoLegal)) {
      // A pass is pseudo-legal always and legal when it does not leave the king in check.
      if (mode_ == MoveMode::PseudoLegal || !position.in_check()) moves.push_back(Move::null());
    } else if (mode_ == MoveMode::Legal) {
      chess::generate_legal_moves(position, moves, sets.from);
    } else if (mode_ == MoveMode::PseudoLegal) {
      chess::generate_pseudo_legal_moves(position, moves);
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (accepts(moves[i], position, first_is_primary && i == 0, sets) && !visit(moves[i], position)) return;
    }
  }

  // The sets when no criterion depends on the position (`move capture .`, `move to a-h8`): read
  // once here, not at every evaluation. None when one does.
  static std::optional<CriteriaSets> fixed_sets(const MoveCriteria& c) {
    CriteriaSets sets;
    const std::pair<const SetArgument*, SquareSet*> criteria[] = {
        {&c.from, &sets.from}, {&c.to, &sets.to}, {&c.capture, &sets.capture}, {&c.enpassant_square, &sets.enpassant}};
    for (auto [argument, slot] : criteria) {
      if (!*argument) continue;
      const std::optional<SquareSet> fixed = argument->fixed_squares();
      if (!fixed) return std::nullopt;
      *slot = *fixed;
    }
    return sets;
  }

  // The fixed sets, charging the step the switch to `before` charges when the sets are evaluated
  // there (below): --maxsteps counts the same steps either way.
  const CriteriaSets& fixed_sets_at(Context& ctx, chess::NodeId before) const {
    if (before != ctx.node() && criteria_.has_sets()) ctx.charge();
    return *fixed_sets_;
  }

  CriteriaSets evaluate_sets(Context& ctx, chess::NodeId before) const {
    if (fixed_sets_) return fixed_sets_at(ctx, before);
    CriteriaSets sets;
    auto evaluate = [&] {
      if (criteria_.from) sets.from = criteria_.from.squares(ctx);
      if (criteria_.to) sets.to = criteria_.to.squares(ctx);
      if (criteria_.capture) sets.capture = criteria_.capture.squares(ctx);
      if (criteria_.enpassant_square) sets.enpassant = criteria_.enpassant_square.squares(ctx);
    };
    if (before == ctx.node()) {
      evaluate();
    } else {
      NodeSwitch guard(ctx, before);
      evaluate();
    }
    return sets;
  }

  bool accepts(Move m, const chess::Position& before, bool primary, const CriteriaSets& sets) const {
    const MoveCriteria& c = criteria_;
    if ((c.primary && !primary) || (c.secondary && primary)) return false;
    if (c.null && !m.is_null()) return false;
    if (m.is_null()) return !c.needs_squares();
    if (c.from && !sets.from.contains(m.from())) return false;
    if (c.to && !sets.to.contains(destination(m))) return false;
    if (c.capture && !sets.capture.contains(captured_square(before, m))) return false;
    if (c.promote_types != 0 &&
        (m.kind() != Move::Kind::Promotion || ((c.promote_types >> chess::index_of(m.promotion())) & 1) == 0)) {
      return false;
    }
    const bool en_passant = m.kind() == Move::Kind::EnPassant;
    if ((c.enpassant || c.enpassant_square) && !en_passant) return false;
    if (c.enpassant_square && !sets.enpassant.contains(m.to())) return false;
    if ((c.castle || c.kingside || c.queenside) && m.kind() != Move::Kind::Castling) return false;
    // Castling moves go from the king to its rook: the rook's side names the castling.
    if (c.kingside && m.to().file() < m.from().file()) return false;
    if (c.queenside && m.to().file() > m.from().file()) return false;
    return true;
  }

  MoveMode mode_;
  MoveValue value_;
  MoveCriteria criteria_;
  bool all_;
  std::optional<CriteriaSets> fixed_sets_;  // fixed_sets(criteria_)
  FilterPtr target_;  // the speculative form's F; nullptr for a plain move filter
};

// `not M` for a move filter that writes no comments (no target, no set criteria evaluated per
// position): Not's comment mark and rollback have nothing to undo, and its virtual call to M is
// one direct call. `line nestban --> not move capture . +` asks it at every position of a game.
class NegatedMove final : public Filter {
 public:
  explicit NegatedMove(std::unique_ptr<MoveFilter> move) : Filter(ValueType::Logical), move_(std::move(move)) {}
  bool match(Context& ctx) const override { return !move_->match(ctx); }

 private:
  std::unique_ptr<MoveFilter> move_;
};

// No `comment` parameter: a comment after a move filter is a filter of its own, as the CQLi
// manual's examples write it (`move previous capture . comment "Initial capture"`).
constexpr std::array<ParameterSpec, 18> kMoveParameters{{
    {ParameterWord::Previous},
    {ParameterWord::Legal},
    {ParameterWord::Pseudolegal},
    {ParameterWord::Reverse},
    {ParameterWord::From, true, precedence::kSetParameter},
    {ParameterWord::To, true, precedence::kSetParameter},
    {ParameterWord::Capture, true, precedence::kSetParameter},
    {ParameterWord::Promote, true, precedence::kSetParameter},
    {ParameterWord::Enpassant},
    {ParameterWord::EnpassantSquare, true, precedence::kSetParameter},
    {ParameterWord::Castle},
    {ParameterWord::KingsideCastle},
    {ParameterWord::QueensideCastle},
    {ParameterWord::Null},
    {ParameterWord::Primary},
    {ParameterWord::Secondary},
    {ParameterWord::Count},
    {ParameterWord::All},
}};

// Reports at a parameter's word.
void parameter_error(BindArguments& a, const BoundParameter& p, std::string message, std::string hint = {}) {
  grammar::SyntaxNode at;
  at.range = p.syntax->range;
  a.binder.error(at, std::move(message), std::move(hint));
}

// `promote T`: piece types without squares (`promote Q`, `promote [RBN]`); the colour of the
// designator does not matter, as the side to move promotes.
bool bind_promote(BindArguments& a, const BoundParameter& p, MoveCriteria& c) {
  const grammar::SyntaxNode& value = *p.syntax->values[0];
  if (value.kind != grammar::SyntaxKind::PieceDesignator || value.squares != ~std::uint64_t{0}) {
    parameter_error(a, p, "'promote' takes piece types without squares, such as Q or [RBN]",
                    "to ask where, write the square with 'to': move to e8 promote R");
    return false;
  }
  for (int t = chess::index_of(chess::PieceType::Pawn); t <= chess::index_of(chess::PieceType::King); ++t) {
    if (value.piece_mask & ((1u << t) | (1u << (6 + t)))) c.promote_types |= static_cast<std::uint8_t>(1u << t);
  }
  if (c.promote_types == 0) {
    parameter_error(a, p, "'promote' needs a piece type, such as Q or [RBN]");
    return false;
  }
  return true;
}

bool bind_square_criterion(BoundParameter& p, SetArgument& slot) {
  slot = SetArgument(std::move(p.values[0]));  // a set of squares: the registration declares it, the binder checked it
  return true;
}

// A flag or set criterion; false after reporting an error.
bool bind_criterion(BindArguments& a, BoundParameter& p, MoveCriteria& c) {
  const ParameterWord name = p.syntax->word;
  if (name == ParameterWord::From) return bind_square_criterion(p, c.from);
  if (name == ParameterWord::To) return bind_square_criterion(p, c.to);
  if (name == ParameterWord::Capture) return bind_square_criterion(p, c.capture);
  if (name == ParameterWord::EnpassantSquare) return bind_square_criterion(p, c.enpassant_square);
  if (name == ParameterWord::Promote) return bind_promote(a, p, c);
  if (name == ParameterWord::Enpassant) c.enpassant = true;
  if (name == ParameterWord::Castle) c.castle = true;
  if (name == ParameterWord::KingsideCastle) c.kingside = true;
  if (name == ParameterWord::QueensideCastle) c.queenside = true;
  if (name == ParameterWord::Null) c.null = true;
  if (name == ParameterWord::Primary) c.primary = true;
  if (name == ParameterWord::Secondary) c.secondary = true;
  return true;
}

// The mode words: previous, legal or pseudolegal (one of them), and reverse, which takes legal
// (its default) or pseudolegal with it. nullopt after reporting an error.
std::optional<MoveMode> bind_mode(BindArguments& a) {
  const BoundParameter* mode_word = nullptr;
  for (const BoundParameter& p : a.parameters) {
    const ParameterWord name = p.syntax->word;
    if (name != ParameterWord::Previous && name != ParameterWord::Legal && name != ParameterWord::Pseudolegal) continue;
    if (mode_word) {
      parameter_error(a, p, "'" + std::string(p.syntax->spelling()) + "' and '" + std::string(mode_word->syntax->spelling()) + "' cannot be combined: a move filter looks at one kind of move");
      return std::nullopt;
    }
    mode_word = &p;
  }
  const std::optional<ParameterWord> word = mode_word ? std::optional(mode_word->syntax->word) : std::nullopt;
  if (a.parameter(ParameterWord::Reverse)) {
    if (word == ParameterWord::Previous) {
      parameter_error(a, *mode_word, "'previous' and 'reverse' cannot be combined: a move filter looks at one kind of move");
      return std::nullopt;
    }
    return word == ParameterWord::Pseudolegal ? MoveMode::ReversePseudoLegal : MoveMode::ReverseLegal;
  }
  if (word == ParameterWord::Previous) return MoveMode::Previous;
  if (word == ParameterWord::Legal) return MoveMode::Legal;
  if (word == ParameterWord::Pseudolegal) return MoveMode::PseudoLegal;
  return MoveMode::Played;
}

FilterPtr bind_move(BindArguments& a) {
  const std::optional<MoveMode> mode = bind_mode(a);
  if (!mode) return nullptr;
  MoveCriteria criteria;
  for (BoundParameter& p : a.parameters) {
    const ParameterWord name = p.syntax->word;
    if (name == ParameterWord::Previous || name == ParameterWord::Legal || name == ParameterWord::Pseudolegal ||
        name == ParameterWord::Reverse || name == ParameterWord::Count || name == ParameterWord::All) {
      continue;
    }
    if (!bind_criterion(a, p, criteria)) return nullptr;
  }
  if (criteria.primary && criteria.secondary) {
    a.binder.error(a.node, "'primary' and 'secondary' exclude each other");
    return nullptr;
  }
  if ((criteria.primary || criteria.secondary) && *mode != MoveMode::Played && *mode != MoveMode::Previous) {
    a.binder.error(a.node, "'primary' and 'secondary' tell played moves apart; they do not apply to legal, pseudolegal or reverse moves");
    return nullptr;
  }
  if (criteria.null && is_reverse(*mode)) {
    a.binder.error(a.node, "'null' does not apply to reverse moves: a pass cannot be taken back");
    return nullptr;
  }
  if (criteria.enpassant && criteria.enpassant_square) {
    a.binder.error(a.node, "write 'enpassant' or 'enpassantsquare S', not both", "enpassant is enpassantsquare .");
    return nullptr;
  }
  // The value: a count with `count`; else the squares of the first parameter when it is from, to
  // or capture; else whether some move matches (CQLi's rule).
  MoveValue value = MoveValue::Exists;
  if (a.parameter(ParameterWord::Count)) {
    value = MoveValue::Count;
  } else if (!a.parameters.empty()) {
    const ParameterWord first = a.parameters.front().syntax->word;
    if (first == ParameterWord::From) value = MoveValue::From;
    if (first == ParameterWord::To) value = MoveValue::To;
    if (first == ParameterWord::Capture) value = MoveValue::Capture;
  }
  return std::make_unique<MoveFilter>(*mode, value, std::move(criteria), a.parameter(ParameterWord::All) != nullptr);
}

}  // namespace

bool is_move_filter(const Filter& filter) { return dynamic_cast<const MoveFilter*>(&filter) != nullptr; }

bool is_negated_move(const Filter& filter) { return dynamic_cast<const NegatedMove*>(&filter) != nullptr; }

FilterPtr negated_move_filter(FilterPtr& operand) {
  auto* move = dynamic_cast<MoveFilter*>(operand.get());
  if (move == nullptr || !move->writes_no_comments()) return nullptr;
  std::unique_ptr<MoveFilter> owned(move);
  operand.release();
  return std::make_unique<NegatedMove>(std::move(owned));
}

FilterPtr bind_speculative_move(BindArguments& a) {
  auto* move = dynamic_cast<MoveFilter*>(a.arguments[0].get());
  if (move->mode() == MoveMode::Previous) {
    a.binder.error(*a.node.children[0], "'move previous' cannot be speculative: its move was already made",
                   "parent : F evaluates F before the last move");
    return nullptr;
  }
  move->set_target(std::move(a.arguments[1]));
  return std::move(a.arguments[0]);
}

void register_moves_filters(Registry& registry) {
  grammar::KeywordShape shape{"move", ShapeKind::Parameters, precedence::kLowest, 0, 0, kMoveParameters};
  shape.argument_stops_at_colon = true;
  registry.add({shape,
                "move [previous|legal|pseudolegal] [from S] [to S] [capture S] [promote T] [count] …: the moves that "
                "match; their number with count, their squares when from, to or capture comes first",
                bind_move,
                {{},
                 {ValueType::Logical, ValueType::Numeric, ValueType::Set},
                 {{ParameterWord::From, ValueType::Set},
                  {ParameterWord::To, ValueType::Set},
                  {ParameterWord::Capture, ValueType::Set},
                  {ParameterWord::Promote, ValueType::Set},
                  {ParameterWord::EnpassantSquare, ValueType::Set}}}});
}

}  // namespace quarry::builtins
