// Transform family: flipcolor, reversecolor, flip, fliphorizontal, flipvertical, rotate90,
// rotate45, shift, shifthorizontal, shiftvertical, notransform, currenttransform. The argument is
// copied once per transform (interpreter/transform.h) and the copies combined: sets by union,
// numbers by the largest value that matches, anything else by "some copy matches"; `count` counts
// the distinct copies that match. Each keyword's set of transforms is data in its FilterSpec
// (TransformRule::set), declared here at registration: bind_transform reads only that.
#include <algorithm>
#include <bit>
#include <set>

#include "builtins/builtins.h"
#include "builtins/pin_screen.h"
#include "interpreter/binder.h"
#include "interpreter/transform.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

// The filter a copy tries before any other: its first conjunct's first conjunct …, or itself.
const Filter* tried_first(const Filter* filter) {
  for (std::vector<const Filter*> parts = filter->conjuncts(); !parts.empty(); parts = filter->conjuncts()) {
    filter = parts.front();
  }
  return filter;
}

class TransformUnion final : public Filter {
 public:
  TransformUnion(ValueType type, std::vector<FilterPtr> versions) : Filter(type), versions_(std::move(versions)) {
    std::vector<const Filter*> first;
    for (const FilterPtr& v : versions_) first.push_back(tried_first(v.get()));
    first_pins_ = PinScreen::of(first);
  }

  bool match(Context& ctx) const override {
    if (first_pins_) return match_screened(ctx);
    if (type() == ValueType::Set) return squares(ctx).any();
    if (type() == ValueType::Numeric) return number(ctx).has_value();
    // A failing copy's comments are rolled back to the mark, so one mark serves every copy
    // (flipcolor: one mark a position instead of two).
    const CommentMark mark = ctx.comment_mark();
    for (const FilterPtr& v : versions_) {
      if (v->match(ctx)) return true;
      ctx.rollback_comments(mark);
    }
    return false;
  }
  SquareSet squares(Context& ctx) const override {
    SquareSet all;
    for (const FilterPtr& v : versions_) all |= v->squares(ctx);
    return all;
  }
  MaybeNumber number(Context& ctx) const override {
    MaybeNumber best;
    for (const FilterPtr& v : versions_) {
      MaybeNumber n = v->number(ctx);
      if (n && (!best || *n > *best)) best = n;
    }
    return best;
  }
  std::optional<std::string> text(Context& ctx) const override {
    for (const FilterPtr& v : versions_) {
      if (auto t = v->text(ctx)) return t;
    }
    return std::nullopt;
  }

 private:
  // Every copy starts with a pin of designators (flipcolor { pin from [RQB] to k … }): one look
  // at the sliders rules out, at most positions, every copy at once (xray_pins: two of three
  // positions), and elsewhere the copies whose pin cannot match. A copy left out would fail
  // before doing anything, so it matches as before, sets, numbers and all.
  bool match_screened(Context& ctx) const {
    std::uint64_t may = first_pins_.may_match(ctx);
    if (may == 0) return false;
    const auto version = [&](std::uint64_t bits) -> const Filter& {
      return *versions_[static_cast<std::size_t>(std::countr_zero(bits))];
    };
    if (type() == ValueType::Set) {  // as squares(): every copy read, nothing rolled back
      SquareSet all;
      for (; may != 0; may &= may - 1) all |= version(may).squares(ctx);
      return all.any();
    }
    if (type() == ValueType::Numeric) {  // as number()
      bool some = false;
      for (; may != 0; may &= may - 1) some = version(may).number(ctx).has_value() || some;
      return some;
    }
    const CommentMark mark = ctx.comment_mark();
    for (; may != 0; may &= may - 1) {
      if (version(may).match(ctx)) return true;
      ctx.rollback_comments(mark);
    }
    return false;
  }

  std::vector<FilterPtr> versions_;
  PinScreen first_pins_;  // empty unless every copy starts with a pin of designators
};

class TransformCount final : public Filter {
 public:
  explicit TransformCount(std::vector<FilterPtr> versions) : Filter(ValueType::Numeric), versions_(std::move(versions)) {}
  MaybeNumber number(Context& ctx) const override {
    std::int64_t n = 0;
    for (const FilterPtr& v : versions_) {
      CommentMark mark = ctx.comment_mark();
      if (v->match(ctx)) ++n;
      else ctx.rollback_comments(mark);
    }
    return n;
  }
  bool match(Context&) const override { return true; }

 private:
  std::vector<FilterPtr> versions_;
};

// Syntax nodes in the subtree: what one transformed copy of it costs to build.
std::size_t syntax_size(const grammar::SyntaxNode& node) {
  std::size_t size = 1;
  for (const grammar::SyntaxParameter& p : node.parameters) {
    for (const auto& v : p.values) size += syntax_size(*v);
  }
  for (const auto& c : node.children) size += syntax_size(*c);
  return size;
}

// A 45° turn maps directions to directions but squares to no squares (CQL 6.1 rotate45): the
// body may hold only designators of the whole board. False after reporting the first other one.
bool body_names_whole_board(BindArguments& a, const grammar::SyntaxNode& body) {
  const grammar::SyntaxNode* partial = first_partial_designator(body, a.binder.registry());
  if (partial == nullptr) return true;
  a.binder.error(*partial, a.node.text + " needs square designators that cover the whole board",
                 "'" + partial->text + "' names only some squares; write the piece alone (R, [Aa], _) "
                 "or shield it with notransform");
  return false;
}

// Binds the body once per transform of the keyword's declared set (TransformRule::set).
FilterPtr bind_transform(BindArguments& a) {
  const grammar::SyntaxNode& body = *a.node.children[0];
  const Registry& registry = a.binder.registry();
  const std::vector<Transform>& set = registry.spec(a.node.keyword).transform.set;
  const auto turns_only = [](const Transform& t) { return t.turns_directions_only(); };
  if (std::any_of(set.begin(), set.end(), turns_only) && !body_names_whole_board(a, body)) return nullptr;
  std::vector<FilterPtr> versions;
  std::set<std::string> seen;  // symmetric filters give identical copies: keep one of each
  const std::size_t body_size = syntax_size(body);
  for (const Transform& t : set) {
    grammar::SyntaxPtr copy = transformed_copy(body, t, registry);
    if (!copy) continue;  // off the board: the copy stopped at the first square it lost
    // Each copy costs the whole body, whatever binding it then builds: a duplicate binds nothing,
    // and a function defined in the body binds one filter however long its body is (found by
    // fuzzing: `shift shift` over a long function definition copied it thousands of times), so
    // nested transforms would otherwise copy syntax without limit and without a message.
    if (!a.binder.charge_expansion(a.node, body_size)) return nullptr;
    if (!seen.insert(structural_key(*copy)).second) continue;
    FilterPtr bound = a.binder.bind(*copy);
    if (!bound) return nullptr;
    versions.push_back(std::move(bound));
    a.binder.keep_syntax(std::move(copy));  // a function defined in the copy is expanded at later calls
  }
  if (versions.empty()) {
    a.binder.error(a.node, "no transformed copy of this filter stays on the board");
    return nullptr;
  }
  if (a.parameter(grammar::ParameterWord::Count)) return std::make_unique<TransformCount>(std::move(versions));
  ValueType type = versions[0]->type();
  if (type != ValueType::Set && type != ValueType::Numeric) type = ValueType::Logical;
  // A set holding the identity whose other copies repeat it is the filter itself; a set without
  // it (reversecolor) gives the image, combined as any other transform's copies are.
  if (versions.size() == 1 && !set.empty() && set[0].is_identity()) return std::move(versions[0]);
  return std::make_unique<TransformUnion>(type, std::move(versions));
}

constexpr grammar::ParameterSpec kTransformParameters[] = {{grammar::ParameterWord::Count}};

// The transform sets, as CQL defines each transform keyword. The identity comes first, so an
// untransformed match is found (and commented) before its images.
constexpr Transform kIdentity{};
constexpr Transform kColorSwap{.dihedral = 4, .swap_colors = true};  // reflect a1<->a8, exchange the colours

// The first `count` dihedral maps: the rotations by 0, 90, 180 and 270° clockwise, then the
// reflections (a1<->a8, a1<->h1, in the a1-h8 and in the a8-h1 diagonal).
std::vector<Transform> dihedral_maps(int count) {
  std::vector<Transform> set;
  for (int d = 0; d < count; ++d) set.push_back({.dihedral = d});
  return set;
}

// The eight turns of the directions by multiples of 45°, squares left in place (rotate45).
std::vector<Transform> eighth_turns() {
  std::vector<Transform> set;
  for (int e = 0; e < 8; ++e) set.push_back({.eighths = e});
  return set;
}

// Every translation by at most `files` files and `ranks` ranks either way, which includes every
// one that keeps some square on the board; the identity trades places with the first.
std::vector<Transform> translations(int files, int ranks) {
  std::vector<Transform> set;
  for (int sf = -files; sf <= files; ++sf) {
    for (int sr = -ranks; sr <= ranks; ++sr) set.push_back({.shift_files = sf, .shift_ranks = sr});
  }
  std::iter_swap(set.begin(), std::find(set.begin(), set.end(), kIdentity));
  return set;
}

struct TransformKeyword {
  std::string_view name;
  std::vector<Transform> set;
};

// Registration order is help order.
std::vector<TransformKeyword> transform_keywords() {
  return {{"flipcolor", {kIdentity, kColorSwap}},
          {"reversecolor", {kColorSwap}},
          {"flip", dihedral_maps(8)},
          {"fliphorizontal", {kIdentity, {.dihedral = 4}}},
          {"flipvertical", {kIdentity, {.dihedral = 5}}},
          {"rotate90", dihedral_maps(4)},
          {"rotate45", eighth_turns()},
          {"shift", translations(7, 7)},
          {"shifthorizontal", translations(7, 0)},
          {"shiftvertical", translations(0, 7)}};
}

// currenttransform: the transforms acting here, outermost first, as CQL writes them: `<>` for
// none, `<reflect_v>` inside flipvertical. Each transformed copy carries its own list
// (transformed_copy adds a "transform" parameter per transform), so the text is a constant.
class CurrentTransform final : public Filter {
 public:
  explicit CurrentTransform(std::string text) : Filter(ValueType::String), text_(std::move(text)) {}
  std::optional<std::string> text(Context&) const override { return text_; }
  bool is_constant() const override { return true; }

 private:
  std::string text_;
};

FilterPtr bind_current_transform(BindArguments& a) {
  std::string text = "<";
  for (const grammar::SyntaxParameter& p : a.node.parameters) {
    if (p.word != grammar::ParameterWord::Transform) continue;
    if (text.size() > 1) text += ' ';
    text += p.values[0]->text;
  }
  return std::make_unique<CurrentTransform>(text + ">");
}

}  // namespace

void register_transforms_filters(Registry& registry) {
  using grammar::ShapeKind;
  for (auto& [name, set] : transform_keywords()) {
    grammar::KeywordShape shape{name, ShapeKind::Prefix, grammar::precedence::kLowest};
    shape.parameters = kTransformParameters;
    FilterSpec spec{shape, "the filter, or any of its images under the transform", bind_transform,
                    {{kAnyFilter}, TypeSet::any()}};  // one distinct copy is the filter itself
    spec.transform.set = std::move(set);
    spec.binds_children = true;
    registry.add(std::move(spec));
  }
  FilterSpec current{{"currenttransform", ShapeKind::Nullary},
                     "currenttransform: the transforms acting here, as text (\"<reflect_v>\")", bind_current_transform,
                     {{}, ValueType::String}, Dependence::Literal, TransformRule{.role = TransformRole::RecordsTransform}};
  current.binds_children = true;  // its "transform" parameters are names, not filters to bind
  registry.add(std::move(current));
  registry.add({{"notransform", ShapeKind::Prefix, grammar::precedence::kLowest},
                "the filter, shielded from enclosing transforms",
                [](BindArguments& a) -> FilterPtr { return std::move(a.arguments[0]); }, {{kAnyFilter}, TypeSet::any()},
                Dependence::Pure, TransformRule{.role = TransformRole::Untransformed}});
}

}  // namespace quarry::builtins
