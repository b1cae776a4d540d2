// Help texts generated from the registry (see filter_help.h).
#include "interpreter/filter_help.h"

#include <cctype>
#include <string_view>

namespace quarry::interpreter {
namespace {

// Calls visit(family, first, last) for each run of specs registered by one family.
template <typename Visit>
void for_each_family(const Registry& registry, Visit visit) {
  const std::vector<FilterSpec>& specs = registry.specs();
  std::size_t begin = 0;
  while (begin < specs.size()) {
    std::size_t end = begin + 1;
    while (end < specs.size() && specs[end].family == specs[begin].family) ++end;
    visit(specs[begin].family, begin, end);
    begin = end;
  }
}

}  // namespace

std::string filter_help_line(const FilterSpec& spec) {
  std::string name(spec.shape.name);
  // Most summaries begin with the filter's usage; the others get its name in front.
  bool named = spec.summary.substr(0, name.size()) == name &&
               (spec.summary.size() == name.size() || !std::isalnum(static_cast<unsigned char>(spec.summary[name.size()])));
  return (named ? std::string() : name + ": ") + std::string(spec.summary);
}

std::string filter_list(const Registry& registry) {
  std::string out;
  for_each_family(registry, [&](std::string_view family, std::size_t begin, std::size_t end) {
    out += std::string(family.empty() ? "other" : family) + ":\n";
    for (std::size_t i = begin; i < end; ++i) {
      out += "  " + filter_help_line(registry.specs()[i]) + "\n";
    }
  });
  return out;
}

std::string filter_index_markdown(const Registry& registry) {
  std::string out;
  for_each_family(registry, [&](std::string_view family, std::size_t begin, std::size_t end) {
    out += "- " + std::string(family.empty() ? "other" : family) + ":";
    for (std::size_t i = begin; i < end; ++i) out += " `" + std::string(registry.specs()[i].shape.name) + "`";
    out += "\n";
  });
  return out;
}

}  // namespace quarry::interpreter
