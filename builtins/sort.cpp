// Sort family: `sort [quiet] [min|max] ["title"] F`. Matches where F has a value; per game it
// keeps the best value (largest, or smallest with min) and only the comments made at that
// position. The runner orders the output games by the best values and writes "title: value"
// before the first move.
#include "builtins/builtins.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

class Sort final : public Filter {
 public:
  Sort(int index, bool minimize, FilterPtr body) : Filter(ValueType::Numeric), index_(index), minimize_(minimize), body_(std::move(body)) {}

  std::optional<std::int64_t> number(Context& ctx) const override {
    std::size_t mark = ctx.comment_mark();
    std::optional<std::int64_t> v = numeric_value(*body_, ctx);
    if (!v) {
      ctx.rollback_comments(mark);
      return std::nullopt;
    }
    SortState& state = ctx.sorts()[static_cast<std::size_t>(index_)];
    std::vector<chess::InsertedComment>& comments = ctx.comments();
    std::size_t first = mark & 0xffffffffu;
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

 private:
  int index_;
  bool minimize_;
  FilterPtr body_;
};

constexpr grammar::ParameterSpec kSortParameters[] = {{"min"}, {"max"}, {"quiet"}};

FilterPtr bind_sort(BindArguments& a) {
  if (!a.binder.expect(a, 0, {ValueType::Numeric, ValueType::Set})) return nullptr;
  if (a.parameter("min") && a.parameter("max")) {
    a.binder.error(a.node, "'sort' takes min or max, not both");
    return nullptr;
  }
  SortInfo info;
  if (BoundParameter* title = a.parameter("title")) info.title = title->syntax->values[0]->text;
  if (a.parameter("quiet")) info.title.clear();
  info.minimize = a.parameter("min") != nullptr;
  bool minimize = info.minimize;
  int index = a.binder.declare_sort(std::move(info));
  return std::make_unique<Sort>(index, minimize, std::move(a.arguments[0]));
}

}  // namespace

void register_sort_filters(Registry& registry) {
  grammar::KeywordShape shape{"sort", grammar::ShapeKind::Prefix, grammar::precedence::kLowest};
  shape.parameters = kSortParameters;
  shape.optional_title = true;
  registry.add({shape, "sort [min|max] [\"title\"] F: order the matching games by the best value of F", bind_sort});
}

}  // namespace quarry::builtins
