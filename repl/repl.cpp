// The REPL's command line and its read-evaluate-print loop.
#include "repl/repl.h"

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <langinfo.h>
#include <string>
#include <unistd.h>

#include "interpreter/exit_status.h"
#include "repl/commands.h"
#include "repl/input.h"
#include "repl/interrupt.h"
#include "repl/line_editor.h"
#include "repl/session.h"

namespace quarry::repl {
namespace {

constexpr std::string_view kContinuationPrompt = "...> ";

struct ReplOptions {
  std::string start;  // a PGN path or a FEN; "" for the initial position
  bool ascii = false;
  bool help = false;
};

std::optional<ReplOptions> parse_options(int argc, char** argv) {
  ReplOptions options;
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--ascii" || arg == "-ascii") options.ascii = true;
    else if (arg == "--help" || arg == "-h" || arg == "-help") options.help = true;
    else if ((arg == "-i" || arg == "--input") && i + 1 < argc) options.start = argv[++i];
    else if (arg.size() > 1 && arg[0] == '-' && arg.find('/') == std::string::npos) return std::nullopt;
    else options.start += (options.start.empty() ? "" : " ") + arg;  // a FEN may come unquoted
  }
  return options;
}

// --ascii and NO_COLOR ask for plain text: letters for pieces, no colour. Otherwise Unicode pieces
// need a UTF-8 locale, and colour a terminal that is not `dumb`.
BoardStyle board_style(const ReplOptions& options) {
  const char* no_color = std::getenv("NO_COLOR");
  if (options.ascii || (no_color != nullptr && *no_color != '\0')) return BoardStyle{false, false};
  const char* term = std::getenv("TERM");
  BoardStyle style;
  style.unicode = std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
  style.colour = ::isatty(1) && term != nullptr && std::strcmp(term, "dumb") != 0;
  return style;
}

void print_usage() {
  std::puts("usage: quarry repl [games.pgn | FEN] [--ascii]\n"
            "Explore games and positions: move with :next/:prev or SAN moves, evaluate CQL filters\n"
            "at the current position (sets are drawn on the board). :help inside lists the commands.");
}

// A line is a command, SAN moves to play, or a filter to evaluate.
Outcome handle_input(Session& session, const std::string& text) {
  if (std::optional<CommandText> command = parse_command(text)) return run_command(session, *command);
  if (text.find_first_not_of(" \t\n") == std::string::npos) return Outcome::Continue;
  if (!session.play_moves(text)) session.evaluate(text);
  return Outcome::Continue;
}

Completion complete_line(const Session& session, std::string_view line) {
  CompletionWords words;
  for (const CommandInfo& c : commands()) words.commands.push_back(":" + std::string(c.name));
  words.filters = session.filter_names();
  words.names = session.user_names();
  return complete(line, words);
}

void open_start(Session& session, const std::string& start) {
  if (start.empty()) return;
  std::error_code error;
  if (std::filesystem::exists(start, error) || start.ends_with(".pgn")) session.load_pgn(start);
  else session.load_fen(start);
}

}  // namespace

bool is_repl_invocation(int argc, char** argv) {
  if (argc < 2) return false;
  std::string_view first = argv[1];
  return first == "repl" || first == "--repl" || first == "-repl";
}

int run_repl(int argc, char** argv, const interpreter::Registry& registry) {
  std::optional<ReplOptions> options = parse_options(argc, argv);
  if (!options || options->help) {
    print_usage();
    return options ? 0 : interpreter::kExitUsage;
  }
  std::setlocale(LC_CTYPE, "");
  Session session(registry, std::cout, board_style(*options));
  InterruptHandler interrupt;
  session.set_interrupt_flag(interrupt.flag());
  LineEditor editor("quarry", [&session](std::string_view line) { return complete_line(session, line); });
  if (editor.interactive()) std::cout << "quarry repl: :help lists the commands, :quit leaves\n";
  open_start(session, options->start);
  std::string pending;
  while (true) {
    std::cout.flush();
    interrupt.clear();
    std::optional<std::string> line = editor.read_line(pending.empty() ? session.prompt() : std::string(kContinuationPrompt));
    if (!line) break;
    if (interrupt.raised()) {
      // Ctrl-C at the prompt drops what was typed so far.
      interrupt.clear();
      pending.clear();
      continue;
    }
    pending += (pending.empty() ? "" : "\n") + *line;
    if (needs_more_input(pending)) continue;
    editor.remember(pending);
    Outcome outcome = handle_input(session, pending);
    pending.clear();
    if (outcome == Outcome::Quit) break;
  }
  if (editor.interactive()) std::cout << "\n";
  return 0;
}

}  // namespace quarry::repl
