// The filter registry: one entry per keyword (syntax shape, help text, how to bind it) and the
// bind functions of operators and literals. It feeds the parser, the binder and --help.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/keywords.h"
#include "grammar/syntax.h"
#include "interpreter/board_transform.h"
#include "interpreter/filter.h"

namespace quarry::interpreter {

class Binder;

// A keyword parameter with its values bound (`from S`); flags have no values.
struct BoundParameter {
  const grammar::SyntaxParameter* syntax = nullptr;
  std::vector<FilterPtr> values;
};

struct BindArguments {
  Binder& binder;
  const grammar::SyntaxNode& node;  // the keyword, operator or literal being bound
  std::vector<FilterPtr> arguments;  // its children, already bound, in written order
  std::vector<BoundParameter> parameters = {};  // keyword parameters in written order
  int variable_slot = -1;                        // variable references and assignments

  // The parameter `word`, nullptr when it was not written.
  BoundParameter* parameter(grammar::ParameterWord word) {
    for (BoundParameter& p : parameters) {
      if (p.syntax->word == word) return &p;
    }
    return nullptr;
  }
};

// Builds the filter, or reports a diagnostic through the binder and returns nullptr.
using BindFunction = std::function<FilterPtr(BindArguments&)>;

// What a keyword or operator takes and gives. The binder checks each positional argument against
// `arguments` before the bind function runs (entry i for argument i, the last entry for any
// further ones), and the filter it built against `result`; the bind function checks only what
// depends on several arguments at once (both sides of `+` strings, or both numbers). An
// argument that may be any filter (`not F`, the body of a transform) is declared kAnyFilter.
// Keywords that bind their children themselves (binds_children) are checked by their bind
// function; their declaration still says what each argument is, for --help and the docs.
// A parameter word that takes a value (`move from S`, `pin through S`): the types that value may have.
struct ParameterType {
  grammar::ParameterWord word;
  TypeSet types;
};

struct Signature {
  std::vector<TypeSet> arguments = {};
  TypeSet result = {};
  // One entry per parameter word of the shape that takes a value; the binder checks each value.
  std::vector<ParameterType> parameters = {};
};

// How a filter's value depends on where it is evaluated. PerGame filters read only the game
// (its tags, its number) and their arguments: a subtree of them and literals has one value per
// game, which the binder caches (game_constant.h). Pure operators depend on their arguments only.
enum class Dependence : std::uint8_t {
  PerPosition,  // anything else: the position, variables, comments, … (the safe default)
  PerGame,      // the game's tags and number, given its arguments
  Literal,      // the same everywhere: numbers, strings, true/false
  Pure,         // an operator whose value is a function of its arguments, with no side effect
  EditsTags,    // changes the output game's tags (settag, removetag): no per-game cache in the query
};

// What a board transform does to a keyword (transforms copy the syntax tree before binding).
enum class TransformRole : std::uint8_t {
  Copied,             // copied as written; its arguments are transformed
  Untransformed,      // notransform: its body is copied unchanged
  RecordsTransform,   // currenttransform: collects the names of the transforms acting on it
  SwapsResultMarker,  // result: 1-0 and 0-1 change places under a colour swap
};

struct TransformRule {
  std::string_view color_twin = {};         // the keyword under a colour swap: wtm <-> btm
  std::string_view square_color_twin = {};  // under a map swapping light and dark squares
  bool turns_with_board = false;            // a direction word (directions.h): turns with the board
  bool side_parameters = false;             // its `white`/`black` parameters swap with the colours
  bool direction_parameters = false;        // its direction-word parameters turn with the board
  TransformRole role = TransformRole::Copied;
  // A transform keyword (flip, shift, …): the transforms its body is copied under, the identity
  // first when it is one of them (reversecolor's is not). Empty for every other keyword.
  std::vector<Transform> set = {};
};

// Any filter at all, with or without a value: a condition, a body.
inline constexpr TypeSet kAnyFilter = TypeSet::any();

struct FilterSpec {
  grammar::KeywordShape shape;
  std::string_view summary;  // one line for --help and the REPL
  BindFunction bind;
  Signature types = {};
  Dependence dependence = Dependence::PerPosition;
  TransformRule transform = {};
  // The bind function binds the children itself (transforms copy them first; iteration filters
  // declare their variable before the body): BindArguments::arguments is then empty.
  bool binds_children = false;
  // The family that registered it (set by Registry::add_family): groups the help and the docs index.
  std::string_view family = {};
};

// An operator or literal construct: its text, arity, types and bind function.
struct OperatorSpec {
  std::string text;
  int arity = 0;
  Signature types;
  BindFunction bind;
  Dependence dependence = Dependence::PerPosition;
};

class Registry;

// A family of filters: one file of builtins/ adds its keywords and operators to a registry.
struct FilterFamily {
  std::string_view name;
  void (*add)(Registry& registry);
};

// Names of the non-keyword constructs the binder asks the registry for.
namespace construct {
inline constexpr std::string_view kNumber = "<number>";
inline constexpr std::string_view kString = "<string>";
inline constexpr std::string_view kPieceDesignator = "<piece designator>";
inline constexpr std::string_view kCompound = "{}";
inline constexpr std::string_view kVariable = "<variable>";
// `\1`, `\-1`, `\{name}`, `\-{name}` after `~~`: node.text as written.
inline constexpr std::string_view kCaptureReference = "<capture reference>";
// Dictionary uses; BindArguments::variable_slot holds the dictionary's index.
inline constexpr std::string_view kDictionaryEntry = "<dictionary entry>";      // arguments: key
inline constexpr std::string_view kDictionaryUpdate = "<dictionary update>";    // key, value; node.text = op
inline constexpr std::string_view kDictionarySize = "<dictionary size>";        // no arguments
// `$D[k] op= v` then `$D[k] > n` in a compound, offered for fusing (builtins/dictionaries.cpp):
// arguments: both, bound; node: the comparison. nullptr (the arguments left in place) declines.
inline constexpr std::string_view kDictionaryUpdateTest = "<dictionary update and test>";
}  // namespace construct

class Registry {
 public:
  // Registers a family's filters; their specs record the family's name.
  void add_family(const FilterFamily& family);
  void add(FilterSpec spec);
  // Operators by their text and arity ("not"/1, "-"/1, "-"/2, "|"/2 …) and literal constructs,
  // with the types of their operands (written order) and result. An assignment `x op= F`
  // declares two operands, the variable and F; only F is bound and checked.
  void add_operator(std::string_view text, int arity, Signature types, BindFunction bind,
                    Dependence dependence = Dependence::PerPosition);

  const grammar::KeywordTable& keywords() const { return keywords_; }
  const FilterSpec& spec(int keyword_id) const { return specs_[static_cast<std::size_t>(keyword_id)]; }
  const std::vector<FilterSpec>& specs() const { return specs_; }
  const BindFunction* find_operator(std::string_view text, int arity) const;
  // The operator's registration, nullptr when there is none.
  const OperatorSpec* find_operator_spec(std::string_view text, int arity) const;
  const std::vector<OperatorSpec>& operators() const { return operators_; }
  // How an operator's value depends on the position (PerPosition when it is not registered).
  Dependence operator_dependence(std::string_view text, int arity) const;

 private:
  grammar::KeywordTable keywords_;
  std::vector<FilterSpec> specs_;
  std::vector<OperatorSpec> operators_;
  std::string_view current_family_;
};

}  // namespace quarry::interpreter
