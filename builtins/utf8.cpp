// UTF-8 code points, and the case mapping of the common European scripts.
#include "builtins/utf8.h"

namespace quarry::builtins::utf8 {
namespace {

bool is_continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The code point at byte i and its length in bytes; a malformed byte stands for itself.
std::pair<char32_t, std::size_t> decode_at(std::string_view s, std::size_t i) {
  auto byte = [&s](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char lead = byte(i);
  std::size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return {lead, 1};
  char32_t c = n == 1 ? lead : n == 2 ? (lead & 0x1Fu) : n == 3 ? (lead & 0x0Fu) : (lead & 0x07u);
  for (std::size_t k = 1; k < n; ++k) {
    if (!is_continuation(byte(i + k))) return {lead, 1};
    c = (c << 6) | (byte(i + k) & 0x3Fu);
  }
  return {c, n};
}

// Latin Extended-A pairs capital/small as even/odd or odd/even code points.
bool latin_a_capital(char32_t c) {
  if (c >= 0x100 && c <= 0x137) return c % 2 == 0;
  if (c >= 0x139 && c <= 0x148) return c % 2 == 1;
  if (c >= 0x14A && c <= 0x177) return c % 2 == 0;
  if (c >= 0x179 && c <= 0x17E) return c % 2 == 1;
  return false;
}

char32_t lower(char32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 32;
  if (c == 0x130) return 'i';  // İ: the dotted capital I lowers to i
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;
  if (latin_a_capital(c) && c != 0x130) return c + 1;
  if (c == 0x178) return 0xFF;
  if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) return c + 0x20;
  if (c >= 0x410 && c <= 0x42F) return c + 0x20;
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;
  return c;
}

char32_t upper(char32_t c) {
  if (c >= 'a' && c <= 'z') return c - 32;
  if (c == 0x131) return 'I';    // ı: the dotless small i
  if (c == 0x3C2) return 0x3A3;  // ς: the final sigma
  if (c >= 0xE0 && c <= 0xFE && c != 0xF7) return c - 0x20;
  if (c >= 0x101 && c <= 0x17F && c != 0x131 && c != 0x138 && c != 0x149 && c != 0x178 && latin_a_capital(c - 1)) {
    return c - 1;
  }
  if (c == 0xFF) return 0x178;
  if (c >= 0x3B1 && c <= 0x3C9 && c != 0x3C2) return c - 0x20;
  if (c >= 0x430 && c <= 0x44F) return c - 0x20;
  if (c >= 0x450 && c <= 0x45F) return c - 0x50;
  return c;
}

template <typename Map>
std::string map_code_points(std::string_view s, Map map) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    auto [c, n] = decode_at(s, i);
    std::string encoded = encode(map(c));
    // A malformed byte, or a code point without a UTF-8 form, is copied unchanged.
    if (n == 1 && static_cast<unsigned char>(s[i]) >= 0x80) encoded = std::string(1, s[i]);
    out += encoded.empty() ? std::string(s.substr(i, n)) : encoded;
    i += n;
  }
  return out;
}

}  // namespace

std::size_t length(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++n) i += decode_at(s, i).second;
  return n;
}

std::optional<std::size_t> offset(std::string_view s, std::int64_t index) {
  if (index < 0) return std::nullopt;
  std::size_t i = 0;
  for (std::int64_t k = 0; k < index; ++k) {
    if (i >= s.size()) return std::nullopt;
    i += decode_at(s, i).second;
  }
  return i;
}

std::size_t index_of_offset(std::string_view s, std::size_t byte_offset) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size() && i < byte_offset; ++n) i += decode_at(s, i).second;
  return n;
}

std::string encode(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    if (c >= 0xD800 && c <= 0xDFFF) return {};
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c <= 0x10FFFF) {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}

std::string to_lower(std::string_view s) { return map_code_points(s, lower); }
std::string to_upper(std::string_view s) { return map_code_points(s, upper); }

}  // namespace quarry::builtins::utf8
