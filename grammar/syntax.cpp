// Text rendering of syntax trees for `quarry --parse`.
#include "grammar/syntax.h"

namespace quarry::grammar {

namespace {
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out + "\"";
}
}  // namespace

std::string SyntaxNode::to_string() const {
  std::string out;
  switch (kind) {
    case SyntaxKind::Number: return std::to_string(number);
    case SyntaxKind::String: return quoted(text);
    case SyntaxKind::PieceDesignator: return text;
    case SyntaxKind::Identifier: return text;
    case SyntaxKind::CaptureReference: return text;
    case SyntaxKind::Keyword:
    case SyntaxKind::Header:
    case SyntaxKind::FunctionCall:
      if (kind == SyntaxKind::Keyword && children.empty() && parameters.empty()) return text;
      out = "(" + text;
      for (const auto& p : parameters) {
        out += " " + p.name;
        for (const auto& v : p.values) out += " " + v->to_string();
      }
      for (const auto& c : children) out += " " + c->to_string();
      return out + ")";
    case SyntaxKind::Compound:
      out = "{";
      for (std::size_t i = 0; i < children.size(); ++i) out += (i ? " " : "") + children[i]->to_string();
      return out + "}";
    case SyntaxKind::Unary: return "(" + text + " " + children[0]->to_string() + ")";
    case SyntaxKind::Binary:
    case SyntaxKind::Assign:
      return "(" + children[0]->to_string() + " " + text + " " + children[1]->to_string() + ")";
  }
  return out;
}

std::string SyntaxTree::to_string() const {
  std::string out;
  if (header) out += header->to_string() + "\n";
  for (const auto& filter : body) out += filter->to_string() + "\n";
  return out;
}

}  // namespace quarry::grammar
