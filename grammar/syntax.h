// The syntax tree the parser produces: what was written, with source ranges, before any typing.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "grammar/parameter_words.h"
#include "grammar/source.h"

namespace quarry::grammar {

enum class SyntaxKind : std::uint8_t {
  Number,           // number
  String,           // text (escapes resolved)
  PieceDesignator,  // piece_mask + squares; also `.` and `[]`
  Identifier,       // a variable or function name: text
  Keyword,          // a registered filter: keyword id, children = arguments
  Compound,         // { … }: children in order
  Unary,            // op: "not" "-" "~" "#"
  Binary,           // op: "or" "and" "==" … "+" "|" "&" ":" "in" "~~"
  Assign,           // op: "=" "+=" … ; children: target, value
  Header,           // cql( … ): params
  FunctionCall,     // Name(args) of a function defined earlier: text = name, children = args
  CaptureReference, // `\1` `\-1` `\{name}` `\-{name}`: text as written (decoded when bound)
};

// The contents a piece designator admits, one bit each: empty square, then white P N B R Q K,
// then black p n b r q k. Chosen to match chess::Piece::code() order within a colour.
namespace content {
inline constexpr std::uint16_t kEmpty = 1u << 0;
inline constexpr std::uint16_t kWhitePawn = 1u << 1;  // white type t -> bit t; black type t -> bit 6 + t
inline constexpr std::uint16_t kAllWhite = 0x7Eu;
inline constexpr std::uint16_t kAllBlack = 0x1F80u;
inline constexpr std::uint16_t kAll = 0x1FFFu;
}  // namespace content

struct SyntaxNode;
using SyntaxPtr = std::unique_ptr<SyntaxNode>;

// A named parameter of a header or filter (`input FILE`, `matchcount 2 5`, `variations`).
struct SyntaxParameter {
  ParameterWord word = ParameterWord::Title;
  SourceRange range;
  std::vector<SyntaxPtr> values;
  // As written, for messages and `--parse`; compare `word`, never this.
  std::string_view spelling() const { return grammar::spelling(word); }
};

struct SyntaxNode {
  SyntaxKind kind = SyntaxKind::Number;
  SourceRange range;
  std::string text;             // operator, identifier, keyword name, or string value
  int keyword = -1;             // id in the KeywordTable for Keyword nodes
  std::int64_t number = 0;      // Number nodes
  std::uint16_t piece_mask = 0; // PieceDesignator nodes: content bits (see `content`)
  std::uint64_t squares = 0;    // PieceDesignator nodes: the square set
  std::vector<SyntaxPtr> children;
  std::vector<SyntaxParameter> parameters;

  // Text form used by `--parse`: a fully parenthesised rendering of the tree.
  std::string to_string() const;
};

// A parsed query: the optional cql() header and the body's filters.
struct SyntaxTree {
  SyntaxPtr header;                 // nullptr when the query has no cql( … )
  std::vector<SyntaxPtr> body;
  std::string to_string() const;
};

}  // namespace quarry::grammar
