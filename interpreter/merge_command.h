// `quarry merge STATE… -o OUT`: finishes shard runs (--state-out) as one run over all their
// input would: merged counts, dictionaries and persistent variables, cqlend, the final report,
// and the matched games in input (or sorted) order.
#pragma once

namespace quarry::interpreter {

// argv[1] is "merge". Returns the process exit status.
int run_merge(int argc, char** argv);

}  // namespace quarry::interpreter
