// Per-game constants: a subtree whose value is the same at every position of a game (tag tests,
// the game number, and pure operators over them and literals) is evaluated once per game.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "chess/game.h"
#include "interpreter/filter.h"

namespace quarry::interpreter {

// Wraps such a subtree: the first evaluation in a game stores its answer in the context's slot
// (keyed by Context::game_serial, so a new game recomputes); later ones read it back. While
// `enabled` is false (the query edits tags, see Dependence::EditsTags) it evaluates every time.
class GameConstant final : public Filter {
 public:
  GameConstant(FilterPtr inner, std::size_t slot, std::shared_ptr<const bool> enabled)
      : Filter(inner->type()), inner_(std::move(inner)), slot_(slot), id_(next_id()), enabled_(std::move(enabled)) {}

  // Whether the binder may wrap a filter of this type (those whose answers the slot can hold).
  static bool holds(ValueType type) {
    return type == ValueType::Logical || type == ValueType::Numeric || type == ValueType::String;
  }

  bool match(Context& ctx) const override;
  MaybeNumber number(Context& ctx) const override;
  std::optional<std::string> text(Context& ctx) const override;
  bool is_constant() const override { return true; }
  // The answer match() gives in this game, computed now without the cache (the tag gate's probe).
  bool match_uncached(Context& ctx) const { return inner_->match(ctx); }
  // False when the query edits tags: the subtree's value may then change within a game.
  bool caching() const { return *enabled_; }

 private:
  GameConstantSlot* current_slot(Context& ctx) const;
  static std::uint64_t next_id();
  FilterPtr inner_;
  std::size_t slot_;
  std::uint64_t id_;  // unique in the process, never 0
  std::shared_ptr<const bool> enabled_;
};

// Whether the body is made of constants only (literals, definitions, declarations, per-game
// tests): it then answers alike at every position of a game and writes no comment, so the runner
// asks it once per game (game_examination.cpp).
bool same_at_every_position(const Filter& body);

// The per-game tests a query body must pass before anything else in it runs: the leading
// conjuncts of its top-level sequence (through nested `{ … }` and `and`) that are per-game
// constants, or constants (function definitions, literals) among them. A game that fails one
// cannot match at any position, and as those tests have no side effects nothing else of the body
// runs in it: its movetext need not be read (docs/pgn-reading.md).
class TagGate {
 public:
  TagGate() = default;
  explicit TagGate(const Filter& body);
  bool empty() const { return tests_.empty(); }
  std::size_t size() const { return tests_.size(); }

  // Asked with the game's tags read and its movetext not yet (its number set): true when one of
  // the tests fails, so the game cannot match. False when they pass, when one reads what only the
  // movetext settles (Context::note_movetext_fact), fails with an error, or the query edits tags.
  // `probe` is a context of the caller's own, not the one the body runs in.
  bool rules_out(const chess::Game& tags, Context& probe) const;

 private:
  std::vector<const Filter*> tests_;  // each is_constant()
};

}  // namespace quarry::interpreter
