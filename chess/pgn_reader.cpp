// Streaming PGN reader: groups lexer tokens into games and replays their SAN into a Game tree.
// A malformed game is drained to its end and reported, so the next game reads normally.
#include "chess/pgn_reader.h"

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstring>
#include <optional>
#include <string_view>

#include "chess/fen_repairs.h"
#include "chess/notation.h"
#include "chess/pgn_lexer.h"
#include "chess/pgn_lexer_next.h"
#include "chess/variant.h"

namespace quarry::chess {

namespace {

// Plies a game may have: GameNode::ply is 16 bits.
constexpr std::uint32_t kMaxPly = 65000;

// "12. e4" or "12... Nf6": how a diagnostic names the move a fault follows.
std::string describe_move(const Game& game, NodeId id) {
  const GameNode& node = game.node(id);
  const Position& before = game.node(node.parent).position;
  std::string s = std::to_string(before.fullmove_number());
  s += before.side_to_move() == Color::White ? ". " : "... ";
  s += to_san(before, node.move);
  return s;
}

// "1-O", "0-", "1/2-1/": a result token garbled by hand or cut off. Castling written with
// zeros is a move, not a result.
bool is_garbled_result(std::string_view s) {
  if (s.empty() || s.size() > 7 || (s[0] != '0' && s[0] != '1')) return false;
  if (s.starts_with("0-0")) return false;
  if (s.find_first_not_of("0123/-Oo") != std::string_view::npos) return false;
  return s.find_first_of("-/") != std::string_view::npos;
}

// A bit standing for a tag name (its length and its first and last letters): a game's tags mostly
// set distinct bits, so a name whose bit is not yet set is known not to be among them without a
// search through the tags read so far.
std::uint64_t tag_name_bit(std::string_view name) {
  const std::size_t first = name.empty() ? 0 : static_cast<unsigned char>(name.front());
  const std::size_t last = name.empty() ? 0 : static_cast<unsigned char>(name.back());
  return std::uint64_t{1} << ((name.size() * 7 + first + last * 3) & 63);
}

// Gives a game whose text was not read as written the kWarningTag tag; repairs alone do not.
void mark(Game& game, const std::vector<PgnDiagnostic>& warnings) {
  std::string value;
  for (const PgnDiagnostic& w : warnings) {
    if (w.repaired) continue;
    if (!value.empty()) value += "; ";
    value += w.message;
  }
  if (!value.empty()) game.add_tag(kWarningTag, value);
}

}  // namespace

class PgnReader::Impl {
 public:
  explicit Impl(std::unique_ptr<ByteSource> source) : source_(std::move(source)), lexer_(source_.get()) {}
  explicit Impl(std::string text) : lexer_(std::move(text)) {}
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;

  // Reads one game's tokens. Returns false when the input held nothing but stray comments.
  bool read(Game& game);
  bool ok() const { return error_.empty(); }
  // The game is kept despite error(): reading stopped at a fault in the movetext, not strictly.
  bool keep_despite_error() const { return !fatal_ && !strict_; }
  const std::string& error() const { return error_; }
  std::uint64_t error_line() const { return error_line_; }
  // Warnings of the game just read (game_number left 0); PgnReader::next takes them.
  std::vector<PgnDiagnostic>& warnings() { return warnings_; }
  void set_strict(bool strict) { strict_ = strict; }
  // Asked when a game's tags are read; true: its movetext is only scanned for the game's end.
  std::function<bool(const Game&)> skip_movetext;
  bool bypassed() const { return bypassing_; }
  void restart(std::string_view text, std::uint64_t first_line) {
    lexer_.reset(text, first_line);
    at_end_ = false;
    reads_text_ = true;
  }
  void start_at_line(std::uint64_t line) { lexer_.set_first_line(line); }
  void set_nested_comments(bool nested) { lexer_.set_nested_comments(nested); }
  bool at_end() const { return at_end_; }
  PgnReader::GameEnd game_end() const { return game_end_; }
  std::size_t text_offset() const {
    assert(reads_text_);  // an offset into a read_text text; the lexer's buffer means nothing outside
    return game_end_ == PgnReader::GameEnd::NextGame ? lexer_.token_offset() : lexer_.text_offset();
  }
  bool read_error() const { return lexer_.read_error(); }
  std::string source_error() const { return source_ ? source_->error() : std::string(); }
  std::uint64_t file_bytes_read() const { return source_ ? source_->file_bytes_read() : 0; }

 private:
  void fail(const PgnToken& t, std::string message);
  void start(Game& game);
  inline void on_move(Game& game, const PgnToken& t);
  [[gnu::noinline]] void on_unplayable_move(Game& game, const PgnToken& t, bool no_move);
  [[gnu::noinline]] void attach_comments_before(Game& game);
  void on_comment(Game& game, const PgnToken& t);
  void on_variation_start(Game& game);
  void on_variation_end(Game& game);
  void on_nag(Game& game, const PgnToken& t);
  void on_bracket_start(Game& game, const PgnToken& t);
  void close_group(Game& game, char closer);
  void on_movetext(Game& game, const PgnToken& t);
  void on_tag(Game& game, const PgnToken& t);
  bool movetext_token(Game& game, const PgnToken& t, bool& movetext, bool& content);
  void track_group(const PgnToken& t);
  void on_unterminated_comment(const PgnToken& t);
  void warn(std::uint64_t line, std::string message, bool repaired);
  void reset(Game& game);

  std::unique_ptr<ByteSource> source_;  // before lexer_, which reads from it
  PgnLexer lexer_;
  bool at_end_ = false;
  bool reads_text_ = false;  // read_text was called: text_offset() is meaningful
  PgnReader::GameEnd game_end_ = PgnReader::GameEnd::EndOfInput;  // of the game read last

  // State of the game being read.
  bool started_ = false;
  NodeId current_ = 0;               // last node of the line being read
  std::vector<NodeId> variations_;   // where each open variation returns to
  std::vector<char> open_groups_;    // closer of each open '(' or '[' group: ')' or ']'
  std::uint64_t skipped_depth_ = 0;  // open variations whose moves are ignored
  bool skip_closes_variation_ = false;  // the skip ends with a variation that was entered
  bool at_variation_start_ = false;  // comments go before the variation's first move
  std::vector<std::string> comments_before_;
  std::string error_;
  std::uint64_t error_line_ = 0;
  bool strict_ = false;  // faults skip the game instead of ending its movetext
  bool fatal_ = false;  // nothing of the game is usable (a bad FEN)
  std::uint64_t fen_line_ = 0;
  std::vector<PgnDiagnostic> warnings_;
  std::uint64_t variant_line_ = 0;
  std::uint64_t tag_names_ = 0;  // tag_name_bit of every tag read in this game
  bool brackets_said_ = false;  // the square-bracket warning is given once per game
  bool filter_asked_ = false;   // skip_movetext was asked about this game
  bool bypassing_ = false;      // its answer: the movetext is scanned, not read
};

void PgnReader::Impl::fail(const PgnToken& t, std::string message) {
  if (!error_.empty()) return;
  error_ = std::move(message);
  error_line_ = t.line;
}

// Sets the root from the tags once they are all read: [FEN] (with or without [SetUp]) and
// [Variant] for Chess960 and Four-File chess. [SetUp "1"] without [FEN] means the variant's start.
// A variant Quarry does not play skips the game: its moves would be misread as standard chess.
void PgnReader::Impl::start(Game& game) {
  started_ = true;
  // Most games have neither tag: their bits say so without searching the tags.
  const std::string* variant = (tag_names_ & tag_name_bit("Variant")) != 0 ? game.tag("Variant") : nullptr;
  static const std::optional<VariantRules> kNoVariantTag = variant_rules_from_name("");
  const std::optional<VariantRules> rules = variant != nullptr ? variant_rules_from_name(*variant) : kNoVariantTag;
  if (!rules) {
    error_ = "unsupported variant \"" + *variant + "\" (Quarry plays standard, Chess960 and Four-File chess)";
    error_line_ = variant_line_;
    fatal_ = true;
    return;
  }
  const std::string* fen = (tag_names_ & tag_name_bit("FEN")) != 0 ? game.tag("FEN") : nullptr;
  if (fen == nullptr && !rules->chess960 && rules->variant == Variant::Standard) return;  // clear() put the start
  std::string why;
  const std::string_view text = fen != nullptr ? std::string_view(*fen) : variant_start_fen(rules->variant);
  std::optional<Position> pos = Position::from_variant_fen(text, *rules, &why);
  if (!pos) {
    error_ = "bad FEN \"" + std::string(text) + "\": " + why;
    error_line_ = fen_line_;
    fatal_ = true;
    return;
  }
  if (fen != nullptr) {
    const std::string repaired = fen_repairs(text, *pos);
    if (!repaired.empty()) warn(fen_line_, "FEN repaired: " + repaired, true);
  }
  // Comments read before the start was known (between or after the tags) stay at the root.
  std::vector<std::string> root_comments;
  if (!game.annotations(game.root()).comments_after.empty()) {
    root_comments = std::move(game.edit_annotations(game.root()).comments_after);
  }
  game.set_start(*pos);
  if (!root_comments.empty()) game.edit_annotations(game.root()).comments_after = std::move(root_comments);
}

void PgnReader::Impl::warn(std::uint64_t line, std::string message, bool repaired) {
  PgnDiagnostic& w = warnings_.emplace_back();
  w.line = line;
  w.message = std::move(message);
  w.repaired = repaired;
}

// Inline in read(), where nearly every symbol is a move played: the usual move makes no call
// but parse_san_move and the new node's play (a call of its own cost the reader saved registers
// and a frame at every move); a move that cannot be played and waiting comments go out of line.
[[gnu::always_inline]] inline void PgnReader::Impl::on_move(Game& game, const PgnToken& t) {
  if (skipped_depth_ > 0 || !error_.empty()) return;
  const GameNode& node = game.node(current_);
  const Move move = parse_san_move(node.position, t.text);
  if (move.is_none() || node.ply >= kMaxPly) [[unlikely]] {
    on_unplayable_move(game, t, /*no_move=*/move.is_none());
    return;
  }
  current_ = game.add_child(current_, move);
  if (!comments_before_.empty()) [[unlikely]] attach_comments_before(game);
  at_variation_start_ = false;
}

// A move that names no legal move of the position (`no_move`: illegal, or no SAN at all), or one
// past the longest game a tree holds.
void PgnReader::Impl::on_unplayable_move(Game& game, const PgnToken& t, bool no_move) {
  if (!no_move) {
    fail(t, "game too long at \"" + std::string(t.text) + "\"");
    return;
  }
  // Like pgn-extract, a bad move inside a variation costs only the rest of that variation.
  if (!variations_.empty()) {
    skipped_depth_ = 1;
    skip_closes_variation_ = true;
    return;
  }
  if (is_garbled_result(t.text)) {
    fail(t, "bad result \"" + std::string(t.text) + "\"");
    return;
  }
  const Position& position = game.node(current_).position;
  std::string m = "illegal move \"" + std::string(t.text) + "\" ";
  if (current_ == game.root()) {
    m += "at move " + std::to_string(position.fullmove_number());
    if (position.side_to_move() == Color::Black) m += "...";
  } else {
    m += "after " + describe_move(game, current_);
  }
  fail(t, std::move(m));
}

// The comments read before the first move of a variation go to the move just made.
void PgnReader::Impl::attach_comments_before(Game& game) {
  auto& before = game.edit_annotations(current_).comments_before;
  for (std::string& c : comments_before_) before.push_back(std::move(c));
  comments_before_.clear();
}

void PgnReader::Impl::on_comment(Game& game, const PgnToken& t) {
  if (skipped_depth_ > 0 || !error_.empty()) return;
  std::string& text = at_variation_start_ ? comments_before_.emplace_back(t.text)
                                          : game.edit_annotations(current_).comments_after.emplace_back(t.text);
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
  if (!comments_before_.empty()) {
    auto& after = game.edit_annotations(current_).comments_after;
    for (std::string& c : comments_before_) after.push_back(std::move(c));
  }
  comments_before_.clear();
}

void PgnReader::Impl::on_nag(Game& game, const PgnToken& t) {
  if (skipped_depth_ > 0 || !error_.empty() || t.nag == 0) return;
  game.edit_annotations(current_).nags.push_back(static_cast<std::uint8_t>(t.nag));
}

// A '[' in movetext: read like '(' (published collections write variations so), said once.
void PgnReader::Impl::on_bracket_start(Game& game, const PgnToken& t) {
  if (strict_) {
    fail(t, "square bracket in movetext");
    return;
  }
  if (!brackets_said_ && error_.empty()) {
    warn(t.line, "square brackets in movetext read as a variation", false);
    brackets_said_ = true;
  }
  open_groups_.push_back(']');
  on_variation_start(game);
}

// ')' closes the innermost group when that is a '('; ']' closes every group up to its '['.
// Closers that match no open group are ignored.
void PgnReader::Impl::close_group(Game& game, char closer) {
  if (open_groups_.empty()) return;
  if (closer == ')') {
    if (open_groups_.back() != ')') return;
    open_groups_.pop_back();
    on_variation_end(game);
    return;
  }
  if (std::find(open_groups_.begin(), open_groups_.end(), ']') == open_groups_.end()) return;
  while (true) {
    const char top = open_groups_.back();
    open_groups_.pop_back();
    on_variation_end(game);
    if (top == ']') return;
  }
}

// A comment cut off by the end of input or by the next game's [Event: its text is kept.
void PgnReader::Impl::on_unterminated_comment(const PgnToken& t) {
  if (strict_) {
    fail(t, "comment without closing '}'");
  } else if (error_.empty()) {
    warn(t.line, "comment without closing '}'", false);
  }
}

void PgnReader::Impl::reset(Game& game) {
  game.clear();
  lexer_.set_movetext(false);
  lexer_.set_skip_move_numbers(false);
  started_ = false;
  current_ = game.root();
  variations_.clear();
  open_groups_.clear();
  skipped_depth_ = 0;
  skip_closes_variation_ = false;
  at_variation_start_ = false;
  comments_before_.clear();
  error_.clear();
  error_line_ = 0;
  fatal_ = false;
  fen_line_ = 0;
  warnings_.clear();
  variant_line_ = 0;
  tag_names_ = 0;
  brackets_said_ = false;
  filter_asked_ = false;
  bypassing_ = false;
}

// A bypassed game's groups, followed as close_group does, for where its movetext ends.
void PgnReader::Impl::track_group(const PgnToken& t) {
  switch (t.kind) {
    case PgnTokenKind::VariationStart: open_groups_.push_back(')'); break;
    case PgnTokenKind::BracketStart:
      if (!strict_) open_groups_.push_back(']');
      break;
    case PgnTokenKind::VariationEnd:
      if (!open_groups_.empty() && open_groups_.back() == ')') open_groups_.pop_back();
      break;
    case PgnTokenKind::BracketEnd:
      if (std::find(open_groups_.begin(), open_groups_.end(), ']') == open_groups_.end()) break;
      while (open_groups_.back() != ']') open_groups_.pop_back();
      open_groups_.pop_back();
      break;
    default: break;
  }
}

void PgnReader::Impl::on_movetext(Game& game, const PgnToken& t) {
  switch (t.kind) {
    case PgnTokenKind::Symbol:
      if (!t.text.empty()) on_move(game, t);  // empty: a lone en passant mark
      break;
    case PgnTokenKind::VariationStart:
      open_groups_.push_back(')');
      on_variation_start(game);
      break;
    case PgnTokenKind::VariationEnd: close_group(game, ')'); break;
    case PgnTokenKind::BracketStart: on_bracket_start(game, t); break;
    case PgnTokenKind::BracketEnd: close_group(game, ']'); break;
    case PgnTokenKind::Nag: on_nag(game, t); break;
    default: break;  // move numbers, results inside variations
  }
}

// A tag before the game's movetext: its unescaped value joins the game's tags.
void PgnReader::Impl::on_tag(Game& game, const PgnToken& t) {
  const std::uint64_t name_bit = tag_name_bit(t.name);
  if ((tag_names_ & name_bit) != 0 && game.tag(t.name) != nullptr) {
    // Read as written (the first value counts), but said: it is what a tag line cut short
    // looks like once the next game's tags merge into this one.
    warn(t.line, "tag '" + std::string(t.name.substr(0, 40)) +
                     "' given twice (a tag line cut short merges the next game's tags into this one)",
         true);
  }
  // Most values have no escape: copied once, where unescaping would first clear the value.
  if (t.text.find('\\') == std::string_view::npos) {
    game.add_tag(t.name, t.text);
  } else {
    unescape_tag_value(t.text, game.add_tag(t.name, {}).value);
  }
  tag_names_ |= name_bit;
  if (t.name == "FEN") fen_line_ = t.line;
  if (t.name == "Variant") variant_line_ = t.line;
}

// The token is the lexer's own (never copied: a copy of a token the lexer has just written costs
// a store-forwarding stall per token), valid until the next lexer_.next().
bool PgnReader::Impl::read(Game& game) {
  reset(game);
  bool content = false;    // tags, moves or a result: a game; stray comments alone are not
  bool movetext = false;   // after movetext, a tag starts the next game
  while (true) {
    const PgnToken& t = lexer_.next_inline();
    if (game.first_line == 0) game.first_line = t.line;
    switch (t.kind) {
      case PgnTokenKind::End:
        at_end_ = true;
        game_end_ = PgnReader::GameEnd::EndOfInput;
        break;
      case PgnTokenKind::Tag:
        if (movetext) {
          lexer_.unread();  // the next game's first tag
          game_end_ = PgnReader::GameEnd::NextGame;
          break;
        }
        on_tag(game, t);
        content = true;
        continue;
      case PgnTokenKind::Comment:  // may sit between tags: it does not start movetext
        if (t.unterminated) on_unterminated_comment(t);
        on_comment(game, t);
        continue;
      case PgnTokenKind::Symbol:
        // The common case, read without movetext_token: once the filter has been asked (at the
        // first movetext token after tags, or at the first symbol) and said read, the game has
        // started and a symbol only makes a move.
        if (filter_asked_ && !bypassing_) {
          if (!t.text.empty()) on_move(game, t);  // empty: a lone en passant mark
          continue;
        }
        [[fallthrough]];
      default:
        if (movetext_token(game, t, movetext, content)) {
          game_end_ = PgnReader::GameEnd::Result;
          break;
        }
        continue;
    }
    break;
  }
  if (content && !filter_asked_ && skip_movetext) bypassing_ = skip_movetext(game);
  if (content && !started_ && !bypassing_) start(game);
  return content;
}

// A movetext token (no tag or comment); true when it ends the game.
bool PgnReader::Impl::movetext_token(Game& game, const PgnToken& t, bool& movetext, bool& content) {
  if (!movetext) {
    movetext = true;
    lexer_.set_movetext(true);
    lexer_.set_skip_move_numbers(true);  // a move number changes nothing from here on
  }
  content = content || t.kind == PgnTokenKind::Symbol;
  if (content && !filter_asked_) {
    filter_asked_ = true;
    bypassing_ = skip_movetext && skip_movetext(game);
  }
  if (!started_ && !bypassing_) start(game);
  // A result outside every group ends the game, whatever faults came before it: where a game
  // ends depends on its text alone (chess/pgn_splitter.h finds it without reading the moves).
  if (t.kind == PgnTokenKind::Result && open_groups_.empty()) {
    // "1/2" and "½-½" are how some files write a draw.
    const bool draw = t.text == "1/2" || t.text == "\xC2\xBD-\xC2\xBD";
    game.result() = draw ? "1/2-1/2" : std::string(t.text);
    content = true;
    return true;
  }
  if (bypassing_) {
    track_group(t);
  } else {
    on_movetext(game, t);
  }
  return false;
}

// --- PgnReader ---------------------------------------------------------------------------------

PgnReader::PgnReader(std::FILE* stream, std::string name)
    : PgnReader(byte_source_from_stream(stream), std::move(name)) {}

PgnReader::PgnReader(std::unique_ptr<ByteSource> source, std::string name)
    : impl_(std::make_unique<Impl>(std::move(source))), name_(std::move(name)) {}

PgnReader::~PgnReader() = default;

void PgnReader::set_strict(bool strict) { impl_->set_strict(strict); }
void PgnReader::set_nested_comments(bool nested) { impl_->set_nested_comments(nested); }

void PgnReader::set_movetext_filter(MovetextFilter filter) {
  if (!filter) {
    impl_->skip_movetext = nullptr;
    return;
  }
  impl_->skip_movetext = [this, filter = std::move(filter)](const Game& game) { return filter(games_seen_ + 1, game); };
}

void PgnReader::read_text(std::string_view text, std::uint64_t first_line) { impl_->restart(text, first_line); }

void PgnReader::start_at_line(std::uint64_t line) { impl_->start_at_line(line); }

PgnReader::GameEnd PgnReader::last_game_end() const { return impl_->game_end(); }

std::size_t PgnReader::text_offset() const { return impl_->text_offset(); }

std::unique_ptr<PgnReader> PgnReader::open(const std::string& path, std::string* error) {
  std::unique_ptr<ByteSource> source = open_byte_source(path, error);
  if (!source) return nullptr;
  return std::make_unique<PgnReader>(std::move(source), path == "-" ? "<stdin>" : path);
}

std::unique_ptr<PgnReader> PgnReader::from_string(std::string text, std::string name) {
  auto reader = std::make_unique<PgnReader>(std::unique_ptr<ByteSource>(), std::move(name));
  reader->impl_ = std::make_unique<Impl>(std::move(text));
  return reader;
}

std::uint64_t PgnReader::file_bytes_read() const { return impl_->file_bytes_read(); }

PgnReader::Status PgnReader::next(Game& game, PgnDiagnostic& diagnostic) {
  while (true) {
    if (impl_->at_end()) {
      diagnostic = PgnDiagnostic{};
      if (impl_->read_error()) diagnostic.message = impl_->source_error();
      return Status::End;
    }
    // A game the input failed inside (a corrupt or truncated archive) before its result is cut
    // short: it is dropped, and the End that follows reports the failure.
    if (!impl_->read(game) || (impl_->read_error() && game.result().empty())) continue;
    game.number = ++games_seen_;
    if (impl_->bypassed()) {
      warnings_.clear();
      return Status::Bypassed;
    }
    warnings_ = std::move(impl_->warnings());
    if (!impl_->ok() && impl_->keep_despite_error()) {
      // The moves before the fault stand; the fault itself becomes the first warning.
      PgnDiagnostic fault;
      fault.line = impl_->error_line();
      fault.message = impl_->error() + " (movetext read up to it)";
      warnings_.insert(warnings_.begin(), std::move(fault));
    }
    for (PgnDiagnostic& w : warnings_) w.game_number = game.number;
    if (impl_->ok() || impl_->keep_despite_error()) {
      mark(game, warnings_);
      return Status::Game;
    }
    warnings_.clear();
    diagnostic.game_number = game.number;
    diagnostic.line = impl_->error_line();
    diagnostic.message = impl_->error();
    return Status::Skipped;
  }
}

}  // namespace quarry::chess
