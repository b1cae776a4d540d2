// The binder: resolves names and checks types, turning the syntax tree into the filter tree.
// After it, nothing looks a name up by string.
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grammar/source.h"
#include "grammar/syntax.h"
#include "interpreter/filter.h"
#include "interpreter/registry.h"

namespace quarry::interpreter {

struct VariableInfo {
  std::string name;
  ValueType type = ValueType::None;
  bool persistent = false;  // kept across games and shown at the end of the run
  bool quiet = false;       // persistent but not shown
};

// A dictionary's declaration. Key and value types are None until fixed by the declaration or
// the first use.
struct DictionaryInfo {
  std::string name;
  ValueType key_type = ValueType::None;
  ValueType value_type = ValueType::None;
  std::string merge;  // how per-thread copies combine: sum, min, max, … ("" when not written)
};

// A sort filter: games are ordered by its best value (largest, or smallest with `min`).
struct SortInfo {
  std::string title;
  bool minimize = false;
};

// A user function: its parameter names and body, expanded at every call (as CQL does).
struct FunctionDefinition {
  std::vector<std::string> parameters;
  const grammar::SyntaxNode* body = nullptr;
  // Where the body was written, so an error in it points there and not at the call's source.
  const grammar::SourceFile* file = nullptr;
};

class Binder {
 public:
  Binder(const Registry& registry, const grammar::SourceFile& file, grammar::Diagnostics& diagnostics)
      : registry_(registry), file_(&file), diagnostics_(diagnostics) {}
  // --secure: bind functions of filters that touch files report an error instead.
  void set_secure(bool secure) { secure_ = secure; }
  // The most filters one query may build (function calls and transforms multiply them).
  static constexpr std::size_t kMaxBoundNodes = 1'000'000;
  void set_max_bound_nodes(std::size_t limit) { max_bound_nodes_ = limit; }
  bool secure() const { return secure_; }
  // Counts `units` of expansion work that builds no filter (a transformed copy identical to an
  // earlier one, or off the board) against the same budget; false, with the error reported once,
  // when it is spent. Without it, nested transforms of a symmetric body copied syntax for ever.
  bool charge_expansion(const grammar::SyntaxNode& at, std::size_t units);
  // Query text from several sources (file, command line) shares one set of variables.
  void set_file(const grammar::SourceFile& file) { file_ = &file; }

  // nullptr after reporting an error. A subtree with one value per game comes back wrapped in a
  // per-game cache (game_constant.h).
  FilterPtr bind(const grammar::SyntaxNode& node);
  // Binds a sequence as the body of a compound filter (the query body, `{ … }`).
  FilterPtr bind_sequence(const std::vector<grammar::SyntaxPtr>& nodes, const grammar::SyntaxNode* where);

  // --- for bind functions ---------------------------------------------------------------------
  void error(const grammar::SyntaxNode& at, std::string message, std::string hint = {});
  // Checks argument i has one of the types; reports "expected …" at that argument otherwise. For
  // what the registration cannot declare: a check that depends on several arguments at once.
  bool expect(const BindArguments& args, std::size_t index, std::initializer_list<ValueType> types);
  // Checks argument `index` against `wanted`, naming it as the node's child `position` ("its
  // second argument", "its left operand") at that child.
  bool check_argument(const BindArguments& args, std::size_t index, TypeSet wanted, std::size_t position);
  const grammar::SourceFile& file() const { return *file_; }
  const Registry& registry() const { return registry_; }
  // Per-game constants are cached unless this is off (tests compare both paths) or the query
  // edits tags (Dependence::EditsTags); either turns off the caches already built, too.
  void set_cache_game_constants(bool on) { *cache_game_constants_ = on && !edits_tags_; }
  std::size_t game_constant_count() const { return game_constants_; }

  // Variables: one slot per name for the whole query (CQL variables are global). A variable's
  // type is fixed by its first assignment.
  int find_variable(std::string_view name) const;
  int declare_variable(const std::string& name, ValueType type);
  const VariableInfo& variable(int slot) const { return variables_[static_cast<std::size_t>(slot)]; }
  VariableInfo& variable(int slot) { return variables_[static_cast<std::size_t>(slot)]; }
  const std::vector<VariableInfo>& variables() const { return variables_; }
  // A slot no name reaches (function arguments passed by value, loop counters).
  int declare_hidden_variable(ValueType type);

  void define_function(const std::string& name, FunctionDefinition definition);
  // Keeps syntax made while binding (a transformed copy of a transform's body) as long as the
  // binder: a function defined inside it keeps its body there and is expanded again at each call.
  void keep_syntax(grammar::SyntaxPtr node) { kept_syntax_.push_back(std::move(node)); }

  int find_dictionary(std::string_view name) const;
  int declare_dictionary(DictionaryInfo info);
  DictionaryInfo& dictionary(int index) { return dictionaries_[static_cast<std::size_t>(index)]; }
  const std::vector<DictionaryInfo>& dictionaries() const { return dictionaries_; }

  int declare_sort(SortInfo info) {
    sorts_.push_back(std::move(info));
    return static_cast<int>(sorts_.size()) - 1;
  }
  const std::vector<SortInfo>& sorts() const { return sorts_; }

  // `cqlend { … }` bodies, evaluated once after the last game (owned by their filters).
  void add_end_block(const Filter* body) { end_blocks_.push_back(body); }
  const std::vector<const Filter*>& end_blocks() const { return end_blocks_; }

 private:
  // How much of the game a bound subtree depends on; the binder caches PerGame subtrees.
  enum class Constancy : std::uint8_t { Varies, PerGame, Literal };
  struct Bound {
    FilterPtr filter;
    Constancy constancy = Constancy::Varies;
  };
  Bound bind_tracked(const grammar::SyntaxNode& node);
  Bound bind_keyword(const grammar::SyntaxNode& node);
  Bound bind_operator(const grammar::SyntaxNode& node);
  // The constancy of a filter with that dependence whose arguments have `arguments`.
  static Constancy combine(Dependence dependence, Constancy arguments);
  // The filter, wrapped in a per-game cache when it is a per-game constant worth caching.
  FilterPtr cached(Bound bound);
  // Checks the bound arguments against the declared types; argument i is the node's child first + i.
  bool check_arguments(const Signature& types, const BindArguments& args, std::size_t first = 0);
  // Checks each parameter value (`from S`) against the type its word declares.
  bool check_parameters(const Signature& types, const BindArguments& args);
  bool check_result(const Signature& types, const grammar::SyntaxNode& node, const Filter& built);
  // Binds the registered construct or operator `name` with `args`, its result checked.
  FilterPtr bind_construct(std::string_view name, int arity, BindArguments& args);
  // A literal construct of no arguments at `node`.
  FilterPtr bind_construct(std::string_view name, const grammar::SyntaxNode& node);
  // Builds with a registration's bind function; a result of an undeclared type is an error.
  FilterPtr build(const Signature& types, const BindFunction& bind, BindArguments& args);
  // Binds parameter values and children; `constancy` becomes the least constant of them.
  bool bind_parameters(const grammar::SyntaxNode& node, std::vector<BoundParameter>& out, Constancy& constancy);
  bool bind_children(const grammar::SyntaxNode& node, std::vector<Bound>& out, Constancy& constancy);
  // The children's filters for the bind function; with `wrap`, per-game constant ones are cached
  // (only under Pure parents that vary: their bind functions take any filter as it comes).
  std::vector<FilterPtr> take_filters(std::vector<Bound>& children, bool wrap);

  FilterPtr bind_assignment(const grammar::SyntaxNode& node);
  FilterPtr bind_function_call(const grammar::SyntaxNode& node);
  // $D[k], $D[k] op= v and #$D when the name is a dictionary; nullopt when it is not.
  std::optional<FilterPtr> bind_dictionary_use(const grammar::SyntaxNode& node);

  const Registry& registry_;
  bool secure_ = false;
  std::size_t max_bound_nodes_ = kMaxBoundNodes;
  std::size_t bound_nodes_ = 0;  // bind() calls and charged copies so far, against max_bound_nodes_
  bool expansion_reported_ = false;
  std::shared_ptr<bool> cache_game_constants_ = std::make_shared<bool>(true);
  bool edits_tags_ = false;
  std::size_t game_constants_ = 0;  // slots numbered so far
  const grammar::SourceFile* file_;
  grammar::Diagnostics& diagnostics_;
  std::vector<VariableInfo> variables_;
  std::map<std::string, FunctionDefinition> functions_;
  std::vector<grammar::SyntaxPtr> kept_syntax_;
  std::vector<DictionaryInfo> dictionaries_;
  std::vector<SortInfo> sorts_;
  std::vector<const Filter*> end_blocks_;
  // Function parameters while a call is expanded: name -> slot, innermost call last.
  std::vector<std::map<std::string, int>> local_scopes_;
};

}  // namespace quarry::interpreter
