// The command line as CQL 6.1 and CQLi take it: each option takes exactly its own values, the
// query file stands anywhere, single-dash long options and any case, "did you mean" hints.
#include <catch2/catch.hpp>

#include "interpreter/command_line.h"
#include "interpreter/exit_status.h"

using namespace quarry::interpreter;

namespace {

CommandLine parsed(std::vector<std::string> args) {
  ParseResult r = parse_command_line(args);
  INFO(r.err);
  REQUIRE(r.command_line);
  return *r.command_line;
}

ParseResult refused(std::vector<std::string> args) {
  ParseResult r = parse_command_line(args);
  CHECK_FALSE(r.command_line);
  CHECK(r.status == kExitUsage);
  return r;
}

using Numbers = std::vector<std::int64_t>;
using Words = std::vector<std::string>;

}  // namespace

TEST_CASE("option -i takes one file and leaves the query file alone", "[cli]") {
  CommandLine cl = parsed({"-i", "games.pgn", "q.cql"});
  CHECK(cl.inputs == Words{"games.pgn"});
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"q.cql", "-i", "a.pgn"});
  CHECK(cl.inputs == Words{"a.pgn"});
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"-i", "a.pgn", "-i", "b.pgn", "q.cql", "-input", "c.pgn"});
  CHECK(cl.inputs == Words{"a.pgn", "b.pgn", "c.pgn"});
  CHECK(cl.query_file == "q.cql");
  // Further PGN files after -i are inputs too (a shell glob); the query file never is.
  cl = parsed({"-i", "a.pgn", "b.pgn.zst", "c.PGN", "q.cql"});
  CHECK(cl.inputs == Words{"a.pgn", "b.pgn.zst", "c.PGN"});
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"-i", "a.pgn", "q"});
  CHECK(cl.inputs == Words{"a.pgn"});
  CHECK(cl.query_file == "q");
}

TEST_CASE("option -g and --matchcount take one number, and a second only when it is a number", "[cli]") {
  CommandLine cl = parsed({"-g", "1", "q.cql"});
  CHECK(cl.gamenumber == Numbers{1});
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"-g", "1", "5", "q.cql"});
  CHECK(cl.gamenumber == Numbers{1, 5});
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"--matchcount", "1", "2", "q.cql"});
  CHECK(cl.matchcount == Numbers{1, 2});
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"--matchcount", "3", "q.cql", "-i", "a.pgn"});
  CHECK(cl.matchcount == Numbers{3});
  CHECK(cl.query_file == "q.cql");
  CHECK(cl.inputs == Words{"a.pgn"});
  cl = parsed({"q.cql", "--gamenumber", "7"});
  CHECK(cl.gamenumber == Numbers{7});
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"--year", "1990", "1999", "q.cql"});
  CHECK(cl.year == Numbers{1990, 1999});
  CHECK(cl.query_file == "q.cql");
}

TEST_CASE("CQL's single-dash long options, in any case, and --name=value", "[cli]") {
  CommandLine cl = parsed({"-matchcount", "2", "-Variations", "-gameNumber", "3", "4", "q.cql"});
  CHECK(cl.matchcount == Numbers{2});
  CHECK(cl.variations);
  CHECK(cl.gamenumber == Numbers{3, 4});
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"--MatchString=Hit Here", "q.cql"});
  CHECK(cl.matchstring == "Hit Here");  // the value keeps its case
  CHECK(cl.matchstring_given);
}

TEST_CASE("a value that looks like an option is still the option's value", "[cli]") {
  CommandLine cl = parsed({"--matchstring", "-x-", "q.cql"});
  CHECK(cl.matchstring == "-x-");
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"-i", "-", "--cql", "-flipcolor"});
  CHECK(cl.inputs == Words{"-"});
  CHECK(cl.cql_texts == Words{"-flipcolor"});
  CHECK(cl.transforms.empty());
}

TEST_CASE("options of two values and repeated --cql", "[cli]") {
  CommandLine cl = parsed({"--assign", "Who", "Kasparov", "-assign", "N", "5", "q.cql", "--variantalias", "fourfile", "4F"});
  REQUIRE(cl.assignments.size() == 2);
  CHECK(cl.assignments[0] == std::pair<std::string, std::string>{"Who", "Kasparov"});
  CHECK(cl.assignments[1] == std::pair<std::string, std::string>{"N", "5"});
  REQUIRE(cl.variant_aliases.size() == 1);
  CHECK(cl.variant_aliases[0].second == "4F");
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"-cql", "Ra3", "-cql", "Kb1", "-i", "data.pgn"});
  CHECK(cl.cql_texts == Words{"Ra3", "Kb1"});
  CHECK(cl.query_file.empty());
}

TEST_CASE("CQLi's run options", "[cli]") {
  CommandLine cl = parsed({"--limit", "3", "--lineincrement", "50", "--showmatches", "--nosort", "--noheader",
                           "--sortmatchcount", "--skipunknownvariants", "-a", "out.pgn", "-w", "1", "q.cql"});
  CHECK(cl.limit == std::optional<std::uint64_t>(3));
  CHECK(cl.line_increment == 50);
  CHECK(cl.show_matches);
  CHECK(cl.no_sort);
  CHECK(cl.no_header);
  CHECK(cl.sort_matchcount);
  CHECK(cl.skip_unknown_variants);
  CHECK(cl.append_file == "out.pgn");
  CHECK(cl.warn_level == 1);
  CHECK(cl.query_file == "q.cql");
}

TEST_CASE("CQLi's output-file options and the HHdb shorthands", "[cli]") {
  CommandLine cl = parsed({"--vi", "-i", "a.pgn", "--vii", "--createdirectories", "--dryrun", "--maxopenoutputfiles", "4",
                           "--binaryoutput", "q.cql"});
  CHECK(cl.inputs == Words{"HHdbVI.pgn", "a.pgn", "HHdbVII.pgn"});
  CHECK(cl.create_directories);
  CHECK(cl.dry_run);
  CHECK(cl.max_open_output_files == 4);
  CHECK(cl.query_file == "q.cql");
  refused({"--maxopenoutputfiles", "0", "q.cql"});
}

TEST_CASE("transforms keep the order they were given in", "[cli]") {
  CommandLine cl = parsed({"-flipcolor", "--Rotate90", "q.cql", "--shifthorizontal"});
  CHECK(cl.transforms == Words{"flipcolor", "rotate90", "shifthorizontal"});
}

TEST_CASE("the injection options become query text", "[cli]") {
  CommandLine cl = parsed({"--player", "Kasparov", "--white", "Carl \"Sen\"", "--result", "1/2", "--year", "1990",
                           "--fen", "8/8/8/8/8/8/8/KNk5", "--wtm", "--virtualmainline"});
  std::string text, error;
  REQUIRE(command_line_filters(cl, text, &error));
  CHECK(text ==
        "player \"Kasparov\"\nplayer white \"Carl \\\"Sen\\\"\"\nresult 1/2-1/2\nyear == 1990\n"
        "fen \"8/8/8/8/8/8/8/KNk5\"\nwtm\nvirtualmainline\n");
  cl = parsed({"--result", "2-0"});
  CHECK_FALSE(command_line_filters(cl, text, &error));
  CHECK(error.find("--result") != std::string::npos);
  CHECK(assignment_text({{"N", "-5"}, {"S", "x.cqo"}}) == "N = -5\nS = \"x.cqo\"\n");
}

TEST_CASE("an unknown option gets a did-you-mean hint", "[cli]") {
  ParseResult r = refused({"--matchcont", "2", "q.cql"});
  CHECK(r.err.find("unknown option '--matchcont'") != std::string::npos);
  CHECK(r.err.find("did you mean '--matchcount'?") != std::string::npos);
  r = refused({"-sortmatchcont", "q.cql"});
  CHECK(r.err.find("did you mean '--sortmatchcount'?") != std::string::npos);
  r = refused({"--zzzzzzzzzz", "q.cql"});
  CHECK(r.err.find("did you mean") == std::string::npos);
}

TEST_CASE("wrong command lines are usage errors that say why", "[cli]") {
  CHECK(refused({"a.cql", "b.cql"}).err.find("more than one query file") != std::string::npos);
  CHECK(refused({"q.cql", "-i"}).err.find("-i needs 1 value") != std::string::npos);
  CHECK(refused({"--assign", "X"}).err.find("needs 2 values") != std::string::npos);
  refused({"-g", "first", "q.cql"});
  refused({"-w", "7", "q.cql"});
}

TEST_CASE("--help lists the exit statuses and the other commands", "[cli]") {
  ParseResult r = parse_command_line({"--help"});
  CHECK_FALSE(r.command_line);
  CHECK(r.status == 0);
  for (const char* want : {"Exit status", "quarry perft", "quarry legality", "quarry merge", "quarry repl",
                           "--matchcount", "--player", "--sortmatchcount"}) {
    INFO(want);
    CHECK(r.out.find(want) != std::string::npos);
  }
  r = parse_command_line({"-help"});
  CHECK(r.status == 0);
  CHECK(r.out.find("Exit status") != std::string::npos);
}

TEST_CASE("CQLi's console and front-end options", "[cli]") {
  CommandLine cl = parsed({"--guipgnstdin", "--guipgnstdout", "q.cql", "-pipetimeout", "30", "--gui"});
  CHECK(cl.inputs == Words{"-"});
  CHECK(cl.output == "-");
  CHECK(cl.pipe_timeout == 30);
  CHECK(cl.gui);
  CHECK(cl.query_file == "q.cql");
  cl = parsed({"--nocommitlog", "--NoAsyncMessages", "--ansicolors", "--noconsoleunicode", "q.cql"});
  CHECK(cl.no_commit_log);
  CHECK(cl.no_async_messages);
  CHECK(cl.ansi_colors);
  CHECK_FALSE(cl.console_unicode);
  cl = parsed({"--ansicolors", "--noansicolors", "q.cql"});  // the last one given wins
  CHECK_FALSE(cl.ansi_colors);
  CHECK(parsed({"q.cql"}).console_unicode);
  refused({"--pipetimeout", "soon", "q.cql"});
}

TEST_CASE("the hhdb option adds hhdb KEY to the query, quoting codes and the search text", "[cli]") {
  CommandLine cl = parsed({"--hhdb", "composer Reti", "--hhdb", "(c)", "--hhdb", "gbr kings a1h8", "--hhdb", "sort award",
                           "q.cql"});
  std::string text, error;
  REQUIRE(command_line_filters(cl, text, &error));
  CHECK(text == "hhdb composer \"Reti\"\nhhdb \"(c)\"\nhhdb gbr kings \"a1h8\"\nhhdb sort award\n");
}

TEST_CASE("the license option prints the licence statement and stops", "[cli]") {
  ParseResult r = parse_command_line({"--license"});
  CHECK_FALSE(r.command_line);
  CHECK(r.status == 0);
  CHECK(r.out.find("Quarry") != std::string::npos);
}

TEST_CASE("console text: colours with --ansicolors, ASCII with --noconsoleunicode", "[cli]") {
  const std::string diagnostic =
      "q.cql:1:9: error: unknown filter 'x'\n  \xE2\x80\xA6(\"R\xC3\xA9ti\" x y)\n           ^\n  hint: write { \xE2\x80\xA6 }\n";
  CommandLine cl;
  CHECK(console_text(cl, diagnostic) == diagnostic);
  cl.console_unicode = false;
  CHECK(console_text(cl, diagnostic) ==
        "q.cql:1:9: error: unknown filter 'x'\n  ...(\"R??ti\" x y)\n             ^\n  hint: write { ... }\n");
  cl.console_unicode = true;
  cl.ansi_colors = true;
  const std::string coloured = console_text(cl, diagnostic);
  CHECK(coloured.find("q.cql:1:9: \x1b[1;31merror:\x1b[0m unknown") != std::string::npos);
  CHECK(coloured.find("\x1b[1;32m^\x1b[0m") != std::string::npos);
  CHECK(coloured.find("  \x1b[36mhint:\x1b[0m write") != std::string::npos);
}
