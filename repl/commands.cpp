// The command table and the commands that are more than one session call.
#include "repl/commands.h"

#include <array>
#include <charconv>

#include "interpreter/filter_help.h"

namespace quarry::repl {
namespace {

std::string_view trim(std::string_view text) {
  std::size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  std::size_t end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

// Runs `action(n)` with the argument as a count, or says what was wrong with it.
template <typename Action>
Outcome with_count(Session& session, const std::string& argument, int fallback, const char* usage, Action action) {
  std::optional<int> n = parse_count(argument, fallback);
  if (!n) session.out() << "error: expected a number: " << usage << "\n";
  else action(*n);
  return Outcome::Continue;
}

Outcome requires_argument(Session& session, const std::string& argument, const char* usage) {
  if (argument.empty()) session.out() << "error: usage: " << usage << "\n";
  return Outcome::Continue;
}

void show_help(Session& session, const std::string& topic) {
  std::ostream& out = session.out();
  if (topic.empty()) {
    for (const CommandInfo& c : commands()) {
      out << "  " << c.usage << std::string(c.usage.size() < 18 ? 18 - c.usage.size() : 1, ' ') << c.summary << "\n";
    }
    out << "Anything else is a CQL filter, evaluated at the current position (a set is drawn on the\n"
           "board), or SAN moves to play (e4, Nf3). :help FILTER explains one filter, :help filters\n"
           "lists them all.\n";
    return;
  }
  std::string_view name = topic;
  if (name.front() == ':') {
    if (const CommandInfo* c = find_command(name.substr(1))) out << "  " << c->usage << "  " << c->summary << "\n";
    else out << "no command '" << topic << "'\n";
    return;
  }
  if (name == "filters") {
    out << interpreter::filter_list(session.registry(), session.style().unicode);
    return;
  }
  const grammar::KeywordTable& keywords = session.registry().keywords();
  int id = keywords.find(name);
  if (id >= 0) {
    out << "  " << interpreter::filter_help_line(session.registry().spec(id), session.style().unicode) << "\n";
    return;
  }
  if (const CommandInfo* c = find_command(name)) {
    out << "  " << c->usage << "  " << c->summary << "\n";
    return;
  }
  std::string_view suggestion = keywords.suggest(name);
  out << "no filter or command '" << topic << "'";
  if (!suggestion.empty()) out << " (did you mean '" << suggestion << "'?)";
  out << "\n";
}

Outcome game_command(Session& session, const std::string& argument) {
  if (argument.empty()) {
    session.list_games();
    return Outcome::Continue;
  }
  return with_count(session, argument, 0, ":game N", [&](int n) { session.select_game(static_cast<std::uint64_t>(n)); });
}

constexpr std::array kCommands{
    CommandInfo{"help", ":help [FILTER]", "the commands, what one filter does, or (filters) every filter",
                [](Session& s, const std::string& a) { show_help(s, a); return Outcome::Continue; }},
    CommandInfo{"quit", ":quit", "leave the REPL (also Ctrl-D)", [](Session&, const std::string&) { return Outcome::Quit; }},
    CommandInfo{"load", ":load FILE.pgn", "load the games of a PGN file",
                [](Session& s, const std::string& a) {
                  if (a.empty()) return requires_argument(s, a, ":load FILE.pgn");
                  s.load_pgn(a);
                  return Outcome::Continue;
                }},
    CommandInfo{"fen", ":fen FEN", "start from a position",
                [](Session& s, const std::string& a) {
                  if (a.empty()) return requires_argument(s, a, ":fen FEN");
                  s.load_fen(a);
                  return Outcome::Continue;
                }},
    CommandInfo{"source", ":source FILE.cql", "bring in a query file's functions and variables",
                [](Session& s, const std::string& a) {
                  if (a.empty()) return requires_argument(s, a, ":source FILE.cql");
                  s.source_file(a);
                  return Outcome::Continue;
                }},
    CommandInfo{"game", ":game [N]", "go to game N (without N: list the games)", game_command},
    CommandInfo{"find", ":find FILTER", "list the games whose start matches (White ~~ \"Tal\"), go to the first",
                [](Session& s, const std::string& a) {
                  if (a.empty()) return requires_argument(s, a, ":find FILTER");
                  s.find_games(a);
                  return Outcome::Continue;
                }},
    CommandInfo{"next", ":next [N]", "forward N moves (default 1) along the line",
                [](Session& s, const std::string& a) { return with_count(s, a, 1, ":next [N]", [&](int n) { s.next(n); }); }},
    CommandInfo{"prev", ":prev [N]", "back N moves (default 1)",
                [](Session& s, const std::string& a) { return with_count(s, a, 1, ":prev [N]", [&](int n) { s.previous(n); }); }},
    CommandInfo{"ply", ":ply N", "go to the position after N half-moves of the mainline",
                [](Session& s, const std::string& a) {
                  if (a.empty()) return requires_argument(s, a, ":ply N");
                  return with_count(s, a, 0, ":ply N", [&](int n) { s.go_to_ply(n); });
                }},
    CommandInfo{"start", ":start", "go to the start of the game",
                [](Session& s, const std::string&) { s.go_to_start(); return Outcome::Continue; }},
    CommandInfo{"end", ":end", "go to the end of the current line",
                [](Session& s, const std::string&) { s.go_to_end(); return Outcome::Continue; }},
    CommandInfo{"enter", ":enter [N]", "play the N-th variation here (without N: list them)",
                [](Session& s, const std::string& a) { return with_count(s, a, 0, ":enter [N]", [&](int n) { s.enter_variation(n); }); }},
    CommandInfo{"leave", ":leave", "back to where the variation (or imaginary line) began",
                [](Session& s, const std::string&) { s.leave_variation(); return Outcome::Continue; }},
    CommandInfo{"board", ":board", "draw the current position",
                [](Session& s, const std::string&) { s.show_board(); return Outcome::Continue; }},
    CommandInfo{"type", ":type FILTER", "the filter's type (set, numeric, logical, …)",
                [](Session& s, const std::string& a) {
                  if (a.empty()) return requires_argument(s, a, ":type FILTER");
                  s.show_type(a);
                  return Outcome::Continue;
                }},
    CommandInfo{"run", ":run FILE.cql", "run a query over the loaded games",
                [](Session& s, const std::string& a) {
                  if (a.empty()) return requires_argument(s, a, ":run FILE.cql");
                  s.run_query_file(a);
                  return Outcome::Continue;
                }},
    CommandInfo{"matches", ":matches [N]", "go to the next (or N-th) position the last :run matched",
                [](Session& s, const std::string& a) { s.step_matches(a); return Outcome::Continue; }},
};

}  // namespace

std::optional<CommandText> parse_command(std::string_view line) {
  std::string_view text = trim(line);
  if (text.empty() || text.front() != ':') return std::nullopt;
  text.remove_prefix(1);
  std::size_t end = text.find_first_of(" \t");
  CommandText command;
  command.name = std::string(text.substr(0, end));
  if (end != std::string_view::npos) command.argument = std::string(trim(text.substr(end)));
  return command;
}

std::span<const CommandInfo> commands() { return kCommands; }

const CommandInfo* find_command(std::string_view name) {
  if (name.empty()) return nullptr;
  const CommandInfo* found = nullptr;
  for (const CommandInfo& c : kCommands) {
    if (c.name == name) return &c;
    if (c.name.substr(0, name.size()) == name) {
      if (found != nullptr) return nullptr;
      found = &c;
    }
  }
  return found;
}

Outcome run_command(Session& session, const CommandText& command) {
  if (command.name == "q" || command.name == "exit") return Outcome::Quit;
  const CommandInfo* info = find_command(command.name);
  if (info == nullptr) {
    session.out() << "unknown command ':" << command.name << "' (:help lists them)\n";
    return Outcome::Continue;
  }
  return info->run(session, command.argument);
}

std::optional<int> parse_count(std::string_view argument, int fallback) {
  std::string_view text = trim(argument);
  if (text.empty()) return fallback;
  int n = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size() || n < 0) return std::nullopt;
  return n;
}

}  // namespace quarry::repl
