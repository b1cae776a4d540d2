// REPL commands (`:load`, `:next`, `:help attacks` …): reading a command line, the command table
// with each command's usage and help, and carrying one out on a session.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "repl/session.h"

namespace quarry::repl {

// `:name argument…` split into the name (without the colon) and the trimmed rest.
struct CommandText {
  std::string name;
  std::string argument;
};
// nullopt when the line is not a command (it does not start with ':').
std::optional<CommandText> parse_command(std::string_view line);

enum class Outcome { Continue, Quit };

struct CommandInfo {
  std::string_view name;
  std::string_view usage;    // ":game N"
  std::string_view summary;  // one line for :help
  Outcome (*run)(Session& session, const std::string& argument);
};
std::span<const CommandInfo> commands();

// The command a name stands for: its full name, or a prefix only it starts with (`:n` is
// `:next`). nullptr when there is none or the prefix is ambiguous.
const CommandInfo* find_command(std::string_view name);

// Runs a parsed command, reporting an unknown one on the session's output.
Outcome run_command(Session& session, const CommandText& command);

// A non-negative count argument ("" gives `fallback`); nullopt when it is not a number.
std::optional<int> parse_count(std::string_view argument, int fallback);

}  // namespace quarry::repl
