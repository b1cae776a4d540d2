// docs/language.md's filter index and the help texts agree with the registry.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "builtins/builtins.h"
#include "interpreter/filter_help.h"

namespace {

const char* const kIndexHeading = "## Filter index\n";

std::string read_language_doc() {
  std::ifstream in(std::filesystem::path(QUARRY_BUILTIN_TESTS_DIR) / ".." / ".." / "docs" / "language.md");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The list of the index section: its lines starting "- ", up to the next heading.
std::string documented_index(const std::string& doc) {
  std::size_t at = doc.find(kIndexHeading);
  if (at == std::string::npos) return {};
  std::size_t end = doc.find("\n#", at + 1);
  std::istringstream section(doc.substr(at, end == std::string::npos ? std::string::npos : end - at));
  std::string list, line;
  while (std::getline(section, line)) {
    if (line.rfind("- ", 0) == 0) list += line + "\n";
  }
  return list;
}

}  // namespace

TEST_CASE("docs/language.md lists every registered filter, by family, and no other", "[registry][docs]") {
  const std::string doc = read_language_doc();
  REQUIRE_FALSE(doc.empty());
  const std::string expected = quarry::interpreter::filter_index_markdown(quarry::builtins::standard_registry());
  INFO("the filter index in docs/language.md (section '## Filter index') should read:\n" << expected);
  CHECK(documented_index(doc) == expected);
}

TEST_CASE("the filter list of --help filters and :help filters covers every keyword", "[registry]") {
  const auto& registry = quarry::builtins::standard_registry();
  const std::string list = quarry::interpreter::filter_list(registry);
  for (const auto& spec : registry.specs()) {
    INFO(spec.shape.name);
    CHECK_FALSE(spec.family.empty());
    CHECK(list.find("  " + quarry::interpreter::filter_help_line(spec) + "\n") != std::string::npos);
  }
  // Families head their groups in registration order.
  CHECK(list.rfind("logic:\n", 0) == 0);
  CHECK(list.find("\nreachability:\n") != std::string::npos);
}
