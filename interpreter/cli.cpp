// Command-line parsing (CLI11) and the top-level run: compile the query, run it, report.
#include "interpreter/cli.h"
#include "interpreter/legality_command.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "builtins/builtins.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "interpreter/query.h"
#include "interpreter/runner.h"

namespace quarry::interpreter {
namespace {

constexpr int kExitQueryError = 1;
constexpr int kExitUsage = 2;
constexpr int kExitIo = 3;

struct CommandLine {
  std::string query_file;
  std::vector<std::string> inputs;
  std::string output;
  std::vector<std::int64_t> matchcount;
  std::vector<std::int64_t> gamenumber;
  std::string cql_text;
  std::string matchstring;
  bool matchstring_given = false;
  bool variations = false;
  bool mainline = false;
  bool quiet = false;
  bool silent = false;
  bool parse_only = false;
  bool single_threaded = false;
  bool no_progress = false;
  bool show_dictionaries = false;
  bool secure = false;
  bool keep_all_best = false;
};

// CQL writes long options with one dash (`-matchcount 2`); CLI11 wants two. Single letters
// (`-i`, `-o`, `-s`, `-g`) and negative numbers are left alone.
std::vector<std::string> normalise_arguments(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.size() > 2 && a[0] == '-' && a[1] != '-' && !std::isdigit(static_cast<unsigned char>(a[1]))) a = "-" + a;
    if (a.size() > 2 && a[0] == '-' && a[1] == '-') {
      for (char& c : a) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    args.push_back(a);
  }
  return args;
}

// One number: at least that many (matchcount), or exactly that one (gamenumber: `exact`).
CountRange to_range(const std::vector<std::int64_t>& v, bool exact = false) {
  CountRange r;
  r.low = v[0];
  r.high = v.size() > 1 ? v[1] : exact ? v[0] : INT64_MAX;
  return r;
}

std::string default_output_name(const std::string& query_file) {
  std::string base = query_file.substr(query_file.find_last_of('/') == std::string::npos ? 0 : query_file.find_last_of('/') + 1);
  std::size_t dot = base.rfind('.');
  if (dot != std::string::npos && dot > 0) base = base.substr(0, dot);
  return base + "-out.pgn";
}

RunSettings settings_for(const CommandLine& cl, const CompiledQuery& query) {
  const QueryOptions& h = query.options;
  RunSettings s;
  s.inputs = !cl.inputs.empty() ? cl.inputs : h.inputs;
  if (!cl.output.empty()) s.output = cl.output;
  else if (h.output) s.output = *h.output;
  else s.output = cl.query_file.empty() ? "-" : default_output_name(cl.query_file);
  s.matchcount = !cl.matchcount.empty() ? std::optional<CountRange>(to_range(cl.matchcount)) : h.matchcount;
  s.gamenumber = !cl.gamenumber.empty() ? std::optional<CountRange>(to_range(cl.gamenumber, true)) : h.gamenumber;
  s.variations = cl.variations || (!cl.mainline && h.variations.value_or(false));
  s.quiet = cl.quiet || h.quiet.value_or(false);
  s.silent = cl.silent || h.silent.value_or(false);
  s.matchstring = cl.matchstring_given ? cl.matchstring : h.matchstring.value_or("CQL");
  s.results = h.results;
  s.progress = !cl.no_progress;
  s.show_dictionaries = cl.show_dictionaries;
  s.secure = cl.secure;
  s.keep_all_best = cl.keep_all_best;
  return s;
}

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

int run_perft(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: quarry perft FEN DEPTH\n");
    return kExitUsage;
  }
  std::string error;
  std::string fen = argv[2];
  if (fen == "startpos") fen = chess::Position::initial().fen();
  std::optional<chess::Position> pos = chess::Position::from_fen(fen, &error);
  if (!pos) {
    std::fprintf(stderr, "quarry: bad FEN: %s\n", error.c_str());
    return kExitUsage;
  }
  int depth = std::atoi(argv[3]);
  if (depth < 0 || depth > 10) {
    std::fprintf(stderr, "quarry: depth must be 0 to 10\n");
    return kExitUsage;
  }
  std::printf("%llu\n", static_cast<unsigned long long>(chess::perft(*pos, depth)));
  return 0;
}

void add_options(CLI::App& app, CommandLine& cl) {
  app.add_option("query", cl.query_file, "CQL query file (.cql)");
  app.add_option("-i,--input", cl.inputs, "PGN file to read (repeatable; - for standard input)")->take_all();
  app.add_option("-o,--output", cl.output, "PGN file to write the matching games to (- for standard output)");
  app.add_option("--cql", cl.cql_text, "query text, added to the query file's body (or used alone)");
  app.add_option("--matchcount", cl.matchcount, "keep games with N (to M) matching positions")->expected(1, 2);
  app.add_option("-g,--gamenumber", cl.gamenumber, "examine only games N (to M)")->expected(1, 2);
  app.add_option("--matchstring", cl.matchstring, "comment placed at matching positions (default CQL)")
      ->each([&cl](const std::string&) { cl.matchstring_given = true; });
  app.add_flag("--variations", cl.variations, "also examine positions inside variations");
  app.add_flag("--mainline", cl.mainline, "examine the mainline only");
  app.add_flag("--quiet", cl.quiet, "no automatic comments (the game-number comment stays)");
  app.add_flag("--silent", cl.silent, "no comments added at all");
  app.add_flag("--parse", cl.parse_only, "print the parsed query and stop");
  app.add_flag("-s,--singlethreaded", cl.single_threaded, "run on one thread (Quarry runs single-threaded)");
  app.add_flag("--noprogress", cl.no_progress, "no progress line on a terminal");
  app.add_flag("--showdictionaries", cl.show_dictionaries, "print every dictionary after the run");
  app.add_flag("--keepallbest", cl.keep_all_best, "sort keeps the comments of every equally best position");
  app.add_flag("--secure", cl.secure, "refuse filters that read or write files (readfile, writefile)");
  app.set_version_flag("--version", std::string("quarry ") + QUARRY_VERSION);
}

}  // namespace

int run_command_line(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "perft") return run_perft(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "legality") return run_legality_command(argc, argv);

  CLI::App app{"quarry: runs Chess Query Language (CQL 6.1 / CQLi) queries over PGN files", "quarry"};
  CommandLine cl;
  add_options(app, cl);
  std::vector<std::string> args = normalise_arguments(argc, argv);
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : kExitUsage;
  }
  if (cl.query_file.empty() && cl.cql_text.empty()) {
    std::fprintf(stderr, "quarry: no query: give a .cql file or --cql \"FILTERS\" (see --help)\n");
    return kExitUsage;
  }

  std::string text;
  if (!cl.query_file.empty() && !read_file(cl.query_file, text)) {
    std::fprintf(stderr, "quarry: cannot read query file '%s'\n", cl.query_file.c_str());
    return kExitIo;
  }
  grammar::SourceFile file(cl.query_file.empty() ? "<command line>" : cl.query_file,
                           cl.query_file.empty() ? cl.cql_text : text);
  grammar::SourceFile extra("<command line>", cl.cql_text);
  bool has_extra = !cl.query_file.empty() && !cl.cql_text.empty();
  grammar::Diagnostics diagnostics;
  std::optional<CompiledQuery> query =
      compile_query(file, builtins::standard_registry(), diagnostics, has_extra ? &extra : nullptr);
  std::fputs(diagnostics.render().c_str(), stderr);
  if (!query) return kExitQueryError;
  if (cl.parse_only) {
    std::fputs(query->parse_tree.c_str(), stdout);
    return 0;
  }

  RunSettings settings = settings_for(cl, *query);
  if (settings.inputs.empty()) {
    std::fprintf(stderr, "quarry: no input: give -i FILE.pgn (or input in the cql() header)\n");
    return kExitUsage;
  }
  RunStats stats;
  bool ok = run_query(*query, settings, stats);
  std::fprintf(stderr, "quarry: %llu games read, %llu matched, %llu skipped (broken) in %.2f s (%.0f games/s)\n",
               static_cast<unsigned long long>(stats.games_read), static_cast<unsigned long long>(stats.games_matched),
               static_cast<unsigned long long>(stats.games_skipped), stats.seconds,
               stats.seconds > 0 ? static_cast<double>(stats.games_read) / stats.seconds : 0.0);
  return ok ? 0 : kExitIo;
}

}  // namespace quarry::interpreter
