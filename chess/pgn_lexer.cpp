// PGN lexer: block-buffered scanning of tags, comments and movetext tokens, tolerant of the
// quirks real files have (BOMs, CRLF, ^Z, broken tag quoting, glued !/? suffixes).
#include "chess/pgn_lexer.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

#include "chess/byte_scan.h"
#include "chess/pgn_lexer_next.h"

namespace quarry::chess {

namespace {

using lexer_detail::is_digit;

// "1/2" alone is how some old files write a draw.
bool is_result_text(std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "1/2"; }

}  // namespace

std::string_view trim_pgn_blanks(std::string_view s) {
  auto is_blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

int suffix_nag(std::string_view s) {
  if (s == "!") return 1;
  if (s == "?") return 2;
  if (s == "!!") return 3;
  if (s == "??") return 4;
  if (s == "!?") return 5;
  if (s == "?!") return 6;
  return 0;
}

PgnLexer::PgnLexer(ByteSource* source) : source_(source) { eof_ = source == nullptr; }

PgnLexer::PgnLexer(std::FILE* stream) : owned_source_(byte_source_from_stream(stream)), source_(owned_source_.get()) {}

PgnLexer::PgnLexer(std::string text) : text_(std::move(text)), data_(text_.data()), end_(text_.size()), eof_(true) {}

void PgnLexer::reset(std::string_view text, std::uint64_t first_line) {
  owned_source_.reset();
  source_ = nullptr;
  data_ = text.data();
  end_ = text.size();
  pos_ = token_ = 0;
  line_ = token_line_ = first_line;
  replay_ = false;
  eof_ = true;
  read_error_ = false;
  movetext_ = false;
  skip_move_numbers_ = false;
  line_start_ = true;
}

bool PgnLexer::refill() {
  if (eof_) return false;
  const std::size_t kept = end_ - token_;
  // Doubling keeps a long token (a 50 kB engine comment, a huge line) linear to scan; otherwise
  // the token's bytes move to the front and about a block is read behind them.
  if (capacity_ - kept < kBlockSize / 2) {
    const std::size_t capacity = std::max(capacity_ * 2, kept + kBlockSize);
    std::unique_ptr<char[]> grown = std::make_unique_for_overwrite<char[]>(capacity);
    if (kept > 0) std::memcpy(grown.get(), data_ + token_, kept);
    buf_ = std::move(grown);
    capacity_ = capacity;
  } else if (token_ > 0) {
    std::memmove(buf_.get(), buf_.get() + token_, kept);
  }
  data_ = buf_.get();
  pos_ -= token_;
  end_ = kept;
  token_ = 0;
  const std::size_t n = source_->read(buf_.get() + end_, capacity_ - end_);
  if (n == 0) {
    read_error_ = !source_->error().empty();
    eof_ = true;
    return false;
  }
  end_ += n;
  return true;
}

int PgnLexer::refill_and_peek() { return refill() ? static_cast<unsigned char>(data_[pos_]) : -1; }

bool PgnLexer::ensure(std::size_t n) {
  while (end_ - pos_ < n) {
    if (!refill()) return false;
  }
  return true;
}

template <class Keep>
void PgnLexer::skip_while(Keep keep) {
  while (true) {
    const char* p = data_ + pos_;
    const char* const e = data_ + end_;
    while (p != e && keep(static_cast<unsigned char>(*p))) ++p;
    pos_ = static_cast<std::size_t>(p - data_);
    if (p != e || !refill()) return;
  }
}

bool PgnLexer::skip_space() {
  while (true) {
    const char* const e = data_ + end_;
    const char* p = skip_blanks(data_ + pos_, e);
    pos_ = static_cast<std::size_t>(p - data_);
    token_ = pos_;
    if (p == e) {
      if (!refill()) return false;
      continue;
    }
    if (static_cast<unsigned char>(*p) != 0xEF) return true;
    // UTF-8 byte-order mark, at the file start or between joined files
    if (!ensure(3) || data_[pos_ + 1] != '\xBB' || data_[pos_ + 2] != '\xBF') return true;
    pos_ += 3;
  }
}

const PgnToken& PgnLexer::end_of_input() {
  tok_ = PgnToken{};
  tok_.line = line_;
  return tok_;
}

// A line ends at LF, CRLF or a lone CR (old Mac files): a ';' comment in a CR-only file must
// not swallow the rest of the file.
void PgnLexer::skip_to_line_end() {
  do {
    const char* p = find_byte<'\n', '\r'>(data_ + pos_, data_ + end_);
    pos_ = static_cast<std::size_t>(p - data_);
    if (pos_ != end_) return;
  } while (refill());
}

// The same as next_inline() (chess/pgn_lexer_next.h), for every reader of tokens but the PGN reader's loop.
const PgnToken& PgnLexer::next() { return next_inline(); }

// ASCII punctuation that no PGN token starts with: the word it starts is passed on as a symbol,
// so the reader reports it as an unparseable move instead of silently dropping it.
bool PgnLexer::is_garbage(int c) {
  switch (c) {
    case '@': case '#': case '&': case '^': case '~': case '|': case '\\': case '<': case '>':
    case '`': case '"': case '\'':
      return true;
    default: return false;
  }
}

const PgnToken& PgnLexer::lex_garbage() {
  skip_while([](unsigned char b) { return !(b <= ' ' || b == '{' || b == '(' || b == ')' || b == '['); });
  return make(PgnTokenKind::Symbol, token_, pos_);
}

// A '[' in movetext that is not a tag: "[%clk 0:01]" (a command that lost its braces) is read as
// a comment up to its ']'; any other '[' opens a square-bracket variation.
const PgnToken& PgnLexer::lex_movetext_bracket() {
  if (ensure(2) && data_[pos_ + 1] == '%') return lex_bracketed_command();
  ++pos_;
  return make(PgnTokenKind::BracketStart, pos_ - 1, pos_);
}

const PgnToken& PgnLexer::lex_bracketed_command() {
  for (int c = peek(); c != -1 && c != ']' && c != '\n'; c = peek()) ++pos_;
  if (peek() == ']') ++pos_;
  make(PgnTokenKind::Comment, token_, pos_);
  tok_.text = trim_pgn_blanks(tok_.text);
  return tok_;
}

bool PgnLexer::at_event_tag() { return ensure(7) && std::memcmp(data_ + pos_, "[Event ", 7) == 0; }

const PgnToken& PgnLexer::lex_brace_comment() {
  ++pos_;
  bool unterminated = false;
  std::size_t stop = 0;
  std::size_t depth = 0;  // braces opened inside the comment (nested comments only)
  while (true) {
    if (pos_ == end_ && !refill()) {
      unterminated = true;
      stop = pos_;
      break;
    }
    // Jump to the next '}' or line break, 16 bytes at a time: engine comments run to tens of
    // kilobytes.
    const char* const e = data_ + end_;
    const char* p = nested_comments_ ? find_byte<'}', '\n', '{'>(data_ + pos_, e) : find_byte<'}', '\n'>(data_ + pos_, e);
    pos_ = static_cast<std::size_t>(p - data_);
    if (p == e) continue;
    if (*p == '{' || (*p == '}' && depth > 0)) {
      depth = *p == '{' ? depth + 1 : depth - 1;
      ++pos_;
      continue;
    }
    if (*p == '}') {
      stop = pos_++;
      break;
    }
    ++pos_;
    ++line_;
    // A comment missing its '}' must not swallow the rest of the file.
    if (at_event_tag()) {
      unterminated = true;
      stop = pos_;
      break;
    }
  }
  make(PgnTokenKind::Comment, token_ + 1, stop);
  tok_.text = trim_pgn_blanks(tok_.text);
  tok_.unterminated = unterminated;
  return tok_;
}

const PgnToken& PgnLexer::lex_line_comment() {
  ++pos_;
  skip_to_line_end();
  make(PgnTokenKind::Comment, token_ + 1, pos_);
  tok_.text = trim_pgn_blanks(tok_.text);
  return tok_;
}

bool PgnLexer::lex_number_or_symbol_in_general() {
  skip_while([](unsigned char b) { return is_digit(b); });
  int c = peek();
  auto ellipsis = [&] { return c == 0xE2 && ensure(3) && data_[pos_ + 1] == '\x80' && data_[pos_ + 2] == '\xA6'; };
  if (c != '.' && !ellipsis()) {
    lex_symbol();
    return true;
  }
  while (true) {
    c = peek();
    if (c == '.') {
      ++pos_;
    } else if (ellipsis()) {
      pos_ += 3;
    } else {
      break;
    }
  }
  if (skip_move_numbers_) return false;
  make(PgnTokenKind::MoveNumber, token_, pos_);
  return true;
}

const PgnToken& PgnLexer::lex_symbol() {
  do {
    pos_ = static_cast<std::size_t>(skip_symbol_bytes(data_ + pos_, data_ + end_) - data_);
  } while (pos_ == end_ && refill());
  // `Event "Name"]`: a tag line that lost its '[' (movetext never has a quote after a word).
  if (is_pgn_letter(static_cast<unsigned char>(data_[token_]))) {
    const int after = peek();
    if (after == '"' || (after == ' ' && ensure(2) && data_[pos_ + 1] == '"')) return tag_line(0);
  }
  // En passant marks: "dxc6ep", "dxc6e.p." and a separate "e.p." are dropped. Lengths, not
  // positions, survive the refill that ensure() may do.
  std::size_t length = pos_ - token_;
  const char last = data_[pos_ - 1];
  if (last == 'e' && ensure(3) && std::memcmp(data_ + pos_, ".p.", 3) == 0) {
    pos_ += 3;
    --length;
  } else if (last == 'p' && length >= 2 && data_[pos_ - 2] == 'e' &&
             (length == 2 || is_digit(static_cast<unsigned char>(data_[pos_ - 3])))) {
    length -= 2;
  }
  make(PgnTokenKind::Symbol, token_, token_ + length);
  if (!tok_.text.empty() && is_digit(static_cast<unsigned char>(tok_.text[0])) && is_result_text(tok_.text)) {
    tok_.kind = PgnTokenKind::Result;
  }
  return tok_;
}

// Evaluation signs some files put in movetext ("+/-", "=", "-+"), read as their NAGs.
const PgnToken& PgnLexer::lex_evaluation() {
  for (int c = peek(); c == '+' || c == '-' || c == '/' || c == '='; c = peek()) ++pos_;
  make(PgnTokenKind::Nag, token_, pos_);
  static constexpr std::pair<std::string_view, std::uint16_t> kSigns[] = {
      {"=", 10}, {"+=", 14}, {"+/=", 14}, {"=+", 15}, {"=/+", 15}, {"+/-", 16},
      {"-/+", 17}, {"+-", 18}, {"-+", 19}};
  for (const auto& [sign, nag] : kSigns) {
    if (tok_.text == sign) tok_.nag = nag;
  }
  return tok_;
}

const PgnToken& PgnLexer::lex_suffix() {
  for (int c = peek(); c == '!' || c == '?'; c = peek()) ++pos_;
  make(PgnTokenKind::Nag, token_, pos_);
  tok_.nag = static_cast<std::uint16_t>(suffix_nag(tok_.text));
  return tok_;
}

const PgnToken& PgnLexer::lex_nag() {
  ++pos_;
  unsigned value = 0;
  for (int c = peek(); is_digit(c); c = peek()) {
    value = std::min(value * 10 + static_cast<unsigned>(c - '0'), 1000u);
    ++pos_;
  }
  make(PgnTokenKind::Nag, token_, pos_);
  tok_.nag = value <= 255 ? static_cast<std::uint16_t>(value) : 0;
  return tok_;
}

}  // namespace quarry::chess
