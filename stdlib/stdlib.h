// The CQL standard library: function definitions written in CQL, embedded at build time.
// Every query can call them; a query's own function of the same name takes precedence.
#pragma once

#include <span>
#include <string_view>

namespace quarry::stdlib {

struct StdlibFile {
  std::string_view name;  // "<stdlib>/attacks.cql", as diagnostics show it
  std::string_view text;
};

std::span<const StdlibFile> files();

}  // namespace quarry::stdlib
