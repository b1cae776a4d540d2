// Test helper: runs a query over PGN text through the real runner, in a private directory.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "builtins/builtins.h"
#include "interpreter/query.h"
#include "interpreter/runner.h"
#include "scratch_files.h"

namespace quarry::testing {

inline std::filesystem::path stress_directory(const std::string& name) { return scratch_directory("stress-" + name); }

struct StressRun {
  bool compiled = false;
  std::string diagnostics;
  bool ok = false;
  interpreter::RunStats stats;
  std::string output;
};

// Compiles `query`, runs it over `pgn` with `settings` (inputs and output are filled in).
inline StressRun run_stress(const std::string& query, const std::string& pgn, interpreter::RunSettings settings = {},
                            interpreter::CompileOptions options = {}) {
  StressRun r;
  auto dir = stress_directory("run");
  std::ofstream(dir / "in.pgn", std::ios::binary) << pgn;
  grammar::SourceFile file("stress.cql", query);
  grammar::Diagnostics diagnostics;
  auto compiled = interpreter::compile_query(file, builtins::standard_registry(), diagnostics, nullptr, options);
  r.diagnostics = diagnostics.render();
  r.compiled = compiled.has_value();
  if (compiled) {
    settings.inputs = {(dir / "in.pgn").string()};
    settings.output = (dir / "out.pgn").string();
    r.ok = interpreter::run_query(*compiled, settings, r.stats);
    r.output = slurp(dir / "out.pgn");
  }
  std::filesystem::remove_all(dir);
  return r;
}

// A legal game of `plies` knight moves back and forth (Nf3 Nf6 Ng1 Ng8 …).
inline std::string shuffling_game(int plies) {
  static const char* const kCycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  std::string pgn = "[Event \"long\"]\n[Result \"*\"]\n\n";
  for (int i = 0; i < plies; ++i) {
    if (i % 2 == 0) pgn += std::to_string(i / 2 + 1) + ". ";
    pgn += kCycle[i % 4];
    pgn += (i % 16 == 15) ? "\n" : " ";
  }
  return pgn + " *\n";
}

}  // namespace quarry::testing
