// Text rendering of syntax trees for `quarry --parse`.
#include "grammar/syntax.h"

#include <vector>

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

// Renders with an explicit stack of pending pieces (text to copy, or a node to expand) instead of
// recursion, so a query of any depth prints without overflowing the call stack.
std::string SyntaxNode::to_string() const {
  struct Piece {
    const SyntaxNode* node = nullptr;  // null: copy `text`
    std::string text;
  };
  std::string out;
  std::vector<Piece> stack;
  stack.push_back({this, {}});
  std::vector<Piece> parts;  // one node's pieces in written order, pushed onto the stack reversed
  while (!stack.empty()) {
    Piece piece = std::move(stack.back());
    stack.pop_back();
    if (piece.node == nullptr) {
      out += piece.text;
      continue;
    }
    const SyntaxNode& n = *piece.node;
    parts.clear();
    auto emit = [&](std::string t) { parts.push_back({nullptr, std::move(t)}); };
    auto expand = [&](const SyntaxNode& c) { parts.push_back({&c, {}}); };
    switch (n.kind) {
      case SyntaxKind::Number: emit(std::to_string(n.number)); break;
      case SyntaxKind::String: emit(quoted(n.text)); break;
      case SyntaxKind::PieceDesignator:
      case SyntaxKind::Identifier:
      case SyntaxKind::CaptureReference: emit(n.text); break;
      case SyntaxKind::Keyword:
      case SyntaxKind::Header:
      case SyntaxKind::FunctionCall:
        if (n.kind == SyntaxKind::Keyword && n.children.empty() && n.parameters.empty()) {
          emit(n.text);
          break;
        }
        emit("(" + n.text);
        for (const auto& p : n.parameters) {
          emit(" " + std::string(p.spelling()));
          for (const auto& v : p.values) {
            emit(" ");
            expand(*v);
          }
        }
        for (const auto& c : n.children) {
          emit(" ");
          expand(*c);
        }
        emit(")");
        break;
      case SyntaxKind::Compound:
        emit("{");
        for (std::size_t i = 0; i < n.children.size(); ++i) {
          if (i) emit(" ");
          expand(*n.children[i]);
        }
        emit("}");
        break;
      case SyntaxKind::Unary:
        emit("(" + n.text + " ");
        expand(*n.children[0]);
        emit(")");
        break;
      case SyntaxKind::Binary:
      case SyntaxKind::Assign:
        emit("(");
        expand(*n.children[0]);
        emit(" " + n.text + " ");
        expand(*n.children[1]);
        emit(")");
        break;
    }
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) stack.push_back(std::move(*it));
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
