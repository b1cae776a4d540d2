// Parameter words: one spelling each, and the parser records the word, not the written text.
#include <catch2/catch.hpp>

#include "grammar/parameter_words.h"
#include "grammar/parser.h"

using namespace quarry::grammar;

TEST_CASE("every parameter word's spelling finds the word again", "[parameter_words]") {
  for (std::size_t i = 0; i < kParameterSpellings.size(); ++i) {
    const auto word = static_cast<ParameterWord>(i);
    INFO(spelling(word));
    CHECK_FALSE(spelling(word).empty());
    REQUIRE(parameter_word(spelling(word)).has_value());
    CHECK(*parameter_word(spelling(word)) == word);
  }
  CHECK(spelling(ParameterWord::KingsideCastle) == "o-o");
  CHECK(spelling(ParameterWord::SortMatchCount) == "sort matchcount");
  CHECK_FALSE(parameter_word("check").has_value());
  CHECK_FALSE(parameter_word("Quiet").has_value());
}

TEST_CASE("the parser names parameters by word: keyword words, ranges, titles, the header", "[parameter_words]") {
  static constexpr ParameterSpec kFind[] = {{ParameterWord::Quiet}, {ParameterWord::BackwardArrow}};
  KeywordTable k;
  KeywordShape find{"find", ShapeKind::Prefix, precedence::kLowest, 1, 1, kFind};
  find.optional_range = true;
  find.optional_title = true;
  k.add(find);
  k.add({"check", ShapeKind::Nullary});
  SourceFile f("q.cql", "cql(sort matchcount 2 input a.pgn) find \"t\" <-- 1 3 quiet check");
  Diagnostics d;
  auto tree = parse_query(f, k, d);
  REQUIRE(tree);
  const auto& header = tree->header->parameters;
  REQUIRE(header.size() == 2);
  CHECK(header[0].word == ParameterWord::SortMatchCount);
  CHECK(header[1].word == ParameterWord::Input);
  const auto& words = tree->body.at(0)->parameters;
  REQUIRE(words.size() == 4);
  CHECK(words[0].word == ParameterWord::Title);
  CHECK(words[1].word == ParameterWord::BackwardArrow);
  CHECK(words[2].word == ParameterWord::Range);
  CHECK(words[3].word == ParameterWord::Quiet);
  CHECK(words[3].spelling() == "quiet");
}

TEST_CASE("a parameter word given twice is reported by its spelling", "[parameter_words]") {
  static constexpr ParameterSpec kMove[] = {{ParameterWord::KingsideCastle}};
  KeywordTable k;
  k.add({"move", ShapeKind::Parameters, precedence::kLowest, 0, 0, kMove});
  SourceFile f("q.cql", "move o-o o-o");
  Diagnostics d;
  CHECK_FALSE(parse_query(f, k, d));
  CHECK(d.all().at(0).message == "'o-o' is given twice");
}
