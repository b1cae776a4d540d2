// Every registered keyword is exercised by some test in this folder.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "builtins/builtins.h"

TEST_CASE("every registered filter has a test", "[registry]") {
  std::string all_tests;
  for (const auto& entry : std::filesystem::directory_iterator(QUARRY_BUILTIN_TESTS_DIR)) {
    if (entry.path().extension() != ".cpp" || entry.path().filename() == "registry_coverage_test.cpp") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    all_tests += text.str();
  }
  REQUIRE_FALSE(all_tests.empty());
  for (const auto& spec : quarry::builtins::standard_registry().specs()) {
    // The keyword must appear inside a query string of some test: "… keyword …".
    std::regex used("\"[^\"\\n]*\\b" + std::string(spec.shape.name) + "\\b");
    INFO("keyword without a test: " << spec.shape.name);
    CHECK(std::regex_search(all_tests, used));
  }
}
