// Per-game constants: tag tests are evaluated once per game and the verdict reused at each
// position; with the cache off (or a query that edits tags) every position evaluates them, and
// both ways give the same answers.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "builtins/builtins.h"
#include "chess/notation.h"
#include "grammar/parser.h"
#include "interpreter/binder.h"
#include "interpreter/query.h"

using namespace quarry;
using interpreter::BindArguments;
using interpreter::Context;
using interpreter::FilterPtr;
using interpreter::Registry;
using interpreter::ValueType;

namespace {

int evaluations = 0;  // how often `counted` was evaluated

// `counted`: a per-game filter that counts its evaluations (true when the game has a White tag).
class Counted final : public interpreter::Filter {
 public:
  Counted() : Filter(ValueType::Logical) {}
  bool match(Context& ctx) const override {
    ++evaluations;
    return ctx.game().tag("White") != nullptr;
  }
};

const Registry& counting_registry() {
  static const Registry registry = [] {
    Registry r;
    builtins::register_builtins(r);
    r.add_family({"counting", [](Registry& reg) {
                    reg.add({{"counted", grammar::ShapeKind::Nullary}, "counted: counts its evaluations",
                             [](BindArguments&) -> FilterPtr { return std::make_unique<Counted>(); },
                             {{}, ValueType::Logical}, interpreter::Dependence::PerGame});
                  }});
    return r;
  }();
  return registry;
}

// A short game with tags: 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#.
chess::Game scholars_mate() {
  chess::Game game;
  game.set_start(*chess::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  chess::NodeId node = game.root();
  for (const char* uci : {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}) {
    node = game.add_child(node, *chess::parse_uci(game.node(node).position, uci));
  }
  game.set_tag("Event", "Club Open");
  game.set_tag("White", "Carlsen, Magnus");
  game.set_tag("Black", "Doe, John");
  game.set_tag("Date", "1999.05.11");
  game.set_tag("WhiteElo", "2850");
  game.set_tag("Result", "1-0");
  return game;
}

struct Run {
  std::vector<bool> matches;  // per position, in node order
  std::size_t caches = 0;     // per-game constants the binder made
};

// Evaluates `query` at every position of `game`, twice over (two "games"), cache on or off.
Run run(const std::string& query, bool cache, const chess::Game& game) {
  grammar::SourceFile file("q.cql", query);
  grammar::Diagnostics diagnostics;
  auto tree = grammar::parse_query(file, counting_registry().keywords(), diagnostics);
  REQUIRE(tree);
  interpreter::Binder binder(counting_registry(), file, diagnostics);
  FilterPtr body = binder.bind_sequence(tree->body, nullptr);
  INFO(diagnostics.render());
  REQUIRE(body);
  binder.set_cache_game_constants(cache);
  Context ctx;
  ctx.resize_variables(binder.variables().size());
  Run out;
  out.caches = binder.game_constant_count();
  for (int pass = 0; pass < 2; ++pass) {
    ctx.set_game(game);
    for (chess::NodeId n = 0; n < game.node_count(); ++n) {
      ctx.set_node(n);
      out.matches.push_back(body->match(ctx));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("a per-game constant is evaluated once per game", "[game_constant]") {
  const chess::Game game = scholars_mate();
  evaluations = 0;
  Run cached = run("counted and check", true, game);
  CHECK(cached.caches == 1);
  CHECK(evaluations == 2);  // once in each of the two games
  evaluations = 0;
  Run uncached = run("counted and check", false, game);
  CHECK(evaluations == 16);  // at each of the 8 positions, twice
  CHECK(cached.matches == uncached.matches);
  CHECK(cached.matches[7]);  // 4.Qxf7# gives check
}

TEST_CASE("a query that edits tags evaluates tag tests at every position", "[game_constant]") {
  const chess::Game game = scholars_mate();
  evaluations = 0;
  Run edited = run("counted and check and settag(\"Annotator\" \"Quarry\")", true, game);
  CHECK(evaluations == 16);
  evaluations = 0;
  Run removed = run("{ removetag \"Event\" counted }", true, game);
  CHECK(evaluations == 16);
  CHECK(edited.matches == run("counted and check", true, game).matches);
  CHECK(removed.matches == run("counted", false, game).matches);
}

TEST_CASE("cached and uncached tag tests agree at every position", "[game_constant]") {
  const chess::Game game = scholars_mate();
  for (const char* query : {"player \"Carlsen\" and check", "player black \"Doe\" and wtm", "year > 1990 and ply > 4",
                            "event \"Open\" or mate", "result 1-0 and btm", "elo white >= 2800 and not check",
                            "tag \"Event\" == \"Club Open\"", "not (site \"x\") and gamenumber == 0",
                            "if player white \"Carlsen\" then ply else 100 > 3", "year + 1 == 2000 and ply < 3",
                            "player \"Carlsen\" and settag(\"X\" \"y\")", "flipcolor (player white \"Carlsen\" and wtm)"}) {
    INFO(query);
    Run cached = run(query, true, game);
    Run uncached = run(query, false, game);
    CHECK(cached.matches == uncached.matches);
  }
  CHECK(run("player \"Carlsen\" and check", true, game).caches == 1);
  CHECK(run("year > 1990 and ply > 4", true, game).caches == 1);  // `year > 1990` as a whole
  CHECK(run("check and ply > 4", true, game).caches == 0);
}

TEST_CASE("queries compiled one after another in one context keep their own per-game answers", "[game_constant]") {
  // The REPL evaluates each line as a new query in the same context and game: both number their
  // per-game constants from slot 0.
  const chess::Game game = scholars_mate();
  Context ctx;
  ctx.set_game(game);
  ctx.set_node(game.root());
  auto compile = [](const grammar::SourceFile& file, grammar::Diagnostics& diagnostics) {
    auto tree = grammar::parse_query(file, counting_registry().keywords(), diagnostics);
    REQUIRE(tree);
    interpreter::Binder binder(counting_registry(), file, diagnostics);
    FilterPtr body = binder.bind_sequence(tree->body, nullptr);
    REQUIRE(body);
    CHECK(binder.game_constant_count() == 1);
    return body;
  };
  grammar::Diagnostics diagnostics;
  grammar::SourceFile first_file("a.cql", "player \"Carlsen\"");
  grammar::SourceFile second_file("b.cql", "player \"Kasparov\"");
  FilterPtr first = compile(first_file, diagnostics);
  FilterPtr second = compile(second_file, diagnostics);
  CHECK(first->match(ctx));
  CHECK_FALSE(second->match(ctx));
  CHECK(first->match(ctx));
}

namespace {

// A query compiled as the command line compiles it, with its tag gate.
struct Gated {
  grammar::SourceFile file;
  std::optional<interpreter::CompiledQuery> query;
  explicit Gated(const std::string& text) : file("q.cql", text) {
    grammar::Diagnostics diagnostics;
    query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics);
    INFO(diagnostics.render());
    REQUIRE(query);
  }
  // Whether the gate rules out a game with these tags (its movetext not read), numbered `number`.
  bool rules_out(const chess::Game& tags, std::uint64_t number = 1) {
    chess::Game game = tags;
    game.number = number;
    Context probe;
    return query->tag_gate.rules_out(game, probe);
  }
};

chess::Game tags_only(const char* white) {
  chess::Game game;
  game.set_tag("Event", "Olympiad");
  game.set_tag("Site", "Chennai");
  game.set_tag("White", white);
  game.set_tag("Black", "Doe, John");
  game.set_tag("Result", "0-1");
  return game;
}

}  // namespace

TEST_CASE("the tag gate holds the body's leading per-game tests", "[game_constant][tag_gate]") {
  CHECK(Gated("player \"Carlsen\"").query->tag_gate.size() == 1);
  CHECK(Gated("player \"Carlsen\" check").query->tag_gate.size() == 1);
  CHECK(Gated("result 1-0 and mate").query->tag_gate.size() == 1);
  CHECK(Gated("{ event \"Olympiad\" site \"X\" check }").query->tag_gate.size() == 2);
  CHECK(Gated("event \"Olympiad\" and (site \"X\" and check)").query->tag_gate.size() == 2);
  // A function definition before the tests does nothing at a position.
  CHECK(Gated("function mated() { mate } player \"Carlsen\" mated()").query->tag_gate.size() == 2);
  CHECK(Gated("true check").query->tag_gate.empty());  // no per-game test: nothing to ask
  // Tests after a filter that may have effects (or may fail first) are not in it.
  CHECK(Gated("check player \"Carlsen\"").query->tag_gate.empty());
  CHECK(Gated("x = 1 player \"Carlsen\"").query->tag_gate.empty());
  CHECK(Gated("message(\"game\") player \"Carlsen\"").query->tag_gate.empty());
  CHECK(Gated("comment(\"seen\") player \"Carlsen\"").query->tag_gate.empty());
  CHECK(Gated("persistent seen = 1 player \"Carlsen\"").query->tag_gate.empty());
  CHECK(Gated("player \"Carlsen\" or check").query->tag_gate.empty());
  CHECK(Gated("sort ply player \"Carlsen\"").query->tag_gate.empty());
  CHECK(Gated("cqlend { message(\"end\") } player \"Carlsen\"").query->tag_gate.empty());
}

TEST_CASE("the tag gate rules out a game only when its tags decide that it cannot match", "[game_constant][tag_gate]") {
  const chess::Game carlsen = tags_only("Carlsen, Magnus");
  const chess::Game other = tags_only("Anand, V.");
  Gated player("player \"Carlsen\" mate");
  CHECK_FALSE(player.rules_out(carlsen));
  CHECK(player.rules_out(other));
  Gated both("{ event \"Olympiad\" player white \"Carlsen\" check }");
  CHECK_FALSE(both.rules_out(carlsen));
  CHECK(both.rules_out(other));
  CHECK(Gated("not player \"Anand\"").rules_out(other));
  CHECK(Gated("function mated() { mate } player \"Carlsen\" mated()").rules_out(other));
  CHECK(Gated("tag \"Site\" == \"Baku\" check").rules_out(other));
  CHECK(Gated("year >= 2000").rules_out(other));  // no Date: no year, so `>=` fails
  Gated number("gamenumber == 7 check");
  CHECK(number.rules_out(other, 6));
  CHECK_FALSE(number.rules_out(other, 7));
}

TEST_CASE("the tag gate never rules out on what only the movetext settles", "[game_constant][tag_gate]") {
  const chess::Game other = tags_only("Anand, V.");  // Result "0-1"
  // The termination marker may differ from the Result tag; the reader adds QuarryWarning after
  // the moves; a query that edits tags turns the per-game caches, and so the gate, off.
  CHECK_FALSE(Gated("result 1-0 and mate").rules_out(other));
  CHECK_FALSE(Gated("tag \"QuarryWarning\"").rules_out(other));
  CHECK_FALSE(Gated("player \"Carlsen\" settag(\"Annotator\" \"Q\")").rules_out(other));
  // An undecided test stops the gate there: what follows it may never run.
  CHECK_FALSE(Gated("result 1-0 player \"Carlsen\" check").rules_out(other));
  CHECK(Gated("player \"Carlsen\" result 1-0 check").rules_out(other));
}
