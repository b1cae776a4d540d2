// quarry: runs Chess Query Language queries over PGN files.
#include "interpreter/cli.h"

int main(int argc, char** argv) { return quarry::interpreter::run_command_line(argc, argv); }
