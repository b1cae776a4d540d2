// Variable-lifetime family: persistent variables, and unbind / isbound / isunbound for variables and dictionaries.
#include "builtins/builtins.h"
#include "builtins/value_access.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::SyntaxKind;
using grammar::SyntaxNode;

// `persistent x = F` initialises x once (while it is unbound) and keeps it across games;
// `persistent x += F` and the other updates apply every time.
class PersistentInitialisation final : public Filter {
 public:
  PersistentInitialisation(int slot, FilterPtr assignment)
      : Filter(ValueType::Logical), slot_(slot), assignment_(std::move(assignment)) {}
  bool match(Context& ctx) const override {
    if (!std::holds_alternative<std::monostate>(ctx.variable(slot_))) return true;
    return assignment_->match(ctx);
  }

 private:
  int slot_;
  FilterPtr assignment_;
};

class Unbind final : public Filter {
 public:
  Unbind(int slot, int dictionary, FilterPtr key)
      : Filter(ValueType::Logical), slot_(slot), dictionary_(dictionary), key_(std::move(key)) {}
  bool match(Context& ctx) const override {
    if (slot_ >= 0) {
      ctx.variable(slot_) = std::monostate{};
    } else if (!key_) {
      ctx.dictionary(dictionary_).clear();
    } else {
      ctx.dictionary(dictionary_).erase(value_of(*key_, ctx));
    }
    return true;
  }

 private:
  int slot_;
  int dictionary_;
  FilterPtr key_;
};

class IsBound final : public Filter {
 public:
  IsBound(int slot, bool bound) : Filter(ValueType::Logical), slot_(slot), bound_(bound) {}
  bool match(Context& ctx) const override {
    return std::holds_alternative<std::monostate>(ctx.variable(slot_)) != bound_;
  }

 private:
  int slot_;
  bool bound_;
};

FilterPtr bind_persistent(BindArguments& a) {
  const SyntaxNode& child = *a.node.children[0];
  if (child.kind != SyntaxKind::Assign || child.children[0]->kind != SyntaxKind::Identifier) {
    a.binder.error(child, "'persistent' is followed by an assignment to a variable", "write persistent x = 0");
    return nullptr;
  }
  FilterPtr assignment = a.binder.bind(child);
  if (!assignment) return nullptr;
  int slot = a.binder.find_variable(child.children[0]->text);
  VariableInfo& info = a.binder.variable(slot);
  if (info.type == ValueType::Position) {
    a.binder.error(child, "a position belongs to one game, so it cannot be kept across games",
                   "keep its positionid, or a fen, instead");
    return nullptr;
  }
  info.persistent = true;
  info.quiet = info.quiet || a.parameter(grammar::ParameterWord::Quiet) != nullptr;
  if (child.text == "=") return std::make_unique<PersistentInitialisation>(slot, std::move(assignment));
  return assignment;
}

FilterPtr bind_unbind(BindArguments& a) {
  const SyntaxNode& target = *a.node.children[0];
  const SyntaxNode& name = target.kind == SyntaxKind::Binary && target.text == "[]" ? *target.children[0] : target;
  if (name.kind == SyntaxKind::Identifier) {
    if (int d = a.binder.find_dictionary(name.text); d >= 0) {
      FilterPtr key;
      if (&name != &target) {
        key = a.binder.bind(*target.children[1]);
        if (!key) return nullptr;
      }
      return std::make_unique<Unbind>(-1, d, std::move(key));
    }
    if (int slot = a.binder.find_variable(name.text); slot >= 0 && &name == &target) {
      return std::make_unique<Unbind>(slot, -1, nullptr);
    }
  }
  a.binder.error(target, "'unbind' needs a variable, a dictionary or a dictionary entry $D[key]");
  return nullptr;
}

BindFunction bind_isbound(bool bound) {
  return [bound](BindArguments& a) -> FilterPtr {
    const SyntaxNode& target = *a.node.children[0];
    int slot = target.kind == SyntaxKind::Identifier ? a.binder.find_variable(target.text) : -1;
    if (slot < 0) {
      a.binder.error(target, "'" + a.node.text + "' needs the name of a variable assigned somewhere before it");
      return nullptr;
    }
    return std::make_unique<IsBound>(slot, bound);
  };
}

constexpr grammar::ParameterSpec kPersistentParameters[] = {{grammar::ParameterWord::Quiet}};

}  // namespace

void register_variable_lifetime_filters(Registry& registry) {
  using grammar::ShapeKind;
  grammar::KeywordShape persistent{"persistent", ShapeKind::Prefix, grammar::precedence::kLowest};
  persistent.parameters = kPersistentParameters;
  // Their arguments are an assignment or a variable of any type, by name: declared any filter.
  FilterSpec p{persistent, "persistent [quiet] x = F: a variable kept across games, shown at the end", bind_persistent,
               {{kAnyFilter}, ValueType::Logical}};
  p.binds_children = true;
  registry.add(std::move(p));
  FilterSpec u{{"unbind", ShapeKind::Prefix, grammar::precedence::kIndex}, "unbind x / $D / $D[k]: forget a value", bind_unbind,
               {{kAnyFilter}, ValueType::Logical}};
  u.binds_children = true;
  registry.add(std::move(u));
  FilterSpec b{{"isbound", ShapeKind::Prefix, grammar::precedence::kIndex}, "isbound x: x has a value", bind_isbound(true),
               {{kAnyFilter}, ValueType::Logical}};
  b.binds_children = true;
  registry.add(std::move(b));
  FilterSpec n{{"isunbound", ShapeKind::Prefix, grammar::precedence::kIndex}, "isunbound x: x has no value", bind_isbound(false),
               {{kAnyFilter}, ValueType::Logical}};
  n.binds_children = true;
  registry.add(std::move(n));
}

}  // namespace quarry::builtins
