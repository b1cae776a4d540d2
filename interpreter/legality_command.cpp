// `quarry legality MATERIAL`: classifies every position of the endgame (seed 002) and prints the
// counts per side to move, the four columns of Lippold's Table 1 last.
#include "interpreter/legality_command.h"

#include <chrono>
#include <cstdio>
#include <string>

#include "chess/lippold.h"

namespace quarry::interpreter {

int run_legality_command(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: quarry legality MATERIAL   (e.g. KQK, KRK, KQKR: 3 or 4 men, no pawns)\n");
    return 2;
  }
  std::string error;
  std::optional<chess::LippoldEndgame> endgame = chess::LippoldEndgame::parse(argv[2], &error);
  if (!endgame) {
    std::fprintf(stderr, "quarry legality: %s\n", error.c_str());
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  endgame->solve();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const unsigned long long placements = endgame->placement_count();
  std::printf("Lippold legality of %s: %llu placements per side to move\n", endgame->material().c_str(), placements);
  std::printf("%-7s %18s %18s %16s %17s\n", "to move", "initially illegal", "derivedly illegal", "legal (correct)",
              "legal (complete)");
  for (chess::Color side : {chess::Color::White, chess::Color::Black}) {
    const unsigned long long correct = endgame->correct_count(side);
    const unsigned long long complete = endgame->complete_count(side);
    std::printf("%-7s %18llu %18llu %16llu %17llu\n", side == chess::Color::White ? "White" : "Black",
                placements - complete, complete - correct, correct, complete);
  }
  std::printf("lcorW lcomW lcorB lcomB: %llu %llu %llu %llu\n",
              static_cast<unsigned long long>(endgame->correct_count(chess::Color::White)),
              static_cast<unsigned long long>(endgame->complete_count(chess::Color::White)),
              static_cast<unsigned long long>(endgame->correct_count(chess::Color::Black)),
              static_cast<unsigned long long>(endgame->complete_count(chess::Color::Black)));
  std::fprintf(stderr, "solved in %.2f s\n", seconds);
  return 0;
}

}  // namespace quarry::interpreter
