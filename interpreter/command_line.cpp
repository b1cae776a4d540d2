// The main command's options (CLI11) and the reading of the arguments as CQL 6.1 and CQLi do:
// an option takes exactly its own values, so the query file may stand anywhere.
#include "interpreter/command_line.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>

#include <CLI/CLI.hpp>

#include "grammar/keywords.h"
#include "interpreter/exit_status.h"

namespace quarry::interpreter {
namespace {

bool is_integer(std::string_view word) {
  if (!word.empty() && (word[0] == '-' || word[0] == '+')) word.remove_prefix(1);
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "-" alone is standard input and "-5" a number: neither is an option.
bool is_option_word(const std::string& word) { return word.size() > 1 && word[0] == '-' && !is_integer(word); }

// `-matchCount`, `--MatchCount=2`: the canonical `--matchcount` and the value after '=', if any.
// One letter stays a short option (`-i`).
struct OptionWord {
  std::string name;
  std::optional<std::string> value;
};

OptionWord option_word(const std::string& word) {
  std::string body = word.substr(word[1] == '-' ? 2 : 1);
  OptionWord result;
  if (std::size_t eq = body.find('='); eq != std::string::npos) {
    result.value = body.substr(eq + 1);
    body.erase(eq);
  }
  for (char& c : body) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  result.name = (body.size() == 1 ? "-" : "--") + body;
  return result;
}

// After -i FILE, further words are inputs too while they name PGN files (`-i games/*.pgn`) or
// directories: a query file (`q.cql`, or `q` with its extension left out) is neither.
bool names_pgn_input(const std::string& word) {
  std::error_code ec;
  return word.find(".pgn") != std::string::npos || word.find(".PGN") != std::string::npos ||
         std::filesystem::is_directory(word, ec);
}

std::string nearest_option(const CLI::App& app, const std::string& name) {
  std::string best;
  int best_distance = std::max<int>(2, static_cast<int>(name.size()) / 3);
  for (const CLI::Option* opt : app.get_options()) {
    for (const std::string& long_name : opt->get_lnames()) {
      int d = grammar::edit_distance(name.substr(2), long_name);
      if (d < best_distance || (d == best_distance && best.empty())) {
        best = "--" + long_name;
        best_distance = d;
      }
    }
  }
  return best;
}

// Rewrites the arguments so that CLI11 reads them as CQL does: each option followed by exactly
// its values (`-g N [M]` takes M only when it is a number), then `--` and the query file.
bool canonical_arguments(const CLI::App& app, const std::vector<std::string>& args, std::vector<std::string>& out,
                         std::string& error) {
  std::vector<std::string> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (word == "--") {
      positional.insert(positional.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    }
    if (!is_option_word(word)) {
      positional.push_back(word);
      continue;
    }
    OptionWord w = option_word(word);
    const CLI::Option* opt = app.get_option_no_throw(w.name);
    if (opt == nullptr) {
      error = "unknown option '" + word + "'";
      if (std::string near = w.name.size() > 2 ? nearest_option(app, w.name) : ""; !near.empty()) {
        error += "\n  hint: did you mean '" + near + "'?";
      }
      return false;
    }
    out.push_back(w.name);
    const int min = opt->get_items_expected_min();
    const int max = opt->get_items_expected_max();
    if (max == 0) {
      if (w.value) out.back() += "=" + *w.value;
      continue;
    }
    int taken = 0;
    if (w.value) {
      out.push_back(*w.value);
      ++taken;
    }
    for (; taken < min; ++taken) {
      if (++i == args.size()) {
        error = word + " needs " + std::to_string(min) + (min == 1 ? " value" : " values");
        return false;
      }
      out.push_back(args[i]);
    }
    // N [M]: the second number is the option's only when it is a number.
    if (taken < max && max == 2 && i + 1 < args.size() && is_integer(args[i + 1])) out.push_back(args[++i]);
    if (w.name == "-i" || w.name == "--input") {
      while (i + 1 < args.size() && !is_option_word(args[i + 1]) && names_pgn_input(args[i + 1])) {
        out.push_back(w.name);
        out.push_back(args[++i]);
      }
    }
  }
  if (positional.size() > 1) {
    error = "more than one query file: '" + positional[0] + "' and '" + positional[1] + "'";
    return false;
  }
  out.push_back("--");
  out.insert(out.end(), positional.begin(), positional.end());
  return true;
}

// A repeatable option taking one value each time.
template <typename T>
CLI::Option* add_each(CLI::App& app, const std::string& name, std::vector<T>& into, const std::string& help) {
  return app.add_option(name, into, help)->expected(1)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

void add_run_options(CLI::App& app, CommandLine& cl) {
  app.add_option("query", cl.query_file, "CQL query file (.cql; the extension may be left out)")
      ->type_name("QUERY.cql");
  // Taken as each one is read, so that --vi and --vii keep their places among them.
  app.add_option_function<std::string>(
         "-i,--input", [&cl](const std::string& file) { cl.inputs.push_back(file); },
         "PGN file to read (repeatable; - for standard input; a directory or an archive)")
      ->type_name("FILE")
      ->trigger_on_parse();
  app.add_option("-o,--output", cl.output, "PGN file to write the matching games to (- or stdout for standard output)")
      ->type_name("FILE");
  app.add_option("-a,--append", cl.append_file, "PGN file to add the matching games to, at its end")
      ->type_name("FILE");
  app.add_flag("--noclobber", cl.noclobber, "refuse to replace an existing output file");
  app.add_flag("--createdirectories", cl.create_directories, "create the output file's directories as needed");
  app.add_flag("--dryrun", cl.dry_run, "run the query and name the output file, without creating it");
  app.add_option("--maxopenoutputfiles", cl.max_open_output_files,
                 "output files kept open at a time (Quarry writes one, so any N >= 1 holds)")
      ->type_name("N")
      ->check(CLI::PositiveNumber);
  app.add_flag("--binaryoutput", cl.binary_output, "write the output byte for byte (Quarry always does)");
  add_each(app, "--cql", cl.cql_texts, "query text, added to the query file's body (or used alone; repeatable)")
      ->type_name("FILTERS");
  app.add_option("--matchcount", cl.matchcount, "keep games with N (to M) matching positions")->expected(1, 2)
      ->type_name("N [M]");
  app.add_option("-g,--gamenumber", cl.gamenumber, "examine only game N (or games N to M)")->expected(1, 2)
      ->type_name("N [M]");
  app.add_option("--limit", cl.limit, "stop after N matching games")
      ->type_name("N");
  app.add_option("--matchstring", cl.matchstring, "comment placed at matching positions (default CQL)")
      ->each([&cl](const std::string&) { cl.matchstring_given = true; })
      ->type_name("TEXT");
  app.add_flag("--variations", cl.variations, "also examine positions inside variations");
  app.add_flag("--mainline", cl.mainline, "examine the mainline only");
  app.add_flag("--quiet", cl.quiet, "no automatic comments (the game-number comment stays)");
  app.add_flag("--silent", cl.silent, "no comments added at all");
  app.add_flag("--noheader", cl.no_header, "no {Game number N} comment before the first move");
  app.add_flag("--nosort", cl.no_sort, "write games as they match, in input order, even when the query sorts");
  app.add_flag("--sortmatchcount", cl.sort_matchcount, "write the games with the most matching positions first");
  app.add_flag("--showmatches", cl.show_matches, "print the number of each matching game as it is found");
  app.add_option("--lineincrement", cl.line_increment, "update the progress line every N games (default 1000)")
      ->check(CLI::PositiveNumber)
      ->type_name("N");
  app.add_flag("--noprogress", cl.no_progress, "no progress line on a terminal");
  app.add_option("--assign", cl.assignments, "set variable VAR to VALUE (a number if VALUE is one, else a string)")
      ->type_name("VAR VALUE");
  app.add_flag("--parse", cl.parse_only, "print the parsed query and stop");
  app.add_flag("-s,--singlethreaded", cl.single_threaded, "examine the games on one thread (as --threads 1)");
  app.add_option("--threads", cl.threads, "examine the games on N threads (default: every core; docs/threads.md)")
      ->check(CLI::Range(1u, 1024u))
      ->type_name("N");
  app.add_flag("--showdictionaries", cl.show_dictionaries, "print every dictionary after the run");
  app.add_flag("--keepallbest", cl.keep_all_best, "sort keeps the comments of every equally best position");
}

void add_input_options(CLI::App& app, CommandLine& cl) {
  app.add_flag_callback("--vi", [&cl] { cl.inputs.emplace_back("HHdbVI.pgn"); }, "short for -i HHdbVI.pgn")
      ->trigger_on_parse();
  app.add_flag_callback("--vii", [&cl] { cl.inputs.emplace_back("HHdbVII.pgn"); }, "short for -i HHdbVII.pgn")
      ->trigger_on_parse();
  app.add_flag("--nestedcomments", cl.nested_comments, "a { inside a PGN comment opens a nested one (CQLi)");
  app.add_flag("--strict", cl.strict, "skip games whose movetext breaks off instead of keeping the moves before the fault");
  app.add_option("-w,--warnlevel", cl.warn_level,
                 "PGN warnings: 1 skipped games, 2 also games kept with a QuarryWarning tag, 3 (default) also repairs")
      ->check(CLI::Range(1, 3))
      ->type_name("1|2|3");
  app.add_flag("--skipunknownvariants", cl.skip_unknown_variants,
               "skip games of a variant Quarry does not play without reporting each");
  app.add_option("--variantalias", cl.variant_aliases, "read the [Variant] tag value ALIAS as the variant NAME")
      ->type_name("NAME ALIAS");
  app.add_flag("--secure", cl.secure,
               "refuse filters that read or write files (readfile, writefile) and header files outside the "
               "working directory");
  // Runs beyond one process: docs/scale.md.
  app.add_option("--shard", cl.shard, "examine only shard K of N (K/N, 0 <= K < N): games whose number is K mod N")
      ->type_name("K/N");
  app.add_option("--shard-by", cl.shard_by, "shard by game (default) or by file (a contiguous slice of the files)")
      ->check(CLI::IsMember({"game", "file"}))
      ->type_name("game|file");
  app.add_option("--state-out", cl.state_out, "write the run's mergeable state here, for `quarry merge`")
      ->type_name("FILE");
  // Reliability (docs/reliability.md).
  app.add_option("--timeout", cl.timeout_seconds, "fail a game whose evaluation takes longer than SECONDS")
      ->check(CLI::NonNegativeNumber)
      ->type_name("SECONDS");
  app.add_option("--maxsteps", cl.max_steps, "fail a game whose evaluation takes more than N steps (0: no limit)")
      ->type_name("N");
  app.add_option("--maxmemory", cl.max_memory_mb, "cap the memory at MB megabytes (0: no cap; default 3/4 of RAM)")
      ->type_name("MB");
}

// CQL's command-line filters and transforms: added to the body (docs/cli.md).
void add_injection_options(CLI::App& app, CommandLine& cl) {
  add_each(app, "--player", cl.players, "only games where either player's name contains NAME")
      ->type_name("NAME");
  add_each(app, "--white", cl.whites, "only games where White's name contains NAME")
      ->type_name("NAME");
  add_each(app, "--black", cl.blacks, "only games where Black's name contains NAME")
      ->type_name("NAME");
  add_each(app, "--event", cl.events, "only games whose Event tag contains TEXT")
      ->type_name("TEXT");
  add_each(app, "--site", cl.sites, "only games whose Site tag contains TEXT")
      ->type_name("TEXT");
  app.add_option("--result", cl.result, "only games with this result (1-0, 0-1, 1/2-1/2 or *)")
      ->type_name("RESULT");
  app.add_option("--year", cl.year, "only games of year N (or years N to M)")->expected(1, 2)
      ->type_name("N [M]");
  add_each(app, "--fen", cl.fens, "only positions with this FEN board")
      ->type_name("FEN");
  app.add_flag("--wtm", cl.wtm, "only positions with White to move");
  app.add_flag("--btm", cl.btm, "only positions with Black to move");
  app.add_flag("--virtualmainline", cl.virtual_mainline,
               "only positions on the virtual mainline (also switches variations on)");
  for (const char* name : {"flip", "flipcolor", "reversecolor", "fliphorizontal", "flipvertical", "rotate90",
                           "rotate45", "shift", "shifthorizontal", "shiftvertical"}) {
    app.add_flag_callback(std::string("--") + name, [&cl, name] { cl.transforms.emplace_back(name); },
                          std::string("apply the ") + name + " transform to the whole body")
        ->trigger_on_parse();
  }
}

// CQLi's console and front-end options: what each does is in docs/cli.md.
void add_console_options(CLI::App& app, CommandLine& cl) {
  add_each(app, "--hhdb", cl.hhdb, "add hhdb KEY to the query (\"composer Reti\": hhdb composer \"Reti\")")
      ->type_name("\"KEY [TEXT]\"");
  app.add_flag("--ansicolors,!--noansicolors", cl.ansi_colors, "colour the diagnostics (default: plain)");
  app.add_flag("--consoleunicode,!--noconsoleunicode", cl.console_unicode,
               "--noconsoleunicode writes the diagnostics and --parse in ASCII");
  app.add_flag("--license", cl.license, "print Quarry's licence statement and stop");
  app.add_flag("--gui", cl.gui, "CQL 6.1's GUI protocol: accepted; Quarry's output stays as it is (docs/cli.md)");
  app.add_flag_callback("--guipgnstdin", [&cl] { cl.inputs.emplace_back("-"); }, "read the games from standard input")
      ->trigger_on_parse();
  app.add_flag_callback("--guipgnstdout", [&cl] { cl.output = "-"; }, "write the matching games to standard output");
  app.add_option("--pipetimeout", cl.pipe_timeout, "CQLi's command-pipe timeout: Quarry has no command pipe")
      ->type_name("N");
  app.add_flag("--nocommitlog", cl.no_commit_log, "CQLi's smart-comment log switch: accepted, changes nothing");
  app.add_flag("--noasyncmessages", cl.no_async_messages,
               "hold messages to the end of each game: a query with message runs one game at a time already");
}

const char* kLicence =
    "Quarry " QUARRY_VERSION ", an engine for the Chess Query Language (CQL 6.1 / CQLi).\n"
    "No licence file accompanies this build: Quarry's terms are those its source repository states.\n";

const char* kFooter =
    "Options take one or two dashes and any case (-matchcount 2 = --matchcount 2); the query\n"
    "file may stand anywhere. Options override the query's cql( ... ) header.\n"
    "\n"
    "Other commands:\n"
    "  quarry repl [games.pgn | FEN] [--ascii]      explore interactively (docs/repl.md)\n"
    "  quarry merge STATE... -o OUT.pgn              finish shard runs (--state-out) as one\n"
    "  quarry perft [--variant V] FEN|startpos DEPTH count move paths\n"
    "  quarry legality MATERIAL                      legality table of a pawnless endgame\n"
    "  quarry --help filters                         every filter with a one-line summary\n"
    "\n"
    "Exit status: 0 success; 1 query error (also games that failed at run time);\n"
    "2 usage error; 3 input/output error. See docs/cli.md.";

}  // namespace

void add_options(CLI::App& app, CommandLine& cl) {
  add_run_options(app, cl);
  add_input_options(app, cl);
  add_injection_options(app, cl);
  add_pgn_format_options(app, cl.pgn);
  add_console_options(app, cl);
  app.set_version_flag("--version", std::string("quarry ") + QUARRY_VERSION);
  app.footer(kFooter);
}

ParseResult parse_command_line(const std::vector<std::string>& args) {
  ParseResult result;
  CLI::App app{"quarry: runs Chess Query Language (CQL 6.1 / CQLi) queries over PGN files", "quarry"};
  CommandLine cl;
  add_options(app, cl);
  std::vector<std::string> canonical;
  std::string error;
  if (!canonical_arguments(app, args, canonical, error)) {
    result.status = kExitUsage;
    result.err = "quarry: " + error + "\n";
    return result;
  }
  std::reverse(canonical.begin(), canonical.end());
  try {
    app.parse(canonical);
  } catch (const CLI::ParseError& e) {
    std::ostringstream out, err;
    result.status = app.exit(e, out, err) == 0 ? 0 : kExitUsage;
    result.out = out.str();
    result.err = err.str();
    return result;
  }
  if (cl.license) {
    result.out = kLicence;
    return result;
  }
  result.command_line = std::move(cl);
  return result;
}

}  // namespace quarry::interpreter
