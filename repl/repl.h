// `quarry repl [games.pgn | FEN] [--ascii]` (also `quarry --repl …`): the interactive session.
#pragma once

#include "interpreter/registry.h"

namespace quarry::repl {

// Whether the command line asks for the REPL (its first argument is `repl` or `--repl`).
bool is_repl_invocation(int argc, char** argv);

// Runs the session until :quit or the end of input. Exit status 0, or 2 for a usage error.
// The filters come from `registry` (the app passes the standard one).
int run_repl(int argc, char** argv, const interpreter::Registry& registry);

}  // namespace quarry::repl
