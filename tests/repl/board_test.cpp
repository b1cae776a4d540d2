// Board drawing: the layout, marked squares, ASCII and colour styles.
#include <catch2/catch.hpp>

#include "repl/board.h"

using namespace quarry;

namespace {
chess::Position position_of(const char* fen) { return *chess::Position::from_fen(fen); }
}  // namespace

TEST_CASE("the initial position drawn in ASCII with two marked squares") {
  chess::SquareSet marked = chess::SquareSet(chess::Square::parse("e2")) | chess::Square::parse("e4");
  std::string board = repl::draw_board(chess::Position::initial(), marked, {false, false});
  CHECK(board ==
        "   a  b  c  d  e  f  g  h\n"
        "8  r  n  b  q  k  b  n  r  8\n"
        "7  p  p  p  p  p  p  p  p  7\n"
        "6  .  .  .  .  .  .  .  .  6\n"
        "5  .  .  .  .  .  .  .  .  5\n"
        "4  .  .  .  . [.] .  .  .  4\n"
        "3  .  .  .  .  .  .  .  .  3\n"
        "2  P  P  P  P [P] P  P  P  2\n"
        "1  R  N  B  Q  K  B  N  R  1\n"
        "   a  b  c  d  e  f  g  h\n");
}

TEST_CASE("Unicode pieces: white hollow, black filled, a dot for an empty square") {
  chess::Position pos = position_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  std::string board = repl::draw_board(pos, chess::SquareSet(chess::Square::parse("h1")), {true, false});
  CHECK(board.find("8  ·  ·  ·  ·  ♚  ·  ·  ·  8\n") != std::string::npos);
  CHECK(board.find("1  ·  ·  ·  ·  ♔  ·  · [♖] 1\n") != std::string::npos);
}

TEST_CASE("colour highlights a marked square and keeps its brackets") {
  std::string board = repl::draw_board(chess::Position::initial(), chess::SquareSet(chess::Square::parse("a1")), {false, true});
  CHECK(board.find("\x1b[30;43m[R]\x1b[0m") != std::string::npos);
  CHECK(board.find("\x1b[2m") != std::string::npos);  // dim coordinates
  std::string plain = repl::draw_board(chess::Position::initial(), chess::SquareSet(), {false, false});
  CHECK(plain.find('\x1b') == std::string::npos);
  CHECK(plain.find('[') == std::string::npos);
}

TEST_CASE("square names come in board order") {
  chess::SquareSet s = chess::SquareSet(chess::Square::parse("h8")) | chess::Square::parse("a1") | chess::Square::parse("c3");
  CHECK(repl::square_names(s) == "a1 c3 h8");
  CHECK(repl::square_names(chess::SquareSet()).empty());
}
