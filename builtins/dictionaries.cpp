// Dictionary family: `dictionary KEY --> VALUE (MERGE) $D` declarations, `$D[k]` entries, updates
// `$D[k] = v` / `+=` …, `#$D`, and `key $k in $D BODY`. Dictionaries keep their entries across games.
#include <cassert>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "builtins/builtins.h"
#include "builtins/compound_update.h"
#include "builtins/relation.h"
#include "builtins/short_text.h"
#include "builtins/value_access.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

class Declaration final : public Filter {
 public:
  Declaration() : Filter(ValueType::Logical) {}
  bool match(Context&) const override { return true; }
  bool is_constant() const override { return true; }
};

// The key filter as a ShortTextSource when it is one (zobristkey): then entries are looked up by
// its text without building a std::string.
const ShortTextSource* short_text_source(const Filter& key) { return dynamic_cast<const ShortTextSource*>(&key); }

class Entry final : public Filter {
 public:
  Entry(ValueType type, int index, FilterPtr key)
      : Filter(type), index_(index), key_(std::move(key)), short_key_(short_text_source(*key_)) {}
  SquareSet squares(Context& ctx) const override {
    const Value* v = find(ctx);
    return v && std::holds_alternative<SquareSet>(*v) ? std::get<SquareSet>(*v) : SquareSet();
  }
  MaybeNumber number(Context& ctx) const override {
    const Value* v = find(ctx);
    if (v && std::holds_alternative<std::int64_t>(*v)) return std::get<std::int64_t>(*v);
    return std::nullopt;
  }
  std::optional<std::string> text(Context& ctx) const override {
    const Value* v = find(ctx);
    if (!v || !std::holds_alternative<std::string>(*v)) return std::nullopt;
    return ctx.charged_copy(std::get<std::string>(*v));
  }
  bool match(Context& ctx) const override { return find(ctx) != nullptr; }

 private:
  const Value* find(Context& ctx) const {
    const Context::Dictionary::Entry* entry = nullptr;
    if (short_key_ != nullptr) {
      ShortText key;
      if (!short_key_->short_text(ctx, key)) return nullptr;
      entry = ctx.dictionary(index_).find_text(key.view());
    } else {
      Value key = value_of(*key_, ctx);
      if (std::holds_alternative<std::monostate>(key)) return nullptr;
      entry = ctx.dictionary(index_).find(key);
    }
    return entry == nullptr ? nullptr : &entry->second;
  }
  int index_;
  FilterPtr key_;
  const ShortTextSource* short_key_;
};

class EntryUpdate final : public Filter {
 public:
  // op is nullopt for a plain assignment `$D[k] = v`.
  EntryUpdate(int index, std::optional<Update> op, ValueType value_type, FilterPtr key, FilterPtr value)
      : Filter(ValueType::Logical), index_(index), op_(op), value_type_(value_type), key_(std::move(key)),
        value_(std::move(value)), short_key_(short_text_source(*key_)),
        counts_(op_ && value_type_ == ValueType::Numeric && value_->type() == ValueType::Numeric) {}

  // The key is read before the value, as the query writes them.
  bool match(Context& ctx) const override {
    if (short_key_ != nullptr) {
      ShortText key;
      if (!short_key_->short_text(ctx, key)) return false;
      if (counts_) return count_by_text(ctx, key) != nullptr;
      Value rhs = value_of(*value_, ctx);
      if (std::holds_alternative<std::monostate>(rhs)) return false;
      Context::Dictionary& d = ctx.dictionary(index_);
      return update(d, std::move(rhs), [&](Value&& v) { return d.try_emplace_text(key.view(), std::move(v)); });
    }
    Value key = value_of(*key_, ctx);
    if (std::holds_alternative<std::monostate>(key)) return false;
    if (counts_) {
      Context::Dictionary& d = ctx.dictionary(index_);
      return update_number(d, value_->number(ctx), [&] { return d.try_emplace(std::move(key), Value(std::int64_t{0})); }) !=
             nullptr;
    }
    Value rhs = value_of(*value_, ctx);
    if (std::holds_alternative<std::monostate>(rhs)) return false;
    Context::Dictionary& d = ctx.dictionary(index_);
    return update(d, std::move(rhs), [&](Value&& v) { return d.try_emplace(std::move(key), std::move(v)); });
  }

  // `$D[zobristkey] += 1`: a count of number entries under a key read as short text, whose
  // reading has no effect (EntryUpdateTest reads the count this update leaves).
  bool counts_by_short_text() const { return short_key_ != nullptr && counts_; }
  // That update: the entry's new value, nullptr when there is none (no key, or the update failed).
  // The pointer lives until the dictionary next changes.
  const std::int64_t* count(Context& ctx) const {
    assert(counts_by_short_text());
    ShortText key;
    if (!short_key_->short_text(ctx, key)) return nullptr;
    return count_by_text(ctx, key);
  }

 private:
  const std::int64_t* count_by_text(Context& ctx, const ShortText& key) const {
    Context::Dictionary& d = ctx.dictionary(index_);
    return update_number(d, value_->number(ctx), [&] { return d.try_emplace_text(key.view(), std::int64_t{0}); });
  }

  // Assigns or updates the entry `emplace(initial)` finds or makes.
  template <typename Emplace>
  bool update(Context::Dictionary& d, Value&& rhs, Emplace emplace) const {
    if (!op_) {
      emplace(Value()).first->second = std::move(rhs);
      return true;
    }
    auto [it, fresh] = emplace(zero_of(value_type_));
    bool applied = apply_update(*op_, it->second, rhs);
    if (!applied && fresh) d.erase(it);  // a failed update creates no entry
    return applied;
  }

  // `$D[k] += n` on number entries (counting, as the repetition queries do) without Values: the
  // same steps as update() for a number operand. The entry's new value, nullptr when it failed.
  template <typename Emplace>
  std::int64_t* update_number(Context::Dictionary& d, MaybeNumber n, Emplace emplace) const {
    if (!n) return nullptr;
    auto [it, fresh] = emplace();
    std::int64_t* x = std::get_if<std::int64_t>(&it->second);
    if (x != nullptr && apply_number_update(*op_, *x, *n)) return x;
    if (fresh) d.erase(it);  // a failed update creates no entry
    return nullptr;
  }

  int index_;
  std::optional<Update> op_;
  ValueType value_type_;
  FilterPtr key_, value_;
  const ShortTextSource* short_key_;
  bool counts_;  // an arithmetic update of number entries by a number
};

// `$D[k] += n` directly followed by `$D[k] > m` in a compound (the repetition queries count a
// position's key, then test the count): the binder offers each such pair, bound as written, to
// construct::kDictionaryUpdateTest. When the update counts under a key read as short text (no
// effects, the same text twice in a row), one filter does both: the comparison reads the entry the
// update has just written instead of reading the key and looking it up again (a quarter of the
// repetition query's own time went to that second lookup and its three virtual calls). Its value
// is the comparison's: the count when the relation holds.
class EntryUpdateTest final : public Filter {
 public:
  EntryUpdateTest(FilterPtr update, Relation relation, std::int64_t bound)
      : Filter(ValueType::Numeric), update_(std::move(update)),
        counter_(static_cast<const EntryUpdate&>(*update_)), relation_(relation), bound_(bound) {}
  bool match(Context& ctx) const override { return number(ctx).has_value(); }
  MaybeNumber number(Context& ctx) const override {
    const std::int64_t* count = counter_.count(ctx);
    if (count == nullptr || !holds(relation_, *count, bound_)) return std::nullopt;
    return *count;
  }

 private:
  FilterPtr update_;
  const EntryUpdate& counter_;  // update_
  Relation relation_;
  std::int64_t bound_;
};

// arguments: the update and the comparison, bound; node: the comparison, whose left side is an
// entry of the same dictionary under the same key (the binder checks that much of the syntax;
// the right side, whose literal is read here, is checked again where it is read). Leaves the arguments in place and returns nullptr when the update
// is not a count under a short-text key.
FilterPtr bind_update_test(BindArguments& a) {
  const auto* update = dynamic_cast<const EntryUpdate*>(a.arguments[0].get());
  const std::optional<Relation> relation = relation_named(a.node.text);
  if (update == nullptr || !update->counts_by_short_text() || !relation ||
      a.arguments[1]->type() != ValueType::Numeric || a.node.children.size() != 2 ||
      a.node.children[1]->kind != grammar::SyntaxKind::Number) {
    return nullptr;
  }
  return std::make_unique<EntryUpdateTest>(std::move(a.arguments[0]), *relation, a.node.children[1]->number);
}

class Size final : public Filter {
 public:
  explicit Size(int index) : Filter(ValueType::Numeric), index_(index) {}
  MaybeNumber number(Context& ctx) const override {
    return static_cast<std::int64_t>(ctx.dictionary(index_).size());
  }

 private:
  int index_;
};

// `key $k in $D BODY` (CQLi): $k takes each key of $D in key order, from a snapshot taken before
// the first pass, so BODY may add and remove entries. Matches when BODY matched for some key
// (BODY runs for every key even after one matched); an empty dictionary does not match.
class KeyIteration final : public Filter {
 public:
  KeyIteration(int index, int slot, FilterPtr body)
      : Filter(ValueType::Logical), index_(index), slot_(slot), body_(std::move(body)) {}

  bool match(Context& ctx) const override {
    std::vector<Value> keys;
    const auto& d = ctx.dictionary(index_);
    keys.reserve(d.size());
    for (const auto& entry : d) keys.push_back(entry.first);
    bool matched = false;
    for (Value& key : keys) {
      // A step a key, as `square` and `piece` charge each square: nested iterations over a
      // large dictionary multiply.
      ctx.charge();
      if (const std::string* text = std::get_if<std::string>(&key)) ctx.charge_text(text->size());
      ctx.variable(slot_) = std::move(key);
      CommentMark mark = ctx.comment_mark();
      if (body_->match(ctx)) matched = true;
      else ctx.rollback_comments(mark);
    }
    return matched;
  }

 private:
  int index_;
  int slot_;
  FilterPtr body_;
};

ValueType type_named(const std::string& name) {
  if (name == "int") return ValueType::Numeric;
  if (name == "str") return ValueType::String;
  if (name == "set") return ValueType::Set;
  return ValueType::None;
}

bool storable(ValueType t) { return t == ValueType::Numeric || t == ValueType::String || t == ValueType::Set; }

FilterPtr bind_declaration(BindArguments& a) {
  DictionaryInfo info;
  const grammar::SyntaxNode& name = *a.parameter(grammar::ParameterWord::Name)->syntax->values[0];
  info.name = name.text;
  for (grammar::ParameterWord which : {grammar::ParameterWord::Key, grammar::ParameterWord::Value}) {
    if (BoundParameter* p = a.parameter(which)) {
      const grammar::SyntaxNode& t = *p->syntax->values[0];
      ValueType type = type_named(t.text);
      if (type == ValueType::None) {
        a.binder.error(t, "unknown dictionary " + std::string(grammar::spelling(which)) + " type '" + t.text + "'",
                       "use int, str or set");
        return nullptr;
      }
      (which == grammar::ParameterWord::Key ? info.key_type : info.value_type) = type;
    }
  }
  if (BoundParameter* p = a.parameter(grammar::ParameterWord::Merge)) {
    const grammar::SyntaxNode& m = *p->syntax->values[0];
    static const char* kMerges[] = {"sum", "min", "max", "first", "last", "union", "intersection"};
    bool known = false;
    for (const char* k : kMerges) known = known || m.text == k;
    if (!known) {
      a.binder.error(m, "unknown merge strategy '" + m.text + "'", "use sum, min, max, first, last, union or intersection");
      return nullptr;
    }
    info.merge = m.text;
  }
  if (a.binder.find_dictionary(info.name) >= 0 || a.binder.find_variable(info.name) >= 0) {
    a.binder.error(name, "'" + info.name + "' is already declared");
    return nullptr;
  }
  a.binder.declare_dictionary(std::move(info));
  return std::make_unique<Declaration>();
}

// Fixes a type on first use or checks it against the declaration.
bool check_type(Binder& binder, const grammar::SyntaxNode& at, ValueType& declared, ValueType actual,
                const std::string& what, const std::string& dictionary) {
  if (actual == ValueType::Piece) actual = ValueType::Set;
  if (!storable(actual)) {
    binder.error(at, "a dictionary " + what + " must be a number, a string or a set, not a " + std::string(type_name(actual)));
    return false;
  }
  if (declared == ValueType::None) declared = actual;
  if (declared != actual) {
    binder.error(at, "dictionary '" + dictionary + "' has " + std::string(type_name(declared)) + " " + what + "s, not " +
                         std::string(type_name(actual)));
    return false;
  }
  return true;
}

// The dictionary a `key` iteration walks: the domain must name one whose key type is known.
int iterated_dictionary(BindArguments& a) {
  const grammar::SyntaxNode& domain = *a.node.children[0];
  int index = domain.kind == grammar::SyntaxKind::Identifier ? a.binder.find_dictionary(domain.text) : -1;
  if (index < 0) {
    std::string what = "this is not a dictionary";
    if (domain.kind == grammar::SyntaxKind::Identifier) {
      what = "'" + domain.text + (a.binder.find_variable(domain.text) >= 0 ? "' is a variable, not a dictionary"
                                                                          : "' is not a declared dictionary");
    }
    a.binder.error(domain, "'key' iterates over the keys of a dictionary, but " + what,
                   "declare the dictionary before the loop (dictionary int --> int D), or iterate over a set "
                   "with square $s in S");
    return -1;
  }
  const DictionaryInfo& info = a.binder.dictionary(index);
  if (info.key_type == ValueType::None) {
    a.binder.error(domain, "the keys of dictionary '" + info.name + "' have no type yet",
                   "declare its types: dictionary str --> int " + info.name);
    return -1;
  }
  return index;
}

FilterPtr bind_key_iteration(BindArguments& a) {
  const grammar::SyntaxNode& variable = *a.parameter(grammar::ParameterWord::Variable)->syntax->values[0];
  int index = iterated_dictionary(a);
  if (index < 0) return nullptr;
  const DictionaryInfo& info = a.binder.dictionary(index);
  if (a.binder.find_dictionary(variable.text) >= 0) {
    a.binder.error(variable, "'" + variable.text + "' is a dictionary, not a variable name");
    return nullptr;
  }
  int slot = a.binder.find_variable(variable.text);
  if (slot < 0) {
    slot = a.binder.declare_variable(variable.text, info.key_type);
  } else if (a.binder.variable(slot).type != info.key_type) {
    a.binder.error(variable, "variable '" + variable.text + "' already holds a " +
                                 std::string(type_name(a.binder.variable(slot).type)) + " value, but dictionary '" +
                                 info.name + "' has " + std::string(type_name(info.key_type)) + " keys",
                   "use a new variable name for the key");
    return nullptr;
  }
  FilterPtr body = a.binder.bind(*a.node.children[1]);
  if (!body) return nullptr;
  return std::make_unique<KeyIteration>(index, slot, std::move(body));
}

}  // namespace

void register_dictionaries_filters(Registry& registry) {
  FilterSpec spec{{"dictionary", grammar::ShapeKind::Dictionary},
                  "dictionary KEY --> VALUE (MERGE) $D: a map kept across games", bind_declaration,
                  {{}, ValueType::Logical}};
  spec.binds_children = true;
  registry.add(std::move(spec));
  FilterSpec keys{{"key", grammar::ShapeKind::Iteration},
                  "key $k in $D F: F for each key of dictionary $D; matches if F matched for some key",
                  bind_key_iteration, {{ValueType::Dictionary, kAnyFilter}, ValueType::Logical}};
  keys.binds_children = true;
  registry.add(std::move(keys));

  // A dictionary's key and value types are the declaration's: its bind functions check them.
  registry.add_operator(construct::kDictionaryEntry, 1, {{kAnyFilter}, kAnyFilter}, [](BindArguments& a) -> FilterPtr {
    DictionaryInfo& info = a.binder.dictionary(a.variable_slot);
    if (!check_type(a.binder, *a.node.children[1], info.key_type, a.arguments[0]->type(), "key", info.name)) return nullptr;
    if (info.value_type == ValueType::None) {
      a.binder.error(a.node, "dictionary '" + info.name + "' is read before anything is stored in it",
                     "declare its types: dictionary str --> int " + info.name);
      return nullptr;
    }
    return std::make_unique<Entry>(info.value_type, a.variable_slot, std::move(a.arguments[0]));
  });
  registry.add_operator(construct::kDictionaryUpdate, 2, {{kAnyFilter, kAnyFilter}, ValueType::Logical}, [](BindArguments& a) -> FilterPtr {
    DictionaryInfo& info = a.binder.dictionary(a.variable_slot);
    const grammar::SyntaxNode& target = *a.node.children[0];
    if (!check_type(a.binder, *target.children[1], info.key_type, a.arguments[0]->type(), "key", info.name)) return nullptr;
    if (!check_type(a.binder, *a.node.children[1], info.value_type, a.arguments[1]->type(), "value", info.name)) return nullptr;
    std::optional<Update> op = update_of(a.node.text);
    bool fits = !op || update_applies(*op, info.value_type, info.value_type);
    if (!fits || a.node.text == "=?") {
      a.binder.error(a.node, "'" + a.node.text + "' does not apply to " + std::string(type_name(info.value_type)) + " entries");
      return nullptr;
    }
    return std::make_unique<EntryUpdate>(a.variable_slot, op, info.value_type, std::move(a.arguments[0]), std::move(a.arguments[1]));
  });
  registry.add_operator(construct::kDictionaryUpdateTest, 2, {{kAnyFilter, kAnyFilter}, ValueType::Numeric}, bind_update_test);
  registry.add_operator(construct::kDictionarySize, 0, {{}, ValueType::Numeric}, [](BindArguments& a) -> FilterPtr {
    return std::make_unique<Size>(a.variable_slot);
  });
}

}  // namespace quarry::builtins
