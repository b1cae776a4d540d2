// `quarry repl [games.pgn | FEN] [--ascii]` (also `quarry --repl …`): the interactive session.
#pragma once

namespace quarry::repl {

// Whether the command line asks for the REPL (its first argument is `repl` or `--repl`).
bool is_repl_invocation(int argc, char** argv);

// Runs the session until :quit or the end of input. Exit status 0, or 2 for a usage error.
int run_repl(int argc, char** argv);

}  // namespace quarry::repl
