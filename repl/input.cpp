// Continuation lines and completion candidates.
#include "repl/input.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "grammar/parser.h"

namespace quarry::repl {
namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$'; }

void add_matching(std::vector<std::string>& out, const std::vector<std::string>& words, std::string_view prefix) {
  for (const std::string& w : words) {
    if (w.size() >= prefix.size() && std::string_view(w).substr(0, prefix.size()) == prefix) out.push_back(w);
  }
}

bool is_tag_name(std::string_view word) {
  if (word.size() < 2 || !std::isupper(static_cast<unsigned char>(word[0]))) return false;
  std::uint16_t mask = 0;
  std::uint64_t squares = 0;
  return !grammar::decode_piece_designator(word, mask, squares);
}

}  // namespace

// `White ~~ "Tal"`: a capitalised word that is not a piece designator is a PGN tag name and
// reads as (tag "White"). Strings and comments are left alone.
std::string tag_words_to_filters(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '"') {
      std::size_t end = i + 1;
      while (end < text.size() && text[end] != '"') end += text[end] == '\\' ? 2 : 1;
      end = std::min(end + 1, text.size());
      out.append(text.substr(i, end - i));
      i = end;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t end = i;
      while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
      std::string_view word = text.substr(i, end - i);
      out += is_tag_name(word) ? "(tag \"" + std::string(word) + "\")" : std::string(word);
      i = end;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

bool needs_more_input(std::string_view text) {
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (c == '"') {
      // A string ends at its closing quote or, unterminated, at the end of the line.
      for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i) {
        if (text[i] == '\\') ++i;
      }
    } else if (c == '/' && next == '/') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '/' && next == '*') {
      std::size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos) return true;
      i = end + 1;
    } else if (c == '{' || c == '(' || c == '[') {
      ++depth;
    } else if ((c == '}' || c == ')' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return depth > 0;
}

std::vector<std::string> complete_path(std::string_view partial) {
  std::string_view directory = partial.substr(0, partial.rfind('/') == std::string_view::npos ? 0 : partial.rfind('/') + 1);
  std::string_view base = partial.substr(directory.size());
  std::vector<std::string> paths;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory.empty() ? "." : std::string(directory), error)) {
    std::string name = entry.path().filename().string();
    if (name.compare(0, base.size(), base) != 0 || (name.front() == '.' && base.empty())) continue;
    std::error_code kind_error;
    paths.push_back(std::string(directory) + name + (entry.is_directory(kind_error) ? "/" : ""));
  }
  return paths;
}

Completion complete(std::string_view line, const CompletionWords& words) {
  Completion result;
  // After a command that takes a file, the word is a path.
  for (std::string_view command : {":load ", ":run ", ":source "}) {
    std::size_t first = line.find_first_not_of(' ');
    if (first == std::string_view::npos || line.substr(first, command.size()) != command) continue;
    std::size_t start = line.find_first_not_of(' ', first + command.size());
    result.word_start = start == std::string_view::npos ? line.size() : start;
    result.candidates = complete_path(line.substr(result.word_start));
    std::sort(result.candidates.begin(), result.candidates.end());
    return result;
  }
  std::size_t start = line.size();
  while (start > 0 && is_word_char(line[start - 1])) --start;
  std::size_t first = line.find_first_not_of(' ');
  bool command_word = start > 0 && line[start - 1] == ':' && first == start - 1;
  if (command_word) --start;
  result.word_start = start;
  std::string_view prefix = line.substr(start);
  if (command_word) {
    add_matching(result.candidates, words.commands, prefix);
  } else {
    bool after_help = line.substr(0, start).find(":help") == (first == std::string_view::npos ? 0 : first);
    add_matching(result.candidates, words.filters, prefix);
    if (!after_help) add_matching(result.candidates, words.names, prefix);
  }
  std::sort(result.candidates.begin(), result.candidates.end());
  result.candidates.erase(std::unique(result.candidates.begin(), result.candidates.end()), result.candidates.end());
  return result;
}

std::string common_prefix(const std::vector<std::string>& words) {
  if (words.empty()) return {};
  std::string prefix = words[0];
  for (const std::string& w : words) {
    std::size_t n = 0;
    while (n < prefix.size() && n < w.size() && prefix[n] == w[n]) ++n;
    prefix.resize(n);
  }
  return prefix;
}

}  // namespace quarry::repl
