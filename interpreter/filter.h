// The typed filter tree evaluated at every position: one node class per filter.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chess/square_set.h"
#include "interpreter/context.h"
#include "interpreter/maybe_number.h"
#include "interpreter/value_type.h"

namespace quarry::interpreter {

using chess::SquareSet;

// A filter has a static type and typed evaluation entry points, so the hot path never boxes
// values: set filters answer squares(), numeric ones number(), strings text(). match() says
// whether the filter matches the current position; its default follows the type (a set matches
// when non-empty, a numeric, string or position filter when it has a value).
class Filter {
 public:
  explicit Filter(ValueType type) : type_(type) {}
  virtual ~Filter() = default;
  Filter(const Filter&) = delete;
  Filter& operator=(const Filter&) = delete;

  ValueType type() const { return type_; }

  virtual bool match(Context& ctx) const;
  virtual SquareSet squares(Context& ctx) const;
  virtual MaybeNumber number(Context& ctx) const;
  virtual std::optional<std::string> text(Context& ctx) const;
  // Position filters: the game-tree node they name, nullopt when they name none.
  virtual std::optional<chess::NodeId> position(Context& ctx) const;

  // Evaluated once per game without a position (e.g. a constant): lets the runner skip work.
  virtual bool is_constant() const { return false; }

  // A string filter that keeps its text where it can be read (a string variable, a string
  // literal): reading it with stored_text() evaluates nothing and copies nothing, so comparing a
  // long string built up in a loop does not copy it at every test.
  virtual bool keeps_text() const { return false; }
  // The kept text, null when there is none (an unbound variable). Valid until anything else is
  // evaluated or assigned. Only for a filter whose keeps_text() is true.
  virtual const std::string* stored_text(Context&) const { return nullptr; }

  // The filters that must all match for this one to match, in the order it tries them, when it is
  // a conjunction ({ A B … }, A and B); empty for the others. The runner looks here for the
  // per-game tests a game must pass before its moves are needed (interpreter/game_constant.h).
  virtual std::vector<const Filter*> conjuncts() const { return {}; }

 private:
  ValueType type_;
};

using FilterPtr = std::unique_ptr<Filter>;

// A set used where a number is wanted stands for its number of squares.
inline MaybeNumber numeric_value(const Filter& f, Context& ctx) {
  if (f.type() == ValueType::Set || f.type() == ValueType::Piece) return f.squares(ctx).count();
  return f.number(ctx);
}

}  // namespace quarry::interpreter
