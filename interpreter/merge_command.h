// `quarry merge STATE… -o OUT`: finishes shard runs (--state-out) as one run over all their
// input would: merged counts, dictionaries and persistent variables, cqlend, the final report,
// and the matched games in input (or sorted) order.
#pragma once

#include "interpreter/registry.h"

namespace quarry::interpreter {

// argv[1] is "merge". Returns the process exit status.
// The shards' query is compiled again against `registry`.
int run_merge(int argc, char** argv, const Registry& registry);

}  // namespace quarry::interpreter
