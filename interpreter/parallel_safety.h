// Whether a query gives the same results when its games are examined by several threads, each game
// starting from a fresh copy of the persistent state and the copies merged back in input order
// (docs/threads.md). Decided from the syntax, before any game is read.
#pragma once

#include <string>
#include <vector>

#include "grammar/syntax.h"
#include "interpreter/binder.h"

namespace quarry::interpreter {

struct ParallelPlan {
  // Empty when the query may run on threads; else why it runs on one (shown to the user).
  std::string sequential_reason;
  // Per dictionary: the query empties it at the start of every game (`if initial then unbind $D`),
  // so after the run it holds the last game's entries and earlier games' copies are dropped.
  std::vector<bool> dictionary_per_game;
};

// `bodies`: the query file's body and then the --cql body, in evaluation order; `variables`
// and `dictionaries` are what binding declared. Persistent state is mergeable when each game's
// share can be computed from a fresh start:
// - a persistent variable is only accumulated (`+=`, `-=`, `|=`), after at most a `persistent x = 0`
//   (or "") that comes before every other use of it;
// - a dictionary is only updated the way its declared merge combines (`+=`/`-=` with sum, `|=`
//   with union or sum, `&=` with intersection, `=` with last), or is emptied at the start of
//   every game before any other use;
// and nothing else reads them while games are examined (cqlend may read anything). Filters that
// act outside the game as it is examined (message, writefile) or keep state in the filter itself
// (line nestban) keep the query on one thread too.
struct QueryBody {
  const grammar::SourceFile* file;                   // names lines in the reason
  const std::vector<grammar::SyntaxPtr>* statements;  // the top-level filters
};
ParallelPlan plan_parallel_run(const std::vector<QueryBody>& bodies, const std::vector<VariableInfo>& variables,
                               const std::vector<DictionaryInfo>& dictionaries);

}  // namespace quarry::interpreter
