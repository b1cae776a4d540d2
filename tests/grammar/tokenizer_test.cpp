// The PEGTL token layer: tokens, groups, and lexical errors a user can make.
#include <catch2/catch.hpp>

#include "grammar/tokens.h"

using namespace quarry::grammar;

namespace {
std::vector<Token> lex(const std::string& text, Diagnostics& d) {
  static std::vector<std::unique_ptr<SourceFile>> keep;
  keep.push_back(std::make_unique<SourceFile>("q.cql", text));
  std::vector<Token> tokens;
  tokenize(*keep.back(), tokens, d);
  for (const Diagnostic& diagnostic : d.all()) UNSCOPED_INFO(render_diagnostic(diagnostic));
  return tokens;
}
std::vector<TokenKind> kinds(const std::vector<Token>& tokens) {
  std::vector<TokenKind> out;
  for (const Token& t : tokens) out.push_back(t.kind);
  return out;
}
}  // namespace

TEST_CASE("piece designators are told apart from words", "[tokenizer]") {
  Diagnostics d;
  auto t = lex("Ka1 a-h2 and [RQ]a-h8 _ . btm a [a1,b2-4] ab3 []", d);
  REQUIRE_FALSE(d.has_errors());
  using K = TokenKind;
  CHECK(kinds(t) == std::vector<K>{K::PieceDesignator, K::PieceDesignator, K::Identifier, K::PieceDesignator,
                                   K::PieceDesignator, K::PieceDesignator, K::Identifier, K::PieceDesignator,
                                   K::PieceDesignator, K::PieceDesignator, K::PieceDesignator});
}

TEST_CASE("comments are skipped and groups nest", "[tokenizer]") {
  Diagnostics d;
  auto t = lex("// line\ncql(input x.pgn) /* block\n */ { check (mate) }", d);
  REQUIRE_FALSE(d.has_errors());
  REQUIRE(t.size() == 3);
  CHECK(t[1].kind == TokenKind::ParenGroup);
  CHECK(t[2].kind == TokenKind::BraceGroup);
  REQUIRE(t[2].children.size() == 2);
  CHECK(t[2].children[1].kind == TokenKind::ParenGroup);
}

TEST_CASE("operators take the longest spelling", "[tokenizer]") {
  Diagnostics d;
  auto t = lex("x<=3 y==4 z+=1 s~~\"a\" -->", d);
  REQUIRE_FALSE(d.has_errors());
  CHECK(t[1].text == "<=");
  CHECK(t[4].text == "==");
  CHECK(t[7].text == "+=");
  CHECK(t[10].text == "~~");
  CHECK(t[12].text == "-->");
}

TEST_CASE("an index group follows its operand directly", "[tokenizer]") {
  Diagnostics d;
  auto t = lex("$D[\"k\"] x [RQ]", d);
  REQUIRE_FALSE(d.has_errors());
  REQUIRE(t.size() == 4);
  CHECK(t[1].kind == TokenKind::IndexGroup);
  CHECK(t[3].kind == TokenKind::PieceDesignator);
}

TEST_CASE("lexical errors are reported once, in words", "[tokenizer]") {
  auto first_error = [](const std::string& text) {
    Diagnostics d;
    lex(text, d);
    REQUIRE(d.all().size() == 1);
    return d.all()[0].message;
  };
  CHECK(first_error("check \"abc") == "unterminated string: missing closing '\"'");
  CHECK(first_error("{ check") == "missing '}' to close a '{'");
  CHECK(first_error("check }") == "unmatched '}'");
  CHECK(first_error("/* never closed") == "unterminated comment: '/*' has no closing '*/'");
  CHECK(first_error("check ; mate") == "unexpected character ';'");
  CHECK(first_error(std::string(300, '{')) == "brackets nested too deeply (more than 200 levels)");
}

TEST_CASE("the nesting limit counts real brackets only, and points at the first one too many", "[tokenizer]") {
  Diagnostics d;
  // Brackets inside comments and strings are text (the limit once counted them).
  lex("/*" + std::string(201, '(') + "*/ check", d);
  CHECK_FALSE(d.has_errors());
  lex("// " + std::string(300, '[') + "\ncheck \"" + std::string(300, '{') + "\"", d);
  CHECK_FALSE(d.has_errors());
  lex(std::string(200, '(') + "check" + std::string(200, ')'), d);
  CHECK_FALSE(d.has_errors());
  const std::string deep = "check " + std::string(150, '(') + std::string(51, '{') + " mate";
  lex(deep, d);
  REQUIRE(d.all().size() == 1);
  CHECK(d.all()[0].message == "brackets nested too deeply (more than 200 levels)");
  CHECK(d.all()[0].range.begin == deep.find('{') + 50);
}

TEST_CASE("a closer missing at the end points at what it should close", "[tokenizer]") {
  auto error_at = [](const std::string& text) {
    Diagnostics d;
    lex(text, d);
    REQUIRE(d.all().size() == 1);
    CHECK(d.all()[0].hint == "it is never closed");
    return d.all()[0].range.begin;
  };
  CHECK(error_at("{ check ( mate ) ") == 0);
  CHECK(error_at("( a ) ( b ( c ) ") == 6);
  CHECK(error_at("check \"( \" comment(\"x") == 19);
  // A bracket inside a comment is not the one left open.
  CHECK(error_at("( /* ( */ check") == 0);
}

TEST_CASE("a backslash outside strings is a regex capture reference", "[tokenizer]") {
  Diagnostics d;
  auto t = lex(R"(\0 \12 \-3 \{year} \-{last_name2} \1[0] "\1")", d);
  REQUIRE_FALSE(d.has_errors());
  using K = TokenKind;
  REQUIRE(kinds(t) == std::vector<K>{K::CaptureReference, K::CaptureReference, K::CaptureReference,
                                     K::CaptureReference, K::CaptureReference, K::CaptureReference,
                                     K::IndexGroup, K::String});
  CHECK(t[1].text == "\\12");
  CHECK(t[2].text == "\\-3");
  CHECK(t[3].text == "\\{year}");
  CHECK(t[4].text == "\\-{last_name2}");
  CHECK(t[7].text == "\"\\1\"");  // inside a string it stays an escape
  auto first_error = [](const std::string& text) {
    Diagnostics errors;
    lex(text, errors);
    REQUIRE(errors.all().size() == 1);
    return errors.all()[0].message;
  };
  const std::string bad = "a '\\' outside a string is a capture reference (\\1, \\-1, \\{name}, \\-{name}) or one of \\n \\t \\r \\\"";
  CHECK(first_error(R"(check \ mate)") == bad);
  CHECK(first_error(R"(\x)") == bad);
  CHECK(first_error(R"(\-)") == bad);
  CHECK(first_error(R"(\{1st})") == bad);
  CHECK(first_error(R"(\{name)") == bad);
  CHECK(first_error(R"(\1234567890)") == bad);  // at most nine digits
  Diagnostics where;
  lex(R"(check \{ab mate)", where);
  REQUIRE(where.all().size() == 1);
  CHECK(where.all()[0].range.begin == 6);  // the caret is at the backslash
}

TEST_CASE("o-o and o-o-o are words, other hyphens stay operators", "[tokenizer]") {
  Diagnostics d;
  auto t = lex("o-o o-o-o o-x", d);
  REQUIRE_FALSE(d.has_errors());
  REQUIRE(t.size() == 5);
  CHECK(t[0].kind == TokenKind::Identifier);
  CHECK(t[0].text == "o-o");
  CHECK(t[1].text == "o-o-o");
  CHECK(t[2].text == "o");
  CHECK(t[3].text == "-");
}
