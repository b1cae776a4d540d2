// The command line: CQL 6 / CQLi-compatible options, `quarry perft`, and the run's exit status.
#pragma once

#include "interpreter/registry.h"

namespace quarry::interpreter {

// Exit statuses: 0 success, 1 query error (also a game that failed at run time), 2 usage error,
// 3 input/output error (docs/reliability.md).
// The filters come from `registry` (app/ passes the standard one).
int run_command_line(int argc, char** argv, const Registry& registry);

}  // namespace quarry::interpreter
