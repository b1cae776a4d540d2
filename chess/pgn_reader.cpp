// Streaming PGN reader: groups lexer tokens into games and replays their SAN into a Game tree.
// A malformed game is drained to its end and reported, so the next game reads normally.
#include "chess/pgn_reader.h"

#include <cerrno>
#include <cstring>
#include <optional>
#include <string_view>

#include "chess/notation.h"
#include "chess/pgn_lexer.h"

namespace quarry::chess {

namespace {

// Plies a game may have: GameNode::ply is 16 bits.
constexpr std::uint32_t kMaxPly = 65000;

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

bool is_chess960_variant(std::string_view v) {
  return iequals(v, "chess960") || iequals(v, "fischerandom") || iequals(v, "fischerrandom") ||
         iequals(v, "chess 960") || iequals(v, "fischer random") || iequals(v, "960");
}

// "12. e4" or "12... Nf6": how a diagnostic names the move a fault follows.
std::string describe_move(const Game& game, NodeId id) {
  const GameNode& node = game.node(id);
  const Position& before = game.node(node.parent).position;
  std::string s = std::to_string(before.fullmove_number());
  s += before.side_to_move() == Color::White ? ". " : "... ";
  s += to_san(before, node.move);
  return s;
}

}  // namespace

class PgnReader::Impl {
 public:
  explicit Impl(std::FILE* stream) : lexer_(stream) {}
  explicit Impl(std::string text) : lexer_(std::move(text)) {}
  ~Impl() {
    if (owned_ != nullptr) std::fclose(owned_);
  }
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;

  // Reads one game's tokens. Returns false when the input held nothing but stray comments.
  bool read(Game& game);
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  std::uint64_t error_line() const { return error_line_; }
  bool at_end() const { return at_end_; }
  bool read_error() const { return lexer_.read_error(); }
  const std::vector<std::string>& warnings() const { return warnings_; }

  std::FILE* owned_ = nullptr;

 private:
  PgnToken take();
  void fail(const PgnToken& t, std::string message);
  void start(Game& game);
  void on_move(Game& game, const PgnToken& t);
  void on_comment(Game& game, const PgnToken& t);
  void on_variation_start(Game& game);
  void on_variation_end(Game& game);
  void on_nag(Game& game, const PgnToken& t);
  void on_movetext(Game& game, const PgnToken& t);
  void reset(Game& game);

  PgnLexer lexer_;
  PgnToken pending_;
  bool has_pending_ = false;
  bool at_end_ = false;

  // State of the game being read.
  bool started_ = false;
  NodeId current_ = 0;               // last node of the line being read
  std::vector<NodeId> variations_;   // where each open variation returns to
  std::uint64_t skipped_depth_ = 0;  // open variations whose moves are ignored
  bool skip_closes_variation_ = false;  // the skip ends with a variation that was entered
  bool at_variation_start_ = false;  // comments go before the variation's first move
  std::vector<std::string> comments_before_;
  std::string error_;
  std::vector<std::string> warnings_;
  std::uint64_t error_line_ = 0;
  std::uint64_t fen_line_ = 0;
};

PgnToken PgnReader::Impl::take() {
  if (has_pending_) {
    has_pending_ = false;
    return pending_;
  }
  return lexer_.next();
}

void PgnReader::Impl::fail(const PgnToken& t, std::string message) {
  if (!error_.empty()) return;
  error_ = std::move(message);
  error_line_ = t.line;
}

// Sets the root from the tags once they are all read: [FEN] (with or without [SetUp]) and
// [Variant] for Chess960. [SetUp "1"] without [FEN] means the standard start.
void PgnReader::Impl::start(Game& game) {
  started_ = true;
  const std::string* variant = game.tag("Variant");
  const bool chess960 = variant != nullptr && is_chess960_variant(*variant);
  const std::string* fen = game.tag("FEN");
  if (fen == nullptr && !chess960) return;  // clear() already put the initial position
  std::string why;
  const std::string_view text =
      fen != nullptr ? std::string_view(*fen) : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  std::optional<Position> pos = Position::from_fen(text, &why, chess960);
  if (!pos) {
    error_ = "bad FEN \"" + std::string(text) + "\": " + why;
    error_line_ = fen_line_;
    return;
  }
  // Comments read before the start was known (between or after the tags) stay at the root.
  std::vector<std::string> root_comments = std::move(game.node(game.root()).comments_after);
  game.set_start(*pos);
  game.node(game.root()).comments_after = std::move(root_comments);
}

void PgnReader::Impl::on_move(Game& game, const PgnToken& t) {
  if (skipped_depth_ > 0 || !error_.empty()) return;
  const GameNode& node = game.node(current_);
  std::optional<Move> move = parse_san(node.position, t.text);
  if (!move) {
    // Like pgn-extract, a bad move inside a variation costs only the rest of that variation.
    if (!variations_.empty()) {
      skipped_depth_ = 1;
      skip_closes_variation_ = true;
      return;
    }
    std::string m = "illegal move \"" + std::string(t.text) + "\" ";
    if (current_ == game.root()) {
      m += "at move " + std::to_string(node.position.fullmove_number());
      if (node.position.side_to_move() == Color::Black) m += "...";
    } else {
      m += "after " + describe_move(game, current_);
    }
    fail(t, std::move(m));
    return;
  }
  if (node.ply >= kMaxPly) {
    fail(t, "game too long at \"" + std::string(t.text) + "\"");
    return;
  }
  current_ = game.add_child(current_, *move);
  if (!comments_before_.empty()) {
    auto& before = game.node(current_).comments_before;
    for (std::string& c : comments_before_) before.push_back(std::move(c));
    comments_before_.clear();
  }
  at_variation_start_ = false;
}

void PgnReader::Impl::on_comment(Game& game, const PgnToken& t) {
  if (skipped_depth_ > 0 || !error_.empty()) return;
  std::string& text = at_variation_start_ ? comments_before_.emplace_back(t.text)
                                          : game.node(current_).comments_after.emplace_back(t.text);
  // Multi-line comments from CRLF files keep plain '\n' line breaks.
  if (text.find('\r') != std::string::npos) std::erase(text, '\r');
}

void PgnReader::Impl::on_variation_start(Game& game) {
  if (!error_.empty()) return;
  // A variation replaces the last move, so it needs one; "(" before any move has nothing to
  // branch from and its contents are dropped.
  if (skipped_depth_ > 0 || current_ == game.root()) {
    ++skipped_depth_;
    return;
  }
  variations_.push_back(current_);
  current_ = game.node(current_).parent;
  at_variation_start_ = true;
}

void PgnReader::Impl::on_variation_end(Game& game) {
  if (!error_.empty()) return;
  if (skipped_depth_ > 0) {
    if (--skipped_depth_ > 0 || !skip_closes_variation_) return;
    skip_closes_variation_ = false;
  }
  if (variations_.empty()) return;  // a stray ')' is ignored
  current_ = variations_.back();
  variations_.pop_back();
  at_variation_start_ = false;
  // Comments of an empty variation "( {…} )" stay with the move it would have replaced.
  for (std::string& c : comments_before_) game.node(current_).comments_after.push_back(std::move(c));
  comments_before_.clear();
}

void PgnReader::Impl::on_nag(Game& game, const PgnToken& t) {
  if (skipped_depth_ > 0 || !error_.empty() || t.nag == 0) return;
  game.node(current_).nags.push_back(static_cast<std::uint8_t>(t.nag));
}

void PgnReader::Impl::reset(Game& game) {
  game.clear();
  warnings_.clear();
  started_ = false;
  current_ = game.root();
  variations_.clear();
  skipped_depth_ = 0;
  skip_closes_variation_ = false;
  at_variation_start_ = false;
  comments_before_.clear();
  error_.clear();
  error_line_ = 0;
  fen_line_ = 0;
}

void PgnReader::Impl::on_movetext(Game& game, const PgnToken& t) {
  switch (t.kind) {
    case PgnTokenKind::Symbol:
      if (!t.text.empty()) on_move(game, t);  // empty: a lone en passant mark
      break;
    case PgnTokenKind::VariationStart: on_variation_start(game); break;
    case PgnTokenKind::VariationEnd: on_variation_end(game); break;
    case PgnTokenKind::Nag: on_nag(game, t); break;
    default: break;  // move numbers, results inside variations
  }
}

bool PgnReader::Impl::read(Game& game) {
  reset(game);
  bool content = false;    // tags, moves or a result: a game; stray comments alone are not
  bool movetext = false;   // after movetext, a tag starts the next game
  for (PgnToken t = take();; t = take()) {
    if (game.first_line == 0) game.first_line = t.line;
    if (t.kind == PgnTokenKind::End) {
      at_end_ = true;
      break;
    }
    if (t.kind == PgnTokenKind::Tag) {
      if (movetext) {
        pending_ = t;
        has_pending_ = true;
        break;
      }
      if (game.tag(t.name) != nullptr) {
        warnings_.push_back("line " + std::to_string(t.line) + ": tag '" + std::string(t.name.substr(0, 40)) +
                            "' given twice (a tag line cut short merges the next game's tags into this one)");
      }
      unescape_tag_value(t.text, game.add_tag(t.name, {}).value);
      if (t.name == "FEN") fen_line_ = t.line;
      content = true;
      continue;
    }
    if (t.kind == PgnTokenKind::Comment) {  // may sit between tags: it does not start movetext
      if (t.unterminated) fail(t, "comment without closing '}'");
      on_comment(game, t);
      continue;
    }
    movetext = true;
    content = content || t.kind == PgnTokenKind::Symbol;
    if (!started_) start(game);
    if (t.kind == PgnTokenKind::Result && variations_.empty() && skipped_depth_ == 0) {
      // "1/2" and "½-½" are how some files write a draw.
      const bool draw = t.text == "1/2" || t.text == "\xC2\xBD-\xC2\xBD";
      game.result() = draw ? "1/2-1/2" : std::string(t.text);
      content = true;
      break;
    }
    on_movetext(game, t);
  }
  if (content && !started_) start(game);
  return content;
}

// --- PgnReader ---------------------------------------------------------------------------------

PgnReader::PgnReader(std::FILE* stream, std::string name)
    : impl_(std::make_unique<Impl>(stream)), name_(std::move(name)) {}

PgnReader::~PgnReader() = default;

std::unique_ptr<PgnReader> PgnReader::open(const std::string& path, std::string* error) {
  if (path == "-") return std::make_unique<PgnReader>(stdin, "<stdin>");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    if (error != nullptr) *error = "cannot open " + path + ": " + std::strerror(errno);
    return nullptr;
  }
  auto reader = std::make_unique<PgnReader>(f, path);
  reader->impl_->owned_ = f;
  return reader;
}

std::unique_ptr<PgnReader> PgnReader::from_string(std::string text, std::string name) {
  auto reader = std::make_unique<PgnReader>(nullptr, std::move(name));
  reader->impl_ = std::make_unique<Impl>(std::move(text));
  return reader;
}

PgnReader::Status PgnReader::next(Game& game, PgnDiagnostic& diagnostic) {
  while (true) {
    if (impl_->at_end()) {
      diagnostic = PgnDiagnostic{};
      if (impl_->read_error()) diagnostic.message = "read error in " + name_;
      return Status::End;
    }
    if (!impl_->read(game)) continue;
    game.number = ++games_seen_;
    diagnostic.warnings = impl_->warnings();
    if (impl_->ok()) return Status::Game;
    diagnostic.game_number = game.number;
    diagnostic.line = impl_->error_line();
    diagnostic.message = impl_->error();
    return Status::Skipped;
  }
}

}  // namespace quarry::chess
