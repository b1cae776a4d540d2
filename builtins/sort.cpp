// Sort family: `sort [quiet] [min|max] ["title"] F` (F numeric, a set, or a string). Matches
// where F has a value; per game it keeps the best value (largest, or smallest with min) and only
// the comments made at that position. The runner orders the output games by the best values and writes "title: value"
// before the first move.
#include "builtins/sort.h"

#include <compare>
#include <variant>

#include "builtins/builtins.h"
#include "builtins/comparison.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

class Sort final : public Filter {
 public:
  Sort(ValueType type, int index, bool minimize, FilterPtr body)
      : Filter(type), index_(index), minimize_(minimize), body_(std::move(body)) {}

  // A numeric sort is the body of most sort queries, tested at every position: its value is read
  // without the variant a string sort needs, and the rare keeping of a value is out of line.
  bool match(Context& ctx) const override {
    if (type() == ValueType::String) return text(ctx).has_value();
    return number(ctx).has_value();
  }
  MaybeNumber number(Context& ctx) const override {
    const CommentMark mark = ctx.comment_mark();
    MaybeNumber n = numeric_value(*body_, ctx);
    if (!n) {
      ctx.rollback_comments(mark);
      return std::nullopt;
    }
    keep(ctx, mark, *n);
    return n;
  }
  std::optional<std::string> text(Context& ctx) const override {
    const CommentMark mark = ctx.comment_mark();
    std::optional<std::string> t = body_->text(ctx);
    if (!t) {
      ctx.rollback_comments(mark);
      return std::nullopt;
    }
    keep(ctx, mark, *t);
    return t;
  }

 private:
  // After the body gave `v` from `mark`: keeps the value and its comments when it is the game's
  // best so far (all of the equally best ones' with keep_all_best); the log goes back to the mark.
  // `v` is compared where it is: a string is copied only when it is the new best.
  template <typename Value>
  [[gnu::noinline]] void keep(Context& ctx, CommentMark mark, const Value& v) const {
    SortState& state = ctx.sorts()[static_cast<std::size_t>(index_)];
    std::vector<chess::InsertedComment>& comments = ctx.comments();
    std::size_t first = mark.comments();
    const std::strong_ordering order = state.best ? compare(v, *state.best) : std::strong_ordering::greater;
    bool better = !state.best || (minimize_ ? order < 0 : order > 0);
    if (better) {
      state.best.emplace(std::in_place_type<Value>, v);
      state.comments.assign(comments.begin() + static_cast<std::ptrdiff_t>(first), comments.end());
    } else if (order == 0 && ctx.keep_all_best()) {
      state.comments.insert(state.comments.end(), comments.begin() + static_cast<std::ptrdiff_t>(first), comments.end());
    }
    comments.resize(first);
  }

  // A sort's values are of its own type, the one its best holds; a value of the other type (a
  // numeric sort asked for its text) is ordered as SortKey orders them, numbers first.
  template <typename Value>
  static std::strong_ordering compare(const Value& v, const SortKey& best) {
    if (const Value* same = std::get_if<Value>(&best)) return v <=> *same;
    return SortKey{v} <=> best;
  }

  int index_;
  bool minimize_;
  FilterPtr body_;
};

constexpr grammar::ParameterSpec kSortParameters[] = {{grammar::ParameterWord::Min}, {grammar::ParameterWord::Max}, {grammar::ParameterWord::Quiet}};

FilterPtr bind_sort(BindArguments& a) {
  if (a.parameter(grammar::ParameterWord::Min) && a.parameter(grammar::ParameterWord::Max)) {
    a.binder.error(a.node, "'sort' takes min or max, not both");
    return nullptr;
  }
  // Without a title the comment names the sort by its place in the query (CQLi: "a unique
  // identifier is used if no description is provided"; the manual does not print its form).
  std::string title = "sort " + std::to_string(a.binder.sorts().size() + 1);
  if (BoundParameter* given = a.parameter(grammar::ParameterWord::Title)) title = given->syntax->values[0]->text;
  if (a.parameter(grammar::ParameterWord::Quiet)) title.clear();
  return make_sort(a.binder, std::move(title), a.parameter(grammar::ParameterWord::Min) != nullptr,
                   std::move(a.arguments[0]));
}

}  // namespace

FilterPtr make_sort(Binder& binder, std::string title, bool minimize, FilterPtr body) {
  SortInfo info;
  info.title = std::move(title);
  info.minimize = minimize;
  int index = binder.declare_sort(std::move(info));
  ValueType type = body->type() == ValueType::String ? ValueType::String : ValueType::Numeric;
  note_failure_rolled_back(*body);  // Sort::number() rolls back a body without a value
  return std::make_unique<Sort>(type, index, minimize, std::move(body));
}

void register_sort_filters(Registry& registry) {
  grammar::KeywordShape shape{"sort", grammar::ShapeKind::Prefix, grammar::precedence::kLowest};
  shape.parameters = kSortParameters;
  shape.optional_title = true;
  registry.add({shape,
                "sort [min|max] [\"title\"] F: order the matching games by the best value of F (a number or a string)",
                bind_sort,
                {{{ValueType::Numeric, ValueType::Set, ValueType::String}}, {ValueType::Numeric, ValueType::String}}});
}

}  // namespace quarry::builtins
