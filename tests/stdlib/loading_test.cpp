// How the stdlib reaches a query: every file parses and binds cleanly, and a query is compiled
// with it when its text names one of its functions (interpreter/query.h, may_call_stdlib).
#include <catch2/catch.hpp>

#include <cctype>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "builtins/builtins.h"
#include "interpreter/binder.h"
#include "interpreter/query.h"
#include "stdlib/stdlib.h"

namespace {

// Compiles `text` (with `transforms`, as --flipcolor and the like give them): whether it compiled,
// and what the diagnostics say.
bool compiles(const std::string& text, std::string* said = nullptr, const std::string& extra = "",
              std::vector<std::string> transforms = {}) {
  quarry::grammar::SourceFile file("test.cql", text);
  quarry::grammar::SourceFile extra_file("--cql", extra);
  quarry::grammar::Diagnostics diagnostics;
  const bool ok = quarry::interpreter::compile_query(file, quarry::builtins::standard_registry(), diagnostics,
                                                     extra.empty() ? nullptr : &extra_file,
                                                     {.transforms = std::move(transforms)})
                      .has_value();
  if (said != nullptr) *said = diagnostics.render();
  return ok;
}

}  // namespace

TEST_CASE("every stdlib file parses and binds with zero diagnostics", "[stdlib]") {
  REQUIRE_FALSE(quarry::stdlib::files().empty());
  for (const auto& f : quarry::stdlib::files()) {
    INFO(f.name);
    CHECK(f.name.substr(0, 9) == "<stdlib>/");
  }
  const quarry::interpreter::Registry& registry = quarry::builtins::standard_registry();
  quarry::grammar::SourceFile file("test.cql", "true");
  quarry::grammar::Diagnostics diagnostics;
  quarry::interpreter::Binder binder(registry, file, diagnostics);
  quarry::interpreter::Stdlib lib;
  std::set<std::string> functions;
  CHECK(quarry::interpreter::load_stdlib(lib, registry, binder, functions, diagnostics));
  INFO(diagnostics.render());
  CHECK(diagnostics.all().empty());
  // The names read from the text without parsing it are those the parse binds, each once.
  const std::vector<std::string>& names = quarry::interpreter::stdlib_function_names();
  CHECK(std::set<std::string>(names.begin(), names.end()) == functions);
  CHECK(names.size() == functions.size());
  CHECK(functions.count("batteryAttacks") == 1);
  CHECK(functions.count("kpkRuleWin") == 1);
}

TEST_CASE("a query's text that names a stdlib function, in any case, may call the stdlib", "[stdlib]") {
  using quarry::interpreter::may_call_stdlib;
  CHECK_FALSE(may_call_stdlib("mate"));
  CHECK_FALSE(may_call_stdlib(""));
  CHECK_FALSE(may_call_stdlib("function batteryAttack($x) { $x } batteryAttack(d5)"));  // one letter short
  for (const std::string& name : quarry::interpreter::stdlib_function_names()) {
    INFO(name);
    CHECK(may_call_stdlib(name + "(d5)"));
    CHECK(may_call_stdlib("check // " + name));
    std::string upper = name;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    CHECK(may_call_stdlib("{" + upper + "}"));
  }
}

TEST_CASE("a query calls the stdlib from its file or from --cql, and without it compiles as before",
          "[stdlib]") {
  CHECK(compiles("kpkRuleDraw() or kpkRuleWin()"));
  CHECK(compiles("true", nullptr, "effectiveAttacks(d5) > 1"));
  CHECK(compiles("function f() { batteryAttacks(d5) } f()"));
  // Command-line transforms bind the body again, in a binder of their own, with the stdlib too.
  CHECK(compiles("kpkRuleWin()", nullptr, "", {"flipcolor"}));
  CHECK(compiles("true", nullptr, "effectiveAttacks(d5) > 1", {"flip", "shift"}));
  // A query without a stdlib name still compiles, and one that calls a function nobody defines
  // still fails, with the file's position.
  CHECK(compiles("mate"));
  std::string said;
  CHECK_FALSE(compiles("noSuchFunction(d5)", &said));
  CHECK(said.find("test.cql:1:") != std::string::npos);
  // A name only in a comment loads the stdlib, which changes nothing.
  CHECK(compiles("check // batteryAttacks"));
}
