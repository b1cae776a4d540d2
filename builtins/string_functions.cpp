// String-function family: str, lowercase/uppercase, indexof, int, ascii, s[i], s[i:j], and
// the numeric functions max, min, abs, sqrt; readfile/writefile. Also the conversion of filter
// results to text that str, comment and message share.
#include "builtins/string_functions.h"
#include "builtins/utf8.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <sstream>
#include <type_traits>

#include "builtins/builtins.h"
#include "builtins/checked_arithmetic.h"
#include "builtins/constants.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::SyntaxKind;

class ImplicitSearch final : public Filter {
 public:
  ImplicitSearch(FilterPtr inner, std::string needle)
      : Filter(ValueType::Logical), inner_(std::move(inner)), needle_(std::move(needle)) {}
  bool match(Context& ctx) const override {
    std::optional<std::string> hay = inner_->text(ctx);
    return hay && hay->find(needle_) != std::string::npos;
  }
  FilterPtr& inner() { return inner_; }
  const std::string& needle() const { return needle_; }

 private:
  FilterPtr inner_;
  std::string needle_;
};

class StringLength final : public Filter {
 public:
  explicit StringLength(FilterPtr operand) : Filter(ValueType::Numeric), operand_(std::move(operand)) {}
  MaybeNumber number(Context& ctx) const override {
    std::optional<std::string> s = operand_->text(ctx);
    if (!s) return std::nullopt;
    return static_cast<std::int64_t>(utf8::length(*s));  // code points, as CQLi counts
  }

 private:
  FilterPtr operand_;
};

class SubstringTest final : public Filter {
 public:
  SubstringTest(FilterPtr needle, FilterPtr haystack)
      : Filter(ValueType::Logical), needle_(std::move(needle)), haystack_(std::move(haystack)) {}
  bool match(Context& ctx) const override {
    std::optional<std::string> n = needle_->text(ctx);
    if (!n) return false;
    std::optional<std::string> h = haystack_->text(ctx);
    return h && h->find(*n) != std::string::npos;
  }

 private:
  FilterPtr needle_, haystack_;
};

// One square as `e1`, other sets as `[a1,h1]` in square order, the empty set as `[]`.
std::string squares_text(SquareSet s) {
  if (s.count() == 1) return s.first().name();
  std::string out = "[";
  bool first = true;
  for (chess::Square sq : s) {
    if (!first) out += ',';
    out += sq.name();
    first = false;
  }
  return out + "]";
}

// A position as CQL writes it: `move 24 (wtm)`, with its id when it lies inside a variation.
std::string position_text(const Context& ctx, chess::NodeId node) {
  const chess::Position& pos = ctx.tree_node(node).position;
  std::string out = "move " + std::to_string(pos.fullmove_number()) +
                    (pos.side_to_move() == chess::Color::White ? " (wtm)" : " (btm)");
  if (Context::is_imaginary(node)) {
    if (MaybeNumber id = ctx.position_id(node)) out += " position " + std::to_string(*id);
    return out + " imaginary";
  }
  if (!ctx.is_mainline(node)) out += " position " + std::to_string(*ctx.position_id(node));
  return out;
}

bool is_comparison(const grammar::SyntaxNode& node) {
  if (node.kind != SyntaxKind::Binary) return false;
  for (std::string_view op : {"==", "!=", "<", "<=", ">", ">="}) {
    if (node.text == op) return true;
  }
  return false;
}

std::string argument_text(const TextArgument& argument, Context& ctx) {
  const Filter& f = *argument.filter;
  if (argument.logical) return f.match(ctx) ? "<true>" : "<false>";
  switch (f.type()) {
    case ValueType::Set: return squares_text(f.squares(ctx));
    case ValueType::Piece: {
      SquareSet at = f.squares(ctx);
      if (at.is_empty()) return "<false>";
      return std::string(1, ctx.position().piece_at(at.first()).letter()) + at.first().name();
    }
    case ValueType::Numeric: {
      MaybeNumber n = f.number(ctx);
      return n ? std::to_string(*n) : "<false>";
    }
    case ValueType::String: {
      std::optional<std::string> s = f.text(ctx);
      return s ? *s : "<false>";
    }
    case ValueType::Position: {
      std::optional<chess::NodeId> node = f.position(ctx);
      return node ? position_text(ctx, *node) : "<false>";
    }
    case ValueType::Logical:
      // A logical filter that articulates its answer (reachableposition) prints that text.
      if (std::optional<std::string> s = f.text(ctx)) return *s;
      return f.match(ctx) ? "<true>" : "<false>";
    case ValueType::None:
    case ValueType::Dictionary: return f.match(ctx) ? "<true>" : "<false>";
  }
  return "<false>";
}

class Str final : public Filter {
 public:
  explicit Str(std::vector<TextArgument> arguments) : Filter(ValueType::String), arguments_(std::move(arguments)) {}
  bool match(Context&) const override { return true; }
  std::optional<std::string> text(Context& ctx) const override { return arguments_text(arguments_, ctx); }

 private:
  std::vector<TextArgument> arguments_;
};

// A string function of one string argument; fails when the argument has no value.
template <typename Fn>
class StringMap final : public Filter {
 public:
  StringMap(ValueType type, FilterPtr operand, Fn fn) : Filter(type), operand_(std::move(operand)), fn_(fn) {}
  std::optional<std::string> text(Context& ctx) const override {
    if constexpr (std::is_same_v<std::invoke_result_t<Fn, const std::string&>, std::optional<std::string>>) {
      std::optional<std::string> s = operand_->text(ctx);
      if (!s) return std::nullopt;
      return fn_(*s);
    } else {
      return std::nullopt;
    }
  }
  MaybeNumber number(Context& ctx) const override {
    if constexpr (std::is_same_v<std::invoke_result_t<Fn, const std::string&>, MaybeNumber>) {
      std::optional<std::string> s = operand_->text(ctx);
      if (!s) return std::nullopt;
      return fn_(*s);
    } else {
      // A function giving anything else (an old std::optional<std::int64_t>) must not compile
      // into a filter whose every number is none.
      static_assert(std::is_same_v<std::invoke_result_t<Fn, const std::string&>, std::optional<std::string>>);
      return std::nullopt;
    }
  }

 private:
  FilterPtr operand_;
  Fn fn_;
};

template <typename Fn>
FilterPtr make_string_map(ValueType type, FilterPtr operand, Fn fn) {
  return std::make_unique<StringMap<Fn>>(type, std::move(operand), fn);
}

std::optional<std::string> to_lower(const std::string& s) { return utf8::to_lower(s); }

std::optional<std::string> to_upper(const std::string& s) { return utf8::to_upper(s); }

// `int "23"`: an optionally signed decimal 32-bit integer and nothing else.
MaybeNumber parse_int(const std::string& s) {
  std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  std::int64_t value = 0;
  for (; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return std::nullopt;
    value = value * 10 + (s[i] - '0');
    if (value > 2147483648LL) return std::nullopt;
  }
  if (s[0] == '-') value = -value;
  if (value > 2147483647LL) return std::nullopt;
  return value;
}

MaybeNumber char_code(const std::string& s) {
  if (s.size() != 1) return std::nullopt;
  return static_cast<unsigned char>(s[0]);
}

class CodeToChar final : public Filter {
 public:
  explicit CodeToChar(FilterPtr operand) : Filter(ValueType::String), operand_(std::move(operand)) {}
  std::optional<std::string> text(Context& ctx) const override {
    MaybeNumber n = numeric_value(*operand_, ctx);
    if (!n || *n < 1 || *n > 127) return std::nullopt;
    return std::string(1, static_cast<char>(*n));
  }

 private:
  FilterPtr operand_;
};

// indexof(sub s): 0-based position of the first occurrence of sub in s, -1 when there is none.
class IndexOf final : public Filter {
 public:
  IndexOf(FilterPtr needle, FilterPtr haystack)
      : Filter(ValueType::Numeric), needle_(std::move(needle)), haystack_(std::move(haystack)) {}
  MaybeNumber number(Context& ctx) const override {
    std::optional<std::string> n = needle_->text(ctx);
    if (!n) return std::nullopt;
    std::optional<std::string> h = haystack_->text(ctx);
    if (!h) return std::nullopt;
    std::size_t at = h->find(*n);
    return at == std::string::npos ? -1 : static_cast<std::int64_t>(utf8::index_of_offset(*h, at));
  }

 private:
  FilterPtr needle_, haystack_;
};

// s[i]: the character at 0-based index i; fails when i is outside the string.
class StringIndex final : public Filter {
 public:
  StringIndex(FilterPtr string, FilterPtr index)
      : Filter(ValueType::String), string_(std::move(string)), index_(std::move(index)) {}
  std::optional<std::string> text(Context& ctx) const override {
    std::optional<std::string> s = string_->text(ctx);
    if (!s) return std::nullopt;
    MaybeNumber i = numeric_value(*index_, ctx);
    if (!i) return std::nullopt;
    std::optional<std::size_t> begin = utf8::offset(*s, *i);
    std::optional<std::size_t> end = utf8::offset(*s, *i + 1);
    if (!begin || !end) return std::nullopt;
    return s->substr(*begin, *end - *begin);
  }

 private:
  FilterPtr string_, index_;
};

// s[i:j]: the characters from index i up to (not including) j, both clamped to the string, so
// the manual's `"mate"[1:5]` is "ate" (gadycosteff cql-6-1/bracket.html). The parser must lower
// `x[i:j]` to "[]" with three operands.
class StringSlice final : public Filter {
 public:
  StringSlice(FilterPtr string, FilterPtr from, FilterPtr to)
      : Filter(ValueType::String), string_(std::move(string)), from_(std::move(from)), to_(std::move(to)) {}
  std::optional<std::string> text(Context& ctx) const override {
    std::optional<std::string> s = string_->text(ctx);
    if (!s) return std::nullopt;
    MaybeNumber from = numeric_value(*from_, ctx);
    MaybeNumber to = numeric_value(*to_, ctx);
    if (!from || !to) return std::nullopt;
    auto size = static_cast<std::int64_t>(utf8::length(*s));
    std::int64_t begin = std::clamp<std::int64_t>(*from, 0, size);
    std::int64_t end = std::clamp<std::int64_t>(*to, begin, size);
    std::size_t first = *utf8::offset(*s, begin), last = *utf8::offset(*s, end);
    return s->substr(first, last - first);
  }

 private:
  FilterPtr string_, from_, to_;
};

// max(a b …) / min(a b …) over numbers (a set counts its squares) or over strings; fails when
// any argument has no value.
class Extremum final : public Filter {
 public:
  Extremum(ValueType type, bool maximum, std::vector<FilterPtr> arguments)
      : Filter(type), maximum_(maximum), arguments_(std::move(arguments)) {}
  MaybeNumber number(Context& ctx) const override {
    if (type() != ValueType::Numeric) return std::nullopt;
    MaybeNumber best;
    for (const FilterPtr& f : arguments_) {
      MaybeNumber v = numeric_value(*f, ctx);
      if (!v) return std::nullopt;
      if (!best || (maximum_ ? *v > *best : *v < *best)) best = v;
    }
    return best;
  }
  std::optional<std::string> text(Context& ctx) const override {
    if (type() != ValueType::String) return std::nullopt;
    std::optional<std::string> best;
    for (const FilterPtr& f : arguments_) {
      std::optional<std::string> v = f->text(ctx);
      if (!v) return std::nullopt;
      if (!best || (maximum_ ? *v > *best : *v < *best)) best = std::move(v);
    }
    return best;
  }

 private:
  bool maximum_;
  std::vector<FilterPtr> arguments_;
};

enum class NumericFunction { Abs, Sqrt };

class NumericMap final : public Filter {
 public:
  NumericMap(NumericFunction fn, FilterPtr operand) : Filter(ValueType::Numeric), fn_(fn), operand_(std::move(operand)) {}
  MaybeNumber number(Context& ctx) const override {
    MaybeNumber v = numeric_value(*operand_, ctx);
    if (!v) return std::nullopt;
    switch (fn_) {
      case NumericFunction::Abs: return checked_abs(*v);  // abs of the least number overflows
      case NumericFunction::Sqrt: return integer_sqrt(*v);  // negative: no root, the filter fails
    }
    return std::nullopt;
  }

 private:
  NumericFunction fn_;
  FilterPtr operand_;
};

// readfile "path": the whole file; fails when it cannot be read or under --secure.
class ReadFile final : public Filter {
 public:
  explicit ReadFile(FilterPtr path) : Filter(ValueType::String), path_(std::move(path)) {}
  std::optional<std::string> text(Context& ctx) const override {
    if (ctx.secure()) return std::nullopt;
    std::optional<std::string> path = path_->text(ctx);
    if (!path) return std::nullopt;
    std::ifstream in(*path, std::ios::binary);
    if (!in) return std::nullopt;
    // Read and charged a chunk at a time, so a huge file (or /dev/zero) meets the step budget
    // before it fills the memory.
    std::string content;
    std::array<char, 64 * 1024> chunk;
    while (in.read(chunk.data(), chunk.size()) || in.gcount() > 0) {
      ctx.charge_text(static_cast<std::size_t>(in.gcount()));
      content.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    }
    return content;
  }

 private:
  FilterPtr path_;
};

// writefile("path" text): appends text to the file; fails when it cannot or under --secure.
class WriteFile final : public Filter {
 public:
  WriteFile(FilterPtr path, std::vector<TextArgument> text)
      : Filter(ValueType::Logical), path_(std::move(path)), text_(std::move(text)) {}
  bool match(Context& ctx) const override {
    if (ctx.secure()) return false;
    std::optional<std::string> path = path_->text(ctx);
    if (!path) return false;
    std::ofstream out(*path, std::ios::binary | std::ios::app);
    if (!out) return false;
    out << arguments_text(text_, ctx);
    return static_cast<bool>(out.flush());
  }

 private:
  FilterPtr path_;
  std::vector<TextArgument> text_;
};

// --secure refuses the filters that read or write files when the query is compiled, so a
// shared query cannot touch the user's files and the user learns why it does not run.
bool refused_under_secure(BindArguments& a) {
  if (!a.binder.secure()) return false;
  a.binder.error(a.node, "'" + a.node.text + "' reads or writes files, which --secure refuses",
                 "run without --secure if you trust this query");
  return true;
}

// A set stands for the number of its squares wherever a number is wanted.
constexpr TypeSet kNumber{ValueType::Numeric, ValueType::Set};

// The declaration admits numbers and strings; all the arguments are of one kind.
FilterPtr bind_extremum(BindArguments& a, bool maximum) {
  bool strings = std::any_of(a.arguments.begin(), a.arguments.end(),
                             [](const FilterPtr& f) { return f->type() == ValueType::String; });
  for (std::size_t i = 0; i < a.arguments.size(); ++i) {
    if (strings ? !a.binder.expect(a, i, {ValueType::String}) : !a.binder.expect(a, i, {ValueType::Numeric, ValueType::Set})) {
      return nullptr;
    }
  }
  return std::make_unique<Extremum>(strings ? ValueType::String : ValueType::Numeric, maximum, std::move(a.arguments));
}

using grammar::KeywordShape;
using grammar::ShapeKind;
namespace precedence = grammar::precedence;

void register_string_keywords(Registry& registry) {
  registry.add({{"str", ShapeKind::CallOrPrefix, precedence::kCaseChange, 1, -1},
                "str(a b …): its arguments converted to text and joined; always matches",
                [](BindArguments& a) -> FilterPtr { return std::make_unique<Str>(text_arguments(a)); },
                {{kAnyFilter}, ValueType::String}});
  for (bool lower : {true, false}) {
    registry.add({{lower ? "lowercase" : "uppercase", ShapeKind::Prefix, precedence::kCaseChange},
                  lower ? "lowercase S: S with A-Z made lowercase" : "uppercase S: S with a-z made uppercase",
                  [lower](BindArguments& a) -> FilterPtr {
                    if (lower) return make_string_map(ValueType::String, std::move(a.arguments[0]), to_lower);
                    return make_string_map(ValueType::String, std::move(a.arguments[0]), to_upper);
                  }, {{{ValueType::String}}, ValueType::String}});
  }
  registry.add({{"indexof", ShapeKind::Call, precedence::kLowest, 2, 2},
                "indexof(sub s): 0-based index of the first sub in s, -1 if none",
                [](BindArguments& a) -> FilterPtr {
                  return std::make_unique<IndexOf>(std::move(a.arguments[0]), std::move(a.arguments[1]));
                }, {{ValueType::String}, ValueType::Numeric}});
  registry.add({{"int", ShapeKind::Prefix, precedence::kCount},
                "int S: the integer written in S; fails unless S is a decimal integer",
                [](BindArguments& a) -> FilterPtr {
                  return make_string_map(ValueType::Numeric, std::move(a.arguments[0]), parse_int);
                }, {{{ValueType::String}}, ValueType::Numeric}});
  registry.add({{"ascii", ShapeKind::Prefix, precedence::kCount},
                "ascii \"A\" == 65, ascii 65 == \"A\": character code of a 1-character string, or the reverse",
                [](BindArguments& a) -> FilterPtr {
                  if (a.arguments[0]->type() == ValueType::String) {
                    return make_string_map(ValueType::Numeric, std::move(a.arguments[0]), char_code);
                  }
                  return std::make_unique<CodeToChar>(std::move(a.arguments[0]));
                },
                {{{ValueType::String, ValueType::Numeric}}, {ValueType::Numeric, ValueType::String}}});
}

void register_numeric_keywords(Registry& registry) {
  for (bool maximum : {true, false}) {
    registry.add({{maximum ? "max" : "min", ShapeKind::Call, precedence::kLowest, 2, -1},
                  maximum ? "max(a b …): the largest argument (numbers or strings)"
                          : "min(a b …): the smallest argument (numbers or strings)",
                  [maximum](BindArguments& a) { return bind_extremum(a, maximum); },
                  {{{ValueType::Numeric, ValueType::Set, ValueType::String}}, {ValueType::Numeric, ValueType::String}}});
  }
  registry.add({{"abs", ShapeKind::Prefix, precedence::kNumericPrefix}, "abs N: absolute value",
                [](BindArguments& a) -> FilterPtr {
                  return std::make_unique<NumericMap>(NumericFunction::Abs, std::move(a.arguments[0]));
                }, {{kNumber}, ValueType::Numeric}});
  registry.add({{"sqrt", ShapeKind::Prefix, precedence::kNumericPrefix},
                "sqrt N: integer square root; fails when N is negative",
                [](BindArguments& a) -> FilterPtr {
                  return std::make_unique<NumericMap>(NumericFunction::Sqrt, std::move(a.arguments[0]));
                }, {{kNumber}, ValueType::Numeric}});
}

void register_file_keywords(Registry& registry) {
  registry.add({{"readfile", ShapeKind::Prefix, precedence::kCount},
                "readfile \"path\": the file's contents; fails if unreadable or under --secure",
                [](BindArguments& a) -> FilterPtr {
                  if (refused_under_secure(a)) return nullptr;
                  return std::make_unique<ReadFile>(std::move(a.arguments[0]));
                }, {{ValueType::String}, ValueType::String}});
  registry.add({{"writefile", ShapeKind::Call, precedence::kLowest, 2, -1},
                "writefile(\"path\" a b …): appends the arguments as text to the file; fails under --secure",
                [](BindArguments& a) -> FilterPtr {
                  if (refused_under_secure(a)) return nullptr;
                  FilterPtr path = std::move(a.arguments[0]);
                  std::vector<TextArgument> text = text_arguments(a);  // skips the moved path
                  return std::make_unique<WriteFile>(std::move(path), std::move(text));
                }, {{ValueType::String, kAnyFilter}, ValueType::Logical}});
}

}  // namespace

std::vector<TextArgument> text_arguments(BindArguments& a) {
  std::vector<TextArgument> out;
  for (std::size_t i = 0; i < a.arguments.size(); ++i) {
    if (!a.arguments[i]) continue;  // moved out by the caller
    FilterPtr f = std::move(a.arguments[i]);
    std::string needle;
    bool split = split_implicit_search(f, needle);
    bool comparison = i < a.node.children.size() && is_comparison(*a.node.children[i]);
    out.push_back({std::move(f), comparison});
    if (split) out.push_back({std::make_unique<StringConstant>(std::move(needle)), false});
  }
  return out;
}

std::string arguments_text(const std::vector<TextArgument>& arguments, Context& ctx) {
  std::string out;
  for (const TextArgument& argument : arguments) out += argument_text(argument, ctx);
  ctx.charge_text(out.size());
  return out;
}

FilterPtr make_implicit_search(FilterPtr inner, std::string needle) {
  return std::make_unique<ImplicitSearch>(std::move(inner), std::move(needle));
}

bool split_implicit_search(FilterPtr& filter, std::string& needle) {
  auto* search = dynamic_cast<ImplicitSearch*>(filter.get());
  if (search == nullptr) return false;
  needle = search->needle();
  FilterPtr inner = std::move(search->inner());
  filter = std::move(inner);
  return true;
}

FilterPtr make_string_length(FilterPtr operand) { return std::make_unique<StringLength>(std::move(operand)); }

FilterPtr make_substring_test(FilterPtr needle, FilterPtr haystack) {
  return std::make_unique<SubstringTest>(std::move(needle), std::move(haystack));
}

void register_string_functions_filters(Registry& registry) {
  register_string_keywords(registry);
  register_numeric_keywords(registry);
  register_file_keywords(registry);
  registry.add_operator("[]", 2, {{ValueType::String, kNumber}, ValueType::String}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<StringIndex>(std::move(a.arguments[0]), std::move(a.arguments[1]));
  });
  registry.add_operator("[]", 3, {{ValueType::String, kNumber, kNumber}, ValueType::String}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<StringSlice>(std::move(a.arguments[0]), std::move(a.arguments[1]),
                                         std::move(a.arguments[2]));
  });
}

}  // namespace quarry::builtins
