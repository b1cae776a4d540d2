// Tests of the annotation family: comment, message, originalcomment, removecomment, settag,
// removetag, and smart-comment rollback of comments and edits.
#include <catch2/catch.hpp>

#include <iostream>
#include <sstream>

#include "evaluate.h"
#include "game_evaluation.h"

using quarry::interpreter::GameEdit;
using quarry::testing::compile_error;
using quarry::testing::GameEvaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Standard output while `run` runs.
template <typename Fn>
std::string captured_stdout(Fn run) {
  std::ostringstream out;
  std::streambuf* old = std::cout.rdbuf(out.rdbuf());
  run();
  std::cout.rdbuf(old);
  return out.str();
}
}  // namespace

TEST_CASE("comment attaches converted text at the current position", "[annotations]") {
  GameEvaluation e(R"(comment("The white king is on square: " K))", kStart);
  {
    auto node = e.play(e.game().root(), {"e2e4"});
    e.at(node);
    CHECK(e.matches());
    REQUIRE(e.context().comments().size() == 1);
    CHECK(e.context().comments()[0].node == node);
    CHECK(e.context().comments()[0].text == "The white king is on square: e1");
  }
  GameEvaluation check_text(R"(comment ("check is: " check))", kStart);
  CHECK(check_text.matches());
  CHECK(check_text.context().comments()[0].text == "check is: <false>");
  GameEvaluation bare("comment K", kStart);
  CHECK(bare.matches());
  CHECK(bare.context().comments()[0].text == "e1");
  CHECK(compile_error("comment()") != "");
}

TEST_CASE("a failing branch rolls back its comments and edits", "[annotations]") {
  GameEvaluation e(R"({ comment("a") settag("X" "y") false } or comment("b"))", kStart);
  CHECK(e.matches());
  REQUIRE(e.context().comments().size() == 1);
  CHECK(e.context().comments()[0].text == "b");
  CHECK(e.context().edits().empty());
  GameEvaluation negated(R"(not { removetag "X" comment("c") })", kStart);
  CHECK_FALSE(negated.matches());
  CHECK(negated.context().edits().empty());
  CHECK(negated.context().comments().empty());
}

TEST_CASE("message prints to standard output", "[annotations]") {
  GameEvaluation e(R"(message("x is " 3))", kStart);
  e.game().number = 4;
  std::string out = captured_stdout([&] { CHECK(e.matches()); });
  CHECK(out == "game 4, move 1 (wtm): x is 3\n");
  GameEvaluation quiet(R"(message quiet ("Fen: " K))", kStart);
  out = captured_stdout([&] { CHECK(quiet.matches()); });
  CHECK(out == "Fen: e1\n");
  GameEvaluation bare(R"(message "hi")", kStart);
  out = captured_stdout([&] { CHECK(bare.matches()); });
  CHECK(out.find("hi\n") != std::string::npos);
  CHECK(bare.context().comments().empty());
}

TEST_CASE("message writes through the context's sink", "[annotations]") {
  GameEvaluation e(R"(message("x is " 3) message quiet "y")", kStart);
  e.game().number = 2;
  std::ostringstream sink;
  e.context().set_message_sink(sink);
  std::string out = captured_stdout([&] { CHECK(e.matches()); });
  CHECK(sink.str() == "game 2, move 1 (wtm): x is 3\ny\n");
  CHECK(out.empty());
}

TEST_CASE("originalcomment reads the input's comment", "[annotations]") {
  GameEvaluation e("originalcomment", kStart);
  auto node = e.play(e.game().root(), {"e2e4"});
  e.comment_after(node, "Eval: 35");
  CHECK_FALSE(e.matches());  // none at the root
  e.at(node);
  CHECK(e.text() == "Eval: 35");
  GameEvaluation regex(R"(int (originalcomment ~~ "\d+"))", kStart);
  regex.comment_after(regex.game().root(), "Eval: 35");
  CHECK(regex.number() == 35);
  GameEvaluation search(R"(originalcomment "Eval")", kStart);
  search.comment_after(search.game().root(), "Eval: 35");
  CHECK(search.matches());
  GameEvaluation miss(R"(originalcomment "cook")", kStart);
  miss.comment_after(miss.game().root(), "Eval: 35");
  CHECK_FALSE(miss.matches());
}

TEST_CASE("settag, removetag, removecomment record edits of the output game", "[annotations]") {
  GameEvaluation e(R"(settag("PlyCount" str(ply)) removetag("Annotator") removetag "Round" removecomment)", kStart);
  e.tag("Annotator", "me");
  auto node = e.play(e.game().root(), {"e2e4", "e7e5"});
  e.at(node);
  CHECK(e.matches());
  const std::vector<GameEdit>& edits = e.context().edits();
  REQUIRE(edits.size() == 4);
  CHECK(edits[0].kind == GameEdit::Kind::SetTag);
  CHECK(edits[0].name == "PlyCount");
  CHECK(edits[0].value == "2");
  CHECK(edits[1].kind == GameEdit::Kind::RemoveTag);
  CHECK(edits[1].name == "Annotator");
  CHECK(edits[2].name == "Round");
  CHECK(edits[3].kind == GameEdit::Kind::RemoveComment);
  CHECK(edits[3].node == node);
  // Reads still see the input game.
  GameEvaluation reads(R"(settag("Event" "new") event)", kStart);
  reads.tag("Event", "old");
  CHECK(reads.text() == "old");
  CHECK(compile_error(R"(settag("Bad name" "x"))") != "");
  CHECK(compile_error(R"(settag("X"))") != "");
  CHECK(compile_error(R"(settag("X" 3))") != "");
  CHECK(compile_error("removetag 3") != "");
}

TEST_CASE("hascomment finds text in the input's comment, or a NAG", "[annotations]") {
  GameEvaluation e(R"(hascomment "Good move")", kStart);
  auto node = e.play(e.game().root(), {"e2e4"});
  e.at(node);
  CHECK_FALSE(e.matches());
  e.comment_after(node, "A Good move indeed");
  CHECK(e.matches());
  GameEvaluation nag(R"(hascomment "?")", kStart);
  auto blunder = nag.play(nag.game().root(), {"f2f3"});
  nag.at(blunder);
  nag.comment_after(blunder, "why?");
  CHECK_FALSE(nag.matches());  // "?" asks for NAG 2, not the text
  nag.game().edit_annotations(blunder).nags.push_back(2);
  CHECK(nag.matches());
  GameEvaluation dollar(R"(hascomment "$14")", kStart);
  auto plus = dollar.play(dollar.game().root(), {"d2d4"});
  dollar.game().edit_annotations(plus).nags.push_back(14);
  CHECK(dollar.at(plus).matches());
  GameEvaluation symbol(R"(hascomment "+/=")", kStart);
  auto better = symbol.play(symbol.game().root(), {"d2d4"});
  symbol.game().edit_annotations(better).nags.push_back(14);
  CHECK(symbol.at(better).matches());
  CHECK(compile_error("hascomment K") != "");
}
