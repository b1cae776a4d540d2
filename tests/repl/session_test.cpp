// The session without a terminal: loading, moving, evaluating, imaginary moves, :find, :run.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "builtins/builtins.h"
#include "repl/commands.h"
#include "repl/session.h"

using namespace quarry;

namespace {

const std::string kClassics = std::string(QUARRY_SOURCE_DIR) + "/samples/classics.pgn";

struct Fixture {
  std::ostringstream out;
  repl::Session session{builtins::standard_registry(), out, repl::BoardStyle{false, false}};

  // What the next action printed.
  std::string take() {
    std::string text = out.str();
    out.str("");
    return text;
  }
  std::string command(const std::string& line) {
    repl::run_command(session, *repl::parse_command(line));
    return take();
  }
  std::string input(const std::string& text) {
    if (!session.play_moves(text)) session.evaluate(text);
    return take();
  }
};

std::string write_temporary(const std::string& name, const std::string& text) {
  std::filesystem::path path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path.string();
}

}  // namespace

TEST_CASE("a session starts at the initial position") {
  Fixture f;
  CHECK(f.session.prompt() == "fen, move 1, white> ");
  CHECK(f.input("wtm") == "true\n");
  CHECK(f.input("#[Pp]") == "16\n");
}

TEST_CASE("loading the classics, choosing game 9, stepping to the mate") {
  Fixture f;
  CHECK(f.command(":load " + kClassics).find("15 games loaded, 0 skipped\n") != std::string::npos);
  CHECK(f.command(":game 9") == "game 9: NN - NN (Smothered mate in the Caro-Kann) 1-0\n");
  CHECK(f.command(":ply 10") == "5...Ngf6\n");
  CHECK(f.command(":next").substr(0, 7) == "6.Nd6# ");
  CHECK(f.session.prompt() == "game 9, move 6, black> ");
  std::string attack = f.input("A attacks k");
  CHECK(attack.find("6  .  .  p [N] .  n  .  .  6\n") != std::string::npos);
  CHECK(attack.find("1 square: d6\n") != std::string::npos);
  CHECK(f.input("pin").find("1 square: e7\n") != std::string::npos);
  CHECK(f.input("mate") == "true\n");
  CHECK(f.command(":type pin") == "set\n");
  CHECK(f.command(":next") == "end of the line\n");
}

TEST_CASE("a typo shows the caret diagnostic and the session goes on") {
  Fixture f;
  CHECK(f.input("chek and mate") ==
        "<repl>:1:1: error: unknown filter or undefined variable 'chek'\n"
        "  chek and mate\n"
        "  ^~~~\n"
        "  hint: did you mean 'check'?\n");
  CHECK(f.input("check") == "false\n");
}

TEST_CASE("variables and functions persist from one input to the next") {
  Fixture f;
  CHECK(f.input("x = 5").empty() == false);
  CHECK(f.input("x + 1") == "6\n");
  CHECK(f.input("function Twice(num) { num * 2 }") == "defined Twice\n");
  CHECK(f.input("Twice(x)") == "10\n");
  CHECK(f.session.user_names().size() >= 2);
}

TEST_CASE("a move that is not the game's is played on an imaginary line") {
  Fixture f;
  f.command(":load " + kClassics);
  f.command(":game 9");
  f.command(":ply 10");
  CHECK(f.input("Bf4") == "6.Bf4 (imaginary)\n");
  CHECK(f.session.prompt() == "game 9, move 6, black (imaginary)> ");
  CHECK(f.input("B attacks b8").find("4  .  .  .  P  N [B] .  .  4\n") != std::string::npos);
  CHECK(f.input("parent").find("5...Ngf6") != std::string::npos);
  CHECK(f.command(":leave") == "5...Ngf6\n");
  CHECK(f.input("Nd6") == "6.Nd6# {The e7 pawn is pinned; the king is smothered by its own pieces.}\n");
  CHECK(f.session.prompt() == "game 9, move 6, black> ");
}

TEST_CASE("text that is not legal moves is evaluated as a filter") {
  Fixture f;
  CHECK_FALSE(f.session.play_moves("e5"));
  CHECK_FALSE(f.session.play_moves("e4 e4"));
  CHECK(f.input("1. e4 e5 2. Nf3").find("2.Nf3 (imaginary)\n") != std::string::npos);
}

TEST_CASE("entering and leaving a variation") {
  Fixture f;
  std::string path = write_temporary("quarry_repl_variations.pgn",
                                     "[Event \"V\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n");
  f.command(":load " + path);
  f.command(":next");
  CHECK(f.command(":enter") == "  1) 1...c5\n");
  CHECK(f.command(":enter 1") == "1...c5\n");
  CHECK(f.session.prompt() == "game 1, move 2, white (variation)> ");
  CHECK(f.command(":next") == "2.Nf3\n");
  CHECK(f.command(":leave") == "1.e4\n");
  CHECK(f.command(":enter 2") == "error: there is 1 variation here\n");
  CHECK(f.command(":end") == "2.Nf3\n");
  std::filesystem::remove(path);
}

TEST_CASE("broken games are reported: kept with a warning, or skipped") {
  Fixture f;
  std::string out = f.command(":load " + std::string(QUARRY_SOURCE_DIR) + "/samples/broken.pgn");
  CHECK(out.find("8 games loaded, 1 skipped, 3 kept with warnings\n") != std::string::npos);
  CHECK(out.find("game 2: warning: illegal move \"Ke3\"") != std::string::npos);
  CHECK(out.find("game 5 skipped") != std::string::npos);
  CHECK(f.command(":game 2").substr(0, 7) == "game 2:");
  CHECK(f.command(":game 5").substr(0, 16) == "error: no game 5");
}

TEST_CASE(":find chooses games by tags, :run and :matches step through matches") {
  Fixture f;
  f.command(":load " + kClassics);
  std::string found = f.command(":find Black ~~ \"Fischer\"");
  CHECK(found.find("  12. Byrne, Donald - Fischer, Robert James") != std::string::npos);
  CHECK(found.find("1 game matches\n") != std::string::npos);
  CHECK(f.session.prompt() == "game 12, move 1, white> ");
  CHECK(f.command(":find White ~~ \"Nobody\"") == "no game matches\n");

  std::string ran = f.command(":run " + std::string(QUARRY_SOURCE_DIR) + "/queries/mating/smothered.cql");
  CHECK(ran.find("quarry: 15 games read, 2 matched, 0 skipped (broken)") != std::string::npos);
  CHECK(ran.find("2 matching positions; :matches steps through them\n") != std::string::npos);
  CHECK(f.command(":matches").substr(0, 33) == "match 1 of 2, game 9: 6.Nd6# {The");
  CHECK(f.command(":matches") == "match 2 of 2, game 10: 7...Nf3# {Smothered mate: the bishop on e2 is pinned.}\n");
  CHECK(f.input("mate") == "true\n");
  CHECK(f.command(":matches 3") == "error: give a match number from 1 to 2\n");
}

TEST_CASE(":fen, :source and :help") {
  Fixture f;
  CHECK(f.command(":fen 4k3/8/8/8/8/8/8/R3K3 b - - 0 1").empty());
  CHECK(f.session.prompt() == "fen, move 1, black> ");
  CHECK(f.command(":fen nonsense").substr(0, 15) == "error: bad FEN:");
  std::string path = write_temporary("quarry_repl_source.cql", "cql(input x.pgn)\nfunction Guard(s) { R attacks s }\nlimit = 3\n");
  CHECK(f.command(":source " + path) == path + ": 1 function, 1 variable\n");
  CHECK(f.input("Guard(a8)").find("1 square: a1\n") != std::string::npos);
  CHECK(f.input("limit") == "3\n");
  // With its declared types; this board style is ASCII, so "->" stands for the arrow.
  CHECK(f.command(":help attacks") ==
        "  attacks: the squares of the left set holding a piece that attacks a square of the right set  :: Set Set -> Set\n");
  CHECK(f.command(":help chek").find("did you mean 'check'?") != std::string::npos);
  CHECK(f.command(":help").find(":matches [N]") != std::string::npos);
  CHECK(f.command(":bogus") == "unknown command ':bogus' (:help lists them)\n");
  std::filesystem::remove(path);
}

TEST_CASE(":run over a position loaded from a FEN") {
  Fixture f;
  f.command(":fen 6k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1");
  std::string query = write_temporary("quarry_repl_run.cql", "cql() check\n");
  CHECK(f.command(":run " + query).find("0 matching positions\n") != std::string::npos);
  CHECK(f.input("Rd8") == "1.Rd8# (imaginary)\n");
  CHECK(f.input("mate") == "true\n");
  CHECK(f.command(":matches") == "no matching positions (:run FILE.cql finds them)\n");
  std::filesystem::remove(query);
}

TEST_CASE("a raised interrupt flag stops an evaluation and the session goes on") {
  Fixture f;
  std::atomic<bool> interrupted{true};
  f.session.set_interrupt_flag(&interrupted);
  CHECK(f.input("x = 0 while (x < 10) { x += 1 }") == "interrupted\n");
  interrupted = false;
  CHECK(f.input("x = 0 while (x < 10) { x += 1 } x") == "10\n");
}

TEST_CASE("an error in a function body points into the input that defined it") {
  Fixture f;
  CHECK(f.input("function Bad(s) { s attacks chek }") == "defined Bad\n");
  CHECK(f.input("Bad(A)") ==
        "<repl>:1:29: error: unknown filter or undefined variable 'chek'\n"
        "  function Bad(s) { s attacks chek }\n"
        "                              ^~~~\n"
        "  hint: did you mean 'check'?\n");
}
