// Regular-expression family: `s ~~ r` (search) and the capture references that read its last
// successful match: `\0` `\1` … and `\{name}` (text), `\-0` `\-1` … and `\-{name}` (index).
#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include <re2/re2.h>

#include "builtins/builtins.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::SyntaxKind;

// A compiled pattern. RE2 runs in time linear in the text and never recurses on it, so a 30 KB
// comment cannot overflow the stack. Patterns RE2 cannot express (backreferences, lookahead)
// run on std::regex (ECMAScript), which backtracks recursively, per character: those search only
// texts up to kBacktrackingTextLimit bytes and fail on longer ones (docs/language.md, `~~`).
// RE2 reads bytes (Latin-1), like std::regex on std::string, so positions are byte indexes.
struct Pattern {
  std::shared_ptr<const re2::RE2> fast;    // set unless the pattern needs backtracking
  std::shared_ptr<const std::regex> slow;  // ECMAScript, for backreferences and lookahead
  std::vector<std::string> names;          // names[i] names group i; empty when no group has a name
};

constexpr std::size_t kBacktrackingTextLimit = 2000;

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

enum class Dialect { Re2, Ecmascript };

// A bracket class at text[i]: ECMAScript closes it at the first unescaped ']' (`[]` matches
// nothing, `[^]` any character); RE2 would read `[]…]` differently, so those two are spelled out.
std::size_t copy_class(std::string_view text, std::size_t i, Dialect dialect, std::string& out) {
  std::size_t end = i + 1;
  if (end < text.size() && text[end] == '^') ++end;
  while (end < text.size() && text[end] != ']') end += text[end] == '\\' ? 2 : 1;
  end = std::min(end + 1, text.size());
  std::string_view cls = text.substr(i, end - i);
  if (dialect == Dialect::Re2 && cls == "[]") out += "[^\\x00-\\xff]";
  else if (dialect == Dialect::Re2 && cls == "[^]") out += "[\\x00-\\xff]";
  else out += cls;
  return end;
}

// Rewrites named groups `(?<name>…)` for the dialect (RE2 `(?P<name>…)`, ECMAScript a plain group
// whose name is remembered by number) and `\k<name>` as the numbered backreference `(?:\N)`.
// Escapes and bracket classes are copied as written, so a `(` inside them is no group. False
// (with a message) for a malformed or repeated group name.
bool translate_named_groups(std::string_view text, Dialect dialect, std::string& out, std::vector<std::string>& names,
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
      i = copy_class(text, i, dialect, out);
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
      out += dialect == Dialect::Re2 ? "(?P<" + name + ">" : std::string("(");
      names.resize(++groups + 1);
      names[groups] = std::move(name);
      i = at;
    } else {
      if (c == '(' && text.substr(i, 2) != "(?") ++groups;
      out += c;
      ++i;
    }
  }
  return true;
}

std::shared_ptr<const re2::RE2> compile_re2(const std::string& translated, std::string& error) {
  re2::RE2::Options options;
  options.set_encoding(re2::RE2::Options::EncodingLatin1);
  options.set_log_errors(false);
  auto re = std::make_shared<const re2::RE2>(translated, options);
  if (re->ok()) return re;
  error = re->error();
  return nullptr;
}

// Compiles a pattern; nullopt (with a message) when it is not a valid regular expression.
std::optional<Pattern> compile_pattern(std::string_view text, std::string& error) {
  Pattern pattern;
  std::string translated;
  if (!translate_named_groups(text, Dialect::Re2, translated, pattern.names, error)) return std::nullopt;
  pattern.fast = compile_re2(translated, error);
  if (pattern.fast) return pattern;
  // What RE2 rejects may still be ECMAScript (backreferences, lookahead).
  translated.clear();
  pattern.names.clear();
  std::string ignored;
  if (!translate_named_groups(text, Dialect::Ecmascript, translated, pattern.names, ignored)) return std::nullopt;
  try {
    pattern.slow = std::make_shared<const std::regex>(translated, std::regex::ECMAScript);
  } catch (const std::regex_error&) {
    return std::nullopt;  // RE2's message, kept in `error`, says more than std::regex's
  }
  return pattern;
}

// The patterns a thread last computed, compiled (or found invalid): a `~~` whose pattern is an
// expression usually computes the same text at every position, or for every piece of a `piece`
// loop, and compiling it again each time cost more than the search (an invalid one throws from
// std::regex every time). Keyed by the text alone, which is all a compilation depends on; four
// entries, replaced in turn. A pattern past kLongestKept bytes is compiled at each use into the
// caller's `scratch` and freed with it, so a thread keeps at most four short patterns.
class ComputedPatterns {
 public:
  // The compiled pattern, or null when the text is no regular expression.
  const Pattern* compiled(const std::string& text, std::optional<Pattern>& scratch) {
    std::string error;
    if (text.size() > kLongestKept) {
      scratch = compile_pattern(text, error);
      return scratch ? &*scratch : nullptr;
    }
    for (const Entry& entry : entries_) {
      if (entry.used && entry.text == text) return entry.pattern ? &*entry.pattern : nullptr;
    }
    // Built aside and moved in (moves that cannot throw), so running out of memory on the way
    // (a per-game error the run survives, with this cache) leaves no entry half replaced.
    std::string key = text;
    std::optional<Pattern> pattern = compile_pattern(text, error);
    Entry& entry = entries_[next_++ % entries_.size()];
    entry.text = std::move(key);
    entry.pattern = std::move(pattern);
    entry.used = true;
    return entry.pattern ? &*entry.pattern : nullptr;
  }

 private:
  static constexpr std::size_t kLongestKept = 4096;
  struct Entry {
    bool used = false;
    std::string text;
    std::optional<Pattern> pattern;
  };
  std::array<Entry, 4> entries_;
  std::size_t next_ = 0;
};

// What a pass of RE2 over `bytes` of text may cost, in bytes for Context::charge_text: its
// automaton can step through the whole program at each byte (the DFA caches most of that away,
// but falls back to it when its memory runs out), carrying `groups` positions along. A pattern of
// ordinary size over a tag costs nothing, over a 2 KB comment tens of steps; 200 groups over 512
// bytes, 16 ms of CPU, about 8,000 steps (measured: about 2 us a step, as other steps cost).
std::size_t search_cost(const re2::RE2& re, std::size_t bytes, int groups) {
  constexpr std::size_t kProgramStepsPerByte = 8;
  return bytes * static_cast<std::size_t>(re.ProgramSize()) * static_cast<std::size_t>(1 + groups) /
         kProgramStepsPerByte;
}

// Searches `s` for the whole match only; on a match fills `out.groups[0]`, keeps the pattern and
// `s` for the other groups (RegexCaptures::groups_unresolved) and returns true.
bool search_fast(const std::shared_ptr<const re2::RE2>& re, std::string&& s, RegexCaptures& out, Context& ctx) {
  ctx.charge_text(search_cost(*re, s.size(), 0));
  re2::StringPiece match;
  if (!re->Match(s, 0, s.size(), re2::RE2::UNANCHORED, &match, 1)) return false;
  out.groups.resize(1);
  out.groups[0] = {true, static_cast<std::int64_t>(match.data() - s.data()), std::string(match.data(), match.size())};
  if (re->NumberOfCapturingGroups() > 0) {
    out.groups_unresolved = re;
    out.subject = std::move(s);
  }
  return true;
}

// Finds the groups of the last match past the whole match, if a search left them unresolved:
// the pattern again, over the match alone and anchored at both its ends, which gives the groups
// the whole search would have (the match is the pattern's preferred one from its start, so also
// its preferred one of exactly its length), with the text around it as context for `\b`, `^`, `$`.
void resolve_groups(RegexCaptures& captures, Context& ctx) {
  if (!captures.groups_unresolved) return;
  const std::shared_ptr<const re2::RE2> re = std::move(captures.groups_unresolved);  // leaves it empty
  const std::string subject = std::exchange(captures.subject, {});
  const int count = re->NumberOfCapturingGroups() + 1;
  const auto begin = static_cast<std::size_t>(captures.groups[0].position);
  const std::size_t end = begin + captures.groups[0].text.size();
  ctx.charge_text(search_cost(*re, end - begin, count - 1));
  std::vector<re2::StringPiece> groups(static_cast<std::size_t>(count));
  if (!re->Match(subject, begin, end, re2::RE2::ANCHOR_BOTH, groups.data(), count)) return;
  captures.groups.resize(groups.size());
  for (std::size_t i = 1; i < groups.size(); ++i) {
    RegexCaptures::Group& group = captures.groups[i];
    group.matched = groups[i].data() != nullptr;
    group.position = group.matched ? static_cast<std::int64_t>(groups[i].data() - subject.data()) : 0;
    group.text = group.matched ? std::string(groups[i].data(), groups[i].size()) : std::string();
  }
}

bool search_slow(const std::regex& re, const std::string& s, RegexCaptures& out) {
  if (s.size() > kBacktrackingTextLimit) return false;
  std::smatch m;
  if (!std::regex_search(s, m, re)) return false;
  out.groups.resize(m.size());
  for (std::size_t i = 0; i < m.size(); ++i) {
    RegexCaptures::Group& group = out.groups[i];
    group.matched = m[i].matched;
    group.position = group.matched ? static_cast<std::int64_t>(m.position(i)) : 0;
    group.text = m.str(i);
  }
  return true;
}

// s ~~ r: searches s for the regular expression r (unanchored); the value is the matched text,
// and the match's groups become the captures. A failure (no match, s without a value, a computed
// pattern that is no regular expression) clears the captures. A literal pattern is compiled
// once when the query is bound; a computed one when its text changes (ComputedPatterns).
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
    const Pattern* pattern = compiled_ ? &*compiled_ : nullptr;
    std::optional<Pattern> scratch;  // a long computed pattern, compiled for this use only
    if (pattern == nullptr) {
      std::optional<std::string> p = pattern_->text(ctx);
      if (!p) return std::nullopt;
      thread_local ComputedPatterns computed;
      pattern = computed.compiled(*p, scratch);
      if (pattern == nullptr) return std::nullopt;
    }
    RegexCaptures& captures = ctx.regex_captures();
    captures.clear();
    if (pattern->fast ? !search_fast(pattern->fast, std::move(*s), captures, ctx)
                      : !search_slow(*pattern->slow, *s, captures)) {
      return std::nullopt;
    }
    captures.names = pattern->names;
    return captures.groups[0].text;
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
    const RegexCaptures::Group* g = find(ctx);
    if (type() != ValueType::String || g == nullptr) return std::nullopt;
    return ctx.charged_copy(g->text);
  }
  MaybeNumber number(Context& ctx) const override {
    const RegexCaptures::Group* g = find(ctx);
    if (type() != ValueType::Numeric || g == nullptr) return std::nullopt;
    return g->position;
  }

 private:
  const RegexCaptures::Group* find(Context& ctx) const {
    RegexCaptures& captures = ctx.regex_captures();
    if (group_ != 0 || !name_.empty()) resolve_groups(captures, ctx);
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
  // The match's text (a string).
  registry.add_operator("~~", 2, {{ValueType::String, ValueType::String}, ValueType::String}, bind_regex);
  // \1 is a group's text, \-1 where it starts (a number).
  registry.add_operator(construct::kCaptureReference, 0, {{}, {ValueType::String, ValueType::Numeric}},
                        bind_capture_reference);
}

}  // namespace quarry::builtins
