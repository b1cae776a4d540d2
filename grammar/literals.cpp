// Decoding of literal tokens: piece designators and string escapes.
#include <string>

#include "grammar/parser.h"
#include "grammar/syntax.h"

namespace quarry::grammar {
namespace {

// Content bit for a piece letter, 0 when the letter is no piece letter.
std::uint16_t content_of(char c) {
  switch (c) {
    case '_': return content::kEmpty;
    case 'A': return content::kAllWhite;
    case 'a': return content::kAllBlack;
    case 'P': return 1u << 1;
    case 'N': return 1u << 2;
    case 'B': return 1u << 3;
    case 'R': return 1u << 4;
    case 'Q': return 1u << 5;
    case 'K': return 1u << 6;
    case 'p': return 1u << 7;
    case 'n': return 1u << 8;
    case 'b': return 1u << 9;
    case 'r': return 1u << 10;
    case 'q': return 1u << 11;
    case 'k': return 1u << 12;
    default: return 0;
  }
}

// One `a-h1-8`-style square designator starting at text[i]; advances i.
bool simple_square(std::string_view text, std::size_t& i, std::uint64_t& squares) {
  auto in = [&](char lo, char hi) { return i < text.size() && text[i] >= lo && text[i] <= hi; };
  if (!in('a', 'h')) return false;
  int file_lo = text[i++] - 'a', file_hi = file_lo;
  if (i + 1 < text.size() && text[i] == '-' && text[i + 1] >= 'a' && text[i + 1] <= 'h') {
    file_hi = text[i + 1] - 'a';
    i += 2;
  }
  if (!in('1', '8')) return false;
  int rank_lo = text[i++] - '1', rank_hi = rank_lo;
  if (i + 1 < text.size() && text[i] == '-' && text[i + 1] >= '1' && text[i + 1] <= '8') {
    rank_hi = text[i + 1] - '1';
    i += 2;
  }
  if (file_lo > file_hi || rank_lo > rank_hi) return false;  // CQL writes ranges low to high
  for (int f = file_lo; f <= file_hi; ++f)
    for (int r = rank_lo; r <= rank_hi; ++r) squares |= std::uint64_t{1} << (r * 8 + f);
  return true;
}

bool square_designator(std::string_view text, std::size_t& i, std::uint64_t& squares) {
  if (i < text.size() && text[i] == '[') {
    ++i;
    while (true) {
      while (i < text.size() && text[i] == ' ') ++i;
      if (!simple_square(text, i, squares)) return false;
      while (i < text.size() && text[i] == ' ') ++i;
      if (i < text.size() && text[i] == ',') { ++i; continue; }
      if (i < text.size() && text[i] == ']') { ++i; return true; }
      return false;
    }
  }
  return simple_square(text, i, squares);
}

}  // namespace

bool decode_piece_designator(std::string_view text, std::uint16_t& mask, std::uint64_t& squares) {
  mask = 0;
  squares = 0;
  if (text == ".") { mask = content::kAll; squares = ~std::uint64_t{0}; return true; }
  std::size_t i = 0;
  if (!text.empty() && text[0] == '[' && text.find_first_not_of("[ ]") == std::string_view::npos) return true;  // []
  // A piece part is one letter, or a bracketed list of letters; a square list starts "[a1".
  if (!text.empty() && content_of(text[0]) != 0) {
    mask = content_of(text[0]);
    i = 1;
  } else if (text.size() > 1 && text[0] == '[' && content_of(text[1]) != 0 &&
             !(text[1] >= 'a' && text[1] <= 'h' && text.size() > 2 && (text[2] == '-' || (text[2] >= '1' && text[2] <= '8')))) {
    for (i = 1; i < text.size() && text[i] != ']'; ++i) {
      std::uint16_t c = content_of(text[i]);
      if (c == 0) return false;
      mask |= c;
    }
    if (i == text.size()) return false;
    ++i;
  }
  // `a1` is a square, not piece `a` on rank 1: an `a`/`b` piece letter followed by a rank digit or
  // `-` was really the start of a square designator.
  if (i == 1 && text.size() > 1 && text[0] >= 'a' && text[0] <= 'h' &&
      (text[1] == '-' || (text[1] >= '1' && text[1] <= '8'))) {
    i = 0;
    mask = 0;
  }
  if (mask == 0) mask = content::kAll;
  if (i == text.size()) { squares = ~std::uint64_t{0}; return true; }
  if (!square_designator(text, i, squares)) return false;
  return i == text.size();
}

bool unescape_string(std::string_view token, std::string& out, std::string& error) {
  out.clear();
  // `\n` `\t` `\r` `\"` `\\` written outside quotes are one-character strings.
  std::string_view body = token.starts_with('\\') ? token : token.substr(1, token.size() >= 2 ? token.size() - 2 : 0);
  for (std::size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\') { out += c; continue; }
    if (++i == body.size()) { error = "string ends in a lone backslash"; return false; }
    switch (body[i]) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      default:
        // Backslash-digit and \{name} are regular-expression references: kept for the regex engine.
        out += '\\';
        out += body[i];
    }
  }
  return true;
}

}  // namespace quarry::grammar
