// Evaluating REPL input at the current position with the batch runner's parser, binder and
// filters, and showing the value: a set on the board, anything else as text.
#include <fstream>
#include <sstream>

#include "grammar/parser.h"
#include "repl/session.h"

namespace quarry::repl {

using interpreter::ValueType;

void Session::print_new_diagnostics() {
  const std::vector<grammar::Diagnostic>& all = diagnostics_.all();
  for (std::size_t i = diagnostics_shown_; i < all.size(); ++i) out_ << grammar::render_diagnostic(all[i]);
  diagnostics_shown_ = all.size();
}

interpreter::FilterPtr Session::compile(std::string_view text, std::string name, bool header_allowed) {
  sources_.push_back(std::make_unique<grammar::SourceFile>(std::move(name), std::string(text)));
  const grammar::SourceFile& file = *sources_.back();
  std::size_t errors_before = diagnostics_.all().size();
  auto has_new_errors = [&] {
    for (std::size_t i = errors_before; i < diagnostics_.all().size(); ++i) {
      if (diagnostics_.all()[i].severity == grammar::Severity::Error) return true;
    }
    return false;
  };
  std::optional<grammar::SyntaxTree> tree = grammar::parse_query(file, registry_.keywords(), diagnostics_, &functions_);
  if (!tree || has_new_errors()) {
    print_new_diagnostics();
    return nullptr;
  }
  if (tree->header && !header_allowed) {
    diagnostics_.error(file, tree->header->range, "a cql( … ) header belongs in a query file", "run one with :run FILE.cql");
    print_new_diagnostics();
    return nullptr;
  }
  for (const auto& node : tree->body) {
    if (node->kind == grammar::SyntaxKind::Keyword && node->text == "function") {
      functions_.insert(node->parameters[0].values[0]->text);
    }
  }
  binder_.set_file(file);
  // One filter keeps its own type (a set is drawn); several form a compound, as in a query body.
  interpreter::FilterPtr filter = tree->body.size() == 1 ? binder_.bind(*tree->body[0]) : binder_.bind_sequence(tree->body, nullptr);
  trees_.push_back(std::move(*tree));
  if (!filter || has_new_errors()) {
    print_new_diagnostics();
    return nullptr;
  }
  print_new_diagnostics();  // warnings
  return filter;
}

void Session::prepare_context() {
  ctx_.resize_variables(binder_.variables().size());
  ctx_.resize_dictionaries(binder_.dictionaries().size());
  ctx_.reset_sorts(binder_.sorts().size());
  ctx_.set_interrupt_flag(interrupt_);
  ctx_.set_node(node_);
}

void Session::print_comments() {
  for (const chess::InsertedComment& c : ctx_.comments()) out_ << "comment: " << c.text << "\n";
  ctx_.comments().clear();
  ctx_.edits().clear();
}

void Session::print_value(const interpreter::Filter& filter) {
  switch (filter.type()) {
    case ValueType::Set:
    case ValueType::Piece: {
      chess::SquareSet squares = filter.squares(ctx_);
      print_comments();
      if (squares.is_empty()) {
        out_ << "empty set\n";
        return;
      }
      out_ << draw_board(game_.node(node_).position, squares, style_);
      out_ << squares.count() << (squares.count() == 1 ? " square: " : " squares: ") << square_names(squares) << "\n";
      return;
    }
    case ValueType::Numeric: {
      interpreter::MaybeNumber n = filter.number(ctx_);
      print_comments();
      if (n) out_ << *n << "\n";
      else out_ << "no value (does not match)\n";
      return;
    }
    case ValueType::String: {
      std::optional<std::string> s = filter.text(ctx_);
      print_comments();
      if (s) out_ << "\"" << *s << "\"\n";
      else out_ << "no value (does not match)\n";
      return;
    }
    case ValueType::Position: {
      std::optional<chess::NodeId> p = filter.position(ctx_);
      print_comments();
      if (!p) {
        out_ << "no position (does not match)\n";
        return;
      }
      out_ << "position " << game_.position_ids()[*p] << ": " << describe_move(*p)
           << (is_imaginary(*p) ? " (imaginary)" : "") << "  " << game_.node(*p).position.fen() << "\n";
      return;
    }
    case ValueType::Logical:
    case ValueType::Dictionary:
    case ValueType::None: {
      bool matched = filter.match(ctx_);
      print_comments();
      out_ << (matched ? "true" : "false") << "\n";
      return;
    }
  }
}

void Session::evaluate(std::string_view text) {
  interpreter::FilterPtr filter = compile(text, "<repl>");
  if (!filter) return;
  // Definitions alone are acknowledged, not evaluated.
  std::string defined;
  for (const auto& node : trees_.back().body) {
    bool definition = node->kind == grammar::SyntaxKind::Keyword && node->text == "function";
    if (!definition) {
      defined.clear();
      break;
    }
    defined += (defined.empty() ? "" : ", ") + node->parameters[0].values[0]->text;
  }
  if (!defined.empty()) {
    out_ << "defined " << defined << "\n";
    return;
  }
  prepare_context();
  try {
    print_value(*filter);
  } catch (const interpreter::Interrupted&) {
    ctx_.comments().clear();
    out_ << "interrupted\n";
  } catch (const std::exception& e) {
    ctx_.comments().clear();
    out_ << "error: " << e.what() << "\n";
  }
}

void Session::show_type(std::string_view text) {
  interpreter::FilterPtr filter = compile(text, "<repl>");
  if (filter) out_ << interpreter::type_name(filter->type()) << "\n";
}

void Session::show_board() {
  out_ << draw_board(game_.node(node_).position, chess::SquareSet(), style_);
  out_ << game_.node(node_).position.fen() << "\n";
}

// The file's body is bound (its functions and variables join the session) and evaluated once
// at the current position, so its variables get their values; its header is not a run's.
bool Session::source_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    out_ << "error: cannot read '" << path << "'\n";
    return false;
  }
  std::ostringstream text;
  text << in.rdbuf();
  std::size_t functions_before = functions_.size();
  std::size_t variables_before = user_names().size() - functions_before;
  std::string body = text.str();
  interpreter::FilterPtr filter = compile(body, path, true);
  if (!filter) return false;
  prepare_context();
  try {
    filter->match(ctx_);
    print_comments();
  } catch (const std::exception& e) {
    ctx_.comments().clear();
    out_ << "error: " << e.what() << "\n";
  }
  std::size_t functions_added = functions_.size() - functions_before;
  std::size_t variables_added = user_names().size() - functions_.size() - variables_before;
  out_ << path << ": " << functions_added << (functions_added == 1 ? " function, " : " functions, ") << variables_added
       << (variables_added == 1 ? " variable\n" : " variables\n");
  return true;
}

}  // namespace quarry::repl
