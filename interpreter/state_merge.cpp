// Merge functions for run state: dictionaries by declared strategy, persistent variables,
// counts, matched games.
#include "interpreter/state_merge.h"

#include <algorithm>
#include <iterator>

namespace quarry::interpreter {
namespace {

// Integer sums wrap (as unsigned arithmetic does) instead of overflowing.
std::int64_t wrapping_add(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

// Sum: numbers add, strings concatenate, sets unite.
void add_value(Value& into, const Value& from) {
  if (auto* n = std::get_if<std::int64_t>(&into)) {
    *n = wrapping_add(*n, std::get<std::int64_t>(from));
  } else if (auto* s = std::get_if<std::string>(&into)) {
    *s += std::get<std::string>(from);
  } else if (auto* set = std::get_if<chess::SquareSet>(&into)) {
    *set = chess::SquareSet(set->bits() | std::get<chess::SquareSet>(from).bits());
  }
}

std::string key_text(const Value& v) {
  if (const auto* n = std::get_if<std::int64_t>(&v)) return std::to_string(*n);
  if (const auto* s = std::get_if<std::string>(&v)) return "\"" + *s + "\"";
  if (const auto* set = std::get_if<chess::SquareSet>(&v)) return "[" + set->to_string() + "]";
  return "?";
}

}  // namespace

MergeStrategy merge_strategy(const std::string& declared) {
  if (declared == "sum") return MergeStrategy::Sum;
  if (declared == "min") return MergeStrategy::Min;
  if (declared == "max") return MergeStrategy::Max;
  if (declared == "first") return MergeStrategy::First;
  if (declared == "last") return MergeStrategy::Last;
  if (declared == "union") return MergeStrategy::Union;
  if (declared == "intersection") return MergeStrategy::Intersection;
  return MergeStrategy::Undeclared;
}

bool merge_value(MergeStrategy strategy, Value& into, const Value& from) {
  if (into.index() != from.index()) return false;  // a dictionary's values share one type
  const auto* a = std::get_if<chess::SquareSet>(&into);
  const auto* b = std::get_if<chess::SquareSet>(&from);
  switch (strategy) {
    case MergeStrategy::Sum: add_value(into, from); return true;
    case MergeStrategy::Min: into = std::min(into, from); return true;
    case MergeStrategy::Max: into = std::max(into, from); return true;
    case MergeStrategy::First: return true;
    case MergeStrategy::Last: into = from; return true;
    case MergeStrategy::Union:
      if (a == nullptr) return into == from;
      into = chess::SquareSet(a->bits() | b->bits());
      return true;
    case MergeStrategy::Intersection:
      if (a == nullptr) return into == from;
      into = chess::SquareSet(a->bits() & b->bits());
      return true;
    case MergeStrategy::Undeclared: return into == from;
  }
  return false;
}

bool merge_dictionary(const DictionaryInfo& info, Context::Dictionary& into, const Context::Dictionary& from,
                      std::string* error) {
  MergeStrategy strategy = merge_strategy(info.merge);
  for (const auto& [key, value] : from) {
    auto [it, fresh] = into.try_emplace(key, value);
    if (fresh || merge_value(strategy, it->second, value)) continue;
    if (error != nullptr) {
      *error = "dictionary " + info.name + ": the parts hold different values for key " + key_text(key) +
               (strategy == MergeStrategy::Undeclared
                    ? " and the dictionary declares no merge strategy (declare one: dictionary KEY --> VALUE (sum) " + info.name + ")"
                    : " that '" + info.merge + "' cannot combine (it combines sets)");
    }
    return false;
  }
  return true;
}

void merge_persistent(Value& into, const Value& from) {
  if (std::holds_alternative<std::monostate>(from)) return;
  if (std::holds_alternative<std::monostate>(into) || into.index() != from.index()) {
    into = from;
    return;
  }
  add_value(into, from);
}

void merge_stats(RunStats& into, const RunStats& from) {
  into.games_read += from.games_read;
  into.games_matched += from.games_matched;
  into.games_skipped += from.games_skipped;
  into.games_warned += from.games_warned;
  into.positions += from.positions;
  into.matched_positions += from.matched_positions;
  into.input_errors += from.input_errors;
}

bool merge_run_state(const CompiledQuery& query, RunState& into, RunState&& from, std::string* error) {
  if (into.variables.size() != query.variables.size() || from.variables.size() != query.variables.size() ||
      into.dictionaries.size() != query.dictionaries.size() || from.dictionaries.size() != query.dictionaries.size()) {
    if (error != nullptr) *error = "the state does not fit the query (variables or dictionaries differ)";
    return false;
  }
  merge_stats(into.stats, from.stats);
  for (std::size_t i = 0; i < query.variables.size(); ++i) {
    if (query.variables[i].persistent) merge_persistent(into.variables[i], from.variables[i]);
  }
  for (std::size_t i = 0; i < query.dictionaries.size(); ++i) {
    if (!merge_dictionary(query.dictionaries[i], into.dictionaries[i], from.dictionaries[i], error)) return false;
  }
  into.games.insert(into.games.end(), std::make_move_iterator(from.games.begin()), std::make_move_iterator(from.games.end()));
  return true;
}

}  // namespace quarry::interpreter
