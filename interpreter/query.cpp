// Compiling a query: parse, read the header, bind the body.
#include "interpreter/query.h"

#include <memory>
#include <set>

#include "grammar/parser.h"
#include "stdlib/stdlib.h"
#include "interpreter/binder.h"

namespace quarry::interpreter {
namespace {

// One number: at least that many (matchcount), or exactly that one (gamenumber: `exact`).
CountRange range_of(const grammar::SyntaxParameter& p, bool exact = false) {
  CountRange r;
  r.low = p.values[0]->number;
  r.high = p.values.size() > 1 ? p.values[1]->number : exact ? r.low : INT64_MAX;
  return r;
}

bool read_header(const grammar::SyntaxNode& header, const grammar::SourceFile& file, QueryOptions& options,
                 grammar::Diagnostics& diagnostics) {
  for (const grammar::SyntaxParameter& p : header.parameters) {
    const std::string& name = p.name;
    if (name == "input") options.inputs.push_back(p.values[0]->text);
    else if (name == "output") options.output = p.values[0]->text;
    else if (name == "matchcount") options.matchcount = range_of(p);
    else if (name == "gamenumber") options.gamenumber = range_of(p, true);
    else if (name == "variations") options.variations = true;
    else if (name == "mainline") options.variations = false;
    else if (name == "quiet") options.quiet = true;
    else if (name == "silent") options.silent = true;
    else if (name == "matchstring") options.matchstring = p.values[0]->text;
    else if (name == "result") {
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

// What binding declared (variables, dictionaries, sorts, cqlend blocks), which the run sizes by.
void take_declarations(CompiledQuery& query, const Binder& binder) {
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

std::optional<CompiledQuery> compile_query(const grammar::SourceFile& file, const Registry& registry,
                                           grammar::Diagnostics& diagnostics, const grammar::SourceFile* extra,
                                           CompileOptions options) {
  Binder binder(registry, file, diagnostics);
  binder.set_secure(options.secure);
  Stdlib lib;
  std::set<std::string> functions;
  if (options.stdlib != nullptr ? !bind_stdlib(*options.stdlib, binder, functions)
                                : !load_stdlib(lib, registry, binder, functions, diagnostics)) {
    return std::nullopt;
  }
  binder.set_file(file);
  std::optional<grammar::SyntaxTree> tree = grammar::parse_query(file, registry.keywords(), diagnostics, &functions);
  if (!tree) return std::nullopt;
  CompiledQuery query;
  if (options.keep_parse_tree) query.parse_tree = tree->to_string();
  if (tree->header && !read_header(*tree->header, file, query.options, diagnostics)) return std::nullopt;
  // --cql text may call the functions the query file defines.
  for (const auto& node : tree->body) {
    if (node->kind == grammar::SyntaxKind::Keyword && node->text == "function") {
      functions.insert(node->parameters[0].values[0]->text);
    }
  }
  query.body = binder.bind_sequence(tree->body, nullptr);
  if (!query.body || diagnostics.has_errors()) return std::nullopt;
  take_declarations(query, binder);
  if (extra == nullptr) return query;

  std::optional<grammar::SyntaxTree> extra_tree = grammar::parse_query(*extra, registry.keywords(), diagnostics, &functions);
  if (!extra_tree) return std::nullopt;
  if (extra_tree->header) {
    diagnostics.error(*extra, extra_tree->header->range, "a cql( … ) header belongs in the query file, not in --cql");
    return std::nullopt;
  }
  if (options.keep_parse_tree) query.parse_tree += extra_tree->to_string();
  binder.set_file(*extra);
  FilterPtr extra_body = binder.bind_sequence(extra_tree->body, nullptr);
  if (!extra_body) return std::nullopt;
  take_declarations(query, binder);
  // Both bodies must match: bind them as the two constituents of one compound filter.
  grammar::SyntaxNode where;
  where.kind = grammar::SyntaxKind::Compound;
  std::vector<FilterPtr> parts;
  parts.push_back(std::move(query.body));
  parts.push_back(std::move(extra_body));
  BindArguments args{binder, where, std::move(parts)};
  query.body = (*registry.find_operator(construct::kCompound, -1))(args);
  return query;
}

void prepare_context(Context& ctx, const CompiledQuery& query) {
  ctx.resize_variables(query.variables.size());
  ctx.resize_dictionaries(query.dictionaries.size());
  ctx.reset_sorts(query.sorts.size());
}

}  // namespace quarry::interpreter
