// How the query diagnostics and --parse look on the console: CQLi's --ansicolors and
// --noconsoleunicode.
#include <algorithm>
#include <string>
#include <vector>

#include "interpreter/command_line.h"

namespace quarry::interpreter {
namespace {

constexpr std::string_view kEllipsis = "\xE2\x80\xA6";  // "…", which Diagnostics puts around cut lines

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The line under a quoted source line: two spaces, blanks, then ^ and ~s.
bool is_caret_line(const std::string& line) {
  std::size_t at = line.find_first_not_of(" \t");
  if (line.size() < 3 || line.compare(0, 2, "  ") != 0 || at == std::string::npos || line[at] != '^') return false;
  return line.find_first_not_of('~', at + 1) == std::string::npos;
}

std::size_t utf8_length(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

// ASCII only: "…" becomes "...", any other character '?' (`per_byte`: one per byte, so that a
// caret line, which counts bytes, still points at its text).
std::string ascii(const std::string& line, bool per_byte) {
  std::string out;
  for (std::size_t i = 0; i < line.size();) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (c < 0x80) {
      out += line[i++];
      continue;
    }
    const std::size_t n = std::min(utf8_length(c), line.size() - i);
    if (line.compare(i, kEllipsis.size(), kEllipsis) == 0) out += "...";
    else out.append(per_byte ? n : 1, '?');
    i += n;
  }
  return out;
}

std::string coloured(const std::string& line) {
  static const std::pair<std::string_view, std::string_view> kWords[] = {
      {": error:", "\x1b[1;31m"}, {": warning:", "\x1b[1;35m"}, {": note:", "\x1b[1;36m"}};
  for (const auto& [word, colour] : kWords) {
    if (std::size_t at = line.find(word); at != std::string::npos) {
      return line.substr(0, at + 2) + std::string(colour) + std::string(word.substr(2)) + "\x1b[0m" +
             line.substr(at + word.size());
    }
  }
  if (line.compare(0, 8, "  hint: ") == 0) return "  \x1b[36mhint:\x1b[0m" + line.substr(7);
  return line;
}

}  // namespace

std::string console_text(const CommandLine& cl, const std::string& text) {
  if (!cl.ansi_colors && cl.console_unicode) return text;
  std::vector<std::string> lines = lines_of(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool source_line = i + 1 < lines.size() && is_caret_line(lines[i + 1]);
    if (!cl.console_unicode) {
      // The caret line put one blank under a leading "…", which is now three characters wide.
      if (source_line && lines[i].compare(2, kEllipsis.size(), kEllipsis) == 0) lines[i + 1].insert(2, "  ");
      lines[i] = ascii(lines[i], source_line);
    }
    if (cl.ansi_colors && is_caret_line(lines[i])) {
      const std::size_t at = lines[i].find('^');
      lines[i] = lines[i].substr(0, at) + "\x1b[1;32m" + lines[i].substr(at) + "\x1b[0m";
    } else if (cl.ansi_colors && !source_line) {
      lines[i] = coloured(lines[i]);
    }
  }
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

}  // namespace quarry::interpreter
