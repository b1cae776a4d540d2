// Variable family: references to variables and the assignments = =? += -= *= /= %= |= &=.
#include "builtins/builtins.h"
#include "builtins/compound_update.h"
#include "builtins/value_access.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

class VariableRef final : public Filter {
 public:
  VariableRef(ValueType type, int slot) : Filter(type), slot_(slot) {}
  bool match(Context& ctx) const override {
    const Value& v = ctx.variable(slot_);
    if (type() == ValueType::Piece) return squares(ctx).any();
    if (type() == ValueType::Set) return std::holds_alternative<SquareSet>(v) && std::get<SquareSet>(v).any();
    return !std::holds_alternative<std::monostate>(v);
  }
  SquareSet squares(Context& ctx) const override {
    const Value& v = ctx.variable(slot_);
    if (type() == ValueType::Piece) {
      // A piece variable holds the piece's id: it names the square that piece stands on now.
      if (!std::holds_alternative<std::int64_t>(v)) return SquareSet();
      return SquareSet(ctx.position().square_of_piece_id(static_cast<int>(std::get<std::int64_t>(v))));
    }
    return std::holds_alternative<SquareSet>(v) ? std::get<SquareSet>(v) : SquareSet();
  }
  MaybeNumber number(Context& ctx) const override {
    const Value& v = ctx.variable(slot_);
    if (type() == ValueType::Piece) return std::nullopt;
    if (std::holds_alternative<std::int64_t>(v)) return std::get<std::int64_t>(v);
    return std::nullopt;
  }
  std::optional<std::string> text(Context& ctx) const override {
    const Value& v = ctx.variable(slot_);
    if (!std::holds_alternative<std::string>(v)) return std::nullopt;
    return ctx.charged_copy(std::get<std::string>(v));
  }
  bool keeps_text() const override { return type() == ValueType::String; }
  const std::string* stored_text(Context& ctx) const override { return std::get_if<std::string>(&ctx.variable(slot_)); }
  std::optional<chess::NodeId> position(Context& ctx) const override {
    const Value& v = ctx.variable(slot_);
    // A transient imaginary position kept in a variable is gone once its filter is done.
    if (std::holds_alternative<PositionValue>(v) && ctx.exists(std::get<PositionValue>(v).node)) {
      return std::get<PositionValue>(v).node;
    }
    return std::nullopt;
  }

 private:
  int slot_;
};

// x = F: stores F's value and has it as its own value, so `A | $x = B` is A | B. A set always
// has a value (possibly empty), so a set assignment matches; a numeric or string F without a
// value makes the assignment fail and keeps x. x =? S assigns and matches only a non-empty set.
class Assignment final : public Filter {
 public:
  Assignment(int slot, FilterPtr value, bool only_if_nonempty)
      : Filter(value->type()), slot_(slot), value_(std::move(value)), only_if_nonempty_(only_if_nonempty) {}
  bool match(Context& ctx) const override {
    switch (type()) {
      case ValueType::Set: {
        SquareSet s = value_->squares(ctx);
        if (only_if_nonempty_ && s.is_empty()) return false;
        ctx.variable(slot_) = s;
        return true;
      }
      case ValueType::Numeric: return number(ctx).has_value();
      case ValueType::String: return text(ctx).has_value();
      case ValueType::Position: return position(ctx).has_value();
      default: return false;
    }
  }
  SquareSet squares(Context& ctx) const override {
    SquareSet s = value_->squares(ctx);
    if (only_if_nonempty_ && s.is_empty()) return s;
    ctx.variable(slot_) = s;
    return s;
  }
  MaybeNumber number(Context& ctx) const override {
    auto n = value_->number(ctx);
    if (n) ctx.variable(slot_) = *n;
    return n;
  }
  std::optional<std::string> text(Context& ctx) const override {
    auto t = value_->text(ctx);
    if (t) ctx.variable(slot_) = *t;
    return t;
  }
  std::optional<chess::NodeId> position(Context& ctx) const override {
    auto node = value_->position(ctx);
    if (node) ctx.variable(slot_) = PositionValue{*node};
    return node;
  }

 private:
  int slot_;
  FilterPtr value_;
  bool only_if_nonempty_;
};

// x op= F on a bound x; fails (and leaves x alone) when x is unbound or F has no value.
class CompoundAssignment final : public Filter {
 public:
  CompoundAssignment(int slot, Update op, FilterPtr value)
      : Filter(ValueType::Logical), slot_(slot), op_(op), value_(std::move(value)) {}
  bool match(Context& ctx) const override {
    if (std::holds_alternative<std::monostate>(ctx.variable(slot_))) return false;
    Value operand = value_of(*value_, ctx);
    return apply_update(op_, ctx.variable(slot_), operand);
  }

 private:
  int slot_;
  Update op_;
  FilterPtr value_;
};

bool assignable(ValueType t) {
  return t == ValueType::Set || t == ValueType::Numeric || t == ValueType::String || t == ValueType::Position;
}

FilterPtr bind_plain_assignment(BindArguments& a, bool only_if_nonempty) {
  const VariableInfo& var = a.binder.variable(a.variable_slot);
  ValueType t = a.arguments[0]->type();
  // The declaration admits what has a value ('=?': sets only); a piece passes as a set there.
  if (!assignable(t)) {
    a.binder.error(*a.node.children[1], "a " + std::string(type_name(t)) + " filter has no value to assign",
                   "assign a set, a number, a string or a position");
    return nullptr;
  }
  if (t != var.type) {
    a.binder.error(a.node, "variable '" + var.name + "' holds a " + std::string(type_name(var.type)) +
                               "; it cannot be assigned a " + std::string(type_name(t)));
    return nullptr;
  }
  return std::make_unique<Assignment>(a.variable_slot, std::move(a.arguments[0]), only_if_nonempty);
}

BindFunction bind_update(Update op) {
  return [op](BindArguments& a) -> FilterPtr {
    const VariableInfo& var = a.binder.variable(a.variable_slot);
    ValueType t = a.arguments[0]->type();
    bool ok = update_applies(op, var.type, t);
    if (!ok) {
      a.binder.error(a.node, "'" + a.node.text + "' cannot update the " + std::string(type_name(var.type)) +
                                 " variable '" + var.name + "' with a " + std::string(type_name(t)) + " filter");
      return nullptr;
    }
    return std::make_unique<CompoundAssignment>(a.variable_slot, op, std::move(a.arguments[0]));
  };
}

}  // namespace

void register_variables_filters(Registry& registry) {
  registry.add_operator(construct::kVariable, 0, {{}, kAnyFilter}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<VariableRef>(a.binder.variable(a.variable_slot).type, a.variable_slot);
  });
  // Operands: the variable, then the value (the binder checks the value; the bind functions check
  // it against the variable's type).
  const TypeSet value{ValueType::Numeric, ValueType::Set, ValueType::Position, ValueType::String};
  const TypeSet number{ValueType::Numeric, ValueType::Set};
  const TypeSet number_or_string{ValueType::Numeric, ValueType::Set, ValueType::String};
  const Signature assign{{value, value}, value};  // an assignment's value is the value assigned
  registry.add_operator("=", 2, assign, [](BindArguments& a) { return bind_plain_assignment(a, false); });
  registry.add_operator("=?", 2, {{ValueType::Set, ValueType::Set}, ValueType::Set},
                        [](BindArguments& a) { return bind_plain_assignment(a, true); });
  registry.add_operator("+=", 2, {{number_or_string, number_or_string}, ValueType::Logical}, bind_update(Update::Add));
  const Signature arithmetic{{ValueType::Numeric, number}, ValueType::Logical};
  registry.add_operator("-=", 2, arithmetic, bind_update(Update::Subtract));
  registry.add_operator("*=", 2, arithmetic, bind_update(Update::Multiply));
  registry.add_operator("/=", 2, arithmetic, bind_update(Update::Divide));
  registry.add_operator("%=", 2, arithmetic, bind_update(Update::Modulo));
  const Signature set{{ValueType::Set, ValueType::Set}, ValueType::Logical};
  registry.add_operator("|=", 2, set, bind_update(Update::Union));
  registry.add_operator("&=", 2, set, bind_update(Update::Intersection));
}

}  // namespace quarry::builtins
