// The command line: CQL 6 / CQLi-compatible options, `quarry perft`, and the run's exit status.
#pragma once

namespace quarry::interpreter {

// Exit statuses: 0 success, 1 query error (also a game that failed at run time), 2 usage error,
// 3 input/output error (docs/reliability.md).
int run_command_line(int argc, char** argv);

}  // namespace quarry::interpreter
