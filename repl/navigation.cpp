// Moving through the session's game: along the line, into and out of variations, and by playing
// SAN moves, which leave the recorded game for an imaginary line when they are not in it.
#include <cctype>
#include <sstream>

#include "chess/notation.h"
#include "repl/session.h"

namespace quarry::repl {
namespace {

// "12.Nf3" and "12...Nf6" read as the move; a bare "12." or "12..." is skipped (empty result).
std::string_view without_move_number(std::string_view word) {
  std::size_t digits = 0;
  while (digits < word.size() && std::isdigit(static_cast<unsigned char>(word[digits]))) ++digits;
  if (digits == 0 || digits == word.size() || word[digits] != '.') return word;
  std::size_t dots = digits;
  while (dots < word.size() && word[dots] == '.') ++dots;
  return word.substr(dots);
}

}  // namespace

void Session::go_to(chess::NodeId node) {
  node_ = node;
  announce_position();
}

bool Session::next(int count) {
  chess::NodeId node = node_;
  for (int i = 0; i < count; ++i) {
    chess::NodeId child = game_.mainline_child(node);
    if (child == chess::kNoNode) {
      if (node != node_) go_to(node);
      out_ << "end of the line\n";
      return false;
    }
    node = child;
  }
  go_to(node);
  return true;
}

bool Session::previous(int count) {
  chess::NodeId node = node_;
  for (int i = 0; i < count; ++i) {
    chess::NodeId parent = game_.node(node).parent;
    if (parent == chess::kNoNode) {
      if (node != node_) go_to(node);
      out_ << "start of the game\n";
      return false;
    }
    node = parent;
  }
  go_to(node);
  return true;
}

bool Session::go_to_ply(int ply) {
  chess::NodeId node = game_.root();
  for (int i = 0; i < ply; ++i) {
    node = game_.mainline_child(node);
    if (node == chess::kNoNode) {
      out_ << "error: the game has only " << i << " plies\n";
      return false;
    }
  }
  go_to(node);
  return true;
}

void Session::go_to_start() { go_to(game_.root()); }

void Session::go_to_end() {
  chess::NodeId node = node_;
  while (game_.mainline_child(node) != chess::kNoNode) node = game_.mainline_child(node);
  go_to(node);
}

bool Session::enter_variation(int n) {
  // The variations here are the alternatives to the next move: every child but the first.
  std::vector<chess::NodeId> alternatives;
  chess::NodeId first = game_.mainline_child(node_);
  for (chess::NodeId c = first == chess::kNoNode ? first : game_.node(first).next_sibling; c != chess::kNoNode;
       c = game_.node(c).next_sibling) {
    alternatives.push_back(c);
  }
  if (n == 0 || alternatives.empty()) {
    if (alternatives.empty()) out_ << "no variations here\n";
    for (std::size_t i = 0; i < alternatives.size(); ++i) {
      out_ << "  " << i + 1 << ") " << describe_move(alternatives[i]) << (is_imaginary(alternatives[i]) ? " (imaginary)" : "") << "\n";
    }
    return n == 0 && !alternatives.empty();
  }
  if (n < 0 || static_cast<std::size_t>(n) > alternatives.size()) {
    out_ << "error: there " << (alternatives.size() == 1 ? "is 1 variation" : "are " + std::to_string(alternatives.size()) + " variations") << " here\n";
    return false;
  }
  go_to(alternatives[static_cast<std::size_t>(n) - 1]);
  return true;
}

bool Session::leave_variation() {
  chess::NodeId node = node_;
  if (is_imaginary(node)) {
    while (is_imaginary(node)) node = game_.node(node).parent;
    go_to(node);
    return true;
  }
  // Up to the first move of the innermost variation, then to the position it branches from.
  while (node != game_.root()) {
    chess::NodeId parent = game_.node(node).parent;
    if (game_.mainline_child(parent) != node) {
      go_to(parent);
      return true;
    }
    node = parent;
  }
  out_ << "not in a variation\n";
  return false;
}

bool Session::play_moves(std::string_view text) {
  std::istringstream words{std::string(text)};
  std::vector<chess::Move> moves;
  chess::Position position = game_.node(node_).position;
  std::string word;
  while (words >> word) {
    std::string_view san = without_move_number(word);
    if (san.empty()) continue;
    std::optional<chess::Move> move = chess::parse_san(position, san);
    if (!move || move->is_null()) return false;
    moves.push_back(*move);
    position.play(*move);
  }
  if (moves.empty()) return false;
  for (chess::Move move : moves) {
    chess::NodeId target = chess::kNoNode;
    for (chess::NodeId c = game_.mainline_child(node_); c != chess::kNoNode; c = game_.node(c).next_sibling) {
      if (game_.node(c).move == move) target = c;
    }
    // Not in the game: the session's copy of it grows an imaginary line.
    if (target == chess::kNoNode) target = game_.add_child(node_, move);
    go_to(target);
  }
  return true;
}

}  // namespace quarry::repl
