// quarry: runs Chess Query Language queries over PGN files, or explores them in the REPL.
// The one place that chooses the filters: the standard registry of builtins/.
#include <cstdio>
#include <new>

#include "builtins/builtins.h"
#include "interpreter/cli.h"
#include "interpreter/exit_status.h"
#include "repl/repl.h"

// Memory runs out per game inside the run (that game fails); anywhere else it ends the run
// with the input/output status rather than an abort.
int main(int argc, char** argv) {
  try {
    const quarry::interpreter::Registry& registry = quarry::builtins::standard_registry();
    if (quarry::repl::is_repl_invocation(argc, argv)) return quarry::repl::run_repl(argc, argv, registry);
    return quarry::interpreter::run_command_line(argc, argv, registry);
  } catch (const std::bad_alloc&) {
    std::fputs("quarry: out of memory\n", stderr);
    return quarry::interpreter::kExitIo;
  }
}
