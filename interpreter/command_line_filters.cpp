// CQL's command-line filters as query text: `--player K` is `player "K"`, `--year 1990 1999`
// is `year >= 1990 year <= 1999`, `--assign X 5` is `X = 5`. The text is compiled like --cql.
#include <string>
#include <vector>

#include "interpreter/command_line.h"

namespace quarry::interpreter {
namespace {

// A CQL string literal holding `value` exactly.
std::string quoted(const std::string& value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

bool is_number(const std::string& value) {
  std::size_t start = !value.empty() && value[0] == '-' ? 1 : 0;
  if (start == value.size() || value.size() - start > 18) return false;
  for (std::size_t i = start; i < value.size(); ++i) {
    if (value[i] < '0' || value[i] > '9') return false;
  }
  return true;
}

void add_tag_filters(std::string& text, const std::string& filter, const std::vector<std::string>& values) {
  for (const std::string& v : values) text += filter + " " + quoted(v) + "\n";
}

bool add_result(std::string& text, const std::string& result, std::string* error) {
  if (result.empty()) return true;
  std::string r = result == "1/2" || result == "=" ? "1/2-1/2" : result;
  if (r != "1-0" && r != "0-1" && r != "1/2-1/2" && r != "*") {
    *error = "--result takes 1-0, 0-1, 1/2-1/2 or *, not '" + result + "'";
    return false;
  }
  text += "result " + r + "\n";
  return true;
}

bool add_year(std::string& text, const std::vector<std::int64_t>& year, std::string* error) {
  if (year.empty()) return true;
  if (year.size() == 2 && year[1] < year[0]) {
    *error = "--year " + std::to_string(year[0]) + " " + std::to_string(year[1]) + ": the range is empty";
    return false;
  }
  if (year.size() == 1) text += "year == " + std::to_string(year[0]) + "\n";
  else text += "year >= " + std::to_string(year[0]) + " year <= " + std::to_string(year[1]) + "\n";
  return true;
}

bool is_text_key(const std::string& key) {
  for (const char* k : {"composer", "diagram", "firstcomment", "gbr", "search", "stipulation"}) {
    if (key == k) return true;
  }
  return false;
}

// --hhdb "KEY [WORDS]": `hhdb KEY`; a code or marker with brackets ("(c)", "<main>") is quoted, and
// after a text key (composer, gbr [part], …) the rest of the words is the string to search for.
void add_hhdb(std::string& text, const std::string& value) {
  std::vector<std::string> words;
  std::size_t at = 0;
  while ((at = value.find_first_not_of(' ', at)) != std::string::npos) {
    std::size_t end = value.find(' ', at);
    words.push_back(value.substr(at, end == std::string::npos ? std::string::npos : end - at));
    at = end;
  }
  if (words.empty()) return;
  std::string filter = "hhdb";
  std::size_t i = 0;
  for (; i < words.size(); ++i) {
    const std::string& w = words[i];
    const bool bracketed = w[0] == '(' || w[0] == '<';
    filter += " " + (bracketed ? quoted(w) : w);
    if (is_text_key(w)) {
      ++i;
      if (w == "gbr" && i < words.size() &&
          (words[i] == "kings" || words[i] == "material" || words[i] == "pawns" || words[i] == "pieces")) {
        filter += " " + words[i++];
      }
      break;
    }
  }
  if (i < words.size()) {
    std::string search = words[i];
    for (++i; i < words.size(); ++i) search += " " + words[i];
    filter += " " + quoted(search);
  }
  text += filter + "\n";
}

}  // namespace

bool command_line_filters(const CommandLine& cl, std::string& text, std::string* error) {
  text.clear();
  for (const std::string& t : cl.cql_texts) text += t + "\n";
  add_tag_filters(text, "player", cl.players);
  add_tag_filters(text, "player white", cl.whites);
  add_tag_filters(text, "player black", cl.blacks);
  add_tag_filters(text, "event", cl.events);
  add_tag_filters(text, "site", cl.sites);
  if (!add_result(text, cl.result, error) || !add_year(text, cl.year, error)) return false;
  add_tag_filters(text, "fen", cl.fens);
  if (cl.wtm) text += "wtm\n";
  if (cl.btm) text += "btm\n";
  if (cl.virtual_mainline) text += "virtualmainline\n";
  for (const std::string& h : cl.hhdb) add_hhdb(text, h);
  return true;
}

std::string assignment_text(const std::vector<std::pair<std::string, std::string>>& assignments) {
  std::string text;
  for (const auto& [name, value] : assignments) text += name + " = " + (is_number(value) ? value : quoted(value)) + "\n";
  return text;
}

}  // namespace quarry::interpreter
