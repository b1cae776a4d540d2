// The PGN output options on the command line, and the settings they make.
#include "interpreter/pgn_format_options.h"

#include <algorithm>
#include <memory>
#include <regex>

#include <CLI/CLI.hpp>

namespace quarry::interpreter {
namespace {

constexpr const char* kGroup = "PGN output";

// Every pattern of a tag-pattern option must compile: said at parse time, not after the run.
std::string check_pattern(const std::string& pattern) {
  try {
    std::regex compiled(pattern, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    return "not a valid regular expression (" + std::string(e.what()) + "): " + pattern;
  }
  return {};
}

// A flag with its --no… form, both setting `value`.
void add_switch(CLI::App& app, const std::string& name, bool& value, const std::string& help) {
  app.add_flag("--" + name + ",!--no" + name, value, help)->group(kGroup);
}

std::vector<std::regex> compile_all(const std::vector<std::string>& patterns) {
  std::vector<std::regex> out;
  out.reserve(patterns.size());
  for (const std::string& p : patterns) out.emplace_back(p, std::regex::ECMAScript);
  return out;
}

}  // namespace

void add_pgn_format_options(CLI::App& app, PgnFormatOptions& options) {
  chess::PgnFormat& f = options.settings.format;
  app.add_option("--pgnlinewidth", f.line_width, "longest line of written movetext (default 79)")
      ->check(CLI::Range(1, 1000000))
      ->group(kGroup);
  add_switch(app, "elidecomments", f.elide_comments, "leave out the games' own comments (the query's stay)");
  add_switch(app, "elidenags", f.elide_nags, "leave out NAGs ($1, $2 …)");
  add_switch(app, "elidevariations", f.elide_variations, "write the mainline only");
  add_switch(app, "compactcomments", f.compact_comments,
             "write each comment on one line, every run of spaces and line ends as one space");
  add_switch(app, "coalescecomments", f.coalesce_comments,
             "join the comments at one place into one {…}, separated by a space");
  add_switch(app, "uniquecomments", f.unique_comments, "write a comment repeated at one place once");
  add_switch(app, "compactmoves", f.compact_moves, "no space after a move number: 1.e4 (default; --nocompactmoves: 1. e4)");
  add_switch(app, "compactvariations", f.compact_variations,
             "no space inside a variation's parentheses (default; --nocompactvariations: ( 1...c5 ))");
  add_switch(app, "movenumbers", f.move_numbers, "write move numbers (default; --nomovenumbers: none)");
  add_switch(app, "movenumberaftercomment", f.move_number_after_comment,
             "black's move after a comment gets its number, 3...Nf6 (default)");
  add_switch(app, "movenumberafternag", f.move_number_after_nag, "black's move after a NAG gets its number");
  add_switch(app, "splitmoves", f.split_moves, "a line may break between a move number and its move");
  app.add_option("--includetagpattern", options.include_tag_patterns,
                 "write only tags whose name matches this regular expression (repeatable)")
      ->check(check_pattern)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->group(kGroup);
  app.add_option("--excludetagpattern", options.exclude_tag_patterns,
                 "leave out tags whose name matches this regular expression (repeatable)")
      ->check(check_pattern)
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->group(kGroup);
  PgnOutputSettings& s = options.settings;
  app.add_flag("!--alwayscomment,!--nosmartcomments", s.smart_comments,
               "keep the comments of filters that failed (no smart comments)")
      ->group(kGroup);
  app.add_flag("--nosettag{false}", s.apply_settag, "settag changes no tag of the output")->group(kGroup);
  app.add_flag("--noremovetag{false}", s.apply_removetag, "removetag removes no tag from the output")->group(kGroup);
  app.add_flag("--noremovecomment{false}", s.apply_removecomment, "removecomment removes no comment from the output")
      ->group(kGroup);
}

PgnOutputSettings pgn_output_settings(const PgnFormatOptions& options) {
  PgnOutputSettings s = options.settings;
  if (options.include_tag_patterns.empty() && options.exclude_tag_patterns.empty()) return s;
  auto include = std::make_shared<const std::vector<std::regex>>(compile_all(options.include_tag_patterns));
  auto exclude = std::make_shared<const std::vector<std::regex>>(compile_all(options.exclude_tag_patterns));
  s.format.keep_tag = [include, exclude](std::string_view name) {
    auto matches = [name](const std::regex& r) { return std::regex_search(name.begin(), name.end(), r); };
    const bool included = include->empty() || std::any_of(include->begin(), include->end(), matches);
    return included && std::none_of(exclude->begin(), exclude->end(), matches);
  };
  return s;
}

}  // namespace quarry::interpreter
