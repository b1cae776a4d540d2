// Help texts generated from the registry: the filter list of `quarry --help filters` and the
// REPL's `:help filters`, and the filter index docs/language.md keeps (a test compares them).
#pragma once

#include <string>

#include "interpreter/registry.h"

namespace quarry::interpreter {

// The keyword's usage and summary on one line.
std::string filter_help_line(const FilterSpec& spec);

// Every keyword with its summary, grouped by family in registration order.
std::string filter_list(const Registry& registry);

// The "Filter index" section of docs/language.md: each family with its keywords, as Markdown.
std::string filter_index_markdown(const Registry& registry);

}  // namespace quarry::interpreter
