// The top-level run: the subcommands, then compile the query the command line gives, run it, report.
#include "interpreter/cli.h"

#include <cctype>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/variant.h"
#include "interpreter/command_line.h"
#include "interpreter/exit_status.h"
#include "interpreter/filter_help.h"
#include "interpreter/legality_command.h"
#include "interpreter/merge_command.h"
#include "interpreter/pgn_format_options.h"
#include "interpreter/query.h"
#include "interpreter/runner.h"

namespace quarry::interpreter {
namespace {

std::string default_output_name(const std::string& query_file) {
  std::string base = query_file.substr(query_file.find_last_of('/') == std::string::npos ? 0 : query_file.find_last_of('/') + 1);
  std::size_t dot = base.rfind('.');
  if (dot != std::string::npos && dot > 0) base = base.substr(0, dot);
  return base + "-out.pgn";
}

// -a FILE writes (appends) to FILE; otherwise -o, the header's output, NAME-out.pgn for
// NAME.cql, or standard output for a query from the command line alone.
std::string output_for(const CommandLine& cl, const QueryOptions& h) {
  if (!cl.append_file.empty()) return cl.append_file;
  if (!cl.output.empty()) return cl.output;
  if (h.output) return *h.output;
  return cl.query_file.empty() ? "-" : default_output_name(cl.query_file);
}

RunSettings settings_for(const CommandLine& cl, const CompiledQuery& query) {
  const QueryOptions& h = query.options;
  RunSettings s;
  s.inputs = !cl.inputs.empty() ? cl.inputs : h.inputs;
  s.output = output_for(cl, h);
  s.matchcount = !cl.matchcount.empty() ? CountRange::of(cl.matchcount, CountRange::Single::AtLeast) : h.matchcount;
  s.gamenumber = !cl.gamenumber.empty() ? CountRange::of(cl.gamenumber, CountRange::Single::Exactly) : h.gamenumber;
  s.variations = cl.variations || cl.virtual_mainline || (!cl.mainline && h.variations.value_or(false));
  s.quiet = cl.quiet || h.quiet.value_or(false);
  s.silent = cl.silent || h.silent.value_or(false);
  s.matchstring = cl.matchstring_given ? cl.matchstring : h.matchstring.value_or("CQL");
  s.results = h.results;
  s.progress = !cl.no_progress;
  s.show_dictionaries = cl.show_dictionaries;
  s.secure = cl.secure;
  s.keep_all_best = cl.keep_all_best;
  s.strict = cl.strict;
  s.nested_comments = cl.nested_comments;
  s.warn_level = cl.warn_level;
  s.output_mode = !cl.append_file.empty() ? OutputMode::Append : cl.noclobber ? OutputMode::NoClobber : OutputMode::Replace;
  s.limits.max_steps = cl.max_steps;
  s.limits.timeout_seconds = cl.timeout_seconds;
  s.limit = cl.limit.value_or(0);
  s.line_increment = cl.line_increment;
  s.show_matches = cl.show_matches;
  s.no_sort = cl.no_sort;
  s.no_header = cl.no_header;
  s.sort_matchcount = cl.sort_matchcount || h.sort_matchcount;
  s.pgn = pgn_output_settings(cl.pgn);
  s.threads = cl.single_threaded ? 1 : cl.threads > 0 ? cl.threads : std::max(1u, std::thread::hardware_concurrency());
  s.skip_unknown_variants = cl.skip_unknown_variants;
  return s;
}

// Options that contradict each other. False after saying why.
bool options_agree(const CommandLine& cl) {
  const char* clash = nullptr;
  if (!cl.append_file.empty() && cl.noclobber) clash = "--append and --noclobber cannot be combined";
  else if (!cl.append_file.empty() && !cl.output.empty() && cl.output != cl.append_file)
    clash = "-a FILE names the output already: give -o or -a, not both";
  else if (!cl.state_out.empty() && (cl.limit || cl.no_sort || cl.sort_matchcount))
    clash = "--limit, --nosort and --sortmatchcount act on the whole run's output: not with --state-out";
  else if (!cl.state_out.empty() && !cl.append_file.empty())
    clash = "--state-out keeps the matched games in the state: give -o to `quarry merge` instead";
  if (clash != nullptr) std::fprintf(stderr, "quarry: %s\n", clash);
  return clash == nullptr;
}

// --variantalias A B: one of the two names a variant Quarry plays, the other becomes its alias.
bool add_variant_aliases(const CommandLine& cl) {
  for (const auto& [first, second] : cl.variant_aliases) {
    const bool first_known = chess::variant_rules_from_name(first).has_value();
    const bool second_known = chess::variant_rules_from_name(second).has_value();
    if (!first_known && !second_known) {
      std::fprintf(stderr, "quarry: --variantalias %s %s: neither names a variant Quarry plays (standard, chess960, fourfile)\n",
                   first.c_str(), second.c_str());
      return false;
    }
    if (first_known) chess::add_variant_alias(second, first);
    else chess::add_variant_alias(first, second);
  }
  return true;
}

// --createdirectories makes the output file's directories; --dryrun names the file and clears
// the output so that nothing is written. False (after saying why) when a directory cannot be made.
bool prepare_output(const CommandLine& cl, RunSettings& s) {
  const bool to_file = !s.output.empty() && s.output != "-" && s.output != "stdout";
  if (cl.dry_run) {
    if (to_file) std::fprintf(stderr, "quarry: --dryrun: the games would go to %s\n", s.output.c_str());
    s.output.clear();
    return true;
  }
  const std::filesystem::path parent = std::filesystem::path(s.output).parent_path();
  if (!cl.create_directories || !to_file || parent.empty()) return true;
  std::error_code ec;
  std::filesystem::create_directories(parent, ec);
  if (ec) std::fprintf(stderr, "quarry: --createdirectories: %s: %s\n", parent.c_str(), ec.message().c_str());
  return !ec;
}

// --shard, --shard-by, --state-out. False (after saying why) on a bad value.
bool add_scale_settings(const CommandLine& cl, const QuerySource& source, RunSettings& s) {
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
  s.query_source = source;
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
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
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

// Reads the query file (adding .cql to its name when only that exists). A directory is no query (reading one would give an empty query that
// matches every game); a UTF-8 byte order mark, which some editors write, is dropped.
bool read_query_file(std::string& path, std::string& text, std::string& error) {
  std::error_code ec;
  // CQL: "the .cql extension may be omitted".
  if (!std::filesystem::exists(path, ec) && std::filesystem::is_regular_file(path + ".cql", ec)) path += ".cql";
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

}  // namespace

namespace {

// The query as compiled (and recorded for `quarry merge`): the file, with the command-line text
// (--assign, --cql and the injection options) as its preamble, or that text alone.
bool query_source_for(CommandLine& cl, QuerySource& source) {
  std::string command_text, error;
  if (!command_line_filters(cl, command_text, &error)) {
    std::fprintf(stderr, "quarry: %s\n", error.c_str());
    return false;
  }
  command_text = assignment_text(cl.assignments) + command_text;
  source.transforms = cl.transforms;
  if (cl.query_file.empty()) {
    source.name = "<command line>";
    source.text = command_text;
    return true;
  }
  if (!read_query_file(cl.query_file, source.text, error)) {
    std::fprintf(stderr, "quarry: %s\n", error.c_str());
    return false;
  }
  source.name = cl.query_file;
  source.extra_text = command_text;
  return true;
}

// Compiles, runs and reports. The exit status.
int run(CommandLine& cl, const QuerySource& source, const Registry& registry) {
  grammar::SourceFile file(source.name, source.text);
  grammar::SourceFile extra("<command line>", source.extra_text);
  grammar::Diagnostics diagnostics;
  std::optional<CompiledQuery> query =
      compile_query(file, registry, diagnostics, source.extra_text.empty() ? nullptr : &extra,
                    {.keep_parse_tree = cl.parse_only, .secure = cl.secure, .transforms = source.transforms});
  const std::string rendered = console_text(cl, diagnostics.render());
  std::fwrite(rendered.data(), 1, rendered.size(), stderr);
  if (!query) return kExitQueryError;
  if (cl.parse_only) {
    std::fputs(console_text(cl, query->parse_tree).c_str(), stdout);
    return 0;
  }
  if (cl.secure && !header_files_allowed(cl, *query)) return kExitQueryError;
  RunSettings settings = settings_for(cl, *query);
  if (settings.inputs.empty()) {
    std::fprintf(stderr, "quarry: no input: give -i FILE.pgn (or input in the cql() header)\n");
    return kExitUsage;
  }
  if (!add_scale_settings(cl, source, settings) || !prepare_output(cl, settings)) return kExitUsage;
  if (!cl.max_memory_mb || *cl.max_memory_mb > 0) cap_memory(cl.max_memory_mb);
  RunStats stats;
  bool ok = run_query(*query, settings, stats);
  if (settings.state_out.empty()) std::fputs(cql_summary(stats, settings.output).c_str(), stderr);
  std::fputs(run_summary(stats).c_str(), stderr);
  if (!ok) return kExitIo;
  if (stats.games_failed > 0) {
    std::fprintf(stderr, "quarry: %llu games failed (query errors at run time, see above)\n",
                 static_cast<unsigned long long>(stats.games_failed));
    return kExitQueryError;
  }
  return 0;
}

}  // namespace

int run_command_line(int argc, char** argv, const Registry& registry) {
  if (argc >= 2 && std::string(argv[1]) == "perft") return run_perft(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "merge") return run_merge(argc, argv, registry);
  if (argc >= 2 && std::string(argv[1]) == "legality") return run_legality_command(argc, argv);
  if (argc >= 3 && argc <= 4 && std::string(argv[1]) == "--help" && std::string(argv[2]) == "filters" &&
      (argc == 3 || std::string(argv[3]) == "--noconsoleunicode")) {
    CommandLine console;
    console.console_unicode = argc == 3;
    const std::string list = console_text(console, filter_list(registry, console.console_unicode));
    return std::fputs(list.c_str(), stdout) < 0 ? kExitIo : 0;
  }

  ParseResult parsed = parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
  std::fputs(parsed.out.c_str(), stdout);
  std::fputs(parsed.err.c_str(), stderr);
  if (!parsed.command_line) return parsed.status;
  CommandLine& cl = *parsed.command_line;
  if (!options_agree(cl) || !add_variant_aliases(cl)) return kExitUsage;
  QuerySource source;
  if (!query_source_for(cl, source)) return cl.query_file.empty() ? kExitUsage : kExitIo;
  if (source.text.empty() && cl.query_file.empty()) {
    std::fprintf(stderr, "quarry: no query: give a .cql file or --cql \"FILTERS\" (see --help)\n");
    return kExitUsage;
  }
  return run(cl, source, registry);
}

}  // namespace quarry::interpreter
