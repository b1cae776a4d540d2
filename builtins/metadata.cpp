// Game metadata family: tag, event, site, date, eventdate, eco, player, elo, year, result,
// gamenumber. The string ones take CQL's implicit search: `site "Malta"` ≡ `"Malta" in site`.
#include <algorithm>
#include <array>
#include <cctype>

#include "builtins/builtins.h"
#include "builtins/string_functions.h"
#include "chess/pgn_reader.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::KeywordShape;
using grammar::ParameterSpec;
using grammar::ShapeKind;
namespace precedence = grammar::precedence;

// The value of one PGN tag; no value when the game lacks it.
class TagValue final : public Filter {
 public:
  explicit TagValue(std::string name) : Filter(ValueType::String), name_(std::move(name)) {}
  std::optional<std::string> text(Context& ctx) const override {
    const std::string* value = ctx.game().tag(name_);
    if (value == nullptr) return std::nullopt;
    return ctx.charged_copy(*value);
  }

 private:
  std::string name_;
};

// `tag S`: the tag named by a string filter.
class TagByName final : public Filter {
 public:
  explicit TagByName(FilterPtr name) : Filter(ValueType::String), name_(std::move(name)) {}
  std::optional<std::string> text(Context& ctx) const override {
    std::optional<std::string> name = name_->text(ctx);
    if (!name) return std::nullopt;
    if (*name == chess::kWarningTag) ctx.note_movetext_fact();  // the reader adds it after the moves
    const std::string* value = ctx.game().tag(*name);
    if (value == nullptr) return std::nullopt;
    return ctx.charged_copy(*value);
  }

 private:
  FilterPtr name_;
};

// Bare `player`: both names, White's then Black's, on two lines, so `player "x"` and
// `player ~~ "K.*v"` find either name (`.` does not cross the line break).
class BothPlayers final : public Filter {
 public:
  BothPlayers() : Filter(ValueType::String) {}
  std::optional<std::string> text(Context& ctx) const override {
    const std::string* white = ctx.game().tag("White");
    const std::string* black = ctx.game().tag("Black");
    if (white == nullptr && black == nullptr) return std::nullopt;
    std::string both = (white ? *white : std::string()) + "\n" + (black ? *black : std::string());
    ctx.charge_text(both.size());
    return both;
  }
};

MaybeNumber tag_number(const Context& ctx, std::string_view name) {
  const std::string* value = ctx.game().tag(name);
  if (value == nullptr || value->empty() || value->size() > 9) return std::nullopt;
  std::int64_t n = 0;
  for (char c : *value) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

enum class Side { Both, White, Black };

// elo [white|black]: the rating from WhiteElo/BlackElo; with no side the larger one present.
class Elo final : public Filter {
 public:
  explicit Elo(Side side) : Filter(ValueType::Numeric), side_(side) {}
  MaybeNumber number(Context& ctx) const override {
    MaybeNumber white = side_ == Side::Black ? std::nullopt : tag_number(ctx, "WhiteElo");
    MaybeNumber black = side_ == Side::White ? std::nullopt : tag_number(ctx, "BlackElo");
    if (white && black) return std::max(*white, *black);
    return white ? white : black;
  }

 private:
  Side side_;
};

// year: the four digits that start the Date tag ("1997.05.11"); no value for "????.??.??".
class Year final : public Filter {
 public:
  Year() : Filter(ValueType::Numeric) {}
  MaybeNumber number(Context& ctx) const override {
    const std::string* date = ctx.game().tag("Date");
    if (date == nullptr || date->size() < 4) return std::nullopt;
    std::int64_t year = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      if (!std::isdigit(static_cast<unsigned char>((*date)[i]))) return std::nullopt;
      year = year * 10 + ((*date)[i] - '0');
    }
    return year;
  }
};

class GameNumber final : public Filter {
 public:
  GameNumber() : Filter(ValueType::Numeric) {}
  MaybeNumber number(Context& ctx) const override {
    return static_cast<std::int64_t>(ctx.game().number);
  }
};

// result 1-0: the game's termination marker (the Result tag when the movetext has none).
class ResultIs final : public Filter {
 public:
  explicit ResultIs(std::string result) : Filter(ValueType::Logical), result_(std::move(result)) {}
  bool match(Context& ctx) const override {
    ctx.note_movetext_fact();  // the marker ends the movetext
    const std::string& token = ctx.game().result();
    if (!token.empty()) return token == result_;
    const std::string* tag = ctx.game().tag("Result");
    return tag != nullptr && *tag == result_;
  }

 private:
  std::string result_;
};

// The quoted string of an implicit search (`event "Open"`), stored by the parser as Title.
bool search_text(BindArguments& a, std::optional<std::string>& out) {
  for (const BoundParameter& p : a.parameters) {
    if (p.syntax->word != grammar::ParameterWord::Title) continue;
    if (out) {
      a.binder.error(a.node, "'" + a.node.text + "' takes at most one string to search for");
      return false;
    }
    out = p.syntax->values[0]->text;
  }
  return true;
}

FilterPtr with_search(BindArguments& a, FilterPtr value) {
  std::optional<std::string> needle;
  if (!search_text(a, needle)) return nullptr;
  if (!needle) return value;
  return make_implicit_search(std::move(value), std::move(*needle));
}

bool side_of(BindArguments& a, Side& side) {
  side = Side::Both;
  for (const BoundParameter& p : a.parameters) {
    if (p.syntax->word == grammar::ParameterWord::Title) continue;
    if (side != Side::Both) {
      a.binder.error(a.node, "'" + a.node.text + "' takes either 'white' or 'black', not both");
      return false;
    }
    side = p.syntax->word == grammar::ParameterWord::White ? Side::White : Side::Black;
  }
  return true;
}

constexpr std::array<ParameterSpec, 2> kSideParameters{{{grammar::ParameterWord::White}, {grammar::ParameterWord::Black}}};

// A tag's text, or with a string to search for (`event "Open"`) whether the text contains it.
const Signature kTagValueTypes{{}, {ValueType::String, ValueType::Logical}};

// `result 1-0` is written bare: the parser reads `1-0` or `1/2-1/2` as arithmetic, so the
// marker is taken from the source text of the argument (or from a quoted string). A bare `*`
// reaches here as the string "*" (KeywordShape::star_argument).
FilterPtr bind_result(BindArguments& a) {
  const grammar::SyntaxNode& arg = *a.node.children[0];
  std::string written;
  if (arg.kind == grammar::SyntaxKind::String) {
    written = arg.text;
  } else {
    for (std::uint32_t i = arg.range.begin; i < arg.range.end; ++i) {
      char c = a.binder.file().text()[i];
      if (!std::isspace(static_cast<unsigned char>(c))) written += c;
    }
  }
  for (const char* marker : {"1-0", "0-1", "1/2-1/2", "*"}) {
    if (written == marker) return std::make_unique<ResultIs>(written);
  }
  a.binder.error(arg, "'result' takes 1-0, 0-1, 1/2-1/2 or *");
  return nullptr;
}

void register_tag_queries(Registry& registry) {
  struct TagQuery {
    std::string_view keyword, tag, summary;
  };
  static constexpr std::array<TagQuery, 5> kTagQueries{{
      {"event", "Event", "event [\"s\"]: the Event tag, or whether it contains s"},
      {"site", "Site", "site [\"s\"]: the Site tag, or whether it contains s"},
      {"date", "Date", "date [\"s\"]: the Date tag, or whether it contains s"},
      {"eventdate", "EventDate", "eventdate [\"s\"]: the EventDate tag, or whether it contains s"},
      {"eco", "ECO", "eco [\"s\"]: the ECO tag, or whether it contains s"},
  }};
  for (const TagQuery& q : kTagQueries) {
    KeywordShape shape{q.keyword, ShapeKind::Nullary};
    shape.optional_title = true;
    std::string tag(q.tag);
    registry.add({shape, q.summary, [tag](BindArguments& a) { return with_search(a, std::make_unique<TagValue>(tag)); },
                  kTagValueTypes, Dependence::PerGame});
  }
  KeywordShape player{"player", ShapeKind::Parameters, precedence::kLowest, 0, 0, kSideParameters};
  player.optional_title = true;
  registry.add({player, "player [white|black] [\"s\"]: a player's name (both without a side), or whether it contains s",
                [](BindArguments& a) -> FilterPtr {
                  Side side;
                  if (!side_of(a, side)) return nullptr;
                  if (side == Side::Both) return with_search(a, std::make_unique<BothPlayers>());
                  return with_search(a, std::make_unique<TagValue>(side == Side::White ? "White" : "Black"));
                },
                kTagValueTypes, Dependence::PerGame, TransformRule{.side_parameters = true}});
}

}  // namespace

void register_metadata_filters(Registry& registry) {
  register_tag_queries(registry);
  registry.add({{"tag", ShapeKind::Prefix, precedence::kCount}, "tag \"Name\": the value of that PGN tag; fails if absent",
                [](BindArguments& a) -> FilterPtr { return std::make_unique<TagByName>(std::move(a.arguments[0])); },
                {{ValueType::String}, ValueType::String}, Dependence::PerGame});
  registry.add({{"elo", ShapeKind::Parameters, precedence::kLowest, 0, 0, kSideParameters},
                "elo [white|black]: the player's rating (the larger one without a side); fails if absent",
                [](BindArguments& a) -> FilterPtr {
                  Side side;
                  if (!side_of(a, side)) return nullptr;
                  return std::make_unique<Elo>(side);
                },
                {{}, ValueType::Numeric}, Dependence::PerGame, TransformRule{.side_parameters = true}});
  registry.add({{"year", ShapeKind::Nullary}, "year: the year of the Date tag",
                [](BindArguments&) -> FilterPtr { return std::make_unique<Year>(); }, {{}, ValueType::Numeric},
                Dependence::PerGame});
  registry.add({{"gamenumber", ShapeKind::Nullary}, "gamenumber: the game's 1-based number in the input",
                [](BindArguments&) -> FilterPtr { return std::make_unique<GameNumber>(); }, {{}, ValueType::Numeric},
                Dependence::PerGame});
  KeywordShape result{"result", ShapeKind::Prefix, precedence::kCount};
  result.star_argument = true;
  // The marker is read as written (1-0 parses as a subtraction): any filter, checked by its text.
  registry.add({result, "result 1-0 | 0-1 | 1/2-1/2 | *: whether the game ended so", bind_result,
                {{kAnyFilter}, ValueType::Logical}, Dependence::PerGame, TransformRule{.role = TransformRole::SwapsResultMarker}});
}

}  // namespace quarry::builtins
