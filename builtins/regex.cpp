// Regular-expression family: `s ~~ r` (search) and the capture references that read its last
// successful match: `\0` `\1` … and `\{name}` (text), `\-0` `\-1` … and `\-{name}` (index).
#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "builtins/builtins.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::SyntaxKind;

// A pattern ready for std::regex (ECMAScript), which has no named groups: `(?<name>…)` is
// rewritten to a plain group and its name remembered by group number; `\k<name>` inside the
// pattern becomes the numbered backreference `(?:\N)`.
struct Pattern {
  std::regex regex;
  std::vector<std::string> names;  // names[i] names group i; empty when no group has a name
};

bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The name of `<name>` at text[at] (at is the '<'); advances `at` past the '>'. Empty if malformed.
std::string angle_name(std::string_view text, std::size_t& at) {
  std::size_t end = at + 1;
  if (end >= text.size() || !is_name_start(text[end])) return {};
  while (end < text.size() && is_name_char(text[end])) ++end;
  if (end >= text.size() || text[end] != '>') return {};
  std::string name(text.substr(at + 1, end - at - 1));
  at = end + 1;
  return name;
}

// Rewrites named groups as above. Escapes and bracket classes are copied as written, so a `(`
// inside them is no group. False (with a message) for a malformed or repeated group name.
bool translate_named_groups(std::string_view text, std::string& out, std::vector<std::string>& names,
                            std::string& error) {
  std::size_t groups = 0;
  for (std::size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '\\' && i + 2 < text.size() && text[i + 1] == 'k' && text[i + 2] == '<') {
      std::size_t at = i + 2;
      std::string name = angle_name(text, at);
      auto found = std::find(names.begin(), names.end(), name);
      if (name.empty() || found == names.end()) {
        error = "\\k<…> must name a group defined before it";
        return false;
      }
      out += "(?:\\" + std::to_string(found - names.begin()) + ")";  // `\k<x>1` is no `\11`
      i = at;
    } else if (c == '\\') {
      out += text.substr(i, 2);
      i += 2;
    } else if (c == '[') {
      // ECMAScript: the first unescaped ']' closes the class (`[]` is an empty class).
      std::size_t end = i + 1;
      if (end < text.size() && text[end] == '^') ++end;
      while (end < text.size() && text[end] != ']') end += text[end] == '\\' ? 2 : 1;
      end = std::min(end + 1, text.size());
      out += text.substr(i, end - i);
      i = end;
    } else if (c == '(' && text.substr(i, 3) == "(?<" && i + 3 < text.size() && text[i + 3] != '=' &&
               text[i + 3] != '!') {
      std::size_t at = i + 2;
      std::string name = angle_name(text, at);
      if (name.empty()) {
        error = "a group name is a letter or '_' followed by letters, digits or '_': (?<name>…)";
        return false;
      }
      if (std::find(names.begin(), names.end(), name) != names.end()) {
        error = "the group name '" + name + "' is used twice";
        return false;
      }
      names.resize(++groups + 1);
      names[groups] = std::move(name);
      out += '(';
      i = at;
    } else {
      if (c == '(' && text.substr(i, 2) != "(?") ++groups;
      out += c;
      ++i;
    }
  }
  return true;
}

// Compiles a pattern; nullopt (with a message) when it is not a valid regular expression.
std::optional<Pattern> compile_pattern(std::string_view text, std::string& error) {
  std::string translated;
  Pattern pattern;
  if (!translate_named_groups(text, translated, pattern.names, error)) return std::nullopt;
  try {
    pattern.regex.assign(translated, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    error = e.what();
    return std::nullopt;
  }
  return pattern;
}

void record_captures(const std::smatch& m, const std::vector<std::string>& names, RegexCaptures& out) {
  out.groups.resize(m.size());
  for (std::size_t i = 0; i < m.size(); ++i) {
    RegexCaptures::Group& group = out.groups[i];
    group.matched = m[i].matched;
    group.position = group.matched ? static_cast<std::int64_t>(m.position(i)) : 0;
    group.text = m.str(i);
  }
  out.names = names;
}

// s ~~ r: searches s for the regular expression r (unanchored); the value is the matched text,
// and the match's groups become the captures. A failure (no match, s without a value, a computed
// pattern that is no regular expression) clears the captures. A literal pattern is compiled
// once when the query is bound; a computed one at each use.
class RegexSearch final : public Filter {
 public:
  RegexSearch(FilterPtr target, FilterPtr pattern, std::optional<Pattern> compiled)
      : Filter(ValueType::String), target_(std::move(target)), pattern_(std::move(pattern)),
        compiled_(std::move(compiled)) {}
  std::optional<std::string> text(Context& ctx) const override {
    std::optional<std::string> result = search(ctx);
    if (!result) ctx.regex_captures().clear();
    return result;
  }

 private:
  std::optional<std::string> search(Context& ctx) const {
    std::optional<std::string> s = target_->text(ctx);
    if (!s) return std::nullopt;
    std::optional<Pattern> computed;
    if (!compiled_) {
      std::optional<std::string> p = pattern_->text(ctx);
      if (!p) return std::nullopt;
      std::string error;
      computed = compile_pattern(*p, error);
      if (!computed) return std::nullopt;
    }
    const Pattern& pattern = compiled_ ? *compiled_ : *computed;
    std::smatch m;
    if (!std::regex_search(*s, m, pattern.regex)) return std::nullopt;
    record_captures(m, pattern.names, ctx.regex_captures());
    return m.str(0);
  }

  FilterPtr target_, pattern_;
  std::optional<Pattern> compiled_;
};

// `\N`, `\{name}` (String) and `\-N`, `\-{name}` (Numeric): group N, or the group called name,
// of the last successful `~~`. Fails when there is no such match, or the group does not exist
// or took no part in it. A name is looked up in the pattern that matched, so it is kept here.
class CaptureReference final : public Filter {
 public:
  CaptureReference(bool position, std::size_t group, std::string name)
      : Filter(position ? ValueType::Numeric : ValueType::String), group_(group), name_(std::move(name)) {}
  std::optional<std::string> text(Context& ctx) const override {
    const RegexCaptures::Group* g = find(ctx.regex_captures());
    if (type() != ValueType::String || g == nullptr) return std::nullopt;
    return g->text;
  }
  std::optional<std::int64_t> number(Context& ctx) const override {
    const RegexCaptures::Group* g = find(ctx.regex_captures());
    if (type() != ValueType::Numeric || g == nullptr) return std::nullopt;
    return g->position;
  }

 private:
  const RegexCaptures::Group* find(const RegexCaptures& captures) const {
    std::size_t index = group_;
    if (!name_.empty()) {
      auto it = std::find(captures.names.begin(), captures.names.end(), name_);
      if (it == captures.names.end()) return nullptr;
      index = static_cast<std::size_t>(it - captures.names.begin());
    }
    if (index >= captures.groups.size() || !captures.groups[index].matched) return nullptr;
    return &captures.groups[index];
  }

  std::size_t group_;
  std::string name_;  // empty for a numbered reference
};

FilterPtr bind_regex(BindArguments& a) {
  if (!a.binder.expect(a, 0, {ValueType::String}) || !a.binder.expect(a, 1, {ValueType::String})) return nullptr;
  std::optional<Pattern> compiled;
  const grammar::SyntaxNode& pattern = *a.node.children[1];
  if (pattern.kind == SyntaxKind::String) {
    std::string error;
    compiled = compile_pattern(pattern.text, error);
    if (!compiled) {
      a.binder.error(pattern, "invalid regular expression: " + error);
      return nullptr;
    }
  }
  return std::make_unique<RegexSearch>(std::move(a.arguments[0]), std::move(a.arguments[1]), std::move(compiled));
}

// The tokenizer admits only `\` [-] (1-9 digits | {name}), so the text decodes without errors.
FilterPtr bind_capture_reference(BindArguments& a) {
  std::string_view text = a.node.text;
  bool position = text.size() > 1 && text[1] == '-';
  std::string_view rest = text.substr(position ? 2 : 1);
  std::size_t group = 0;
  std::string name;
  if (!rest.empty() && rest.front() == '{') {
    name = std::string(rest.substr(1, rest.size() - 2));
  } else {
    for (char c : rest) group = group * 10 + static_cast<std::size_t>(c - '0');
  }
  return std::make_unique<CaptureReference>(position, group, std::move(name));
}

}  // namespace

void register_regex_filters(Registry& registry) {
  registry.add_operator("~~", 2, bind_regex);
  registry.add_operator(construct::kCaptureReference, 0, bind_capture_reference);
}

}  // namespace quarry::builtins
