// quarry: runs Chess Query Language queries over PGN files.
#include <cstdio>
#include <new>

#include "interpreter/cli.h"

// Memory runs out per game inside the run (that game fails); anywhere else it ends the run
// with the input/output status rather than an abort.
int main(int argc, char** argv) {
  try {
    return quarry::interpreter::run_command_line(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fputs("quarry: out of memory\n", stderr);
    return 3;
  }
}
