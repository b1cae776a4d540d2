// The binder: resolves names and checks types, turning the syntax tree into the filter tree.
// After it, nothing looks a name up by string.
#pragma once

#include <initializer_list>
#include <map>
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
  // Query text from several sources (file, command line) shares one set of variables.
  void set_file(const grammar::SourceFile& file) { file_ = &file; }

  // nullptr after reporting an error.
  FilterPtr bind(const grammar::SyntaxNode& node);
  // Binds a sequence as the body of a compound filter (the query body, `{ … }`).
  FilterPtr bind_sequence(const std::vector<grammar::SyntaxPtr>& nodes, const grammar::SyntaxNode* where);

  // --- for bind functions ---------------------------------------------------------------------
  void error(const grammar::SyntaxNode& at, std::string message, std::string hint = {});
  // Checks argument i has one of the types; reports "expected …" at that argument otherwise.
  bool expect(const BindArguments& args, std::size_t index, std::initializer_list<ValueType> types);
  const grammar::SourceFile& file() const { return *file_; }
  const Registry& registry() const { return registry_; }

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
  FilterPtr bind_with(const BindFunction* bind, const grammar::SyntaxNode& node, std::vector<FilterPtr> arguments,
                      std::vector<BoundParameter> parameters = {});
  bool bind_parameters(const grammar::SyntaxNode& node, std::vector<BoundParameter>& out);
  FilterPtr bind_children(const grammar::SyntaxNode& node, std::vector<FilterPtr>& out);

  FilterPtr bind_assignment(const grammar::SyntaxNode& node);
  FilterPtr bind_function_call(const grammar::SyntaxNode& node);
  // $D[k], $D[k] op= v and #$D when the name is a dictionary; nullopt when it is not.
  std::optional<FilterPtr> bind_dictionary_use(const grammar::SyntaxNode& node);

  const Registry& registry_;
  bool secure_ = false;
  std::size_t max_bound_nodes_ = kMaxBoundNodes;
  std::size_t bound_nodes_ = 0;  // bind() calls so far, against max_bound_nodes_
  bool expansion_reported_ = false;
  const grammar::SourceFile* file_;
  grammar::Diagnostics& diagnostics_;
  std::vector<VariableInfo> variables_;
  std::map<std::string, FunctionDefinition> functions_;
  std::vector<DictionaryInfo> dictionaries_;
  std::vector<SortInfo> sorts_;
  std::vector<const Filter*> end_blocks_;
  // Function parameters while a call is expanded: name -> slot, innermost call last.
  std::vector<std::map<std::string, int>> local_scopes_;
};

}  // namespace quarry::interpreter
