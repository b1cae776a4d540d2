// Annotation family: comment and message (text from CQL's argument conversion), the input
// game's comments (originalcomment, hascomment) and the edits a query makes to the output game (settag,
// removetag, removecomment), which the runner applies to the game it writes.
#include <array>
#include <cctype>

#include "builtins/builtins.h"
#include "builtins/string_functions.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::KeywordShape;
using grammar::ParameterSpec;
using grammar::ShapeKind;
namespace precedence = grammar::precedence;

// comment(a b …): always matches; its text is attached to the current position. Smart comments:
// a failing enclosing filter rolls it back.
class Comment final : public Filter {
 public:
  explicit Comment(std::vector<TextArgument> arguments)
      : Filter(ValueType::Logical), arguments_(std::move(arguments)) {}
  bool match(Context& ctx) const override {
    std::string text = arguments_text(arguments_, ctx);
    ctx.add_comment(ctx.node(), std::move(text));
    return true;
  }

 private:
  std::vector<TextArgument> arguments_;
};

// message [quiet] (a b …): writes the text to the context's message sink (standard output) at once, prefixed (unless quiet)
// with where it was produced; always matches.
class Message final : public Filter {
 public:
  Message(bool quiet, std::vector<TextArgument> arguments)
      : Filter(ValueType::Logical), quiet_(quiet), arguments_(std::move(arguments)) {}
  bool match(Context& ctx) const override {
    std::string line;
    // Game number 0: no game (a cqlend block), so there is no location to give.
    if (!quiet_ && ctx.game().number != 0) line = location(ctx) + ": ";
    line += arguments_text(arguments_, ctx);
    line += '\n';
    ctx.message_sink() << line << std::flush;
    return true;
  }

 private:
  static std::string location(Context& ctx) {
    const chess::Position& pos = ctx.position();
    std::string out = "game " + std::to_string(ctx.game().number) + ", move " +
                      std::to_string(pos.fullmove_number()) +
                      (pos.side_to_move() == chess::Color::White ? " (wtm)" : " (btm)");
    if (!ctx.is_mainline(ctx.node())) {
      if (MaybeNumber id = ctx.position_id(ctx.node())) out += ", position " + std::to_string(*id);
    }
    return out;
  }

  bool quiet_;
  std::vector<TextArgument> arguments_;
};

// originalcomment: the input game's comment at this position (after the move that led here),
// several comments joined by a space; no value when there is none. Edits by comment and
// removecomment do not change it.
class OriginalComment final : public Filter {
 public:
  OriginalComment() : Filter(ValueType::String) {}
  std::optional<std::string> text(Context& ctx) const override {
    const std::vector<std::string>& comments = ctx.game().annotations(ctx.game_node()).comments_after;
    if (comments.empty()) return std::nullopt;
    std::string out = comments[0];
    for (std::size_t i = 1; i < comments.size(); ++i) out += " " + comments[i];
    ctx.charge_text(out.size());
    return out;
  }
};

// hascomment "s" (CQL 6.0): whether the input's comment at this position contains s. A NAG
// written as `$N` or as its symbol (`!`, `?!`, `+/=` …) asks for that annotation glyph instead.
class HasComment final : public Filter {
 public:
  HasComment(std::string needle, int nag) : Filter(ValueType::Logical), needle_(std::move(needle)), nag_(nag) {}
  bool match(Context& ctx) const override {
    const chess::NodeAnnotations& notes = ctx.game().annotations(ctx.game_node());
    if (nag_ > 0) {
      for (std::uint8_t n : notes.nags) {
        if (n == nag_) return true;
      }
      return false;
    }
    for (const std::string& c : notes.comments_after) {
      if (c.find(needle_) != std::string::npos) return true;
    }
    return false;
  }

 private:
  std::string needle_;
  int nag_;  // > 0: the NAG asked for
};

// The NAG a hascomment argument names, 0 when it is plain text (the CQL 6.0 hascomment table).
int nag_named(std::string_view text) {
  if (text.size() >= 2 && text.size() <= 4 && text[0] == '$') {
    int n = 0;
    for (char c : text.substr(1)) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return 0;
      n = n * 10 + (c - '0');
    }
    return n >= 1 && n <= 255 ? n : 0;
  }
  struct Symbol {
    std::string_view text;
    int nag;
  };
  static constexpr std::array<Symbol, 12> kSymbols{{{"!", 1}, {"?", 2}, {"!!", 3}, {"??", 4}, {"!?", 5}, {"?!", 6},
                                                    {"=", 10}, {"+/=", 14}, {"=/+", 15}, {"+/-", 16}, {"-/+", 17},
                                                    {"+-", 18}}};
  for (const Symbol& s : kSymbols) {
    if (s.text == text) return s.nag;
  }
  return text == "-+" ? 19 : 0;
}

FilterPtr bind_has_comment(BindArguments& a) {
  const grammar::SyntaxNode& arg = *a.node.children[0];
  if (arg.kind != grammar::SyntaxKind::String) {
    a.binder.error(arg, "'hascomment' takes a quoted string", "write hascomment \"text\"");
    return nullptr;
  }
  return std::make_unique<HasComment>(arg.text, nag_named(arg.text));
}

class RemoveComment final : public Filter {
 public:
  RemoveComment() : Filter(ValueType::Logical) {}
  bool match(Context& ctx) const override {
    ctx.edits().push_back({GameEdit::Kind::RemoveComment, ctx.anchor(ctx.node()), {}, {}});
    return true;
  }
};

// settag("Name" value) / removetag "Name": fail (and change nothing) when an argument has no value.
class TagEdit final : public Filter {
 public:
  TagEdit(FilterPtr name, FilterPtr value)
      : Filter(ValueType::Logical), name_(std::move(name)), value_(std::move(value)) {}
  bool match(Context& ctx) const override {
    std::optional<std::string> name = name_->text(ctx);
    if (!name) return false;
    if (!value_) {
      ctx.edits().push_back({GameEdit::Kind::RemoveTag, ctx.anchor(ctx.node()), std::move(*name), {}});
      return true;
    }
    std::optional<std::string> value = value_->text(ctx);
    if (!value) return false;
    ctx.edits().push_back({GameEdit::Kind::SetTag, ctx.anchor(ctx.node()), std::move(*name), std::move(*value)});
    return true;
  }

 private:
  FilterPtr name_, value_;  // value_ null: removetag
};

// Tag names are PGN symbols: a name with spaces or quotes could not be written back.
bool valid_tag_name(BindArguments& a) {
  const grammar::SyntaxNode& arg = *a.node.children[0];
  if (arg.kind != grammar::SyntaxKind::String) return true;
  bool ok = !arg.text.empty();
  for (char c : arg.text) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!ok) a.binder.error(arg, "a tag name is made of letters, digits and '_'");
  return ok;
}

constexpr std::array<ParameterSpec, 1> kMessageParameters{{{grammar::ParameterWord::Quiet}}};

}  // namespace

void register_annotations_filters(Registry& registry) {
  registry.add({{"comment", ShapeKind::CallOrPrefix, precedence::kCount, 1, -1},
                "comment(a b …): attaches the arguments as text to this position in the output",
                [](BindArguments& a) -> FilterPtr { return std::make_unique<Comment>(text_arguments(a)); },
                {{kAnyFilter}, ValueType::Logical}});
  registry.add({{"message", ShapeKind::CallOrPrefix, precedence::kCount, 1, -1, kMessageParameters},
                "message [quiet] (a b …): prints the arguments as text to standard output",
                [](BindArguments& a) -> FilterPtr {
                  bool quiet = a.parameter(grammar::ParameterWord::Quiet) != nullptr;
                  return std::make_unique<Message>(quiet, text_arguments(a));
                }, {{kAnyFilter}, ValueType::Logical}});
  KeywordShape original{"originalcomment", ShapeKind::Nullary};
  original.optional_title = true;
  registry.add({original, "originalcomment [\"s\"]: the input's comment at this position, or whether it contains s",
                [](BindArguments& a) -> FilterPtr {
                  std::optional<std::string> needle;
                  for (const BoundParameter& p : a.parameters) needle = p.syntax->values[0]->text;
                  FilterPtr value = std::make_unique<OriginalComment>();
                  if (!needle) return value;
                  return make_implicit_search(std::move(value), std::move(*needle));
                }, {{}, {ValueType::String, ValueType::Logical}}});
  registry.add({{"hascomment", ShapeKind::Prefix, precedence::kCount},
                "hascomment \"s\": the input's comment at this position contains s (\"$N\", \"!\", \"?\" …: that NAG)",
                bind_has_comment, {{ValueType::String}, ValueType::Logical}});
  registry.add({{"removecomment", ShapeKind::Nullary},
                "removecomment: drops the input's comment at this position from the output",
                [](BindArguments&) -> FilterPtr { return std::make_unique<RemoveComment>(); },
                {{}, ValueType::Logical}});
  registry.add({{"settag", ShapeKind::Call, precedence::kLowest, 2, 2},
                "settag(\"Name\" value): sets the tag in the output game",
                [](BindArguments& a) -> FilterPtr {
                  if (!valid_tag_name(a)) return nullptr;
                  return std::make_unique<TagEdit>(std::move(a.arguments[0]), std::move(a.arguments[1]));
                },
                {{ValueType::String, ValueType::String}, ValueType::Logical}, Dependence::EditsTags});
  registry.add({{"removetag", ShapeKind::CallOrPrefix, precedence::kCount, 1, 1},
                "removetag \"Name\": drops the tag from the output game",
                [](BindArguments& a) -> FilterPtr {
                  if (!valid_tag_name(a)) return nullptr;
                  return std::make_unique<TagEdit>(std::move(a.arguments[0]), nullptr);
                },
                {{ValueType::String}, ValueType::Logical}, Dependence::EditsTags});
}

}  // namespace quarry::builtins
