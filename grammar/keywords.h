// The syntax half of a filter registry entry: how a keyword's arguments are written.
// grammar/ knows shapes only; the interpreter's registry supplies the table at parse time.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "grammar/parameter_words.h"

namespace quarry::grammar {

// Binding powers (higher binds tighter), after the CQL 6.1 precedence table.
namespace precedence {
inline constexpr int kLowest = 0;       // bodies that extend to the right (transforms, find, …)
inline constexpr int kOr = 40;
inline constexpr int kAnd = 50;
inline constexpr int kNot = 60;
inline constexpr int kAssign = 65;
inline constexpr int kIn = 70;
inline constexpr int kCompare = 80;
inline constexpr int kNumericPrefix = 90;  // abs, sqrt, makesquare: argument parsed just below +
inline constexpr int kCount = 100;          // #, ascii, int
inline constexpr int kAdditive = 110;
inline constexpr int kCaseChange = 120;
inline constexpr int kUnaryMinus = 130;
inline constexpr int kMultiplicative = 140;
inline constexpr int kSetPrefix = 150;      // file, rank, type, power, between, colortype, pieceid
inline constexpr int kUnion = 160;
inline constexpr int kIntersection = 170;
inline constexpr int kComplement = 180;
inline constexpr int kAttacks = 190;
inline constexpr int kSetParameter = 200;   // from/to/through/capture arguments
inline constexpr int kDirection = 210;      // up, down, …, light, dark
inline constexpr int kIndex = 220;          // x[…], left operand of ~~
inline constexpr int kColon = 230;
}  // namespace precedence

enum class ShapeKind : std::uint8_t {
  Nullary,     // `check`, `mate`, `wtm`
  Prefix,      // one argument parsed at `argument_precedence`: `not F`, `up S`, `abs N`
  Call,        // parenthesised argument list: `between(a b)`, `max(a b c)`; optional when
               // min_arguments is 0 (`child` or `child(1)`)
  Infix,       // `S attacks T`: binds at `argument_precedence`, left-associative
  Parameters,  // named parameters only, in any order: `pin from R through a`
  CallOrPrefix,  // `comment("x" K)` or `comment K`: a parenthesised list, else one argument
  If,          // `if C [then] T [else E]`
  Iteration,   // `piece [all] $p in S BODY`, `square [all] $s in S BODY`
  While,       // `while (C) BODY`
  Function,    // `function Name($a $b) { BODY }`
  Dictionary,  // `dictionary [KEYTYPE --> VALUETYPE [(MERGE)]] NAME`
  Header,      // `cql( … )` parameters
  Line,        // `line [parameters] [range] --> C1 [quantifier] --> C2 …` (or `<--`); see line_syntax.h
  Echo,        // `echo [quiet] (s t) [in all] BODY`; see echo_syntax.h
  Imagine,     // `imagine M1 M2 … : F` (CQLi mutations); see imagine_syntax.h
};

// A named parameter written after a keyword: a bare word (`all`, `legal`, a direction of `ray`,
// or an operator such as find's `<--`) or a word followed by one filter (`from S`, parsed at
// `value_precedence`).
struct ParameterSpec {
  ParameterWord word;
  bool takes_value = false;
  int value_precedence = precedence::kSetParameter;
};

struct KeywordShape {
  std::string_view name;
  ShapeKind kind = ShapeKind::Nullary;
  int argument_precedence = precedence::kLowest;
  int min_arguments = 0;
  int max_arguments = 0;  // Call: -1 = any number
  // Words that may follow the keyword before its arguments (Prefix, Call; with optional_range,
  // on either side of the range) or that make up its arguments (Parameters). Each may be
  // written once.
  std::span<const ParameterSpec> parameters{};
  // Prefix (and Call): up to two integers before the argument(s), a range (`up 1 7 S`,
  // `up -2 d4`, `consecutivemoves 3 9 (P Q)`), stored as the parameter Range.
  bool optional_range = false;
  // A string may stand among the parameters (`sort "Checks" max F`), stored as parameter Title.
  bool optional_title = false;
  // Prefix: the argument is optional and taken only when a string literal follows (`fen` alone is
  // the current FEN, `fen "…"` matches one).
  bool argument_if_string = false;
  // Prefix: a bare `*` may stand as the argument, read as the string "*" (`result *`, the PGN
  // marker of an unfinished game, which would otherwise be multiplication).
  bool star_argument = false;
  // Prefix: the argument ends before a `:` at its own level, so `position N : F` evaluates F at
  // position N (CQLi) although `:` binds tighter than any prefix argument. Parameter values stop
  // there too: `move from K : F` is `(move from K) : F`, as CQLi reads it.
  bool argument_stops_at_colon = false;
};

// Keyword table handed to the parser; index i is the keyword id stored in syntax nodes.
class KeywordTable {
 public:
  void add(const KeywordShape& shape) { shapes_.push_back(shape); }
  // Keyword id or -1.
  int find(std::string_view name) const;
  const KeywordShape& shape(int id) const { return shapes_[static_cast<std::size_t>(id)]; }
  std::size_t size() const { return shapes_.size(); }
  // Closest known keyword by edit distance, for "did you mean" hints; empty if none is close.
  std::string_view suggest(std::string_view name) const;

 private:
  std::vector<KeywordShape> shapes_;
};

// Whether `name` is one of the filters of CQL 6.1 or CQLi: the language's vocabulary, whatever a
// registry provides. A query that uses one the registry lacks gets a diagnostic naming it rather
// than a misparse of what follows (`find check` is not a variable followed by `check`).
bool is_cql_filter_name(std::string_view name);

// Levenshtein distance, for "did you mean" hints (keywords here, options on the command line).
int edit_distance(std::string_view a, std::string_view b);

}  // namespace quarry::grammar
