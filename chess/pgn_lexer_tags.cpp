// PGN lexer, tag lines: `[Name "value"]` read in place where it lies in the buffer, and the
// tolerant reading of broken ones (quotes inside values, a value ending in a backslash, no ']').
#include <string_view>

#include "chess/byte_scan.h"
#include "chess/pgn_lexer.h"

namespace quarry::chess {

namespace {

// Where a tag's quoted value ends: the first unescaped quote followed by optional blanks and ']'.
// Files also hold `[Event "It \"]` (a value ending in a backslash) and `[White "A "B" C"]` (bare
// quotes inside); for those the value runs to the last quote before the last ']' of the line.
struct TagValue {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t tag_end = 0;  // one past the ']' (or the line end when there is none)
};

TagValue find_tag_value(std::string_view line, std::size_t quote) {
  TagValue v;
  v.begin = quote + 1;
  for (std::size_t j = v.begin; j < line.size(); ++j) {
    j = static_cast<std::size_t>(find_byte<'"', '\\'>(line.data() + j, line.data() + line.size()) - line.data());
    if (j == line.size()) break;
    if (line[j] == '\\') {
      ++j;
      continue;
    }
    std::size_t k = j + 1;
    while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
    if (k < line.size() && line[k] == ']') {
      v.end = j;
      v.tag_end = k + 1;
      return v;
    }
  }
  const std::size_t bracket = line.rfind(']');
  const std::size_t limit = bracket == std::string_view::npos ? line.size() : bracket;
  const std::size_t last_quote = limit > v.begin ? line.rfind('"', limit - 1) : std::string_view::npos;
  v.end = last_quote != std::string_view::npos && last_quote >= v.begin ? last_quote : limit;
  v.tag_end = bracket == std::string_view::npos ? line.size() : bracket + 1;
  return v;
}

}  // namespace

void unescape_tag_value(std::string_view raw, std::string& out) {
  if (raw.find('\\') == std::string_view::npos) {
    out.assign(raw);
    return;
  }
  out.clear();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
    out.push_back(raw[i]);
  }
}

bool PgnLexer::lex_tag() {
  ++pos_;
  while (peek() == ' ' || peek() == '\t') ++pos_;
  if (!is_pgn_name_char(peek())) return false;  // not a tag: the '[' alone is skipped
  tag_line(pos_ - token_);
  return true;
}

TagLine parse_tag_line(std::string_view line, std::size_t name_offset) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::size_t i = name_offset;
  while (i < line.size() && is_pgn_name_char(static_cast<unsigned char>(line[i]))) ++i;
  TagLine t;
  t.name = line.substr(name_offset, i - name_offset);
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  TagValue v;
  const bool quoted = i < line.size() && line[i] == '"';
  if (quoted) {
    v = find_tag_value(line, i);
  } else {  // unquoted value: up to the ']'
    const std::size_t bracket = line.find(']', i);
    v.begin = i;
    v.end = bracket == std::string_view::npos ? line.size() : bracket;
    v.tag_end = bracket == std::string_view::npos ? line.size() : bracket + 1;
  }
  t.text = v.end > v.begin ? line.substr(v.begin, v.end - v.begin) : std::string_view();
  if (!quoted) t.text = trim_pgn_blanks(t.text);
  t.tag_end = v.tag_end;
  return t;
}

// The usual tag `Name "value"]` whose name starts at token_ + name_offset, read where it lies when
// its closing quote and ']' are in the buffer before the line's end: parse_tag_line's reading
// (the first unescaped '"' followed by blanks and ']') without finding the line's end first.
// False, with nothing moved, for anything else.
bool PgnLexer::quoted_tag_in_buffer(std::size_t name_offset) {
  const char* const e = data_ + end_;
  const char* const name = data_ + token_ + name_offset;
  const char* p = skip_tag_name(name, e);
  const char* const name_end = p;
  while (p != e && (*p == ' ' || *p == '\t')) ++p;
  if (p == e || *p != '"') return false;
  const char* const value = ++p;
  while (true) {
    p = find_byte<'"', '\\', '\n', '\r'>(p, e);
    if (p == e || *p == '\n' || *p == '\r') return false;
    if (*p == '\\') {
      if (p + 1 == e || p[1] == '\n' || p[1] == '\r') return false;
      p += 2;
      continue;
    }
    const char* q = p + 1;
    while (q != e && (*q == ' ' || *q == '\t')) ++q;
    if (q == e) return false;
    if (*q == ']') {
      tok_.kind = PgnTokenKind::Tag;
      tok_.line = token_line_;
      tok_.name = std::string_view(name, static_cast<std::size_t>(name_end - name));
      tok_.text = p > value ? std::string_view(value, static_cast<std::size_t>(p - value)) : std::string_view();
      tok_.nag = 0;
      tok_.unterminated = false;
      pos_ = static_cast<std::size_t>(q + 1 - data_);
      return true;
    }
    ++p;
  }
}

// Parses the tag whose name starts at token_ + name_offset; the tag ends on its line.
const PgnToken& PgnLexer::tag_line(std::size_t name_offset) {
  if (quoted_tag_in_buffer(name_offset)) return tok_;
  skip_to_line_end();
  const TagLine tag = parse_tag_line(std::string_view(data_ + token_, pos_ - token_), name_offset);
  tok_.kind = PgnTokenKind::Tag;
  tok_.line = token_line_;
  tok_.name = tag.name;
  tok_.text = tag.text;
  tok_.nag = 0;
  tok_.unterminated = false;
  pos_ = token_ + tag.tag_end;  // the rest of the line (another tag, movetext) is lexed next
  return tok_;
}

bool PgnLexer::tag_pair_follows(bool line_start) {
  auto at = [&](std::size_t k) { return ensure(k + 1) ? static_cast<unsigned char>(data_[pos_ + k]) : -1; };
  return tag_pair_follows_bracket(at, line_start);
}

}  // namespace quarry::chess
