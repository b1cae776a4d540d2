// Deciding from the syntax whether persistent state can be computed per game and merged.
#include "interpreter/parallel_safety.h"

#include <cstddef>
#include <map>
#include <optional>

#include "interpreter/state_merge.h"

namespace quarry::interpreter {
namespace {

using grammar::SyntaxKind;
using grammar::SyntaxNode;

// How one mention of a persistent variable or a dictionary uses it.
enum class Use {
  Read,        // its value decides something while games are examined
  ZeroStart,   // `persistent x = 0` / `persistent x = ""` as a top-level filter
  Accumulate,  // x += F, x -= F, x |= F
  Overwrite,   // x = F, unbind x
  Update,      // $D[k] OP= F (op in `op`)
  Reset,       // the top-level filter that empties $D at the start of every game
};

struct Mention {
  std::size_t statement;  // index of the top-level filter it is in, over all bodies
  Use use;
  std::string op;
  const grammar::SourceFile* file;
  const SyntaxNode* node;
};

bool is_keyword(const SyntaxNode& n, const char* name) { return n.kind == SyntaxKind::Keyword && n.text == name; }

bool is_zero_literal(const SyntaxNode& n) {
  return (n.kind == SyntaxKind::Number && n.number == 0) || (n.kind == SyntaxKind::String && n.text.empty());
}

std::string where(const grammar::SourceFile& file, const SyntaxNode& n) {
  return file.name() + ":" + std::to_string(file.line_of(n.range.begin));
}

class Survey {
 public:
  Survey(const std::vector<VariableInfo>& variables, const std::vector<DictionaryInfo>& dictionaries) {
    for (const VariableInfo& v : variables) {
      if (v.persistent && !v.name.empty()) variables_[v.name];
    }
    for (const DictionaryInfo& d : dictionaries) dictionaries_[d.name];
  }

  void statement(const grammar::SourceFile& file, std::size_t index, const SyntaxNode& node) {
    file_ = &file;
    index_ = index;
    if (const std::string* reset = per_game_reset(node); reset && resets_may_start_) {
      dictionaries_[*reset].push_back({index, Use::Reset, {}, file_, &node});
      return;
    }
    if (persistent_zero_start(node)) return;
    if (!is_keyword(node, "dictionary") && !is_keyword(node, "function")) resets_may_start_ = false;
    walk(node);
  }

  const std::map<std::string, std::vector<Mention>>& variables() const { return variables_; }
  const std::map<std::string, std::vector<Mention>>& dictionaries() const { return dictionaries_; }
  const std::string& other_reason() const { return other_reason_; }

 private:
  // `unbind $D` or `if initial then unbind $D`, before any filter that could fail at the root:
  // every game examined runs it first. Returns the dictionary's name.
  const std::string* per_game_reset(const SyntaxNode& n) const {
    const SyntaxNode* unbind = &n;
    if (is_keyword(n, "if") && n.children.size() == 2 && is_keyword(*n.children[0], "initial") &&
        n.children[0]->children.empty()) {
      unbind = n.children[1].get();
    }
    if (!is_keyword(*unbind, "unbind") || unbind->children.size() != 1) return nullptr;
    const SyntaxNode& target = *unbind->children[0];
    if (target.kind != SyntaxKind::Identifier || !dictionaries_.contains(target.text)) return nullptr;
    return &target.text;
  }

  // A top-level `persistent x = 0`: recorded as the zero start of x.
  bool persistent_zero_start(const SyntaxNode& n) {
    if (!is_keyword(n, "persistent") || n.children.size() != 1) return false;
    const SyntaxNode& assign = *n.children[0];
    if (assign.kind != SyntaxKind::Assign || assign.text != "=" || assign.children.size() != 2) return false;
    const SyntaxNode& target = *assign.children[0];
    if (target.kind != SyntaxKind::Identifier || !is_zero_literal(*assign.children[1])) return false;
    auto it = variables_.find(target.text);
    if (it == variables_.end()) return false;
    it->second.push_back({index_, Use::ZeroStart, {}, file_, &n});
    return true;
  }

  void note(std::map<std::string, std::vector<Mention>>& names, const std::string& name, Use use,
            const SyntaxNode& at, std::string op = {}) {
    auto it = names.find(name);
    if (it != names.end()) it->second.push_back({index_, use, std::move(op), file_, &at});
  }

  void other(const SyntaxNode& at, const std::string& why) {
    if (other_reason_.empty()) other_reason_ = why + " (" + where(*file_, at) + ")";
  }

  void walk_children(const SyntaxNode& n) {
    for (const grammar::SyntaxPtr& c : n.children) walk(*c);
    for (const grammar::SyntaxParameter& p : n.parameters) {
      for (const grammar::SyntaxPtr& v : p.values) walk(*v);
    }
  }

  void walk(const SyntaxNode& n) {
    if (is_keyword(n, "cqlend") || is_keyword(n, "dictionary")) return;  // runs once at the end; a declaration
    if (is_keyword(n, "message") || is_keyword(n, "writefile")) {
      other(n, "'" + n.text + "' acts while games are examined, in the order they are read");
    }
    if (is_keyword(n, "line")) {
      for (const grammar::SyntaxParameter& p : n.parameters) {
        if (p.word == grammar::ParameterWord::NestBan) other(n, "'line nestban' remembers the lines of the game it examines");
      }
    }
    if (is_keyword(n, "persistent") && n.children.size() == 1 && n.children[0]->kind == SyntaxKind::Assign) {
      walk_assignment(*n.children[0]);
      return;
    }
    if (is_keyword(n, "unbind") && n.children.size() == 1) {
      const SyntaxNode& target = *n.children[0];
      if (target.kind == SyntaxKind::Identifier) {
        note(variables_, target.text, Use::Overwrite, n);
        note(dictionaries_, target.text, Use::Read, n);
        return;
      }
    }
    if (n.kind == SyntaxKind::Assign) {
      walk_assignment(n);
      return;
    }
    if (n.kind == SyntaxKind::Identifier) {
      note(variables_, n.text, Use::Read, n);
      note(dictionaries_, n.text, Use::Read, n);
    }
    walk_children(n);
  }

  void walk_assignment(const SyntaxNode& n) {
    const SyntaxNode& target = *n.children[0];
    if (target.kind == SyntaxKind::Identifier) {
      const bool accumulates = n.text == "+=" || n.text == "-=" || n.text == "|=";
      note(variables_, target.text, accumulates ? Use::Accumulate : Use::Overwrite, n);
      note(dictionaries_, target.text, Use::Read, n);
    } else if (target.kind == SyntaxKind::Binary && target.text == "[]" && target.children.size() == 2 &&
               target.children[0]->kind == SyntaxKind::Identifier && dictionaries_.contains(target.children[0]->text)) {
      note(dictionaries_, target.children[0]->text, Use::Update, n, n.text);
      walk(*target.children[1]);
    } else {
      walk(target);
    }
    for (std::size_t i = 1; i < n.children.size(); ++i) walk(*n.children[i]);
  }

  std::map<std::string, std::vector<Mention>> variables_;
  std::map<std::string, std::vector<Mention>> dictionaries_;
  std::string other_reason_;
  const grammar::SourceFile* file_ = nullptr;
  std::size_t index_ = 0;
  bool resets_may_start_ = true;  // only declarations and resets so far: a reset here runs at every root
};

// Why a persistent variable's per-game values cannot be summed into the run's; "" when they can.
std::string variable_problem(const std::string& name, const std::vector<Mention>& mentions) {
  std::optional<std::size_t> zero_start;
  for (const Mention& m : mentions) {
    if (m.use == Use::ZeroStart && !zero_start) zero_start = m.statement;
  }
  for (const Mention& m : mentions) {
    const std::string at = " (" + where(*m.file, *m.node) + ")";
    if (m.use == Use::Read) return "the persistent variable " + name + " is read while games are examined" + at;
    if (m.use == Use::Overwrite) return "the persistent variable " + name + " is replaced, not accumulated" + at;
    if (m.use == Use::ZeroStart && m.statement != *zero_start) {
      return "the persistent variable " + name + " is given its start value twice" + at;
    }
    if (m.use == Use::Accumulate && zero_start && m.statement <= *zero_start) {
      return "the persistent variable " + name + " is updated before its start value is set" + at;
    }
  }
  return {};
}

// True when the declared merge combines per-game results of this update as one run would.
bool update_merges(const std::string& op, MergeStrategy strategy) {
  if (op == "+=" || op == "-=") return strategy == MergeStrategy::Sum;
  if (op == "|=") return strategy == MergeStrategy::Sum || strategy == MergeStrategy::Union;
  if (op == "&=") return strategy == MergeStrategy::Intersection;
  if (op == "=") return strategy == MergeStrategy::Last;
  return false;
}

std::string dictionary_problem(const DictionaryInfo& info, const std::vector<Mention>& mentions, bool* per_game) {
  std::optional<std::size_t> reset;
  for (const Mention& m : mentions) {
    if (m.use == Use::Reset && !reset) reset = m.statement;
  }
  *per_game = reset.has_value();
  const MergeStrategy strategy = merge_strategy(info.merge);
  for (const Mention& m : mentions) {
    const std::string at = " (" + where(*m.file, *m.node) + ")";
    if (reset) {
      if (m.use == Use::Reset || m.statement > *reset) continue;
      return "the dictionary " + info.name + " is used before the filter that empties it at each game" + at;
    }
    if (m.use == Use::Read) {
      return "the dictionary " + info.name + " is read while games are examined and not emptied at the start of each game" + at;
    }
    if (!update_merges(m.op, strategy)) {
      return "the dictionary " + info.name + " is updated with '" + m.op + "', which its merge '" +
             (info.merge.empty() ? std::string("(none declared)") : info.merge) + "' does not combine" + at;
    }
  }
  return {};
}

}  // namespace

ParallelPlan plan_parallel_run(const std::vector<QueryBody>& bodies, const std::vector<VariableInfo>& variables,
                               const std::vector<DictionaryInfo>& dictionaries) {
  Survey survey(variables, dictionaries);
  std::size_t index = 0;
  for (const QueryBody& body : bodies) {
    for (const grammar::SyntaxPtr& statement : *body.statements) survey.statement(*body.file, index++, *statement);
  }
  ParallelPlan plan;
  plan.dictionary_per_game.assign(dictionaries.size(), false);
  plan.sequential_reason = survey.other_reason();
  for (const auto& [name, mentions] : survey.variables()) {
    if (plan.sequential_reason.empty()) plan.sequential_reason = variable_problem(name, mentions);
  }
  for (std::size_t i = 0; i < dictionaries.size(); ++i) {
    bool per_game = false;
    std::string problem = dictionary_problem(dictionaries[i], survey.dictionaries().at(dictionaries[i].name), &per_game);
    plan.dictionary_per_game[i] = per_game;
    if (plan.sequential_reason.empty()) plan.sequential_reason = problem;
  }
  return plan;
}

}  // namespace quarry::interpreter
