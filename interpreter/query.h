// A compiled query: the options its cql( … ) header set, and the body's filter tree.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "grammar/source.h"
#include "interpreter/binder.h"
#include "interpreter/filter.h"
#include "interpreter/game_constant.h"
#include "interpreter/parallel_safety.h"
#include "interpreter/registry.h"

namespace quarry::interpreter {

struct CountRange {
  std::int64_t low = 0;
  std::int64_t high = INT64_MAX;
  bool contains(std::int64_t n) const { return n >= low && n <= high; }

  // What a single number means: at least that many (matchcount) or exactly that one (gamenumber).
  enum class Single { AtLeast, Exactly };
  // The range `numbers` (one or two of them, as the header and the command line write it) names.
  static CountRange of(std::span<const std::int64_t> numbers, Single single) {
    CountRange r;
    r.low = numbers[0];
    r.high = numbers.size() > 1 ? numbers[1] : single == Single::Exactly ? r.low : INT64_MAX;
    return r;
  }
};

// Settings from the cql( … ) header; the command line overrides them field by field.
struct QueryOptions {
  std::vector<std::string> inputs;
  std::optional<std::string> output;
  std::optional<CountRange> matchcount;
  std::optional<CountRange> gamenumber;
  std::optional<bool> variations;
  std::optional<bool> quiet;
  std::optional<bool> silent;
  std::optional<std::string> matchstring;
  std::vector<std::string> results;  // keep games with one of these results ("1-0", …)
  bool sort_matchcount = false;      // `sort matchcount`: output ordered by matching positions
};

struct CompiledQuery {
  QueryOptions options;
  FilterPtr body;
  std::vector<VariableInfo> variables;  // one per slot of Context::variable
  std::vector<DictionaryInfo> dictionaries;
  std::vector<SortInfo> sorts;
  std::vector<const Filter*> end_blocks;  // cqlend bodies, inside `body`
  ParallelPlan parallel;                  // whether --threads may split the games (docs/threads.md)
  TagGate tag_gate;                       // the body's leading per-game tests (game_constant.h)
  bool same_at_every_position = false;    // the body is constants only (game_constant.h)
  std::string parse_tree;  // the syntax tree as text, for --parse (only when asked for)
};

// The stdlib's function definitions, bound into a binder so queries can call them. The parsed
// files stay here because the binder's function bodies point into them.
struct Stdlib {
  std::vector<std::unique_ptr<grammar::SourceFile>> files;
  std::vector<grammar::SyntaxTree> trees;
};
// Parses the stdlib's files into `lib` (nothing bound). False (with diagnostics) on an error.
bool parse_stdlib(Stdlib& lib, const Registry& registry, grammar::Diagnostics& diagnostics);
// Binds the functions of a parsed stdlib into `binder`, their names into `functions`; `lib` must
// outlive the binder and what it binds. False (with the binder's diagnostics) on an error.
bool bind_stdlib(const Stdlib& lib, Binder& binder, std::set<std::string>& functions);
// parse_stdlib, then bind_stdlib: every stdlib function is bound into `binder`; their names go to
// `functions`, so the parser reads `Name(…)` as a call. False (with diagnostics) if the stdlib does
// not compile.
bool load_stdlib(Stdlib& lib, const Registry& registry, Binder& binder, std::set<std::string>& functions,
                 grammar::Diagnostics& diagnostics);
// The names of the stdlib's functions, read from its text (each definition starts a line
// `function NAME(`), without parsing it.
const std::vector<std::string>& stdlib_function_names();
// Whether query text may call a stdlib function: it holds one's name, in any case (in a comment
// or a string too, which only loads the stdlib as before). Parsing the stdlib is about a quarter
// of what a command-line run does between main() and its first game; a query that names none of
// its functions is compiled without it, and compiles to the same filters.
bool may_call_stdlib(std::string_view text);

// Parses and binds. On error, diagnostics hold the reason and the result is nullopt.
// Sizes the context's variables, dictionaries and sort states for this query.
void prepare_context(Context& ctx, const CompiledQuery& query);

struct CompileOptions {
  bool keep_parse_tree = false;  // render the syntax tree into CompiledQuery::parse_tree (--parse)
  bool secure = false;           // --secure: filters that touch files are errors
  std::vector<std::string> transforms = {};  // --flip, --flipcolor, …: wrap the whole body, first outermost
  // The stdlib already parsed (parse_stdlib), for callers that compile many queries: only its
  // binding is repeated. It must outlive the compiled query. nullptr: parse it here.
  const Stdlib* stdlib = nullptr;
  // The most filters the query may build (Binder::kMaxBoundNodes unless lowered, as the fuzzer does).
  std::size_t max_bound_filters = Binder::kMaxBoundNodes;
};

// `extra` (optional) is query text given on the command line: CQL's preamble, bound before the
// body's filters (after the file's function definitions), and matched with them.
std::optional<CompiledQuery> compile_query(const grammar::SourceFile& file, const Registry& registry,
                                           grammar::Diagnostics& diagnostics,
                                           const grammar::SourceFile* extra = nullptr, CompileOptions options = {});

}  // namespace quarry::interpreter
