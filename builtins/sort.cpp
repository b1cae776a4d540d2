// Sort family: `sort [quiet] [min|max] ["title"] F` (F numeric, a set, or a string). Matches
// where F has a value; per game it keeps the best value (largest, or smallest with min) and only
// the comments made at that position. The runner orders the output games by the best values and writes "title: value"
// before the first move.
#include "builtins/sort.h"

#include "builtins/builtins.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

class Sort final : public Filter {
 public:
  Sort(ValueType type, int index, bool minimize, FilterPtr body)
      : Filter(type), index_(index), minimize_(minimize), body_(std::move(body)) {}

  MaybeNumber number(Context& ctx) const override {
    std::optional<SortKey> v = evaluate(ctx);
    if (!v) return std::nullopt;
    return std::get<std::int64_t>(*v);
  }
  std::optional<std::string> text(Context& ctx) const override {
    std::optional<SortKey> v = evaluate(ctx);
    if (!v) return std::nullopt;
    return std::get<std::string>(std::move(*v));
  }

 private:
  std::optional<SortKey> value_of_body(Context& ctx) const {
    if (type() == ValueType::String) {
      std::optional<std::string> t = body_->text(ctx);
      if (!t) return std::nullopt;
      return SortKey{std::move(*t)};
    }
    MaybeNumber n = numeric_value(*body_, ctx);
    if (!n) return std::nullopt;
    return SortKey{*n};
  }

  // Evaluates the body and keeps the value and its comments when it is the game's best so far.
  std::optional<SortKey> evaluate(Context& ctx) const {
    CommentMark mark = ctx.comment_mark();
    std::optional<SortKey> v = value_of_body(ctx);
    if (!v) {
      ctx.rollback_comments(mark);
      return std::nullopt;
    }
    SortState& state = ctx.sorts()[static_cast<std::size_t>(index_)];
    std::vector<chess::InsertedComment>& comments = ctx.comments();
    std::size_t first = mark.comments();
    bool better = !state.best || (minimize_ ? *v < *state.best : *v > *state.best);
    if (better) {
      state.best = v;
      state.comments.assign(comments.begin() + static_cast<std::ptrdiff_t>(first), comments.end());
    } else if (*v == *state.best && ctx.keep_all_best()) {
      state.comments.insert(state.comments.end(), comments.begin() + static_cast<std::ptrdiff_t>(first), comments.end());
    }
    comments.resize(first);
    return v;
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
