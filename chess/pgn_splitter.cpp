// The game splitter: PgnLexer's token rules replayed over a buffer without making tokens, and
// PgnReader::Impl::read's rules for where a game ends. Each branch below names the lexer function
// it follows; a change to one needs the same change to the other (tests/chess/pgn_splitter_test
// compares them on every test file and the corpus).
#include "chess/pgn_splitter.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>

#include "chess/byte_scan.h"
#include "chess/page_mapping.h"
#include "chess/pgn_lexer.h"

namespace quarry::chess {
namespace {

constexpr bool is_digit(int c) { return c >= '0' && c <= '9'; }

constexpr std::uint8_t kSymbolClass = 1;
constexpr std::uint8_t kBlankClass = 2;
constexpr std::uint8_t kNewlineClass = 3;

constexpr std::array<std::uint8_t, 257> make_classes() {
  std::array<std::uint8_t, 257> t{};  // index 0 is end of input (-1)
  for (int c = 0; c < 256; ++c) {
    if (is_pgn_letter(c) || is_digit(c)) t[c + 1] = kSymbolClass;
  }
  for (char c : std::string_view("+#=-/:_")) t[static_cast<unsigned char>(c) + 1] = kSymbolClass;
  for (int c : {0x20, 0x09, 0x0D, 0x0B, 0x0C, 0x1A, 0x00}) t[c + 1] = kBlankClass;
  t['\n' + 1] = kNewlineClass;
  return t;
}

constexpr std::array<std::uint8_t, 257> kClasses = make_classes();

// Movetext words that need no token-by-token reading (Scanner::skip_plain_words): their bytes are
// kPlainByte, and they end at a kSpaceByte. Every token that starts in such a word ends inside it
// or at its end (symbols, move numbers, NAGs, !? suffixes, evaluation signs, and a word starting
// with '#', which the lexer reads to the next byte <= ' '), and none of them is a result, a tag, a
// comment or a group: results need '-', '/', '*' or "½"; tags, comments and groups need a byte
// outside the set. '-' and '/' are plain only in a word without digits ("O-O", "+/-"). The blanks
// are all <= ' ', where a word starting with '#' ends too.
constexpr std::uint8_t kPlainByte = 1;
constexpr std::uint8_t kSpaceByte = 2;
constexpr std::uint8_t kDashByte = 4;  // '-' and '/'
constexpr std::uint8_t kNameByte = 8;  // is_pgn_name_char

constexpr std::array<std::uint8_t, 256> make_word_bytes() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    if (is_pgn_letter(c) || is_digit(c)) t[c] = kPlainByte;
  }
  for (char c : std::string_view(".+#=:_!?$")) t[static_cast<unsigned char>(c)] = kPlainByte;
  for (int c : {0x20, 0x09, 0x0D, 0x0B, 0x0C, 0x1A, 0x00, 0x0A}) t[c] = kSpaceByte;
  t['-'] = t['/'] = kDashByte;
  for (int c = 0; c < 256; ++c) {
    if (is_pgn_name_char(c)) t[c] |= kNameByte;
  }
  return t;
}

constexpr std::array<std::uint8_t, 256> kWordBytes = make_word_bytes();

std::uint8_t word_byte(char c) { return kWordBytes[static_cast<unsigned char>(c)]; }

bool is_symbol_char(int c) { return kClasses[c + 1] == kSymbolClass; }

bool is_result_text(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "1/2"; }

bool is_garbage(int c) {
  switch (c) {
    case '@': case '#': case '&': case '^': case '~': case '|': case '\\': case '<': case '>':
    case '`': case '"': case '\'':
      return true;
    default: return false;
  }
}

// What the reader does with a token; the kinds it treats alike are merged.
enum class Token : std::uint8_t {
  End, Tag, Comment, Result, Symbol, VariationStart, VariationEnd, BracketStart, BracketEnd, Other
};

class Scanner {
 public:
  Scanner(std::string_view data, bool at_eof, bool nested_comments)
      : d_(data.data()), n_(data.size()), eof_(at_eof), nested_comments_(nested_comments) {}

  Token next();
  bool short_of_data() const { return short_; }
  std::size_t pos() const { return pos_; }
  std::size_t token_start() const { return token_; }
  void set_movetext() { movetext_ = true; }
  // From now on runs of plain movetext words are passed over without tokens: only once the game
  // has a symbol (has_game) and is in its movetext, where such words change nothing the reader does.
  void skip_plain_text() { skip_plain_ = true; }
  // Before the movetext: passes over the tag lines that follow, each a line's end ("\n" or
  // "\r\n") and `[Name "value"]`, as next() would return them one Tag at a time, without a token
  // each (most of a game's tokens before its movetext).
  void skip_tag_lines();

 private:
  // The byte at i, or -1 past the end; past the end of data that may continue, the scan is short.
  int at(std::size_t i) {
    if (i < n_) return static_cast<unsigned char>(d_[i]);
    if (!eof_) short_ = true;
    return -1;
  }
  bool has(std::size_t k) {  // PgnLexer::ensure
    if (pos_ + k <= n_) return true;
    if (!eof_) short_ = true;
    return false;
  }
  bool skip_space();
  bool tag_pair_follows(bool line_start);
  Token tag_line(std::size_t name_offset);
  bool quoted_tag_end(std::size_t name, std::size_t& end) const;
  void skip_plain_words();
  Token lex_tag();
  void skip_to_line_end();
  void brace_comment();
  void bracketed_command();
  Token number_or_symbol();
  Token symbol();

  const char* d_;
  std::size_t n_;
  bool eof_;
  bool nested_comments_;  // PgnLexer::set_nested_comments
  bool short_ = false;
  std::size_t pos_ = 0;
  std::size_t token_ = 0;
  bool movetext_ = false;
  bool skip_plain_ = false;
  bool line_start_ = true;
};

bool Scanner::skip_space() {  // PgnLexer::skip_space
  while (true) {
    while (pos_ < n_) {
      const std::uint8_t cls = kClasses[static_cast<unsigned char>(d_[pos_]) + 1];
      if (cls == kNewlineClass) {
        line_start_ = true;
      } else if (cls != kBlankClass) {
        break;
      }
      ++pos_;
    }
    token_ = pos_;
    if (pos_ == n_) {
      if (!eof_) short_ = true;
      return false;
    }
    if (static_cast<unsigned char>(d_[pos_]) != 0xEF) return true;
    if (!has(3) || d_[pos_ + 1] != '\xBB' || d_[pos_ + 2] != '\xBF') return true;
    pos_ += 3;
  }
}

void Scanner::skip_to_line_end() {  // PgnLexer::skip_to_line_end
  pos_ = static_cast<std::size_t>(find_byte<'\n', '\r'>(d_ + pos_, d_ + n_) - d_);
  if (pos_ == n_ && !eof_) short_ = true;
}

bool Scanner::tag_pair_follows(bool line_start) {  // PgnLexer::tag_pair_follows
  return tag_pair_follows_bracket([this](std::size_t k) { return at(pos_ + k); }, line_start);
}

// The end of a tag `Name "value"]` whose name starts at `name`, as parse_tag_line finds it (the
// first unescaped '"' followed by blanks and ']'), without looking for the line's end first:
// false when the value runs into the line's end or the data's, where parse_tag_line decides.
bool Scanner::quoted_tag_end(std::size_t name, std::size_t& end) const {
  std::size_t i = name;
  auto blank = [this](std::size_t k) { return k < n_ && (d_[k] == ' ' || d_[k] == '\t'); };
  while (i < n_ && (word_byte(d_[i]) & kNameByte) != 0) ++i;
  while (blank(i)) ++i;
  if (i >= n_ || d_[i] != '"') return false;
  for (++i; i < n_; ++i) {
    i = static_cast<std::size_t>(find_byte<'"', '\\', '\n', '\r'>(d_ + i, d_ + n_) - d_);
    if (i == n_) return false;
    const char c = d_[i];
    if (c == '\n' || c == '\r') return false;
    if (c == '\\') {
      if (i + 1 >= n_ || d_[i + 1] == '\n' || d_[i + 1] == '\r') return false;
      ++i;
      continue;
    }
    std::size_t k = i + 1;
    while (blank(k)) ++k;
    if (k < n_ && d_[k] == ']') {
      end = k + 1;
      return true;
    }
  }
  return false;
}

Token Scanner::tag_line(std::size_t name_offset) {
  std::size_t end = 0;
  if (quoted_tag_end(token_ + name_offset, end)) {
    pos_ = end;
    return Token::Tag;
  }
  skip_to_line_end();
  const TagLine tag = parse_tag_line(std::string_view(d_ + token_, pos_ - token_), name_offset);
  pos_ = token_ + tag.tag_end;
  return Token::Tag;
}

// PgnLexer::next: a line end, then '[' → lex_tag, repeated while each line is a plain tag;
// anything else is left to next().
void Scanner::skip_tag_lines() {
  std::size_t end = 0;
  while (true) {
    const std::size_t line_feed = pos_ < n_ && d_[pos_] == '\r' ? pos_ + 1 : pos_;
    if (line_feed + 2 >= n_ || d_[line_feed] != '\n' || d_[line_feed + 1] != '[' ||
        !is_pgn_name_char(static_cast<unsigned char>(d_[line_feed + 2])) || !quoted_tag_end(line_feed + 2, end)) {
      return;
    }
    token_ = line_feed + 1;
    pos_ = end;
    line_start_ = false;
  }
}

Token Scanner::lex_tag() {
  ++pos_;
  while (at(pos_) == ' ' || at(pos_) == '\t') ++pos_;
  if (!is_pgn_name_char(at(pos_))) return Token::End;  // not a tag: the '[' alone is skipped
  return tag_line(pos_ - token_);
}

void Scanner::brace_comment() {  // PgnLexer::lex_brace_comment
  ++pos_;
  std::size_t depth = 0;  // braces opened inside the comment (nested comments only)
  while (true) {
    const char* e = d_ + n_;
    // Engine comments run to tens of kilobytes: 16 bytes at a time.
    const char* p = nested_comments_ ? find_byte<'}', '\n', '{'>(d_ + pos_, e) : find_byte<'}', '\n'>(d_ + pos_, e);
    pos_ = static_cast<std::size_t>(p - d_);
    if (p == e) {
      if (!eof_) short_ = true;
      return;
    }
    ++pos_;
    if (*p == '{' || (*p == '}' && depth > 0)) {
      depth = *p == '{' ? depth + 1 : depth - 1;
      continue;
    }
    if (*p == '}') return;
    if (has(7) && std::memcmp(d_ + pos_, "[Event ", 7) == 0) return;
  }
}

void Scanner::bracketed_command() {  // PgnLexer::lex_bracketed_command
  for (int c = at(pos_); c != -1 && c != ']' && c != '\n'; c = at(pos_)) ++pos_;
  if (at(pos_) == ']') ++pos_;
}

Token Scanner::number_or_symbol() {  // PgnLexer::lex_number_or_symbol
  while (pos_ < n_ && is_digit(static_cast<unsigned char>(d_[pos_]))) ++pos_;
  if (pos_ == n_ && !eof_) short_ = true;
  auto ellipsis = [this] {
    return at(pos_) == 0xE2 && has(3) && d_[pos_ + 1] == '\x80' && d_[pos_ + 2] == '\xA6';
  };
  if (at(pos_) != '.' && !ellipsis()) return symbol();
  while (true) {
    if (at(pos_) == '.') {
      ++pos_;
    } else if (ellipsis()) {
      pos_ += 3;
    } else {
      return Token::Other;  // a move number
    }
  }
}

Token Scanner::symbol() {  // PgnLexer::lex_symbol
  while (pos_ < n_ && is_symbol_char(static_cast<unsigned char>(d_[pos_]))) ++pos_;
  if (pos_ == n_ && !eof_) short_ = true;
  if (is_pgn_letter(static_cast<unsigned char>(d_[token_])) &&
      (at(pos_) == '"' || (at(pos_) == ' ' && at(pos_ + 1) == '"'))) {
    return tag_line(0);
  }
  std::size_t length = pos_ - token_;
  const char last = d_[pos_ - 1];
  if (last == 'e' && has(3) && std::memcmp(d_ + pos_, ".p.", 3) == 0) {
    pos_ += 3;
    --length;
  } else if (last == 'p' && length >= 2 && d_[pos_ - 2] == 'e' &&
             (length == 2 || is_digit(static_cast<unsigned char>(d_[pos_ - 3])))) {
    length -= 2;
  }
  const std::string_view text(d_ + token_, length);
  if (!text.empty() && is_digit(static_cast<unsigned char>(text[0])) && is_result_text(text)) return Token::Result;
  return Token::Symbol;
}

// Passes over plain words (kWordBytes) from pos_, a token's start, and stops at the start of the
// first word that needs reading token by token: the one holding a byte outside the set, or the word
// before a '"' (a name followed by ` "` reads as a tag). Each word's start is a token's start,
// since every token in a plain word ends within it; line_start_ is then the lexer's: whether a line
// feed came after the last word passed.
void Scanner::skip_plain_words() {
  const char* const start = d_ + pos_;
  const char* const e = d_ + n_;
  auto word_start = [start](const char* q) {
    while (q != start && word_byte(q[-1]) != kSpaceByte) --q;
    return q;
  };
  const char* p = start;
  while (true) {
    p = skip_usual_movetext(p, e);
    if (p == e) break;
    if ((word_byte(*p) & (kPlainByte | kSpaceByte)) != 0) {
      ++p;
      continue;
    }
    if (word_byte(*p) != kDashByte) break;
    // '-' or '/': plain in a word without digits, which holds no result.
    const char* const word = word_start(p);
    const char* end = p;
    while (end != e && (word_byte(*end) & (kPlainByte | kDashByte)) != 0) ++end;
    if (end == e || word_byte(*end) != kSpaceByte || std::any_of(word, end, [](char c) { return is_digit(c); })) break;
    p = end;
  }
  const char* resume = word_start(p != e && *p == '"' && p != start ? p - 1 : p);
  if (resume == start) return;
  pos_ = static_cast<std::size_t>(resume - d_);
  line_start_ = false;
  for (const char* q = resume; q != start && word_byte(q[-1]) == kSpaceByte; --q) {
    if (q[-1] == '\n') {
      line_start_ = true;
      break;
    }
  }
}

Token Scanner::next() {  // PgnLexer::next
  while (true) {
    if (!skip_space()) return Token::End;
    if (skip_plain_ && (word_byte(d_[pos_]) & kPlainByte) != 0) {
      skip_plain_words();
      if (!skip_space()) return Token::End;
    }
    const bool line_start = line_start_;
    line_start_ = false;
    const int c = static_cast<unsigned char>(d_[pos_]);
    switch (c) {
      case '[':
        if (movetext_ && !tag_pair_follows(line_start)) {
          if (at(pos_ + 1) == '%') {
            bracketed_command();
            return Token::Comment;
          }
          ++pos_;
          return Token::BracketStart;
        }
        if (lex_tag() == Token::Tag) return Token::Tag;
        continue;
      case ']':
        if (!movetext_) break;
        ++pos_;
        return Token::BracketEnd;
      case '{': brace_comment(); return Token::Comment;
      case ';': ++pos_; skip_to_line_end(); return Token::Comment;
      case '%': skip_to_line_end(); continue;
      case '(': ++pos_; return Token::VariationStart;
      case ')': ++pos_; return Token::VariationEnd;
      case '$':
        ++pos_;
        while (is_digit(at(pos_))) ++pos_;
        return Token::Other;
      case '!': case '?':
        while (at(pos_) == '!' || at(pos_) == '?') ++pos_;
        return Token::Other;
      case '*': ++pos_; return Token::Result;
      case 0xC2:
        if (has(5) && std::memcmp(d_ + pos_, "\xC2\xBD-\xC2\xBD", 5) == 0) {
          pos_ += 5;
          return Token::Result;
        }
        break;
      default:
        if (is_digit(c)) return number_or_symbol();
        if (c == '+' || c == '=' || (c == '-' && (at(pos_ + 1) == '/' || at(pos_ + 1) == '+'))) {
          for (int b = at(pos_); b == '+' || b == '-' || b == '/' || b == '='; b = at(pos_)) ++pos_;
          return Token::Other;  // an evaluation sign
        }
        if (is_pgn_letter(c) || c == '-') return symbol();
        if (is_garbage(c)) {
          for (int b = at(pos_); b > ' ' && b != '{' && b != '(' && b != ')' && b != '['; b = at(pos_)) ++pos_;
          return Token::Symbol;
        }
        break;
    }
    ++pos_;
  }
}

// PgnReader::Impl::close_group: ')' closes the innermost group when it is a '('; ']' closes
// every group up to its '['.
void close_group(std::vector<char>& groups, char closer) {
  if (groups.empty()) return;
  if (closer == ')') {
    if (groups.back() == ')') groups.pop_back();
    return;
  }
  if (std::find(groups.begin(), groups.end(), ']') == groups.end()) return;
  while (true) {
    const char top = groups.back();
    groups.pop_back();
    if (top == ']') return;
  }
}

}  // namespace

GameScan scan_game(std::string_view data, bool at_eof, bool strict, std::vector<char>& groups,
                   bool nested_comments) {  // PgnReader::Impl::read
  Scanner scan(data, at_eof, nested_comments);
  groups.clear();
  GameScan out;
  bool movetext = false;
  while (true) {
    const Token t = scan.next();
    if (scan.short_of_data()) return out;
    if (t == Token::End) {
      out.length = data.size();
      break;
    }
    if (t == Token::Tag) {
      if (movetext) {
        out.length = scan.token_start();
        break;
      }
      out.has_game = true;
      scan.skip_tag_lines();
      continue;
    }
    if (t == Token::Comment) continue;
    if (!movetext) scan.set_movetext();
    movetext = true;
    out.has_game = out.has_game || t == Token::Symbol;
    if (out.has_game) scan.skip_plain_text();
    if (t == Token::Result && groups.empty()) {
      out.has_game = true;
      out.length = scan.pos();
      break;
    }
    switch (t) {
      case Token::VariationStart: groups.push_back(')'); break;
      case Token::VariationEnd: close_group(groups, ')'); break;
      case Token::BracketStart:
        if (!strict) groups.push_back(']');  // strict reading stops the game's movetext there
        break;
      case Token::BracketEnd: close_group(groups, ']'); break;
      default: break;
    }
  }
  out.outcome = GameScan::Outcome::Complete;
  out.lines = count_line_feeds(data.data(), data.data() + out.length);
  return out;
}

std::unique_ptr<PgnSplitter> PgnSplitter::open(const std::string& path, bool strict, std::string* error,
                                               bool nested_comments, SplitterBlocks* blocks) {
  std::unique_ptr<ByteSource> source = open_byte_source(path, error);
  if (!source) return nullptr;
  return std::make_unique<PgnSplitter>(std::move(source), strict, nested_comments, blocks);
}

PgnSplitter::PgnSplitter(std::unique_ptr<ByteSource> source, bool strict, bool nested_comments,
                         SplitterBlocks* blocks)
    : source_(std::move(source)),
      strict_(strict),
      nested_comments_(nested_comments),
      blocks_(blocks != nullptr ? blocks : &own_blocks_) {}

PgnSplitter::~PgnSplitter() {
  if (blocks_ == &own_blocks_) return;
  for (EarlierBlock& earlier : earlier_) blocks_->give(std::move(earlier.block));
  if (capacity_ >= kBlockSize) blocks_->give({std::move(buf_), capacity_, mapped_});
}

// Reads the next step into the block: as many bytes as are not handed out yet, and kReadStep at
// least, so that a game longer than a step is rescanned a logarithmic number of times, not once
// per step. A step at a time, not a block: the threads get the first games after one step, and a
// new block's pages are touched a step at a time while they work. When the block has no room for
// the step, the bytes not handed out move to the front (at least half a block is then free).
// While text handed out lives in the block (text_owner), or bytes handed out are kept for a
// rewind (keep_from), they go to the front of another, and the block stays as it is.
void PgnSplitter::read_more() {
  std::size_t step = std::max(kReadStep, end_ - begin_);
  if (capacity_ - end_ < step) {
    const std::size_t unread = end_ - begin_;
    const std::size_t want = unread + std::max(kBlockSize / 2, unread);
    const bool keeps_handed_out = begin_ > 0 && keep_from_ < base_ + begin_;
    if (keeps_handed_out || buf_.use_count() > 1 || capacity_ < want) {
      SplitterBlocks::Block block = blocks_->take(std::max(want, kBlockSize));
      SplitterBlocks::Block old{std::exchange(buf_, std::move(block.bytes)), capacity_, mapped_};
      capacity_ = block.capacity;
      mapped_ = block.mapped;
      map_through(std::min(capacity_, unread + step));
      if (unread > 0) std::memcpy(buf_.get(), old.bytes.get() + begin_, unread);
      if (keeps_handed_out) {
        earlier_.push_back(EarlierBlock{std::move(old), base_});
      } else if (old.capacity >= kBlockSize) {
        blocks_->give(std::move(old));
      }
    } else if (begin_ > 0) {
      std::memmove(buf_.get(), buf_.get() + begin_, unread);
    }
    base_ += begin_;
    begin_ = 0;
    end_ = unread;
    step = std::min(step, capacity_ - end_);
  }
  const std::size_t until = end_ + step;
  map_through(until);
  while (end_ < until) {
    const std::size_t n = source_->read(buf_.get() + end_, until - end_);
    if (n == 0) {
      eof_ = true;
      failed_ = !source_->error().empty();
      // A whole input is in memory now: its file and decompressor go, so that the threads' reader,
      // which keeps the splitters of inputs whose chunks are in flight (GameFeed::split), holds
      // no descriptor or decoder for them. A failed source stays for error().
      if (!failed_) {
        file_bytes_at_end_ = source_->file_bytes_read();
        source_.reset();
        fit_whole_input();
      }
      return;
    }
    end_ += n;
  }
}

void PgnSplitter::fit_whole_input() {
  const bool whole_in_block = base_ == 0 && begin_ == 0 && earlier_.empty() && buf_.use_count() == 1;
  if (!whole_in_block || capacity_ < kBlockSize || end_ > kReadStep) return;
  std::shared_ptr<char[]> fitted = std::make_shared_for_overwrite<char[]>(std::max<std::size_t>(end_, 1));
  std::memcpy(fitted.get(), buf_.get(), end_);
  blocks_->give({std::exchange(buf_, std::move(fitted)), capacity_, mapped_});
  capacity_ = mapped_ = end_;
}

const std::string& PgnSplitter::error() const {
  static const std::string kNone;
  return source_ ? source_->error() : kNone;
}

void PgnSplitter::map_through(std::size_t until) {
  if (until <= mapped_) return;
  map_pages_for_writing(buf_.get() + mapped_, until - mapped_);
  mapped_ = until;
}

PgnSplitter::Status PgnSplitter::next(std::string_view& text, std::uint64_t& first_line) {
  while (true) {
    if (failure_told_) return Status::End;
    const std::string_view rest(buf_.get() + begin_, end_ - begin_);
    if (rest.empty() && eof_ && !failed_) return Status::End;
    // After a failure the data is scanned as if more were to come: a game whose reading reached
    // the end of the data is read by the reader that meets the failure.
    GameScan scan = rest.empty() ? GameScan{} : scan_game(rest, eof_ && !failed_, strict_, groups_, nested_comments_);
    if (scan.outcome == GameScan::Outcome::NeedMore) {
      if (!eof_) {
        read_more();
        continue;
      }
      text = rest;
      first_line = line_;
      begin_ = end_;
      failure_told_ = true;
      return Status::Failed;
    }
    text = rest.substr(0, scan.length);
    first_line = line_;
    line_ += scan.lines;
    begin_ += scan.length;
    if (scan.has_game) return Status::Game;
  }
}

}  // namespace quarry::chess
