// Command-line parsing (CLI11) and the top-level run: compile the query, run it, report.
#include "interpreter/cli.h"

#include <cctype>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <sys/resource.h>
#include <unistd.h>

#include "builtins/builtins.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "interpreter/exit_status.h"
#include "interpreter/filter_help.h"
#include "interpreter/legality_command.h"
#include "interpreter/merge_command.h"
#include "interpreter/query.h"
#include "interpreter/runner.h"

namespace quarry::interpreter {
namespace {

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
  bool strict = false;
  int warn_level = 3;
  // Runs beyond one process (docs/scale.md).
  std::string shard;
  std::string shard_by = "game";
  std::string state_out;
  // Reliability: output modes and per-game limits (docs/reliability.md).
  bool append = false;
  bool noclobber = false;
  double timeout_seconds = 0;
  std::uint64_t max_steps = EvaluationLimits{}.max_steps;
  std::optional<std::uint64_t> max_memory_mb;
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
  s.matchcount = !cl.matchcount.empty() ? CountRange::of(cl.matchcount, CountRange::Single::AtLeast) : h.matchcount;
  s.gamenumber = !cl.gamenumber.empty() ? CountRange::of(cl.gamenumber, CountRange::Single::Exactly) : h.gamenumber;
  s.variations = cl.variations || (!cl.mainline && h.variations.value_or(false));
  s.quiet = cl.quiet || h.quiet.value_or(false);
  s.silent = cl.silent || h.silent.value_or(false);
  s.matchstring = cl.matchstring_given ? cl.matchstring : h.matchstring.value_or("CQL");
  s.results = h.results;
  s.progress = !cl.no_progress;
  s.show_dictionaries = cl.show_dictionaries;
  s.secure = cl.secure;
  s.keep_all_best = cl.keep_all_best;
  s.strict = cl.strict;
  s.warn_level = cl.warn_level;
  s.output_mode = cl.append ? OutputMode::Append : cl.noclobber ? OutputMode::NoClobber : OutputMode::Replace;
  s.limits.max_steps = cl.max_steps;
  s.limits.timeout_seconds = cl.timeout_seconds;
  return s;
}

// --shard, --shard-by, --state-out. False (after saying why) on a bad value.
bool add_scale_settings(const CommandLine& cl, const std::string& query_text, RunSettings& s) {
  std::string error;
  if (!cl.shard.empty() && !parse_shard(cl.shard, s.shard, &error)) {
    std::fprintf(stderr, "quarry: %s\n", error.c_str());
    return false;
  }
  s.shard.by_file = cl.shard_by == "file";
  s.state_out = cl.state_out;
  if (!s.state_out.empty()) {
    if (!cl.output.empty()) {
      std::fprintf(stderr, "quarry: --state-out keeps the matched games in the state: give -o to `quarry merge` instead\n");
      return false;
    }
    s.output.clear();
  }
  s.query_source.name = cl.query_file.empty() ? "<command line>" : cl.query_file;
  s.query_source.text = cl.query_file.empty() ? cl.cql_text : query_text;
  s.query_source.extra_text = cl.query_file.empty() ? std::string() : cl.cql_text;
  return true;
}

// --secure: a query file's header may name files only inside the working directory (the
// command line's -i and -o are the user's own choice and stay free).
bool inside_working_directory(const std::string& path) {
  std::error_code ec;
  std::filesystem::path cwd = std::filesystem::weakly_canonical(std::filesystem::current_path(ec), ec);
  std::filesystem::path full = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
  if (ec) return false;
  auto [end, unused] = std::mismatch(cwd.begin(), cwd.end(), full.begin(), full.end());
  return end == cwd.end() && full != cwd;
}

bool header_files_allowed(const CommandLine& cl, const CompiledQuery& query) {
  bool ok = true;
  auto check = [&](const std::string& path, const char* what) {
    if (path == "-" || path == "stdout" || inside_working_directory(path)) return;
    std::fprintf(stderr, "quarry: --secure: the query's %s '%s' is outside the working directory\n", what, path.c_str());
    ok = false;
  };
  if (cl.inputs.empty()) for (const std::string& in : query.options.inputs) check(in, "input");
  if (cl.output.empty() && query.options.output) check(*query.options.output, "output");
  return ok;
}

// --maxmemory: caps the heap (RLIMIT_DATA) so that a runaway query gets bad_alloc, which fails
// its game, instead of exhausting the machine. The default is three quarters of the physical
// memory. Sanitizer builds reserve huge shadow mappings that such a cap would break.
void cap_memory(std::optional<std::uint64_t> megabytes) {
#if defined(__SANITIZE_ADDRESS__)
  (void)megabytes;
#else
  std::uint64_t bytes = 0;
  if (megabytes) {
    bytes = *megabytes << 20;
  } else {
    long pages = ::sysconf(_SC_PHYS_PAGES), page_size = ::sysconf(_SC_PAGESIZE);
    if (pages > 0 && page_size > 0) bytes = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) / 4 * 3;
  }
  if (bytes == 0) return;
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_DATA, &limit) != 0) return;
  if (limit.rlim_max != RLIM_INFINITY && bytes > limit.rlim_max) bytes = limit.rlim_max;
  limit.rlim_cur = bytes;
  ::setrlimit(RLIMIT_DATA, &limit);
#endif
}

// Reads the query file. A directory is no query (reading one would give an empty query that
// matches every game); a UTF-8 byte order mark, which some editors write, is dropped.
bool read_query_file(const std::string& path, std::string& text, std::string& error) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = "'" + path + "' is a directory, not a query file";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read query file '" + path + "'";
    return false;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  return true;
}

int run_perft(int argc, char** argv) {
  // `--variant NAME` before the FEN: the variant's rules (chess/variant.h), startpos its start.
  const bool has_variant = argc == 6 && std::string(argv[2]) == "--variant";
  const std::optional<chess::VariantRules> rules =
      has_variant ? chess::variant_rules_from_name(argv[3]) : std::optional<chess::VariantRules>(chess::VariantRules{});
  if (argc != (has_variant ? 6 : 4) || !rules) {
    std::fprintf(stderr, "usage: quarry perft [--variant standard|chess960|fourfile] FEN DEPTH\n");
    return kExitUsage;
  }
  if (has_variant) argv += 2;
  std::string error;
  std::string fen = argv[2];
  if (fen == "startpos") fen = chess::variant_start_fen(rules->variant);
  std::optional<chess::Position> pos = chess::Position::from_variant_fen(fen, *rules, &error);
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
  app.add_flag("--strict", cl.strict, "skip games whose movetext breaks off instead of keeping the moves before the fault");
  app.add_option("-w,--warnlevel", cl.warn_level, "PGN warnings: 1 skipped games, 2 also games kept with a QuarryWarning tag, 3 (default) also repairs")
      ->check(CLI::Range(1, 3));
  // Runs beyond one process: docs/scale.md.
  app.add_option("--shard", cl.shard, "examine only shard K of N (K/N, 0 <= K < N): games whose number is K mod N");
  app.add_option("--shard-by", cl.shard_by, "shard by game (default) or by file (a contiguous slice of the files)")
      ->check(CLI::IsMember({"game", "file"}));
  app.add_option("--state-out", cl.state_out, "write the run's mergeable state here, for `quarry merge`");
  app.add_flag("--secure", cl.secure,
               "refuse filters that read or write files (readfile, writefile) and header files outside the "
               "working directory");
  // Reliability (docs/reliability.md).
  app.add_flag("--append", cl.append, "add the matching games to the end of the output file");
  app.add_flag("--noclobber", cl.noclobber, "refuse to replace an existing output file");
  app.add_option("--timeout", cl.timeout_seconds, "fail a game whose evaluation takes longer than SECONDS")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--maxsteps", cl.max_steps, "fail a game whose evaluation takes more than N steps (0: no limit)");
  app.add_option("--maxmemory", cl.max_memory_mb, "cap the memory at MB megabytes (0: no cap; default 3/4 of RAM)");
  app.set_version_flag("--version", std::string("quarry ") + QUARRY_VERSION);
  app.footer("Interactive: quarry repl [games.pgn | FEN] [--ascii] (see docs/repl.md)\n"
             "Every filter with a one-line summary: quarry --help filters");
}

}  // namespace

int run_command_line(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "perft") return run_perft(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "merge") return run_merge(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "legality") return run_legality_command(argc, argv);
  if (argc == 3 && std::string(argv[1]) == "--help" && std::string(argv[2]) == "filters") {
    return std::fputs(filter_list(builtins::standard_registry()).c_str(), stdout) < 0 ? kExitIo : 0;
  }

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

  std::string text, read_error;
  if (!cl.query_file.empty() && !read_query_file(cl.query_file, text, read_error)) {
    std::fprintf(stderr, "quarry: %s\n", read_error.c_str());
    return kExitIo;
  }
  grammar::SourceFile file(cl.query_file.empty() ? "<command line>" : cl.query_file,
                           cl.query_file.empty() ? cl.cql_text : text);
  grammar::SourceFile extra("<command line>", cl.cql_text);
  bool has_extra = !cl.query_file.empty() && !cl.cql_text.empty();
  grammar::Diagnostics diagnostics;
  std::optional<CompiledQuery> query =
      compile_query(file, builtins::standard_registry(), diagnostics, has_extra ? &extra : nullptr,
                    {.keep_parse_tree = cl.parse_only, .secure = cl.secure});
  const std::string rendered = diagnostics.render();
  std::fwrite(rendered.data(), 1, rendered.size(), stderr);
  if (!query) return kExitQueryError;
  if (cl.parse_only) {
    std::fputs(query->parse_tree.c_str(), stdout);
    return 0;
  }

  if (cl.secure && !header_files_allowed(cl, *query)) return kExitQueryError;
  if (cl.append && cl.noclobber) {
    std::fprintf(stderr, "quarry: --append and --noclobber cannot be combined\n");
    return kExitUsage;
  }
  RunSettings settings = settings_for(cl, *query);
  if (settings.inputs.empty()) {
    std::fprintf(stderr, "quarry: no input: give -i FILE.pgn (or input in the cql() header)\n");
    return kExitUsage;
  }
  if (!add_scale_settings(cl, text, settings)) return kExitUsage;
  if (!cl.max_memory_mb || *cl.max_memory_mb > 0) cap_memory(cl.max_memory_mb);
  RunStats stats;
  bool ok = run_query(*query, settings, stats);
  std::fputs(run_summary(stats).c_str(), stderr);
  if (!ok) return kExitIo;
  if (stats.games_failed > 0) {
    std::fprintf(stderr, "quarry: %llu games failed (query errors at run time, see above)\n",
                 static_cast<unsigned long long>(stats.games_failed));
    return kExitQueryError;
  }
  return 0;
}

}  // namespace quarry::interpreter
