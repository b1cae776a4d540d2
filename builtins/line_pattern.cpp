// Reads a line filter's constituents and quantifiers from its bound parameters (line_pattern.h).
#include "builtins/line_pattern.h"

#include <utility>

namespace quarry::builtins::line_search {

using interpreter::BoundParameter;
using grammar::ParameterWord;

Pattern line_pattern(interpreter::BindArguments& a) {
  Pattern pattern;
  pattern.sequences.emplace_back();
  std::vector<int> open{0};  // the sequences being filled, innermost last
  auto add = [&](Item item) { pattern.sequences[static_cast<std::size_t>(open.back())].push_back(item); };
  for (const BoundParameter& p : a.parameters) {
    const ParameterWord name = p.syntax->word;
    if (name == ParameterWord::GroupOpen) {
      open.push_back(static_cast<int>(pattern.sequences.size()));
      pattern.sequences.emplace_back();
    } else if ((name == ParameterWord::Repeat && pattern.filters.size() < a.arguments.size()) ||
               (name == ParameterWord::GroupClose && open.size() > 1)) {
      Item item{-1, -1, p.syntax->values[0]->number, p.syntax->values[1]->number};
      if (name == ParameterWord::Repeat) {
        item.filter = static_cast<int>(pattern.filters.size());
        pattern.filters.push_back(std::move(a.arguments[pattern.filters.size()]));
      } else {
        item.sequence = open.back();
        open.pop_back();
      }
      add(item);
    }
  }
  return pattern;
}

}  // namespace quarry::builtins::line_search
