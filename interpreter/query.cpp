// Compiling a query: parse, read the header, bind the body.
#include "interpreter/query.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <set>
#include <string_view>

#include "grammar/parser.h"
#include "stdlib/stdlib.h"
#include "interpreter/binder.h"

namespace quarry::interpreter {
namespace {

CountRange range_of(const grammar::SyntaxParameter& p, CountRange::Single single) {
  std::vector<std::int64_t> numbers;
  for (const grammar::SyntaxPtr& value : p.values) numbers.push_back(value->number);
  return CountRange::of(numbers, single);
}

bool read_header(const grammar::SyntaxNode& header, const grammar::SourceFile& file, QueryOptions& options,
                 grammar::Diagnostics& diagnostics) {
  for (const grammar::SyntaxParameter& p : header.parameters) {
    using grammar::ParameterWord;
    const ParameterWord name = p.word;
    if (name == ParameterWord::Input) options.inputs.push_back(p.values[0]->text);
    else if (name == ParameterWord::Output) options.output = p.values[0]->text;
    else if (name == ParameterWord::MatchCount) options.matchcount = range_of(p, CountRange::Single::AtLeast);
    else if (name == ParameterWord::SortMatchCount) {
      // As matchcount, and the games are written most matching positions first (--sortmatchcount).
      options.matchcount = range_of(p, CountRange::Single::AtLeast);
      options.sort_matchcount = true;
    }
    else if (name == ParameterWord::GameNumber) options.gamenumber = range_of(p, CountRange::Single::Exactly);
    else if (name == ParameterWord::Variations) options.variations = true;
    else if (name == ParameterWord::Mainline) options.variations = false;
    else if (name == ParameterWord::Quiet) options.quiet = true;
    else if (name == ParameterWord::Silent) options.silent = true;
    else if (name == ParameterWord::MatchString) options.matchstring = p.values[0]->text;
    else if (name == ParameterWord::Result) {
      const std::string& r = p.values[0]->text;
      if (r != "1-0" && r != "0-1" && r != "1/2-1/2" && r != "*") {
        diagnostics.error(file, p.values[0]->range, "unknown result '" + r + "'", "use 1-0, 0-1 or 1/2-1/2");
        return false;
      }
      options.results.push_back(r);
    }
    // nosort is accepted for compatibility; Quarry writes games in input order unless sorting.
  }
  return true;
}

// What binding declared (variables, dictionaries, sorts, cqlend blocks), which the run sizes by,
// and the body's tag gate.
void take_declarations(CompiledQuery& query, const Binder& binder) {
  query.tag_gate = TagGate(*query.body);
  query.same_at_every_position = same_at_every_position(*query.body);
  query.variables = binder.variables();
  query.dictionaries = binder.dictionaries();
  query.sorts = binder.sorts();
  query.end_blocks = binder.end_blocks();
}

}  // namespace

bool parse_stdlib(Stdlib& lib, const Registry& registry, grammar::Diagnostics& diagnostics) {
  std::set<std::string> functions;  // a later file may call an earlier one's functions
  for (const stdlib::StdlibFile& f : stdlib::files()) {
    lib.files.push_back(std::make_unique<grammar::SourceFile>(std::string(f.name), std::string(f.text)));
    const grammar::SourceFile& file = *lib.files.back();
    std::optional<grammar::SyntaxTree> tree = grammar::parse_query(file, registry.keywords(), diagnostics, &functions);
    if (!tree) return false;
    for (const auto& node : tree->body) {
      if (node->kind != grammar::SyntaxKind::Keyword || node->text != "function") {
        diagnostics.error(file, node->range, "the standard library may only define functions");
        return false;
      }
      functions.insert(node->parameters[0].values[0]->text);
    }
    lib.trees.push_back(std::move(*tree));
  }
  return true;
}

bool bind_stdlib(const Stdlib& lib, Binder& binder, std::set<std::string>& functions) {
  for (std::size_t i = 0; i < lib.trees.size(); ++i) {
    binder.set_file(*lib.files[i]);
    for (const auto& node : lib.trees[i].body) {
      if (!binder.bind(*node)) return false;
      functions.insert(node->parameters[0].values[0]->text);
    }
  }
  return true;
}

bool load_stdlib(Stdlib& lib, const Registry& registry, Binder& binder, std::set<std::string>& functions,
                 grammar::Diagnostics& diagnostics) {
  return parse_stdlib(lib, registry, diagnostics) && bind_stdlib(lib, binder, functions);
}

const std::vector<std::string>& stdlib_function_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> found;
    constexpr std::string_view kDefinition = "function ";
    for (const stdlib::StdlibFile& f : stdlib::files()) {
      for (std::size_t at = f.text.find(kDefinition); at != std::string_view::npos;
           at = f.text.find(kDefinition, at + 1)) {
        if (at > 0 && f.text[at - 1] != '\n') continue;  // a definition starts its line
        const std::size_t begin = at + kDefinition.size();
        std::size_t end = begin;
        while (end < f.text.size() && (std::isalnum(static_cast<unsigned char>(f.text[end])) || f.text[end] == '_')) {
          ++end;
        }
        if (end > begin) found.emplace_back(f.text.substr(begin, end - begin));
      }
    }
    return found;
  }();
  return names;
}

bool may_call_stdlib(std::string_view text) {
  const auto same_letter = [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
  };
  for (const std::string& name : stdlib_function_names()) {
    if (std::search(text.begin(), text.end(), name.begin(), name.end(), same_letter) != text.end()) return true;
  }
  return false;
}

namespace {

// A binder for one compile, with the run's limits, and the stdlib's functions bound into it: the
// stdlib the caller parsed once, or one parsed here when the query's text may call it
// (may_call_stdlib says why). `functions` holds their names for the parser. The plain binding
// and the transformed one (bind_transformed) each make one.
struct QueryBinder {
  QueryBinder(const grammar::SourceFile& file, const Registry& registry, grammar::Diagnostics& diagnostics,
              const CompileOptions& options)
      : binder(registry, file, diagnostics) {
    binder.set_secure(options.secure);
    binder.set_max_bound_nodes(options.max_bound_filters);
  }
  // False when the stdlib does not compile (the diagnostics say why).
  bool bind_stdlib_functions(const CompileOptions& options, bool may_call, const Registry& registry,
                             grammar::Diagnostics& diagnostics) {
    if (options.stdlib != nullptr) return bind_stdlib(*options.stdlib, binder, functions);
    return !may_call || load_stdlib(lib, registry, binder, functions, diagnostics);
  }

  Binder binder;
  Stdlib lib;  // parsed here when the caller has none; the bound functions' syntax lives in it
  std::set<std::string> functions;
};

}  // namespace

namespace {

bool is_keyword(const grammar::SyntaxNode& node, std::string_view name) {
  return node.kind == grammar::SyntaxKind::Keyword && node.text == name;
}

// The file's body in three parts: function definitions (bound first, so the command line may call
// them), cqlend blocks when a command-line transform comes (they run once per run, never under
// a transform), and the filters in the order written.
struct BodyParts {
  std::vector<grammar::SyntaxPtr> functions, end_blocks, filters;
};

BodyParts split_body(std::vector<grammar::SyntaxPtr>& body, bool end_blocks_apart) {
  BodyParts parts;
  for (grammar::SyntaxPtr& node : body) {
    if (is_keyword(*node, "function")) parts.functions.push_back(std::move(node));
    else if (end_blocks_apart && is_keyword(*node, "cqlend")) parts.end_blocks.push_back(std::move(node));
    else parts.filters.push_back(std::move(node));
  }
  return parts;
}

FilterPtr all_of(Binder& binder, const Registry& registry, std::vector<FilterPtr> parts) {
  if (parts.size() == 1) return std::move(parts.front());
  grammar::SyntaxNode where;
  where.kind = grammar::SyntaxKind::Compound;
  BindArguments args{binder, where, std::move(parts)};
  return (*registry.find_operator(construct::kCompound, -1))(args);
}

// The body as CQL builds it: the command-line filters (CQL's preamble) first, then the file's
// filters; all must match. Without `extra` the file's body alone.
FilterPtr bind_body(Binder& binder, const Registry& registry, const grammar::SourceFile& file,
                    const grammar::SourceFile* extra, BodyParts& body, std::vector<grammar::SyntaxPtr>& extra_body) {
  binder.set_file(file);
  for (const grammar::SyntaxPtr& f : body.functions) {
    if (!binder.bind(*f)) return nullptr;
  }
  std::vector<FilterPtr> parts;
  if (extra != nullptr) {
    binder.set_file(*extra);
    parts.push_back(binder.bind_sequence(extra_body, nullptr));
    if (!parts.back()) return nullptr;
    binder.set_file(file);
  }
  if (extra == nullptr || !body.filters.empty()) parts.push_back(binder.bind_sequence(body.filters, nullptr));
  if (!body.end_blocks.empty()) parts.push_back(binder.bind_sequence(body.end_blocks, nullptr));
  for (const FilterPtr& p : parts) {
    if (!p) return nullptr;
  }
  return all_of(binder, registry, std::move(parts));
}

// Command-line transforms (--flip, --flipcolor, …) apply to the whole body, the command-line
// filters with it, first given outermost. The body is bound again, in a fresh binder, as
// `T1 T2 … { preamble filters }`; the plain binding before has reported the errors with the
// right file.
std::optional<CompiledQuery> bind_transformed(const grammar::SourceFile& file, bool calls_stdlib,
                                              const Registry& registry, grammar::Diagnostics& diagnostics,
                                              CompileOptions options, BodyParts& body,
                                              std::vector<grammar::SyntaxPtr>& extra_body, CompiledQuery query) {
  QueryBinder bound(file, registry, diagnostics, options);
  if (!bound.bind_stdlib_functions(options, calls_stdlib, registry, diagnostics)) return std::nullopt;
  Binder& binder = bound.binder;
  auto wrapped = std::make_unique<grammar::SyntaxNode>();
  wrapped->kind = grammar::SyntaxKind::Compound;
  for (grammar::SyntaxPtr& node : extra_body) wrapped->children.push_back(std::move(node));
  for (grammar::SyntaxPtr& node : body.filters) wrapped->children.push_back(std::move(node));
  for (auto t = options.transforms.rbegin(); t != options.transforms.rend(); ++t) {
    const int keyword = registry.keywords().find(*t);
    if (keyword < 0 || registry.spec(keyword).transform.set.empty()) {
      diagnostics.error(file, grammar::SourceRange{}, "unknown transform '" + *t + "'");
      return std::nullopt;
    }
    auto outer = std::make_unique<grammar::SyntaxNode>();
    outer->kind = grammar::SyntaxKind::Keyword;
    outer->text = *t;
    outer->keyword = keyword;
    outer->children.push_back(std::move(wrapped));
    wrapped = std::move(outer);
  }
  if (options.keep_parse_tree) query.parse_tree = "with the command-line transforms:\n" + wrapped->to_string() + "\n";
  body.filters.clear();
  body.filters.push_back(std::move(wrapped));
  query.body = bind_body(binder, registry, file, nullptr, body, extra_body);
  if (!query.body || diagnostics.has_errors()) return std::nullopt;
  take_declarations(query, binder);
  return query;
}

}  // namespace

std::optional<CompiledQuery> compile_query(const grammar::SourceFile& file, const Registry& registry,
                                           grammar::Diagnostics& diagnostics, const grammar::SourceFile* extra,
                                           CompileOptions options) {
  const bool calls_stdlib = may_call_stdlib(file.text()) || (extra != nullptr && may_call_stdlib(extra->text()));
  QueryBinder bound(file, registry, diagnostics, options);
  if (!bound.bind_stdlib_functions(options, calls_stdlib, registry, diagnostics)) return std::nullopt;
  Binder& binder = bound.binder;
  std::set<std::string>& functions = bound.functions;
  binder.set_file(file);
  std::optional<grammar::SyntaxTree> tree = grammar::parse_query(file, registry.keywords(), diagnostics, &functions);
  if (!tree) return std::nullopt;
  CompiledQuery query;
  if (options.keep_parse_tree) query.parse_tree = tree->to_string();
  if (tree->header && !read_header(*tree->header, file, query.options, diagnostics)) return std::nullopt;
  // --cql text may call the functions the query file defines.
  for (const auto& node : tree->body) {
    if (is_keyword(*node, "function")) functions.insert(node->parameters[0].values[0]->text);
  }
  std::optional<grammar::SyntaxTree> extra_tree;
  if (extra != nullptr) {
    extra_tree = grammar::parse_query(*extra, registry.keywords(), diagnostics, &functions);
    if (!extra_tree) return std::nullopt;
    if (extra_tree->header) {
      diagnostics.error(*extra, extra_tree->header->range, "a cql( … ) header belongs in the query file, not in --cql");
      return std::nullopt;
    }
    if (options.keep_parse_tree) query.parse_tree += extra_tree->to_string();
  }
  if (extra == nullptr && options.transforms.empty()) {
    query.body = binder.bind_sequence(tree->body, nullptr);  // the body as written
    if (!query.body || diagnostics.has_errors()) return std::nullopt;
    take_declarations(query, binder);
    query.parallel = plan_parallel_run({{&file, &tree->body}}, query.variables, query.dictionaries);
    return query;
  }
  std::vector<grammar::SyntaxPtr> no_extra;
  std::vector<grammar::SyntaxPtr>& extra_body = extra_tree ? extra_tree->body : no_extra;
  BodyParts body = split_body(tree->body, !options.transforms.empty());
  query.body = bind_body(binder, registry, file, extra, body, extra_body);
  if (!query.body || diagnostics.has_errors()) return std::nullopt;
  take_declarations(query, binder);
  // In the order they run: the command-line preamble, then the file's body.
  query.parallel = plan_parallel_run(
      {{extra ? extra : &file, &extra_body}, {&file, &body.functions}, {&file, &body.filters}, {&file, &body.end_blocks}},
      query.variables, query.dictionaries);
  if (options.transforms.empty()) return query;
  return bind_transformed(file, calls_stdlib, registry, diagnostics, options, body, extra_body, std::move(query));
}

void prepare_context(Context& ctx, const CompiledQuery& query) {
  ctx.resize_variables(query.variables.size());
  ctx.resize_dictionaries(query.dictionaries.size());
  ctx.reset_sorts(query.sorts.size());
}

}  // namespace quarry::interpreter
