// quarry: runs Chess Query Language queries over PGN files, or explores them in the REPL.
#include "interpreter/cli.h"
#include "repl/repl.h"

int main(int argc, char** argv) {
  if (quarry::repl::is_repl_invocation(argc, argv)) return quarry::repl::run_repl(argc, argv);
  return quarry::interpreter::run_command_line(argc, argv);
}
