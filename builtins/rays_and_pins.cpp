// Rays-and-pins family: between(S T), ray [directions] (S1 … Sn), xray (S1 … Sn) and pin [from] [through] [to]:
// squares and pieces along ranks, files and diagonals.
#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <vector>

#include "builtins/builtins.h"
#include "builtins/geometry.h"
#include "builtins/piece_designator.h"
#include "builtins/pin_screen.h"
#include "chess/attacks.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::Color;
using chess::PieceType;
using chess::Square;
using grammar::ParameterSpec;
using grammar::ParameterWord;
using grammar::ShapeKind;
namespace precedence = grammar::precedence;

// Squares strictly between some x of S and some y of T on a common line, on an empty board.
class Between final : public Filter {
 public:
  Between(FilterPtr a, FilterPtr b) : Filter(ValueType::Set), a_(std::move(a)), b_(std::move(b)) {}

  SquareSet squares(Context& ctx) const override {
    const SquareSet from = a_->squares(ctx);
    if (from.is_empty()) return from;
    const SquareSet to = b_->squares(ctx);
    SquareSet result;
    for (Square x : from) {
      for (Square y : to) result |= chess::between(x, y);
    }
    return result;
  }

 private:
  FilterPtr a_, b_;
};

// One ray pattern: for each allowed direction, the squares of S1 start a chain; the i-th link is a
// square of Si further along that direction with only empty squares since the previous link.
// Per direction a set-wise walk is exact, since a link depends only on the link before it.
// S1 is restricted to `orthogonal_starts` along ranks and files and to `diagonal_starts` along
// diagonals (xray: the line pieces that move that way).
class RayPattern {
 public:
  explicit RayPattern(std::vector<FilterPtr> sets) {
    sets_.reserve(sets.size());
    for (FilterPtr& s : sets) {
      sets_.emplace_back(std::move(s));
      designators_only_ = designators_only_ && sets_.back().is_designator_or_absent();
    }
  }

  SquareSet follow(Context& ctx, std::uint8_t directions, SquareSet orthogonal_starts, SquareSet diagonal_starts) const {
    // Every set is evaluated once, as each one's filters may do more than name squares.
    constexpr std::size_t kInline = 8;
    std::array<SquareSet, kInline> inline_values;
    std::vector<SquareSet> many;
    SquareSet* values = inline_values.data();
    if (sets_.size() > kInline) {
      many.resize(sets_.size());
      values = many.data();
    }
    const std::size_t n = sets_.size();
    // Designators only name squares, so they may be read in any order, and those between the
    // first and the last not at all when no direction is left (xray_pins: `xray ([RQ] [RQ] a k)`
    // after every pin found).
    std::size_t read = 0;
    if (designators_only_) {
      values[n - 1] = sets_[n - 1].squares(ctx);
      if (values[n - 1].is_empty()) return SquareSet();
      values[0] = sets_[0].squares(ctx);
    } else {
      for (; read < n; ++read) values[read] = sets_[read].squares(ctx);
    }
    const SquareSet last = values[n - 1];
    if (last.is_empty()) return SquareSet();
    // With few squares in the last set, a chain along d lies behind one of them: a cheap
    // necessary condition that rules out most directions before any ray is followed.
    constexpr int kFewTargets = 4;
    const bool few = !geometry::more_than(last, kFewTargets);
    if (few) {
      directions &= aimed_directions(values[0], last, orthogonal_starts, diagonal_starts);
      if (directions == 0) return SquareSet();
    }
    for (std::size_t i = std::max<std::size_t>(read, 1); i + 1 < n; ++i) values[i] = sets_[i].squares(ctx);
    const SquareSet occupied = ctx.position().occupied();
    SquareSet result;
    for (unsigned left = directions; left != 0; left &= left - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(left));
      SquareSet behind = SquareSet::all();
      if (few) {
        behind = SquareSet();
        for (Square t : last) behind |= SquareSet(geometry::kReachingRays[d][static_cast<std::size_t>(t.index())]);
      }
      const bool orthogonal = (geometry::kOrthogonal & (1u << d)) != 0;
      SquareSet chain = values[0] & (orthogonal ? orthogonal_starts : diagonal_starts) & behind;
      for (std::size_t i = 1; i + 1 < n && chain.any(); ++i) {
        if (!values[i].intersects(behind)) chain = SquareSet();
      }
      for (std::size_t i = 1; i < n && chain.any(); ++i) {
        chain = geometry::slide(chain, geometry::kSteps[d], occupied) & values[i];
      }
      result |= chain;
    }
    return result;
  }

 private:
  // The directions along which a chain can end on a square of `last`: those with a start of
  // their kind behind one of its squares. A chain along d starts behind its end, so the other
  // directions are skipped unwalked (xray_pins: 166,000 follows on the quick files, each walking 6
  // of 8 directions, most without any start behind the king). Eight tests a target, however many
  // starts there are (a start-by-start search cost 60% more on `ray (_ [Kk])`).
  static std::uint8_t aimed_directions(SquareSet first, SquareSet last, SquareSet orthogonal_starts,
                                       SquareSet diagonal_starts) {
    const SquareSet orthogonal_first = first & orthogonal_starts;
    const SquareSet diagonal_first = first & diagonal_starts;
    std::uint8_t aimed = 0;
    for (Square t : last) {
      for (std::size_t d = 0; d < geometry::kSteps.size(); ++d) {
        const bool orthogonal = (geometry::kOrthogonal & (1u << d)) != 0;
        const SquareSet behind(geometry::kReachingRays[d][static_cast<std::size_t>(t.index())]);
        if ((orthogonal ? orthogonal_first : diagonal_first).intersects(behind)) aimed |= static_cast<std::uint8_t>(1u << d);
      }
    }
    return aimed;
  }

  std::vector<SetArgument> sets_;
  bool designators_only_ = true;  // every set a piece designator
};

class Ray final : public Filter {
 public:
  Ray(std::uint8_t directions, std::vector<FilterPtr> sets)
      : Filter(ValueType::Set), directions_(directions), pattern_(std::move(sets)) {}
  SquareSet squares(Context& ctx) const override {
    return pattern_.follow(ctx, directions_, SquareSet::all(), SquareSet::all());
  }

 private:
  std::uint8_t directions_;
  RayPattern pattern_;
};

// xray (S1 … Sn) = ray orthogonal ({S1 & [RrQq]} …) | ray diagonal ({S1 & [BbQq]} …).
class XRay final : public Filter {
 public:
  explicit XRay(std::vector<FilterPtr> sets) : Filter(ValueType::Set), pattern_(std::move(sets)) {}
  SquareSet squares(Context& ctx) const override {
    const chess::Position& pos = ctx.position();
    const SquareSet queens = pos.pieces(PieceType::Queen);
    return pattern_.follow(ctx, geometry::kAnyDirection, queens | pos.pieces(PieceType::Rook),
                           queens | pos.pieces(PieceType::Bishop));
  }

 private:
  RayPattern pattern_;
};

// What a pin filter yields: set by the first parameter written.
enum class PinPart { Pinning, Pinned, Target };

// A pinning slider (from), a piece of the other colour next along one of its lines (through), and
// beyond it a square (to) with only empty squares between, empty or holding a piece of the pinned
// piece's colour. Defaults: from [Aa], through [Aa], to [Kk].
// Set-wise: a target t on a line of the slider p pins when exactly one piece stands between them,
// so most positions cost a table lookup per target (few sliders share a line with any target).
class Pin final : public Filter {
 public:
  Pin(PinPart part, FilterPtr from, FilterPtr through, FilterPtr to)
      : Filter(ValueType::Set), part_(part), from_(std::move(from)), through_(std::move(through)), to_(std::move(to)),
        designators_only_(from_.is_designator_or_absent() && through_.is_designator_or_absent() &&
                          to_.is_designator_or_absent()),
        outline_(designators_only_ ? Outline::of(from_, to_) : std::nullopt) {}

  bool match(Context& ctx) const override { return squares(ctx).any(); }

  SquareSet squares(Context& ctx) const override {
    const chess::Position& pos = ctx.position();
    const Sliders sliders = Sliders::of(pos);
    SquareSet pinners = sliders.orthogonal | sliders.diagonal;
    SquareSet to;
    if (designators_only_) {
      // Designators do nothing but name squares, so the targets can be read first: at most
      // positions none of the sliders `from` may name (by colour) shares a line with one, and
      // `from` is never read (xray_pins: 716,000 of 1,132,000 reads saved on the quick files,
      // each time the king's own rooks shared its rank).
      if (outline_) {
        to = outline_->targets(pos);
        pinners &= outline_->candidates(pos, sliders, to);
      } else {
        to = to_ ? to_.squares(ctx) : pos.pieces(PieceType::King);
        pinners &= candidate_pinners(pos, sliders, to);
      }
      if (pinners.is_empty()) return pinners;
    }
    if (from_) pinners &= from_.squares(ctx);
    if (pinners.is_empty()) return pinners;
    const SquareSet occupied = pos.occupied();
    const SquareSet through = through_ ? through_.squares(ctx) & occupied : occupied;
    if (!designators_only_) to = to_ ? to_.squares(ctx) : pos.pieces(PieceType::King);
    return find(pos, sliders, pinners, through, to);
  }

 private:
  static constexpr int kFewTargets = 4;

  friend class quarry::builtins::PinScreen;

  struct Sliders {
    SquareSet orthogonal, diagonal;  // rooks and queens, bishops and queens
    static Sliders of(const chess::Position& pos) {
      const SquareSet queens = pos.pieces(PieceType::Queen);
      return {pos.pieces(PieceType::Rook) | queens, pos.pieces(PieceType::Bishop) | queens};
    }
    // The sliders that share a line they move along with some square of `targets`.
    SquareSet aiming_at(SquareSet targets) const {
      SquareSet rook_lines, bishop_lines;
      for (Square t : targets) {
        rook_lines |= chess::rook_rays(t);
        bishop_lines |= chess::bishop_rays(t);
      }
      return (orthogonal & rook_lines) | (diagonal & bishop_lines);
    }
    // Of `pinners`, those that may pin towards `to`: the ones aiming at a target when there are
    // few targets (with many, the per-slider test in find() is as cheap).
    SquareSet aimed(SquareSet pinners, SquareSet to) const {
      return geometry::more_than(to, kFewTargets) ? pinners : pinners & aiming_at(to);
    }
  };

  // Only with designators_only_: the sliders `from` may name (by colour) that share a line they
  // move along with a target (with few targets; else all of them). No pin without one.
  SquareSet candidate_pinners(const chess::Position& pos, const Sliders& sliders, SquareSet to) const {
    return sliders.aimed((sliders.orthogonal | sliders.diagonal) & from_.superset(pos), to);
  }
  bool may_match(Context& ctx, const Sliders& sliders) const {
    const chess::Position& pos = ctx.position();
    if (outline_) return outline_->candidates(pos, sliders, outline_->targets(pos)).any();
    const SquareSet to = to_ ? to_.squares(ctx) : pos.pieces(PieceType::King);
    return candidate_pinners(pos, sliders, to).any();
  }

  // `to` one piece of one colour (`k`) or absent (both kings), `from` any designator: the targets
  // and the candidate pinners by masks fixed at binding, without the designators' tests (the
  // screen before each colour's pin at every position under flipcolor).
  struct Outline {
    PieceType target_type;
    SquareSet target_squares;
    SquareSet target_white, target_black;  // all squares or none: the targets' colours
    SquareSet from_white, from_black;      // all squares or none: the colours `from` may name

    static std::optional<Outline> of(const SetArgument& from, const SetArgument& to) {
      const auto all_if = [](bool b) { return b ? SquareSet::all() : SquareSet(); };
      Outline o{PieceType::King, SquareSet::all(), SquareSet::all(), SquareSet::all(), SquareSet::all(),
                SquareSet::all()};
      if (const PieceDesignator* d = from.designator()) {
        o.from_white = all_if(d->may_hold(Color::White));
        o.from_black = all_if(d->may_hold(Color::Black));
      }
      if (to) {
        const std::optional<PieceDesignator::SinglePiece> one = to.designator()->single_piece();
        if (!one) return std::nullopt;
        o.target_type = one->type;
        o.target_squares = one->squares;
        o.target_white = all_if(one->colour == Color::White);
        o.target_black = all_if(one->colour == Color::Black);
      }
      return o;
    }
    SquareSet targets(const chess::Position& pos) const {
      return pos.pieces(target_type) & target_squares &
             ((pos.pieces(Color::White) & target_white) | (pos.pieces(Color::Black) & target_black));
    }
    SquareSet candidates(const chess::Position& pos, const Sliders& sliders, SquareSet to) const {
      const SquareSet pinners = (sliders.orthogonal | sliders.diagonal) &
                                ((pos.pieces(Color::White) & from_white) | (pos.pieces(Color::Black) & from_black));
      return sliders.aimed(pinners, to);
    }
  };

  SquareSet find(const chess::Position& pos, const Sliders& sliders, SquareSet pinners, SquareSet through,
                 SquareSet to) const {
    const SquareSet occupied = pos.occupied();
    const SquareSet white = pos.pieces(Color::White);
    SquareSet found_pinners, found_pinned, found_targets;
    // A pin of piece q by slider p towards target t: q alone between them, of the other colour
    // than p, and t not holding a piece of p's colour.
    auto try_pin = [&](Square p, Square t) {
      const SquareSet between = chess::between(p, t) & occupied;
      if (between.is_empty() || between.has_more_than_one() || !between.is_subset_of(through)) return;
      const bool white_pinner = white.contains(p);
      if (white.contains(between.first()) == white_pinner) return;
      if ((white_pinner ? white : pos.pieces(Color::Black)).contains(t)) return;
      found_pinners |= p;
      found_pinned |= between;
      found_targets |= t;
    };
    if (!geometry::more_than(to, kFewTargets)) {
      // The usual case (`to k`): from each target, the sliders on the lines they move along.
      const Sliders candidates{sliders.orthogonal & pinners, sliders.diagonal & pinners};
      for (Square t : to) {
        for (Square p : candidates.aiming_at(SquareSet(t))) try_pin(p, t);
      }
    } else {
      for (Square p : pinners) {
        SquareSet lines;
        if (sliders.orthogonal.contains(p)) lines |= chess::rook_rays(p);
        if (sliders.diagonal.contains(p)) lines |= chess::bishop_rays(p);
        for (Square t : lines & to) try_pin(p, t);
      }
    }
    switch (part_) {
      case PinPart::Pinning: return found_pinners;
      case PinPart::Pinned: return found_pinned;
      case PinPart::Target: return found_targets;
    }
    return SquareSet();
  }

  PinPart part_;
  SetArgument from_, through_, to_;
  bool designators_only_;  // every operand a piece designator or absent
  std::optional<Outline> outline_;  // with designators only, and `to` one piece of one colour or absent
};

// The direction words, and `attack` (CQL 5's `ray attack (…)`, which CQL defines as xray).
// The direction words stand in ParameterWord from Up on, in the order of kDirectionWords.
constexpr ParameterWord direction_parameter(std::size_t i) {
  return static_cast<ParameterWord>(static_cast<std::size_t>(ParameterWord::Up) + i);
}
constexpr bool directions_in_table_order() {
  for (std::size_t i = 0; i < geometry::kDirectionWords.size(); ++i) {
    if (grammar::spelling(direction_parameter(i)) != geometry::kDirectionWords[i].name) return false;
  }
  return true;
}
static_assert(directions_in_table_order(), "ParameterWord's direction words follow kDirectionWords");

constexpr std::array<ParameterSpec, geometry::kDirectionWords.size() + 1> direction_parameters() {
  std::array<ParameterSpec, geometry::kDirectionWords.size() + 1> specs{};
  for (std::size_t i = 0; i < geometry::kDirectionWords.size(); ++i) specs[i] = ParameterSpec{direction_parameter(i)};
  specs.back() = ParameterSpec{ParameterWord::Attack};
  return specs;
}
constexpr auto kRayParameters = direction_parameters();

constexpr std::array<ParameterSpec, 3> kPinParameters{{
    {ParameterWord::From, true, precedence::kSetParameter},
    {ParameterWord::Through, true, precedence::kSetParameter},
    {ParameterWord::To, true, precedence::kSetParameter},
}};

FilterPtr bind_ray(BindArguments& a) {
  if (a.parameter(ParameterWord::Attack)) {
    if (a.parameters.size() > 1) {
      a.binder.error(a.node, "'ray attack' takes no direction: it follows the lines the first piece moves on");
      return nullptr;
    }
    return std::make_unique<XRay>(std::move(a.arguments));
  }
  std::uint8_t directions = 0;
  for (const BoundParameter& p : a.parameters) {
    for (std::size_t i = 0; i < geometry::kDirectionWords.size(); ++i) {
      if (p.syntax->word == direction_parameter(i)) directions |= geometry::kDirectionWords[i].mask;
    }
  }
  if (directions == 0) directions = geometry::kAnyDirection;
  return std::make_unique<Ray>(directions, std::move(a.arguments));
}

FilterPtr bind_pin(BindArguments& a) {
  PinPart part = PinPart::Pinned;
  if (!a.parameters.empty()) {
    const ParameterWord first = a.parameters.front().syntax->word;
    if (first == ParameterWord::From) part = PinPart::Pinning;
    if (first == ParameterWord::To) part = PinPart::Target;
  }
  FilterPtr values[3];
  for (BoundParameter& p : a.parameters) {
    if (p.values.empty()) continue;  // the values are sets: the registration declares it
    const int slot = p.syntax->word == ParameterWord::From ? 0 : p.syntax->word == ParameterWord::Through ? 1 : 2;
    values[slot] = std::move(p.values[0]);
  }
  return std::make_unique<Pin>(part, std::move(values[0]), std::move(values[1]), std::move(values[2]));
}

}  // namespace

PinScreen PinScreen::of(const std::vector<const Filter*>& filters) {
  PinScreen screen;
  if (filters.size() > kMaxPins) return screen;
  for (const Filter* f : filters) {
    const auto* pin = dynamic_cast<const Pin*>(f);
    if (pin == nullptr || !pin->designators_only_) return PinScreen();
    screen.pins_.push_back(pin);
  }
  return screen;
}

std::uint64_t PinScreen::may_match(Context& ctx) const {
  const Pin::Sliders sliders = Pin::Sliders::of(ctx.position());
  std::uint64_t may = 0;
  for (std::size_t i = 0; i < pins_.size(); ++i) {
    if (static_cast<const Pin*>(pins_[i])->may_match(ctx, sliders)) may |= std::uint64_t{1} << i;
  }
  return may;
}

void register_rays_and_pins_filters(Registry& registry) {
  registry.add({{"between", ShapeKind::Call, precedence::kSetPrefix, 2, 2},
                "the squares strictly between two sets on a common rank, file or diagonal",
                [](BindArguments& a) -> FilterPtr {
                  return std::make_unique<Between>(std::move(a.arguments[0]), std::move(a.arguments[1]));
                }, {{ValueType::Set}, ValueType::Set}});
  registry.add({{"ray", ShapeKind::Call, precedence::kSetPrefix, 2, -1, kRayParameters},
                "the last squares of lines through the sets in order with only empty squares between", bind_ray,
                {{ValueType::Set}, ValueType::Set}, Dependence::PerPosition, TransformRule{.direction_parameters = true}});
  registry.add({{"xray", ShapeKind::Call, precedence::kSetPrefix, 2, -1},
                "like ray, from a line piece along the lines it moves on",
                [](BindArguments& a) -> FilterPtr { return std::make_unique<XRay>(std::move(a.arguments)); },
                {{ValueType::Set}, ValueType::Set}});
  registry.add({{"pin", ShapeKind::Parameters, precedence::kLowest, 0, 0, kPinParameters},
                "pins: pinning slider (from), pinned piece (through), the square behind it (to)", bind_pin,
                {{},
                 ValueType::Set,
                 {{ParameterWord::From, ValueType::Set},
                  {ParameterWord::Through, ValueType::Set},
                  {ParameterWord::To, ValueType::Set}}}});
}

}  // namespace quarry::builtins
