// Help texts generated from the registry (see filter_help.h).
#include "interpreter/filter_help.h"

#include <algorithm>
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

// How many arguments --help shows for a keyword, and whether more may follow the last.
struct ArgumentSlots {
  std::size_t shown = 0;
  std::size_t required = 0;
  bool more = false;
};

ArgumentSlots argument_slots(const FilterSpec& spec) {
  using grammar::ShapeKind;
  const grammar::KeywordShape& shape = spec.shape;
  ArgumentSlots slots;
  slots.shown = spec.types.arguments.size();
  if (shape.max_arguments > 0) slots.shown = std::max(slots.shown, static_cast<std::size_t>(shape.max_arguments));
  slots.shown = std::max(slots.shown, static_cast<std::size_t>(std::max(shape.min_arguments, 0)));
  slots.required = slots.shown;
  if (shape.kind == ShapeKind::Call || shape.kind == ShapeKind::CallOrPrefix) {
    slots.required = static_cast<std::size_t>(std::max(shape.min_arguments, 0));
  }
  if (shape.kind == ShapeKind::Prefix && shape.argument_if_string) slots.required = 0;
  slots.more = shape.max_arguments < 0 || shape.kind == ShapeKind::Line;
  return slots;
}

}  // namespace

std::string type_label(TypeSet types) {
  if (types == kAnyFilter) return "Any";
  constexpr std::string_view kLabels[] = {"None", "Logical", "Numeric", "Set", "Position", "String", "Piece", "Dictionary"};
  std::string text;
  for (std::size_t i = 0; i < std::size(kLabels); ++i) {
    if (types.contains(static_cast<ValueType>(i))) text += (text.empty() ? "" : "|") + std::string(kLabels[i]);
  }
  return text;
}

std::string signature_text(const FilterSpec& spec, bool unicode) {
  const std::vector<TypeSet>& declared = spec.types.arguments;
  const ArgumentSlots slots = argument_slots(spec);
  const std::size_t shown = declared.empty() ? 0 : std::max<std::size_t>(slots.shown, slots.more ? 1 : 0);
  std::string text;
  for (std::size_t i = 0; i < shown; ++i) {
    std::string label = type_label(declared[std::min(i, declared.size() - 1)]);
    if (slots.more && i + 1 == shown) label += unicode ? "…" : "...";  // and any number more
    text += (i >= slots.required ? "[" + label + "]" : label) + " ";
  }
  return text + (unicode ? "→ " : "-> ") + type_label(spec.types.result);
}

std::string filter_help_line(const FilterSpec& spec, bool unicode) {
  std::string name(spec.shape.name);
  // Most summaries begin with the filter's usage; the others get its name in front.
  bool named = spec.summary.substr(0, name.size()) == name &&
               (spec.summary.size() == name.size() || !std::isalnum(static_cast<unsigned char>(spec.summary[name.size()])));
  return (named ? std::string() : name + ": ") + std::string(spec.summary) + "  :: " + signature_text(spec, unicode);
}

std::string filter_list(const Registry& registry, bool unicode) {
  std::string out;
  for_each_family(registry, [&](std::string_view family, std::size_t begin, std::size_t end) {
    out += std::string(family.empty() ? "other" : family) + ":\n";
    for (std::size_t i = begin; i < end; ++i) {
      out += "  " + filter_help_line(registry.specs()[i], unicode) + "\n";
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
