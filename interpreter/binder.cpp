// Binding syntax nodes through the registry's bind functions.
#include "interpreter/binder.h"

#include <algorithm>
#include <iterator>
#include <string>

#include "interpreter/game_constant.h"
#include "interpreter/transform.h"

namespace quarry::interpreter {

using grammar::SyntaxKind;
using grammar::SyntaxNode;

void Binder::error(const SyntaxNode& at, std::string message, std::string hint) {
  diagnostics_.error(*file_, at.range, std::move(message), std::move(hint));
}

namespace {

const char* const kOrdinals[] = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"};

// Where argument i stands, said for a message: "its argument", "its left operand", "its third
// argument". `infix`: the node is written between two operands (`x + y`, `S attacks T`).
std::string argument_position(const SyntaxNode& node, std::size_t index, bool infix) {
  if (node.kind == SyntaxKind::Unary) return "its operand";
  if (infix && node.children.size() == 2) return index == 0 ? "its left operand" : "its right operand";
  if (node.children.size() == 1) return "its argument";
  if (index < std::size(kOrdinals)) return "its " + std::string(kOrdinals[index]) + " argument";
  return "its argument " + std::to_string(index + 1);
}

// "'SUBJECT' expects a W filter WHERE, but this is a G filter": the one wording of every type error,
// for arguments and parameter values alike.
std::string type_mismatch(const std::string& subject, TypeSet wanted, const std::string& where, ValueType got) {
  return subject + " expects a " + wanted.describe() + " filter" + where + ", but this is a " +
         std::string(type_name(got)) + " filter";
}

}  // namespace

bool Binder::check_argument(const BindArguments& args, std::size_t index, TypeSet wanted, std::size_t position) {
  const ValueType got = args.arguments[index]->type();
  if (wanted.admits(got)) return true;
  const SyntaxNode& node = args.node;
  const SyntaxNode& where = position < node.children.size() ? *node.children[position] : node;
  const bool infix_keyword =
      node.kind == SyntaxKind::Keyword && registry_.spec(node.keyword).shape.kind == grammar::ShapeKind::Infix;
  const bool infix = node.kind == SyntaxKind::Binary || node.kind == SyntaxKind::Assign || infix_keyword;
  error(where, type_mismatch("'" + node.text + "'", wanted, " as " + argument_position(node, position, infix), got));
  return false;
}

bool Binder::expect(const BindArguments& args, std::size_t index, std::initializer_list<ValueType> types) {
  return check_argument(args, index, TypeSet(types), index);
}

bool Binder::bind_children(const SyntaxNode& node, std::vector<Bound>& out, Constancy& constancy) {
  for (const auto& child : node.children) {
    Bound bound = bind_tracked(*child);
    if (!bound.filter) return false;
    constancy = std::min(constancy, bound.constancy);
    out.push_back(std::move(bound));
  }
  return true;
}

FilterPtr Binder::build(const Signature& types, const BindFunction& bind, BindArguments& args) {
  FilterPtr built = bind(args);
  if (built && !check_result(types, args.node, *built)) return nullptr;
  return built;
}

bool Binder::bind_parameters(const SyntaxNode& node, std::vector<BoundParameter>& out, Constancy& constancy) {
  for (const grammar::SyntaxParameter& p : node.parameters) {
    BoundParameter bound;
    bound.syntax = &p;
    for (const auto& value : p.values) {
      Bound f = bind_tracked(*value);
      if (!f.filter) return false;
      constancy = std::min(constancy, f.constancy);
      bound.values.push_back(std::move(f.filter));
    }
    out.push_back(std::move(bound));
  }
  return true;
}

bool Binder::check_arguments(const Signature& types, const BindArguments& args, std::size_t first) {
  const std::vector<TypeSet>& declared = types.arguments;
  if (declared.empty()) return true;
  for (std::size_t i = 0; i < args.arguments.size(); ++i) {
    const std::size_t position = first + i;
    if (!check_argument(args, i, declared[std::min(position, declared.size() - 1)], position)) return false;
  }
  return true;
}

bool Binder::check_parameters(const Signature& types, const BindArguments& args) {
  for (const BoundParameter& p : args.parameters) {
    const auto declared = std::find_if(types.parameters.begin(), types.parameters.end(),
                                       [&](const ParameterType& t) { return t.word == p.syntax->word; });
    if (declared == types.parameters.end()) continue;
    for (std::size_t i = 0; i < p.values.size(); ++i) {
      const ValueType got = p.values[i]->type();
      if (declared->types.admits(got)) continue;
      error(*p.syntax->values[i],
            type_mismatch("'" + std::string(p.syntax->spelling()) + "' of '" + args.node.text + "'", declared->types, "", got));
      return false;
    }
  }
  return true;
}

// Constructs (literals, `{ … }`, variables, dictionary uses) are bound by the binder's own rules,
// but build what their registration declares, like any operator.
FilterPtr Binder::bind_construct(std::string_view name, int arity, BindArguments& args) {
  const OperatorSpec& spec = *registry_.find_operator_spec(name, arity);
  return build(spec.types, spec.bind, args);
}

FilterPtr Binder::bind_construct(std::string_view name, const SyntaxNode& node) {
  BindArguments args{*this, node, {}};
  return bind_construct(name, 0, args);
}

// A registration whose bind function builds a filter of an undeclared type is a bug of Quarry,
// not of the query: said as such, so the test suite (which binds every keyword) finds it.
bool Binder::check_result(const Signature& types, const SyntaxNode& node, const Filter& built) {
  if (types.result.empty() || types.result.contains(built.type())) return true;
  error(node, "internal error: '" + node.text + "' built a " + std::string(type_name(built.type())) +
                  " filter, but its registration declares " + types.result.describe());
  return false;
}

Binder::Constancy Binder::combine(Dependence dependence, Constancy arguments) {
  switch (dependence) {
    case Dependence::PerPosition:
    case Dependence::EditsTags: return Constancy::Varies;
    case Dependence::Literal: return Constancy::Literal;
    case Dependence::PerGame: return arguments == Constancy::Varies ? Constancy::Varies : Constancy::PerGame;
    case Dependence::Pure: return arguments;
  }
  return Constancy::Varies;
}

FilterPtr Binder::cached(Bound bound) {
  if (bound.constancy != Constancy::PerGame || !bound.filter || !GameConstant::holds(bound.filter->type())) {
    return std::move(bound.filter);
  }
  return std::make_unique<GameConstant>(std::move(bound.filter), game_constants_++, cache_game_constants_);
}

std::vector<FilterPtr> Binder::take_filters(std::vector<Bound>& children, bool wrap) {
  std::vector<FilterPtr> out;
  out.reserve(children.size());
  for (Bound& child : children) out.push_back(wrap ? cached(std::move(child)) : std::move(child.filter));
  return out;
}

namespace {

// `$D[k]`: the dictionary's name, or nullptr.
const std::string* entry_dictionary(const SyntaxNode& node) {
  if (node.kind != SyntaxKind::Binary || node.text != "[]" || node.children.size() != 2) return nullptr;
  const SyntaxNode& name = *node.children[0];
  return name.kind == SyntaxKind::Identifier ? &name.text : nullptr;
}

// `$D[k] op= v` followed by `$D[k] R n` (R a comparison, n a number literal, the same dictionary
// and the same key as written): the pair construct::kDictionaryUpdateTest may fuse.
bool tests_updated_entry(const SyntaxNode& update, const SyntaxNode& test) {
  if (update.kind != SyntaxKind::Assign || update.text == "=" || update.children.size() != 2) return false;
  if (test.kind != SyntaxKind::Binary || test.children.size() != 2 || test.children[1]->kind != SyntaxKind::Number) {
    return false;
  }
  const SyntaxNode& target = *update.children[0];
  const SyntaxNode& read = *test.children[0];
  const std::string* updated = entry_dictionary(target);
  const std::string* tested = entry_dictionary(read);
  return updated != nullptr && tested != nullptr && *updated == *tested &&
         structural_key(*target.children[1]) == structural_key(*read.children[1]);
}

}  // namespace

FilterPtr Binder::bind_sequence(const std::vector<grammar::SyntaxPtr>& nodes, const SyntaxNode* where) {
  std::vector<FilterPtr> bound;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    FilterPtr f = bind(*nodes[i]);
    if (!f) return nullptr;
    // Both parts are bound as written (every check and message as before), then offered whole.
    if (i + 1 < nodes.size() && tests_updated_entry(*nodes[i], *nodes[i + 1]) &&
        find_dictionary(*entry_dictionary(*nodes[i]->children[0])) >= 0 &&
        registry_.find_operator_spec(construct::kDictionaryUpdateTest, 2) != nullptr) {
      FilterPtr test = bind(*nodes[i + 1]);
      if (!test) return nullptr;
      BindArguments args{*this, *nodes[i + 1], {}};
      args.arguments.push_back(std::move(f));
      args.arguments.push_back(std::move(test));
      if (FilterPtr fused = bind_construct(construct::kDictionaryUpdateTest, 2, args)) {
        bound.push_back(std::move(fused));
      } else {
        for (FilterPtr& part : args.arguments) bound.push_back(std::move(part));
      }
      ++i;
      continue;
    }
    bound.push_back(std::move(f));
  }
  SyntaxNode placeholder;
  placeholder.kind = SyntaxKind::Compound;
  placeholder.text = "{}";
  if (where) placeholder.range = where->range;
  BindArguments args{*this, where ? *where : placeholder, std::move(bound)};
  return bind_construct(construct::kCompound, -1, args);
}

int Binder::find_variable(std::string_view name) const {
  if (!local_scopes_.empty()) {
    auto it = local_scopes_.back().find(std::string(name));
    if (it != local_scopes_.back().end()) return it->second;
  }
  for (std::size_t i = 0; i < variables_.size(); ++i) {
    if (variables_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

int Binder::declare_variable(const std::string& name, ValueType type) {
  variables_.push_back({name, type, false});
  return static_cast<int>(variables_.size()) - 1;
}

int Binder::declare_hidden_variable(ValueType type) {
  variables_.push_back({"", type, false});
  return static_cast<int>(variables_.size()) - 1;
}

int Binder::find_dictionary(std::string_view name) const {
  for (std::size_t i = 0; i < dictionaries_.size(); ++i) {
    if (dictionaries_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

int Binder::declare_dictionary(DictionaryInfo info) {
  dictionaries_.push_back(std::move(info));
  return static_cast<int>(dictionaries_.size()) - 1;
}

std::optional<FilterPtr> Binder::bind_dictionary_use(const SyntaxNode& node) {
  auto dictionary_named = [this](const SyntaxNode& n) {
    return n.kind == SyntaxKind::Identifier ? find_dictionary(n.text) : -1;
  };
  std::vector<FilterPtr> arguments;
  auto bind_into = [&](const SyntaxNode& n) {
    FilterPtr f = bind(n);
    if (!f) return false;
    arguments.push_back(std::move(f));
    return true;
  };
  if (node.kind == SyntaxKind::Unary && node.text == "#") {
    int index = dictionary_named(*node.children[0]);
    if (index < 0) return std::nullopt;
    BindArguments args{*this, node, {}, {}, index};
    return bind_construct(construct::kDictionarySize, 0, args);
  }
  if (node.kind == SyntaxKind::Binary && node.text == "[]") {
    int index = dictionary_named(*node.children[0]);
    if (index < 0) return std::nullopt;
    if (!bind_into(*node.children[1])) return FilterPtr();
    BindArguments args{*this, node, std::move(arguments), {}, index};
    return bind_construct(construct::kDictionaryEntry, 1, args);
  }
  if (node.kind == SyntaxKind::Assign && node.children[0]->kind == SyntaxKind::Binary && node.children[0]->text == "[]") {
    const SyntaxNode& target = *node.children[0];
    int index = dictionary_named(*target.children[0]);
    if (index < 0) {
      error(target, "only a dictionary entry $D[key] can be assigned this way",
            "declare the dictionary first: dictionary str --> int $D");
      return FilterPtr();
    }
    if (!bind_into(*target.children[1]) || !bind_into(*node.children[1])) return FilterPtr();
    BindArguments args{*this, node, std::move(arguments), {}, index};
    return bind_construct(construct::kDictionaryUpdate, 2, args);
  }
  return std::nullopt;
}

void Binder::define_function(const std::string& name, FunctionDefinition definition) {
  functions_[name] = std::move(definition);
}

// Name(args): the body is bound again at every call with the parameters in a local scope. An
// argument that is a variable name is passed by reference (the parameter is that variable);
// any other argument is evaluated into a fresh variable before the body runs.
FilterPtr Binder::bind_function_call(const SyntaxNode& node) {
  constexpr std::size_t kMaxCallDepth = 64;
  auto it = functions_.find(node.text);
  if (it == functions_.end()) {
    error(node, "unknown function '" + node.text + "'");
    return nullptr;
  }
  const FunctionDefinition& f = it->second;
  if (f.parameters.size() != node.children.size()) {
    error(node, "function '" + node.text + "' takes " + std::to_string(f.parameters.size()) + " argument(s), " +
                    std::to_string(node.children.size()) + " given");
    return nullptr;
  }
  if (local_scopes_.size() >= kMaxCallDepth) {
    error(node, "function calls nested more than 64 deep (recursion without end?)",
          "CQL expands functions where they are called, so recursion must stop at compile time");
    return nullptr;
  }
  std::map<std::string, int> scope;
  std::vector<FilterPtr> parts;
  for (std::size_t i = 0; i < f.parameters.size(); ++i) {
    const SyntaxNode& arg = *node.children[i];
    if (arg.kind == SyntaxKind::Identifier && find_variable(arg.text) >= 0) {
      scope[f.parameters[i]] = find_variable(arg.text);
      continue;
    }
    FilterPtr value = bind(arg);
    if (!value) return nullptr;
    int slot = declare_hidden_variable(value->type());
    scope[f.parameters[i]] = slot;
    std::vector<FilterPtr> assigned;
    assigned.push_back(std::move(value));
    SyntaxNode assign_node;
    assign_node.kind = SyntaxKind::Assign;
    assign_node.text = "=";
    assign_node.range = arg.range;
    BindArguments args{*this, assign_node, std::move(assigned), {}, slot};
    FilterPtr assignment = bind_construct("=", 2, args);
    if (!assignment) return nullptr;
    parts.push_back(std::move(assignment));
  }
  local_scopes_.push_back(std::move(scope));
  const grammar::SourceFile* caller_file = file_;
  if (f.file != nullptr) file_ = f.file;
  FilterPtr body = bind(*f.body);
  file_ = caller_file;
  local_scopes_.pop_back();
  if (!body) return nullptr;
  if (parts.empty()) return body;
  parts.push_back(std::move(body));
  BindArguments args{*this, node, std::move(parts)};
  return bind_construct(construct::kCompound, -1, args);
}

// `x = F`, `x += F`, …: F is bound first, so `x = x + 1` refers to an x assigned before.
FilterPtr Binder::bind_assignment(const SyntaxNode& node) {
  const SyntaxNode& target = *node.children[0];
  FilterPtr value = bind(*node.children[1]);
  if (!value) return nullptr;
  int slot = find_variable(target.text);
  if (slot < 0) {
    if (node.text != "=" && node.text != "=?") {
      error(target, "variable '" + target.text + "' is used before it is assigned",
            "assign it first with " + target.text + " = …");
      return nullptr;
    }
    slot = declare_variable(target.text, value->type());
  }
  const OperatorSpec* spec = registry_.find_operator_spec(node.text, 2);
  if (spec == nullptr) {
    error(node, "unknown assignment operator '" + node.text + "'");
    return nullptr;
  }
  std::vector<FilterPtr> arguments;
  arguments.push_back(std::move(value));
  BindArguments args{*this, node, std::move(arguments), {}, slot};
  if (!check_arguments(spec->types, args, 1)) return nullptr;  // the value, the assignment's right operand
  return build(spec->types, spec->bind, args);
}

FilterPtr Binder::bind(const SyntaxNode& node) { return cached(bind_tracked(node)); }

Binder::Bound Binder::bind_keyword(const SyntaxNode& node) {
  const FilterSpec& spec = registry_.spec(node.keyword);
  if (spec.dependence == Dependence::EditsTags) {
    edits_tags_ = true;
    *cache_game_constants_ = false;
  }
  Bound out;
  if (spec.binds_children) {
    // Parameter values stay unbound too: they may be names the bind function declares.
    std::vector<BoundParameter> parameters;
    for (const grammar::SyntaxParameter& p : node.parameters) parameters.push_back({&p, {}});
    BindArguments args{*this, node, {}, std::move(parameters)};
    out.filter = build(spec.types, spec.bind, args);
  } else {
    Constancy arguments = Constancy::Literal;
    std::vector<Bound> children;
    std::vector<BoundParameter> parameters;
    if (!bind_children(node, children, arguments) || !bind_parameters(node, parameters, arguments)) return {};
    out.constancy = combine(spec.dependence, arguments);
    const bool wrap = spec.dependence == Dependence::Pure && out.constancy == Constancy::Varies;
    BindArguments args{*this, node, take_filters(children, wrap), std::move(parameters)};
    if (!check_arguments(spec.types, args) || !check_parameters(spec.types, args)) return {};
    out.filter = build(spec.types, spec.bind, args);
  }
  if (!out.filter) return {};
  return out;
}

Binder::Bound Binder::bind_operator(const SyntaxNode& node) {
  const int arity = static_cast<int>(node.children.size());
  const OperatorSpec* spec = registry_.find_operator_spec(node.text, arity);
  if (spec == nullptr) {
    error(node, "the operator '" + node.text + "' is not available in this version of Quarry");
    return {};
  }
  Constancy arguments = Constancy::Literal;
  std::vector<Bound> children;
  if (!bind_children(node, children, arguments)) return {};
  Bound out;
  out.constancy = combine(spec->dependence, arguments);
  const bool wrap = spec->dependence == Dependence::Pure && out.constancy == Constancy::Varies;
  BindArguments args{*this, node, take_filters(children, wrap)};
  if (!check_arguments(spec->types, args)) return {};
  out.filter = build(spec->types, spec->bind, args);
  if (!out.filter) return {};
  return out;
}

bool Binder::charge_expansion(const SyntaxNode& at, std::size_t units) {
  bound_nodes_ += units;
  if (bound_nodes_ <= max_bound_nodes_) return true;
  if (!expansion_reported_) {
    expansion_reported_ = true;
    error(at, "the query expands to more than " + std::to_string(max_bound_nodes_) + " filters",
          "nested transforms and functions that call functions multiply the filters to build; nest fewer");
  }
  return false;
}

Binder::Bound Binder::bind_tracked(const SyntaxNode& node) {
  // Functions are expanded at each call and transforms bind a copy per transformation, so a
  // short query can ask for an exponential number of filters: a budget stops it with a message.
  if (!charge_expansion(node, 1)) return {};
  if (std::optional<FilterPtr> use = bind_dictionary_use(node)) return {std::move(*use)};
  switch (node.kind) {
    case SyntaxKind::Number:
      return {bind_construct(construct::kNumber, node), Constancy::Literal};
    case SyntaxKind::String:
      return {bind_construct(construct::kString, node), Constancy::Literal};
    case SyntaxKind::PieceDesignator:
      return {bind_construct(construct::kPieceDesignator, node)};
    case SyntaxKind::CaptureReference:
      return {bind_construct(construct::kCaptureReference, node)};
    case SyntaxKind::Compound:
      return {bind_sequence(node.children, &node)};
    case SyntaxKind::Keyword:
      return bind_keyword(node);
    case SyntaxKind::Unary:
    case SyntaxKind::Binary:
      return bind_operator(node);
    case SyntaxKind::Identifier: {
      if (int slot = find_variable(node.text); slot >= 0) {
        BindArguments args{*this, node, {}, {}, slot};
        return {bind_construct(construct::kVariable, 0, args)};
      }
      std::string_view suggestion = registry_.keywords().suggest(node.text);
      std::string hint = suggestion.empty() ? std::string() : "did you mean '" + std::string(suggestion) + "'?";
      error(node, "unknown filter or undefined variable '" + node.text + "'", hint);
      return {};
    }
    case SyntaxKind::Assign:
      return {bind_assignment(node)};
    case SyntaxKind::Header:
      error(node, "'cql( … )' must come first in the query");
      return {};
    case SyntaxKind::FunctionCall:
      return {bind_function_call(node)};
  }
  return {};
}

}  // namespace quarry::interpreter
