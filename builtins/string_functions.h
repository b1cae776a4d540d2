// String-function entry points other families build on: CQL's conversion of filter results to
// text (shared by str, comment and message), implicit search, string length and substrings.
#pragma once

#include <string>
#include <vector>

#include "interpreter/filter.h"
#include "interpreter/registry.h"

namespace quarry::builtins {

// One argument of str/comment/message and how it prints.
struct TextArgument {
  interpreter::FilterPtr filter;
  bool logical = false;  // prints <true>/<false> (logical filters and comparisons) instead of a value
};

// The bound arguments of str/comment/message as text arguments. An implicit-search filter
// (`player white " plays"`) is split back into the filter and a separate string argument, as
// CQL reads a quoted string after such a filter inside these three (gadycosteff cql-6-1/str.html).
std::vector<TextArgument> text_arguments(interpreter::BindArguments& a);
// The arguments converted and concatenated: strings as they are, numbers in decimal, sets as
// square lists, piece variables as letter and square (`Ke1`), and `<false>` for an argument
// that fails to match.
std::string arguments_text(const std::vector<TextArgument>& arguments, interpreter::Context& ctx);

// `F "text"` for a string filter F: matches when text is a substring of F's value (no regex).
interpreter::FilterPtr make_implicit_search(interpreter::FilterPtr inner, std::string needle);
// Undoes make_implicit_search: true (and F and the text) when `filter` is one.
bool split_implicit_search(interpreter::FilterPtr& filter, std::string& needle);

// `#s` on a string filter: its length in bytes.
interpreter::FilterPtr make_string_length(interpreter::FilterPtr operand);
// `a in b` on string filters: a is a substring of b; fails when either has no value.
interpreter::FilterPtr make_substring_test(interpreter::FilterPtr needle, interpreter::FilterPtr haystack);

}  // namespace quarry::builtins
