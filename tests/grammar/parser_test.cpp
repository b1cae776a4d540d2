// Precedence and shapes: the parser's lowering of tokens into the syntax tree.
#include <catch2/catch.hpp>

#include "grammar/parser.h"

using namespace quarry::grammar;

namespace {
KeywordTable test_keywords() {
  KeywordTable k;
  k.add({"check", ShapeKind::Nullary});
  k.add({"mate", ShapeKind::Nullary});
  k.add({"true", ShapeKind::Nullary});
  k.add({"up", ShapeKind::Prefix, precedence::kDirection});
  k.add({"abs", ShapeKind::Prefix, precedence::kNumericPrefix});
  k.add({"flipcolor", ShapeKind::Prefix, precedence::kLowest});
  k.add({"attacks", ShapeKind::Infix, precedence::kAttacks});
  k.add({"between", ShapeKind::Call, 0, 2, 2});
  return k;
}

std::string parsed(const std::string& text) {
  static KeywordTable keywords = test_keywords();
  SourceFile f("q.cql", text);
  Diagnostics d;
  auto tree = parse_query(f, keywords, d);
  if (!tree) return "error: " + d.all().at(0).message;
  return tree->to_string();
}
}  // namespace

TEST_CASE("boolean operators follow the CQL 6.1 table", "[parser]") {
  CHECK(parsed("check or not mate and Q or true") == "((check or ((not mate) and Q)) or true)\n");
}

TEST_CASE("arithmetic uses school precedence, comparisons bind looser", "[parser]") {
  CHECK(parsed("2+3*4<4/2+1") == "((2 + (3 * 4)) < ((4 / 2) + 1))\n");
}

TEST_CASE("set operators: ~ tighter than & tighter than |", "[parser]") {
  CHECK(parsed("A | ~B&Q | q") == "((A | ((~ B) & Q)) | q)\n");
}

TEST_CASE("prefix filters take their argument at their own level", "[parser]") {
  CHECK(parsed("up R|P") == "((up R) | P)\n");
  CHECK(parsed("abs 4+8 < 9") == "((abs (4 + 8)) < 9)\n");
  CHECK(parsed("flipcolor check and mate") == "(flipcolor (check and mate))\n");
  CHECK(parsed("A attacks k > 1") == "((attacks A k) > 1)\n");
  CHECK(parsed("#A + 1 == 3") == "(((# A) + 1) == 3)\n");
}

TEST_CASE("comparisons are right-associative", "[parser]") {
  CHECK(parsed("1 < #A < 5") == "(1 < ((# A) < 5))\n");
}

TEST_CASE("header parameters and body", "[parser]") {
  CHECK(parsed("cql(input games.pgn matchcount 2 5 variations) check") ==
        "(cql input \"games.pgn\" matchcount 2 5 variations)\ncheck\n");
}

TEST_CASE("calls take parenthesised arguments", "[parser]") {
  CHECK(parsed("between(a1 h8)") == "(between a1 h8)\n");
  CHECK(parsed("between(a1)") == "error: 'between' takes 2 argument(s), 1 given");
  CHECK(parsed("between a1") == "error: 'between' takes its arguments in parentheses");
}

TEST_CASE("syntax errors say what is wrong", "[parser]") {
  CHECK(parsed("check and") == "error: missing operand after 'and'");
  CHECK(parsed("attacks k") == "error: 'attacks' needs a filter on its left");
  CHECK(parsed("cql(inptu x.pgn) check") == "error: unknown cql() parameter 'inptu'");
  CHECK(parsed("3 = 4") == "error: the left side of '=' must be a variable name");
  CHECK(parsed("check cql()") == "error: 'cql( … )' must come first in the query");
}

TEST_CASE("a CQL filter the keyword table lacks, or an unknown call, is named where it stands", "[parser]") {
  // Not a variable followed by a parse error further on.
  CHECK(parsed("(find check)") == "error: 'find' is a CQL filter that this version of Quarry does not have");
  CHECK(parsed("line --> check") == "error: 'line' is a CQL filter that this version of Quarry does not have");
  CHECK(parsed("Plus1(3)") == "error: unknown function 'Plus1'");
  // A variable before a parenthesised filter is still a variable.
  CHECK(parsed("x (check)") == "x\ncheck\n");
}

TEST_CASE("a call with no required argument may omit its parentheses", "[parser]") {
  KeywordTable k;
  k.add({"child", ShapeKind::Call, precedence::kLowest, 0, 1});
  SourceFile f("q.cql", "child child(1)");
  Diagnostics d;
  auto tree = parse_query(f, k, d);
  REQUIRE(tree);
  CHECK(tree->to_string() == "child\n(child 1)\n");
}

TEST_CASE("the argument of a prefix marked argument_stops_at_colon ends before ':'", "[parser]") {
  KeywordTable k;
  KeywordShape position{"position", ShapeKind::Prefix, precedence::kNumericPrefix};
  position.argument_stops_at_colon = true;
  k.add(position);
  k.add({"check", ShapeKind::Nullary});
  SourceFile f("q.cql", "position 1+2 : check  position (x : check)");
  Diagnostics d;
  auto tree = parse_query(f, k, d);
  REQUIRE(tree);
  CHECK(tree->to_string() == "((position (1 + 2)) : check)\n(position (x : check))\n");
}

TEST_CASE("keyword parameters and direction ranges", "[parser]") {
  static constexpr ParameterSpec kPin[] = {{ParameterWord::From, true}, {ParameterWord::Through, true}, {ParameterWord::To, true}};
  static constexpr ParameterSpec kRay[] = {{ParameterWord::Diagonal}, {ParameterWord::Orthogonal}};
  KeywordTable k;
  k.add({"pin", ShapeKind::Parameters, 0, 0, 0, kPin});
  k.add({"ray", ShapeKind::Call, 0, 2, -1, kRay});
  KeywordShape up{"up", ShapeKind::Prefix, precedence::kDirection};
  up.optional_range = true;
  k.add(up);
  auto parse = [&](const std::string& text) {
    SourceFile f("q.cql", text);
    Diagnostics d;
    auto tree = parse_query(f, k, d);
    return tree ? tree->to_string() : "error: " + d.all().at(0).message;
  };
  // Parameter values bind tighter than `|`, as in CQL.
  CHECK(parse("pin through a from R|Q") == "((pin through a from R) | Q)\n");
  CHECK(parse("pin from R from Q") == "error: 'from' is given twice");
  CHECK(parse("ray diagonal (B n k)") == "(ray diagonal B n k)\n");
  CHECK(parse("up 1 7 k") == "(up range 1 7 k)\n");
  CHECK(parse("up -2 d4") == "(up range -2 d4)\n");
  CHECK(parse("up k | K") == "((up k) | K)\n");
}

TEST_CASE("an assignment binds to the name before it", "[parser]") {
  CHECK(parsed("x = A | y = K") == "(x = (A | (y = K)))\n");
  CHECK(parsed("x = 3 + 4 check") == "(x = (3 + 4))\ncheck\n");
}

TEST_CASE("a braced iteration body ends at its brace", "[parser]") {
  KeywordTable k = test_keywords();
  k.add({"piece", ShapeKind::Iteration});
  SourceFile f("q.cql", "piece $p in A { check } | K");
  Diagnostics d;
  auto tree = parse_query(f, k, d);
  REQUIRE(tree);
  CHECK(tree->to_string() == "((piece variable $p A {check}) | K)\n");
}

TEST_CASE("capture references are operands written as they are", "[parser]") {
  CHECK(parsed(R"(\1 + \-{year} < \-0)") == "((\\1 + \\-{year}) < \\-0)\n");
  CHECK(parsed(R"(abs \-2)") == "(abs \\-2)\n");
  CHECK(parsed(R"(\{name}[0])") == "(\\{name} [] 0)\n");
}

TEST_CASE("a star argument: `result *` reads the bare * as the string \"*\"", "[parser]") {
  KeywordTable k;
  KeywordShape result{"result", ShapeKind::Prefix, precedence::kCount};
  result.star_argument = true;
  k.add(result);
  k.add({"abs", ShapeKind::Prefix, precedence::kNumericPrefix});
  auto parse = [&k](const std::string& text) {
    SourceFile f("q.cql", text);
    Diagnostics d;
    auto tree = parse_query(f, k, d);
    return tree ? tree->to_string() : "error: " + d.all().at(0).message;
  };
  CHECK(parse("result *") == "(result \"*\")\n");
  CHECK(parse("result * and 2 * 3") == "((result \"*\") and (2 * 3))\n");
  CHECK(parse("result \"*\"") == "(result \"*\")\n");
  CHECK(parse("abs * 2").rfind("error:", 0) == 0);  // only keywords that ask for it
}

TEST_CASE("parameters may be operators, stand around a range, and stop before ':'", "[parser]") {
  static constexpr ParameterSpec kFind[] = {{ParameterWord::Quiet}, {ParameterWord::All}, {ParameterWord::BackwardArrow}};
  static constexpr ParameterSpec kMove[] = {{ParameterWord::Legal}, {ParameterWord::From, true}, {ParameterWord::KingsideCastle}};
  KeywordTable k;
  KeywordShape find{"find", ShapeKind::Prefix, precedence::kLowest, 1, 1, kFind};
  find.optional_range = true;
  k.add(find);
  KeywordShape move{"move", ShapeKind::Parameters, precedence::kLowest, 0, 0, kMove};
  move.argument_stops_at_colon = true;
  k.add(move);
  k.add({"check", ShapeKind::Nullary});
  auto parse = [&](const std::string& text) {
    SourceFile f("q.cql", text);
    Diagnostics d;
    auto tree = parse_query(f, k, d);
    return tree ? tree->to_string() : "error: " + d.all().at(0).message;
  };
  CHECK(parse("find <-- all check") == "(find <-- all check)\n");
  CHECK(parse("find 2 4 quiet check") == "(find range 2 4 quiet check)\n");
  CHECK(parse("find quiet 3 <-- check") == "(find quiet range 3 <-- check)\n");
  CHECK(parse("move legal o-o") == "(move legal o-o)\n");
  CHECK(parse("move from K : check") == "((move from K) : check)\n");
  CHECK(parse("move from (x : K)") == "(move from (x : K))\n");
}
