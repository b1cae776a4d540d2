// The command line: CQL 6 / CQLi-compatible options, `quarry perft`, and the run's exit status.
#pragma once

namespace quarry::interpreter {

// Exit statuses: 0 success, 1 query error, 2 usage error, 3 input/output error.
int run_command_line(int argc, char** argv);

}  // namespace quarry::interpreter
