// Help texts generated from the registry: the filter list of `quarry --help filters` and the
// REPL's `:help filters`, and the filter index docs/language.md keeps (a test compares them).
#pragma once

#include <string>

#include "interpreter/registry.h"

namespace quarry::interpreter {

// A set of types as --help writes it: "Set", "Numeric|Set", "Any" (any filter).
std::string type_label(TypeSet types);

// The keyword's declared types: "Set Set → Set", "[Numeric|Set] → Position" (an optional
// argument), "Set Set… → Set" (two or more); with `unicode` off, "->" and "...".
std::string signature_text(const FilterSpec& spec, bool unicode = true);

// The keyword's usage, summary and signature on one line: "tag \"Name\": … :: String → String".
std::string filter_help_line(const FilterSpec& spec, bool unicode = true);

// Every keyword with its summary and signature, grouped by family in registration order.
std::string filter_list(const Registry& registry, bool unicode = true);

// The "Filter index" section of docs/language.md: each family with its keywords, as Markdown.
std::string filter_index_markdown(const Registry& registry);

}  // namespace quarry::interpreter
