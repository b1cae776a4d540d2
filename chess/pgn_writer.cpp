// PGN writer: tags, then the move tree as wrapped movetext. Variations are walked with an explicit
// stack, so deeply nested input cannot overflow the call stack.
#include "chess/pgn_writer.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "chess/notation.h"

namespace quarry::chess {

namespace {

// Joins tokens with single spaces and breaks lines before a token that would pass the width.
class LineWriter {
 public:
  LineWriter(std::string& out, int width) : out_(out), width_(width < 1 ? 1 : width) {}

  // glue: no space before the token (")" after a move); glue_after: none after it ("(" before
  // the variation's first move).
  void token(std::string_view text, bool glue = false, bool glue_after = false) {
    glue = glue || glue_next_;
    glue_next_ = glue_after;
    if (column_ > 0) {
      const int space = glue ? 0 : 1;
      if (column_ + space + static_cast<int>(text.size()) > width_) {
        out_ += '\n';
        column_ = 0;
      } else if (space > 0) {
        out_ += ' ';
        ++column_;
      }
    }
    out_ += text;
    // Comments may hold line breaks: the column restarts after the last one.
    const std::size_t nl = text.rfind('\n');
    column_ = nl == std::string_view::npos ? column_ + static_cast<int>(text.size())
                                           : static_cast<int>(text.size() - nl - 1);
  }

  void finish() {
    if (column_ > 0) out_ += '\n';
    column_ = 0;
  }

 private:
  std::string& out_;
  int width_;
  int column_ = 0;
  bool glue_next_ = false;
};

class MovetextWriter {
 public:
  MovetextWriter(std::string& out, const Game& game, std::span<const InsertedComment> inserted, const PgnFormat& format)
      : line_(out, format.line_width), game_(game), format_(format) {
    for (std::size_t i = 0; i < inserted.size(); ++i) order_.push_back(i);
    auto by_node = [&](std::size_t a, std::size_t b) { return inserted[a].node < inserted[b].node; };
    // Comments usually come in node order already (positions are examined in order).
    if (!std::is_sorted(order_.begin(), order_.end(), by_node)) std::stable_sort(order_.begin(), order_.end(), by_node);
    inserted_ = inserted;
    glue_after_open_ = format.compact_variations;
  }

  void write(std::string_view result);

 private:
  struct Frame {
    NodeId node;       // next node of this line to write; kNoNode when the line is done
    NodeId variation;  // next variation of the last written node to open
  };

  void add_to_place(std::string_view text);
  void write_place();
  void comment(std::string_view text);
  void annotations(NodeId id);
  void move(NodeId id);

  LineWriter line_;
  const Game& game_;
  const PgnFormat& format_;
  std::span<const InsertedComment> inserted_;
  std::vector<std::size_t> order_;  // indices of inserted_, sorted by node
  std::vector<std::string> place_;  // the comments of one place (before a move, or after it)
  std::string text_;
  bool need_number_ = true;  // black's move gets "N..." at a line start or after a comment
  bool glue_after_open_ = true;
};

// Comment text as it can be written and read back unchanged: line ends become '\n' (a lone CR
// would end a ';' comment early) and a line starting with '[' gets a space before it (a reader
// takes "[Event " at a line start inside a comment as the next game, as Quarry's does).
std::string readable_comment(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') continue;
      c = '\n';
    }
    if (c == '[' && !out.empty() && out.back() == '\n') out += ' ';
    out += c;
  }
  return out;
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// --compactcomments: every run of blanks (line ends included) becomes one space, none at the ends.
std::string compact_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (!is_blank(c)) {
      out += c;
    } else if (!out.empty() && out.back() != ' ') {
      out += ' ';
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Collects one comment of the current place, compacted and without repeats as the format asks.
void MovetextWriter::add_to_place(std::string_view text) {
  std::string t = format_.compact_comments ? compact_text(text) : std::string(text);
  if (format_.compact_comments && t.empty()) return;
  if (format_.unique_comments && std::find(place_.begin(), place_.end(), t) != place_.end()) return;
  place_.push_back(std::move(t));
}

// Writes the place's comments, as one comment when coalescing, and empties it.
void MovetextWriter::write_place() {
  if (format_.coalesce_comments && place_.size() > 1) {
    std::string joined = place_[0];
    for (std::size_t i = 1; i < place_.size(); ++i) {
      joined += ' ';
      joined += place_[i];
    }
    comment(joined);
  } else {
    for (const std::string& c : place_) comment(c);
  }
  place_.clear();
}

// A '}' cannot sit inside {…}: such a one-line text becomes a ';' comment, which ends the line;
// in a multi-line one it is replaced by ']'.
void MovetextWriter::comment(std::string_view raw) {
  const std::string text = readable_comment(raw);
  const bool brace = text.find('}') != std::string_view::npos;
  const bool multiline = text.find('\n') != std::string_view::npos;
  text_.assign(brace && !multiline ? ";" : "{");
  text_ += text;
  if (brace && !multiline) {
    line_.token(text_);
    line_.finish();
  } else {
    if (brace) std::replace(text_.begin(), text_.end(), '}', ']');
    text_ += '}';
    line_.token(text_);
  }
  if (format_.move_number_after_comment) need_number_ = true;
}

// Comments and NAGs at a node: the original ones, then what the query inserted.
void MovetextWriter::annotations(NodeId id) {
  const GameNode& node = game_.node(id);
  if (!format_.elide_nags) {
    for (std::uint8_t nag : node.nags) {
      text_.assign("$");
      text_ += std::to_string(nag);
      line_.token(text_);
      if (format_.move_number_after_nag) need_number_ = true;
    }
  }
  if (!format_.elide_comments) {
    for (const std::string& c : node.comments_after) add_to_place(c);
  }
  auto it = std::lower_bound(order_.begin(), order_.end(), id,
                             [&](std::size_t i, NodeId n) { return inserted_[i].node < n; });
  for (; it != order_.end() && inserted_[*it].node == id; ++it) add_to_place(inserted_[*it].text);
  write_place();
}

void MovetextWriter::move(NodeId id) {
  const GameNode& node = game_.node(id);
  if (!format_.elide_comments) {
    for (const std::string& c : node.comments_before) add_to_place(c);
    write_place();
  }
  const Position& before = game_.node(node.parent).position;
  const bool white = before.side_to_move() == Color::White;
  std::string number;
  if (format_.move_numbers && (white || need_number_)) {
    number = std::to_string(before.fullmove_number());
    number += white ? "." : "...";  // CQLi writes "1.e4 e5" and "1...e5"
  }
  const std::string san = to_san(before, node.move, node.position);
  if (number.empty()) {
    line_.token(san);
  } else if (format_.split_moves) {
    line_.token(number);
    line_.token(san, format_.compact_moves);
  } else {
    // The number and its move stay on one line.
    if (!format_.compact_moves) number += ' ';
    line_.token(number + san);
  }
  need_number_ = false;
  annotations(id);
}

void MovetextWriter::write(std::string_view result) {
  annotations(game_.root());
  std::vector<Frame> stack;
  stack.push_back(Frame{game_.node(game_.root()).first_child, kNoNode});
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.variation != kNoNode) {
      const NodeId v = f.variation;
      f.variation = game_.node(v).next_sibling;
      line_.token("(", false, glue_after_open_);
      need_number_ = true;
      stack.push_back(Frame{v, kNoNode});  // f is not used past this point
      continue;
    }
    if (f.node == kNoNode) {
      stack.pop_back();
      if (!stack.empty()) {
        line_.token(")", format_.compact_variations);
        need_number_ = true;
      }
      continue;
    }
    const NodeId id = f.node;
    move(id);
    const GameNode& node = game_.node(id);
    // Only a first child's siblings are its alternatives; a variation's own siblings belong to
    // the line that opened it.
    const bool first = game_.node(node.parent).first_child == id;
    f.variation = first && !format_.elide_variations ? node.next_sibling : kNoNode;
    f.node = node.first_child;
  }
  line_.token(result);
  line_.finish();
}

// A tag is one line: a control character in the value (a newline from settag would start a
// forged tag line) becomes a space, and a name keeps only the characters a tag name may have.
void write_tag(std::string& out, const Tag& tag) {
  out += '[';
  if (tag.name.empty()) out += '_';
  for (char c : tag.name) out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  out += " \"";
  for (char c : tag.value) {
    if (c == '\\' || c == '"') out += '\\';
    out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
  }
  out += "\"]\n";
}

// The tags that say where the game starts and by which rules: without them its moves would not
// read back, so tag patterns never leave them out.
bool defines_the_game(std::string_view name) { return name == "FEN" || name == "SetUp" || name == "Variant"; }

}  // namespace

void write_pgn(std::string& out, const Game& game, std::span<const InsertedComment> inserted,
               const PgnFormat& format) {
  for (const Tag& tag : game.tags()) {
    if (!format.keep_tag || defines_the_game(tag.name) || format.keep_tag(tag.name)) write_tag(out, tag);
  }
  out += '\n';
  std::string_view result = game.result();
  if (result.empty()) {
    const std::string* tag = game.tag("Result");
    const bool valid = tag != nullptr && (*tag == "1-0" || *tag == "0-1" || *tag == "1/2-1/2");
    result = valid ? std::string_view(*tag) : std::string_view("*");
  }
  MovetextWriter(out, game, inserted, format).write(result);
  out += '\n';
}

}  // namespace quarry::chess
