// `quarry legality MATERIAL`: Lippold's legality table for a 3- or 4-man pawnless endgame.
#pragma once

namespace quarry::interpreter {

// argv[1] is "legality"; prints the table and returns the exit status.
int run_legality_command(int argc, char** argv);

}  // namespace quarry::interpreter
