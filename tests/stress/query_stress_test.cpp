// Hostile queries and games: deep nesting, long games, huge comments, exponential expansion and
// runaway evaluation end with a message or a failed game, never a crash or a hang.
#include <catch2/catch.hpp>

#include "stress/stress_run.h"

using namespace quarry;
using quarry::testing::run_stress;
using quarry::testing::shuffling_game;

namespace {
std::string chain(const std::string& term, const std::string& op, int count) {
  std::string q = term;
  for (int i = 1; i < count; ++i) q += " " + op + " " + term;
  return q;
}
constexpr const char* kShortGame = "[Event \"short\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
}  // namespace

TEST_CASE("30,000 chained terms are a clear error, not a stack overflow", "[stress][parser]") {
  auto r = run_stress(chain("k", "&", 30000), kShortGame);
  CHECK_FALSE(r.compiled);
  CHECK(r.diagnostics.find("nested too deeply") != std::string::npos);
  CHECK(r.diagnostics.size() < 1000);  // a window of the 60 KB line, not all of it
}

TEST_CASE("deeply nested parentheses and braces are a clear error", "[stress][parser]") {
  auto r = run_stress(std::string(5000, '(') + "k" + std::string(5000, ')'), kShortGame);
  CHECK_FALSE(r.compiled);
  CHECK(r.diagnostics.find("nested too deeply") != std::string::npos);
}

TEST_CASE("a long chain within the limit compiles, runs and prints with --parse", "[stress][parser]") {
  grammar::SourceFile file("q.cql", chain("check", "or", 900));
  grammar::Diagnostics d;
  auto q = interpreter::compile_query(file, builtins::standard_registry(), d, nullptr, {.keep_parse_tree = true});
  REQUIRE(q);
  CHECK(q->parse_tree.size() > 900 * 8);
  auto r = run_stress(chain("check", "or", 900), kShortGame);
  CHECK(r.ok);
}

TEST_CASE("the parse tree is rendered only for --parse", "[stress][parser]") {
  grammar::SourceFile file("q.cql", "check");
  grammar::Diagnostics d;
  auto q = interpreter::compile_query(file, builtins::standard_registry(), d);
  REQUIRE(q);
  CHECK(q->parse_tree.empty());
}

TEST_CASE("line over a 30,000-ply game does not recurse per move", "[stress][line]") {
  auto r = run_stress("initial line --> .{*} --> check", shuffling_game(30000));
  REQUIRE(r.compiled);
  CHECK(r.ok);
  CHECK(r.stats.games_failed == 0);
  CHECK(r.stats.games_matched == 0);  // no check in the game: the whole line is walked
  auto m = run_stress("initial line --> .{*} --> btm", shuffling_game(30000));
  CHECK(m.stats.games_matched == 1);
}

TEST_CASE("a regular expression over a 30 KB comment does not overflow the stack", "[stress][regex]") {
  const std::string pgn = "[Event \"c\"]\n[Result \"*\"]\n\n1. e4 {" + std::string(30000, 'x') + "} e5 *\n";
  auto r = run_stress("originalcomment ~~ \".*\"", pgn);
  CHECK(r.stats.games_matched == 1);
  auto groups = run_stress("originalcomment ~~ \"x(?<rest>x+)\" \\-{rest} == 1", pgn);
  CHECK(groups.stats.games_matched == 1);
  // A backreference needs the backtracking engine: longer texts than its limit do not match.
  auto backtracking = run_stress("originalcomment ~~ \"(x)\\\\1\"", pgn);
  CHECK(backtracking.stats.games_matched == 0);
  CHECK(backtracking.stats.games_failed == 0);
}

TEST_CASE("function fan-out and nested transforms stop at the expansion budget", "[stress][budget]") {
  std::string functions = "function F0(x) { x + 1 }\n";
  for (int i = 1; i <= 24; ++i) {
    functions += "function F" + std::to_string(i) + "(x) { F" + std::to_string(i - 1) + "(x) + F" +
                 std::to_string(i - 1) + "(x) }\n";
  }
  auto fan = run_stress(functions + "F24(1) > 0", kShortGame);
  CHECK_FALSE(fan.compiled);
  CHECK(fan.diagnostics.find("expands to more than") != std::string::npos);
  std::string transforms;
  for (int i = 0; i < 14; ++i) transforms += "rotate90 ";
  auto nested = run_stress(transforms + "{Ka1 check}", kShortGame);
  CHECK_FALSE(nested.compiled);
  CHECK(nested.diagnostics.find("expands to more than") != std::string::npos);
}

TEST_CASE("duplicate transformed copies count against the expansion budget", "[stress][budget]") {
  // Every flip of a symmetric body is the body again: the copies are dropped, not bound, so only
  // charging them stops 20 nested flips from copying a 10,000-node body 1.6 million times.
  std::string body = "{";
  for (int i = 0; i < 10000; ++i) body += " 1";
  body += " }";
  std::string flips;
  for (int i = 0; i < 20; ++i) flips += "flip ";
  auto nested = run_stress(flips + body, kShortGame);
  CHECK_FALSE(nested.compiled);
  CHECK(nested.diagnostics.find("expands to more than") != std::string::npos);
  auto shallow = run_stress("flip flip " + body, kShortGame);
  CHECK(shallow.compiled);
}

TEST_CASE("a function defined in a transformed body costs its whole copy", "[stress][budget]") {
  // Found by the query target: a function definition binds one filter however long its body, so
  // `shift shift` copied a long one 4,096 times (64 squares for Ka1, each way) at no charge.
  std::string body = "{ Ka1 function F() {";
  for (int i = 0; i < 10000; ++i) body += " 1";
  body += " } }";
  auto nested = run_stress("shift shift " + body, kShortGame);
  CHECK_FALSE(nested.compiled);
  CHECK(nested.diagnostics.find("expands to more than") != std::string::npos);
  CHECK(run_stress("shift " + body, kShortGame).compiled);
}

TEST_CASE("an empty body has no last part to give a value", "[stress][fuzz]") {
  // Found by the evaluate target: str() asked an empty compound (a function of comments only)
  // for its text, and the compound read the last of no parts.
  auto direct = run_stress("str({}) == \"<true>\"", kShortGame);
  REQUIRE(direct.compiled);
  CHECK(direct.stats.games_matched == 1);
  auto function = run_stress("function F() { } initial settag(\"X\" str(F() \"y\"))", kShortGame);
  REQUIRE(function.compiled);
  CHECK(function.stats.games_matched == 1);
}

TEST_CASE("a function defined inside a transform is still callable after it", "[stress][fuzz]") {
  // Found by the evaluate target: the function kept its body in the transformed copy of the
  // syntax, which was freed when the transform was bound, so a later call read freed memory
  // (heap-use-after-free under ASan). Each copy defines the function; the last copy's body counts.
  auto r = run_stress("rotate45 function F($n) { str($n \"!\") }\ninitial comment F(12)", kShortGame);
  REQUIRE(r.compiled);
  CHECK(r.stats.games_matched == 1);
  CHECK(r.output.find("{12!}") != std::string::npos);
}

TEST_CASE("a game past the step budget fails and the run goes on", "[stress][budget]") {
  interpreter::RunSettings settings;
  settings.limits.max_steps = 10'000;
  const std::string two_games = shuffling_game(400) + "\n" + kShortGame;
  auto r = run_stress("find all { find all check }", two_games, settings);
  CHECK(r.ok);
  CHECK(r.stats.games_read == 2);
  CHECK(r.stats.games_failed == 1);  // 400 x 400 positions; the short game fits
}

TEST_CASE("speculative and reverse moves count against the step budget", "[stress][budget]") {
  interpreter::RunSettings settings;
  settings.limits.max_steps = 10'000;
  // Each level multiplies the imaginary positions by about 20 (found by fuzzing: nothing was
  // counted, so nested move filters ran without bound).
  auto forward = run_stress("move legal : move legal : move legal : move legal : false", kShortGame, settings);
  CHECK(forward.stats.games_failed == 1);
  auto reverse = run_stress("move legal reverse : move legal : move legal reverse count : false", kShortGame, settings);
  CHECK(reverse.stats.games_failed == 1);
  // The same query within budget fails nothing.
  CHECK(run_stress("move legal : false", kShortGame, settings).stats.games_failed == 0);
}

TEST_CASE("text copied and built counts against the step budget", "[stress][budget]") {
  interpreter::RunSettings settings;
  settings.limits.max_steps = 10'000;
  // A string grown by 1 KB at each of 500 iterations and copied into a comment each time: a few
  // thousand steps of iteration, but 125 MB of text (found by fuzzing as `loop comment(…)`).
  const std::string grow_1kb = "s += \"" + std::string(1024, 'x') + "\" comment(s)";
  auto copied = run_stress("x = 0 s = \"\" while (x < 500) { x += 1 " + grow_1kb + " }", kShortGame, settings);
  CHECK(copied.stats.games_failed == 1);
  // Compared in place, it costs its length as well.
  auto compared = run_stress("x = 0 s = \"" + std::string(64 * 1024, 'y') + "\" while (x < 500) { x += 1 s == s }",
                             kShortGame, settings);
  CHECK(compared.stats.games_failed == 1);
  // Short text is free: the same loops over a 16-byte string stay within the budget.
  CHECK(run_stress("x = 0 s = \"0123456789abcdef\" while (x < 500) { x += 1 comment(s) }", kShortGame, settings)
            .stats.games_failed == 0);
  CHECK(run_stress("x = 0 s = \"0123456789abcdef\" while (x < 500) { x += 1 s == s }", kShortGame, settings)
            .stats.games_failed == 0);
}

TEST_CASE("searches, captures, dictionary keys, files and tags count against the step budget", "[stress][budget]") {
  // Found in review of the text charge: each of these did unbounded work in one step.
  interpreter::RunSettings settings;
  settings.limits.max_steps = 10'000;
  auto fails = [&](const std::string& query, const std::string& pgn = kShortGame) {
    return run_stress(query, pgn, settings).stats.games_failed == 1;
  };
  // 200 groups over 512 bytes: the whole match is quick, the groups take milliseconds a search,
  // so they are found only when read.
  std::string groups;
  for (int i = 0; i < 200; ++i) groups += "(x*)";
  const std::string search = "\"" + std::string(512, 'x') + "\" ~~ \"" + groups + "\"";
  CHECK_FALSE(fails("x = 0 while (x < 20) { x += 1 " + search + " }"));
  CHECK(fails("x = 0 while (x < 20) { x += 1 " + search + " \\1 == \"\" }"));
  // A capture read is a copy of its text.
  const std::string long_text = "s = \"" + std::string(64 * 1024, 'y') + "\" s ~~ \"y*\" ";
  CHECK(fails(long_text + "x = 0 while (x < 500) { x += 1 \\0 == \"\" }"));
  // Each key of a dictionary is a step: nested iterations multiply.
  const std::string keys = "dictionary int --> int D x = 0 while (x < 100) { x += 1 D[x] = x } ";
  CHECK_FALSE(fails(keys + "key ka in D { true }"));
  CHECK(fails(keys + "key ka in D { key kb in D { true } }"));
  // A file is read a chunk at a time, each charged.
  auto dir = quarry::testing::stress_directory("readfile");
  std::ofstream(dir / "big.txt", std::ios::binary) << std::string(1024 * 1024, 'z');
  CHECK(fails("x = 0 while (x < 20) { x += 1 #(readfile \"" + (dir / "big.txt").string() + "\") > 0 }"));
  // A tag read is a copy, even of a per-game constant.
  const std::string big_tag = "[Event \"" + std::string(64 * 1024, 'e') + "\"]\n[Result \"*\"]\n\n1. e4 *\n";
  CHECK(fails("x = 0 while (x < 500) { x += 1 y = tag \"Event\" }", big_tag));
  CHECK_FALSE(fails("x = 0 while (x < 500) { x += 1 y = tag \"Event\" }"));
}

TEST_CASE("the timeout fails a slow game", "[stress][budget]") {
  interpreter::RunSettings settings;
  settings.limits.max_steps = 0;
  settings.limits.timeout_seconds = 0.05;
  // About 3 s of work (the while limit is never reached): the timeout ends it early.
  auto r = run_stress("find all { x = 0 while (x < 900000) { x += 1 } }", kShortGame, settings);
  CHECK(r.stats.games_failed == 1);
  CHECK(r.stats.seconds < 2);
}

TEST_CASE("the while limit fails the game, not the run", "[stress][budget]") {
  auto r = run_stress("x = 1 while (x > 0) { x = x + 1 }", kShortGame);
  CHECK(r.ok);
  CHECK(r.stats.games_failed == 1);
}

TEST_CASE("secure mode refuses file filters with a clear error", "[stress][secure]") {
  for (const char* q : {"readfile \"/etc/passwd\" ~~ \"root\"", "writefile(\"x.txt\" \"hi\")"}) {
    auto r = run_stress(q, kShortGame, {}, {.secure = true});
    CHECK_FALSE(r.compiled);
    CHECK(r.diagnostics.find("--secure refuses") != std::string::npos);
  }
  CHECK(run_stress("readfile \"/nonexistent\" ~~ \"x\"", kShortGame).compiled);
}
