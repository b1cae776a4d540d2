// Tag lines of the PGN writer: names and values copied as they are when they can be, rewritten
// when a character would not read back (see chess/pgn_tag_line.h).
#include "chess/pgn_tag_line.h"

#include <array>
#include <cstdint>
#include <cstring>

namespace quarry::chess {
namespace {

constexpr bool tag_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Per byte: whether a tag name or value must change it (a name keeps letters, digits and '_'; a
// value rewrites control characters, '\\' and '"'). Nearly every tag needs no change: a table
// finds that without a branch per character, and the text is then copied as one block.
struct TagSpecials {
  std::array<bool, 256> in_name{};
  std::array<bool, 256> in_value{};
};
constexpr TagSpecials kTagSpecials = [] {
  TagSpecials t;
  for (int c = 0; c < 256; ++c) {
    const char ch = static_cast<char>(c);
    t.in_name[static_cast<std::size_t>(c)] = !tag_name_char(ch);
    t.in_value[static_cast<std::size_t>(c)] = c < 0x20 || c == 0x7f || ch == '\\' || ch == '"';
  }
  return t;
}();

bool any_special(std::string_view text, const std::array<bool, 256>& special) {
  bool any = false;
  for (char c : text) any |= special[static_cast<unsigned char>(c)];
  return any;
}

// Whether any of the eight bytes of `word` is one a tag value rewrites (below 0x20, 0x7f, '\\',
// '"'), by the bit tricks for a zero byte and a byte below n: eight bytes in a dozen instructions.
bool value_special_in(std::uint64_t word) {
  constexpr std::uint64_t kOnes = 0x0101010101010101;
  constexpr std::uint64_t kHighs = 0x8080808080808080;
  auto has_zero = [](std::uint64_t x) { return (x - kOnes) & ~x & kHighs; };
  return ((has_zero(word ^ (kOnes * '"')) | has_zero(word ^ (kOnes * '\\')) | has_zero(word ^ (kOnes * 0x7f)) |
           ((word - kOnes * 0x20) & ~word & kHighs)) != 0);
}

// any_special for a tag value, eight bytes at a time (the last eight overlapping the ones before).
bool value_special(std::string_view value) {
  const std::size_t n = value.size();
  if (n < 8) return any_special(value, kTagSpecials.in_value);
  std::uint64_t word;
  for (std::size_t i = 0; i + 8 < n; i += 8) {
    std::memcpy(&word, value.data() + i, 8);
    if (value_special_in(word)) return true;
  }
  std::memcpy(&word, value.data() + n - 8, 8);
  return value_special_in(word);
}

// Copies n bytes, sizeof(Word) <= n <= 2 * sizeof(Word), as two words that overlap in the middle.
template <class Word>
void copy_overlapping(char* to, const char* from, std::size_t n) {
  Word head, tail;
  std::memcpy(&head, from, sizeof(Word));
  std::memcpy(&tail, from + n - sizeof(Word), sizeof(Word));
  std::memcpy(to, &head, sizeof(Word));
  std::memcpy(to + n - sizeof(Word), &tail, sizeof(Word));
}

// Copies a text of a tag line; the short ones (nearly all) with a few moves of fixed size
// instead of a call to memcpy.
char* copy_text(char* to, std::string_view text) {
  const char* from = text.data();
  const std::size_t n = text.size();
  if (n > 16) {
    std::memcpy(to, from, n);
  } else if (n >= 8) {
    copy_overlapping<std::uint64_t>(to, from, n);
  } else if (n >= 4) {
    copy_overlapping<std::uint32_t>(to, from, n);
  } else if (n > 0) {
    to[0] = from[0];
    to[n / 2] = from[n / 2];
    to[n - 1] = from[n - 1];
  }
  return to + n;
}

}  // namespace

char* write_tag(char* to, const Tag& tag) {
  *to++ = '[';
  if (tag.name.empty()) *to++ = '_';
  if (!any_special(tag.name, kTagSpecials.in_name)) {
    to = copy_text(to, tag.name);
  } else {
    for (char c : tag.name) *to++ = tag_name_char(c) ? c : '_';
  }
  *to++ = ' ';
  *to++ = '"';
  if (!value_special(tag.value)) {
    to = copy_text(to, tag.value);
  } else {
    for (char c : tag.value) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        *to++ = ' ';
        continue;
      }
      if (c == '\\' || c == '"') *to++ = '\\';
      *to++ = c;
    }
  }
  *to++ = '"';
  *to++ = ']';
  *to++ = '\n';
  return to;
}

}  // namespace quarry::chess
