// Comment text as the PGN writer writes it.
#include "chess/pgn_comment_text.h"

namespace quarry::chess {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

void append_readable_comment(std::string& out, std::string_view text) {
  const std::size_t begin = out.size();
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') continue;
      c = '\n';
    }
    if (c == '[' && out.size() > begin && out.back() == '\n') out += ' ';
    out += c;
  }
}

void assign_compact_text(std::string& out, std::string_view text) {
  out.clear();
  for (char c : text) {
    if (!is_blank(c)) {
      out += c;
    } else if (!out.empty() && out.back() != ' ') {
      out += ' ';
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
}

}  // namespace quarry::chess
