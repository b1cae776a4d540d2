// quarry: runs Chess Query Language queries over PGN files, or explores them in the REPL.
#include <cstdio>
#include <new>

#include "interpreter/cli.h"
#include "repl/repl.h"

// Memory runs out per game inside the run (that game fails); anywhere else it ends the run
// with the input/output status rather than an abort.
int main(int argc, char** argv) {
  try {
    if (quarry::repl::is_repl_invocation(argc, argv)) return quarry::repl::run_repl(argc, argv);
    return quarry::interpreter::run_command_line(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fputs("quarry: out of memory\n", stderr);
    return 3;
  }
}
