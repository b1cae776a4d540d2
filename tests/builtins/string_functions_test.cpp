// Tests of the string-function family: str, case changes, indexof, int, ascii, indexing,
// # and in on strings, max/min/abs/sqrt, readfile/writefile.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "evaluate.h"
#include "interpreter/binder.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::optional<std::string> text_of(const std::string& query, const std::string& fen = kStart) {
  Evaluation e(query, fen);
  return e.text();
}
quarry::interpreter::MaybeNumber number_of(const std::string& query, const std::string& fen = kStart) {
  Evaluation e(query, fen);
  return e.number();
}
bool matches(const std::string& query, const std::string& fen = kStart) {
  Evaluation e(query, fen);
  return e.matches();
}
}  // namespace

TEST_CASE("str converts its arguments as CQL does", "[strings]") {
  // The manual's examples (gadycosteff cql-6-1/str.html).
  CHECK(text_of(R"(str("pin"))") == "pin");
  CHECK(text_of(R"(str("pin" "mate" 43))") == "pinmate43");
  CHECK(text_of("str(2<1 K)") == "<false>e1");
  CHECK(text_of("str(1<2)") == "<true>");
  CHECK(text_of("str(check)") == "<false>");
  CHECK(text_of("str(true)") == "<true>");
  CHECK(text_of("str(R)") == "[a1,h1]");
  CHECK(text_of("str(Q & e4)") == "[]");
  CHECK(text_of(R"(str("ab" #a))") == "ab16");
  CHECK(text_of(R"(str(int "x"))") == "<false>");
  CHECK(text_of(R"(x = "pin" str x)") == "pin");
  CHECK(text_of("str(7 + 1)") == "8");
  // \n \t \r \" \\ outside quotes are one-character strings (gadycosteff cql/backslash.html).
  CHECK(text_of(R"(str("pin" \n "mate"))") == "pin\nmate");
  CHECK(text_of(R"("a" + \t + \" + \\)") == "a\t\"\\");
  // Without parentheses str binds tighter than +, as the CQLi manual's maze query needs
  // (`… + str target&. + promote_indicator`).
  CHECK(text_of(R"(str a1 + "y")") == "a1y");
  CHECK(text_of(R"(str a1&. + "y")") == "a1y");
  CHECK(matches("str check"));  // str always matches
  // A piece variable prints as its letter and square.
  CHECK(matches(R"(piece $p in [Kk] { str($p) == "Ke1" or str($p) == "ke8" })"));
  CHECK(compile_error("str()") != "");
}

TEST_CASE("lowercase, uppercase", "[strings]") {
  CHECK(text_of(R"(lowercase "Tal")") == "tal");
  CHECK(text_of(R"(uppercase "Tal 1")") == "TAL 1");
  CHECK(matches(R"(lowercase "Tal" == "tal")"));
  CHECK(compile_error("lowercase 3") != "");
  CHECK(compile_error("uppercase K") != "");
}

TEST_CASE("indexof", "[strings]") {
  CHECK(number_of(R"(indexof("n" "pin"))") == 2);
  CHECK(matches(R"(indexof ("n" "pin") == 2)"));
  CHECK(number_of(R"(indexof("x" "pin"))") == -1);
  CHECK(number_of(R"(indexof("" "pin"))") == 0);
  CHECK(compile_error(R"(indexof("x" int "q"))") != "");
  CHECK(compile_error(R"(indexof("x"))") != "");
  CHECK(compile_error(R"(indexof(1 "x"))") != "");
}

TEST_CASE("int", "[strings]") {
  CHECK(number_of(R"(int "23")") == 23);
  CHECK(matches(R"(int "23" == 23)"));
  CHECK(number_of(R"(int "-7")") == -7);
  CHECK(number_of(R"(int "+7")") == 7);
  CHECK_FALSE(matches(R"(int "2x")"));
  CHECK_FALSE(matches(R"(int "")"));
  CHECK_FALSE(matches(R"(int "-")"));
  CHECK_FALSE(matches(R"(int "99999999999")"));
  CHECK(number_of(R"(int "2147483647")") == 2147483647);
  CHECK(number_of(R"(int "-2147483648")") == -2147483648LL);
  CHECK(compile_error("int 3") != "");
}

TEST_CASE("ascii", "[strings]") {
  CHECK(number_of(R"(ascii "A")") == 65);
  CHECK(matches(R"(ascii "A" == 65)"));
  CHECK(text_of("ascii 65") == "A");
  CHECK(matches(R"(ascii 65 == "A")"));
  CHECK_FALSE(matches(R"(ascii "AB")"));
  CHECK_FALSE(matches("ascii 0"));
  CHECK_FALSE(matches("ascii 300"));
  // makesquare's definition builds squares with ascii x[0] (gadycosteff cql-6-1/makesquare.html).
  // ascii binds looser than +, so the operands are grouped.
  CHECK(matches(R"(x = "e4" (ascii x[0]) - (ascii "a") == 4)"));
  CHECK(number_of(R"(ascii "a" + "")") == 97);
}

TEST_CASE("string length and substring", "[strings]") {
  CHECK(number_of(R"(#"pin")") == 3);
  CHECK(matches(R"(#"pin" == 3)"));
  CHECK(number_of(R"(#"")") == 0);
  CHECK(matches(R"("et" in "Reti")"));
  CHECK_FALSE(matches(R"("xe" in "Reti")"));
  CHECK(matches(R"("" in "Reti")"));
  CHECK_FALSE(matches(R"(x = "a" x = "a" + "b" "z" in x)"));
  CHECK(compile_error(R"("a" in K)") != "");
  CHECK(compile_error(R"(K in "a")") != "");
  CHECK(matches("K in [Kk]"));  // sets are untouched
  CHECK(number_of("#[Kk]") == 2);
}

TEST_CASE("string indexing is 0-based", "[strings]") {
  CHECK(text_of(R"("stalemate"[3])") == "l");
  CHECK(text_of(R"("stalemate"[0])") == "s");
  CHECK(text_of(R"(x = 2 "stalemate"[x + 1])") == "l");
  CHECK_FALSE(matches(R"("mate"[4])"));
  CHECK_FALSE(matches(R"("mate"[-1])"));
  CHECK(compile_error(R"("mate"["a"])") != "");
  CHECK(compile_error("K[1]") != "");
}

TEST_CASE("max and min", "[strings]") {
  CHECK(number_of("max(1 5 3)") == 5);
  CHECK(number_of("min(4 2 3)") == 2);
  CHECK(number_of("max(#a 3)") == 16);
  CHECK(text_of(R"(max("a" "b"))") == "b");
  CHECK(text_of(R"(min("a" "b" "A"))") == "A");
  CHECK_FALSE(matches(R"(max(1 int "x"))"));
  CHECK(compile_error("max(1)") != "");
  CHECK(compile_error(R"(min(1 "a"))") != "");
}

TEST_CASE("abs and sqrt", "[strings]") {
  CHECK(number_of("abs -5") == 5);
  CHECK(number_of("abs 5") == 5);
  CHECK(number_of("abs 3 - 5") == 2);
  CHECK(number_of("sqrt 17") == 4);
  CHECK(number_of("sqrt 16") == 4);
  CHECK(number_of("sqrt 0") == 0);
  CHECK_FALSE(matches("sqrt -1"));
  CHECK(number_of("sqrt #[Aa]") == 5);
  CHECK(compile_error(R"(abs "x")") != "");
}

TEST_CASE("readfile and writefile", "[strings]") {
  auto path = std::filesystem::temp_directory_path() / "quarry_string_functions_test.txt";
  std::filesystem::remove(path);
  std::string p = path.string();
  CHECK(matches("writefile(\"" + p + "\" \"hello \" 42)"));
  CHECK(matches("writefile(\"" + p + "\" K)"));
  CHECK(text_of("readfile \"" + p + "\"") == "hello 42e1");
  std::filesystem::remove(path);
  CHECK_FALSE(matches("readfile \"" + p + "\""));
  CHECK(compile_error("readfile 3") != "");
  CHECK(compile_error(R"(writefile(3 "x"))") != "");
}

namespace {
// `s[i:j]` bound from a hand-built "[]" node with three operands, the shape the parser is to
// produce for a slice.
std::optional<std::string> slice(const std::string& s, std::int64_t i, std::int64_t j) {
  using quarry::grammar::SyntaxKind;
  using quarry::grammar::SyntaxNode;
  quarry::grammar::SourceFile file("test.cql", "");
  quarry::grammar::Diagnostics diagnostics;
  quarry::interpreter::Binder binder(quarry::builtins::standard_registry(), file, diagnostics);
  SyntaxNode node;
  node.kind = SyntaxKind::Binary;
  node.text = "[]";
  auto leaf = [](SyntaxKind kind, std::string text, std::int64_t n) {
    auto child = std::make_unique<SyntaxNode>();
    child->kind = kind;
    child->text = std::move(text);
    child->number = n;
    return child;
  };
  node.children.push_back(leaf(SyntaxKind::String, s, 0));
  node.children.push_back(leaf(SyntaxKind::Number, std::to_string(i), i));
  node.children.push_back(leaf(SyntaxKind::Number, std::to_string(j), j));
  auto filter = binder.bind(node);
  if (!filter) throw std::runtime_error("slice does not bind: " + diagnostics.render());
  quarry::chess::Game game;
  quarry::interpreter::Context ctx;
  ctx.set_game(game);
  ctx.set_node(game.root());
  return filter->text(ctx);
}
}  // namespace

TEST_CASE("string slices", "[strings]") {
  CHECK(slice("mate", 1, 5) == "ate");  // the manual's example (gadycosteff cql-6-1/bracket.html)
  CHECK(slice("stalemate", 0, 5) == "stale");
  CHECK(slice("stalemate", 5, 5) == "");
  CHECK(slice("stalemate", 6, 2) == "");
  CHECK(slice("stalemate", -3, 2) == "st");
}

TEST_CASE("strings count, index and change case by code point, as CQLi's do", "[strings]") {
  CHECK(number_of(R"(#"Nimzowitsch")") == 11);
  CHECK(number_of(R"(#"Réti")") == 4);
  CHECK(number_of(R"(#"Алехин")") == 6);
  CHECK(text_of(R"("Réti"[1])") == "é");
  CHECK(text_of(R"("Réti"[2])") == "t");
  CHECK(text_of(R"("Алехин"[1:3])") == "ле");
  CHECK_FALSE(matches(R"("Réti"[4])"));
  CHECK(number_of(R"(indexof("ti" "Réti"))") == 2);
  CHECK(text_of(R"(uppercase "Réti Ångström Łódź")") == "RÉTI ÅNGSTRÖM ŁÓDŹ");
  CHECK(text_of(R"(lowercase "АЛЕХИН ΣΠΑΣΚΥ")") == "алехин σπασκυ");
  CHECK(text_of(R"(uppercase "ÿ")") == "Ÿ");
  CHECK(text_of(R"(uppercase "Ποσειδῶν ς")") == "ΠΟΣΕΙΔῶΝ Σ");  // ῶ has no one-point capital: kept
  CHECK(text_of(R"(lowercase "İSTANBUL")") == "istanbul");
  CHECK(text_of(R"(uppercase "ıi")") == "II");
}
