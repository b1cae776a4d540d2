// Function family: `function Name($a …) { BODY }` definitions. Calls are expanded by the binder.
#include "builtins/builtins.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT

// A definition evaluates nothing; it matches so that it can stand anywhere in a body.
class Definition final : public Filter {
 public:
  Definition() : Filter(ValueType::Logical) {}
  bool match(Context&) const override { return true; }
  bool is_constant() const override { return true; }
};

FilterPtr bind_definition(BindArguments& a) {
  FunctionDefinition definition;
  for (const auto& p : a.parameter(grammar::ParameterWord::Parameters)->syntax->values) {
    definition.parameters.push_back(p->text);
  }
  definition.body = a.node.children[0].get();
  definition.file = &a.binder.file();
  a.binder.define_function(a.parameter(grammar::ParameterWord::Name)->syntax->values[0]->text, std::move(definition));
  return std::make_unique<Definition>();
}

}  // namespace

void register_functions_filters(Registry& registry) {
  FilterSpec spec{{"function", grammar::ShapeKind::Function}, "function Name($a $b) { … }: a function, expanded where called",
                  bind_definition, {{}, ValueType::Logical}};
  spec.binds_children = true;
  registry.add(std::move(spec));
}

}  // namespace quarry::builtins
