// Every input kept in fuzz/regressions/TARGET/ (crashes, hangs and the probe's cases) replays
// through its fuzz entry point in the normal test run, in every build, sanitizers included.
#include <catch2/catch.hpp>

#include "fuzz/fuzz_entries.h"
#include "stress/stress_run.h"

namespace fs = std::filesystem;

TEST_CASE("kept fuzz inputs replay without failing", "[stress][fuzz]") {
  const fs::path root = fs::path(QUARRY_SOURCE_DIR) / "fuzz" / "regressions";
  std::size_t replayed = 0;
  for (const auto& target : fs::directory_iterator(root)) {
    auto entry = quarry::fuzz::entry_named(target.path().filename().string());
    INFO(target.path());
    REQUIRE(entry != nullptr);
    for (const auto& input : fs::directory_iterator(target.path())) {
      INFO(input.path());
      entry(quarry::testing::slurp(input.path()));
      ++replayed;
    }
  }
  CHECK(replayed >= 8);
}

TEST_CASE("every wrapper of the imagine target compiles, so its inputs reach imaginary positions", "[stress][fuzz]") {
  for (std::size_t picker = 0; picker < quarry::fuzz::imaginary_wrapper_count(); ++picker) {
    const std::string text = quarry::fuzz::imaginary_query(static_cast<unsigned char>(picker), "mate");
    INFO(text);
    quarry::grammar::SourceFile file("imagine.cql", text);
    quarry::grammar::Diagnostics diagnostics;
    CHECK(quarry::interpreter::compile_query(file, quarry::builtins::standard_registry(), diagnostics).has_value());
  }
}
