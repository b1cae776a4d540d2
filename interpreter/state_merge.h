// Combining the state of runs over parts of the input into the state one run over all of it
// would have: one function per kind of state. Shards use them (`quarry merge`); so can threads.
// In every function `into` holds the earlier part of the input and `from` the later one.
#pragma once

#include <string>

#include "interpreter/binder.h"
#include "interpreter/context.h"
#include "interpreter/query.h"
#include "interpreter/run_state.h"

namespace quarry::interpreter {

// A dictionary's declared `(MERGE)`; Undeclared when the declaration names none.
enum class MergeStrategy { Undeclared, Sum, Min, Max, First, Last, Union, Intersection };
MergeStrategy merge_strategy(const std::string& declared);

// Combines two values of one key. False when the strategy cannot: Undeclared, Union or
// Intersection with two different values that are not sets.
bool merge_value(MergeStrategy strategy, Value& into, const Value& from);

// Adds `from`'s entries to `into`; a key in both is combined by the declared strategy. False,
// with *error naming the dictionary and the key, when two values cannot be combined.
bool merge_dictionary(const DictionaryInfo& info, Context::Dictionary& into, const Context::Dictionary& from,
                      std::string* error);

// A persistent variable: numbers add, sets unite, strings concatenate (what accumulating with
// `+=` / `|=` from the zero start gives); an unbound side takes the other's value.
void merge_persistent(Value& into, const Value& from);

// Summary counts add up.
void merge_stats(RunStats& into, const RunStats& from);

// All of `from` (a later shard) into `into`: counts, persistent variables, dictionaries and
// matched games (kept in input order; order_matched_games sorts them for output).
bool merge_run_state(const CompiledQuery& query, RunState& into, RunState&& from, std::string* error);

}  // namespace quarry::interpreter
