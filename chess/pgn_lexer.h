// PGN lexer: turns a byte source (file, stdin, compressed, string) into tags, movetext tokens and comments.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "chess/input_stream.h"

namespace quarry::chess {

enum class PgnTokenKind : std::uint8_t {
  End,             // input exhausted
  Tag,             // [Name "value"]: name, text = raw value (escapes still in it)
  Comment,         // {…} or ; to end of line: text without the delimiters, trimmed
  VariationStart,  // (
  VariationEnd,    // )
  Nag,             // $N, or a !/? suffix: nag holds the number (0 when the suffix is unknown)
  MoveNumber,      // 12.  12...  12…
  Symbol,          // a SAN move, "--", or any other word
  Result,          // 1-0 0-1 1/2-1/2 * ½-½
  BracketStart,    // '[' in movetext that is not a tag pair: a square-bracket variation opens
  BracketEnd,      // ']' in movetext
};

// Views in a token point into the lexer's buffer and stay valid until the next call to next().
struct PgnToken {
  PgnTokenKind kind = PgnTokenKind::End;
  std::string_view text;
  std::string_view name;        // Tag only
  std::uint64_t line = 0;       // 1-based line of the token's first byte
  std::uint16_t nag = 0;        // Nag only
  bool unterminated = false;    // Comment only: ran into end of input or a new game's [Event
};

// Reads big blocks and keeps only the bytes of the token being scanned, so memory stays bounded
// by the longest token (a comment or a tag line), never by the file. A text handed to reset() is
// read where it lies, without a copy.
class PgnLexer {
 public:
  static constexpr std::size_t kBlockSize = std::size_t{1} << 20;

  explicit PgnLexer(ByteSource* source);  // not owned by the lexer; null reads nothing
  explicit PgnLexer(std::FILE* stream);   // not closed by the lexer
  explicit PgnLexer(std::string text);
  PgnLexer(const PgnLexer&) = delete;
  PgnLexer& operator=(const PgnLexer&) = delete;

  // The next token. It lives in the lexer (no token is copied on the hot path) and, with the
  // views in it, stays valid until the next call to next() or reset().
  const PgnToken& next();
  // next() inline (chess/pgn_lexer_next.h): the reader's loop asks for every token, and a call
  // per token cost a frame and the token's fields read back from memory.
  inline const PgnToken& next_inline();
  // The next call to next() gives the token it gave last again (the reader stops a game at the
  // next game's first tag and reads that tag again for the next game).
  void unread() { replay_ = true; }
  // Starts over on `text`, whose first byte is on line `first_line` of its file: a game's text
  // cut from a file by the splitter. The text is read in place: it must stay valid (and
  // unchanged) for as long as tokens are read from it.
  void reset(std::string_view text, std::uint64_t first_line);
  // The input's first byte is on this line (before the first next()).
  void set_first_line(std::uint64_t line) { line_ = token_line_ = line; }
  // In movetext a '[' starts a tag only as a real tag pair: `[Name "` first on its line, or
  // `[Event "` anywhere (a record cut off mid-line); any other '[' and every ']' are brackets.
  // Outside movetext (the default) every '[' followed by a name is read as a tag.
  void set_movetext(bool movetext) { movetext_ = movetext; }
  // Move numbers ("12.", "12...") are passed over instead of given as tokens: the reader needs
  // none once a game's movetext has started. Off by default; reset() turns it off.
  void set_skip_move_numbers(bool skip) { skip_move_numbers_ = skip; }
  // CQLi's --nestedcomments: a '{' inside a brace comment opens a nested one, so the comment ends
  // at the '}' that closes the first '{'. Off (the PGN standard): the first '}' ends it.
  void set_nested_comments(bool nested) { nested_comments_ = nested; }
  // True when a read error stopped the input early.
  bool read_error() const { return read_error_; }
  // Bytes of a reset() text scanned so far: the end of the last token given, or one byte past it
  // after a usual move followed by a space (next_inline passes that space with the move). Asked
  // after a result, which is never such a move: threads check what follows a game cut
  // speculatively (interpreter/game_feed.h).
  std::size_t text_offset() const { return pos_; }
  // Where the last token read starts in the text (read as reset()'s text).
  std::size_t token_offset() const { return token_; }

 private:
  // Makes at least one more byte available, moving the current token to the front of the buffer.
  bool refill();
  int peek() { return pos_ < end_ ? static_cast<unsigned char>(data_[pos_]) : refill_and_peek(); }
  int refill_and_peek();
  bool ensure(std::size_t n);  // at least n bytes from pos_ are in the buffer
  bool skip_space();  // false at end of input
  inline const char* skip_blanks(const char* p, const char* e);
  // Moves pos_ past the bytes `keep` accepts, refilling as needed.
  template <class Keep>
  void skip_while(Keep keep);

  static bool is_garbage(int c);

  const PgnToken& lex_garbage();
  bool lex_tag();  // false: a '[' that starts no tag, passed over
  const PgnToken& lex_movetext_bracket();
  bool tag_pair_follows(bool line_start);
  const PgnToken& lex_bracketed_command();
  const PgnToken& tag_line(std::size_t name_offset);
  bool quoted_tag_in_buffer(std::size_t name_offset);
  const PgnToken& lex_evaluation();
  const PgnToken& lex_brace_comment();
  const PgnToken& lex_line_comment();
  inline bool lex_number_or_symbol();  // false: a move number, passed over (skip_move_numbers_)
  bool lex_number_or_symbol_in_general();  // its path with refills, ellipses and symbols
  const PgnToken& lex_symbol();
  inline bool lex_usual_symbol();  // next()'s fast path for the usual move
  const PgnToken& lex_suffix();
  const PgnToken& lex_nag();
  inline const PgnToken& make(PgnTokenKind kind, std::size_t start, std::size_t stop);
  const PgnToken& end_of_input();
  bool at_event_tag();
  void skip_to_line_end();

  std::unique_ptr<ByteSource> owned_source_;  // the FILE* constructor's
  ByteSource* source_ = nullptr;
  std::string text_;                      // the string constructor's text
  std::unique_ptr<char[]> buf_;           // blocks read from source_ (not zeroed: only read bytes are looked at)
  std::size_t capacity_ = 0;
  const char* data_ = nullptr;  // the bytes scanned: buf_, text_ or reset()'s text
  std::size_t pos_ = 0;    // next byte to scan
  std::size_t end_ = 0;    // end of valid bytes
  std::size_t token_ = 0;  // start of the token being scanned: refill keeps bytes from here
  std::uint64_t line_ = 1;
  std::uint64_t token_line_ = 1;
  PgnToken tok_;
  bool replay_ = false;
  bool eof_ = false;
  bool read_error_ = false;
  bool movetext_ = false;
  bool skip_move_numbers_ = false;
  bool nested_comments_ = false;
  bool line_start_ = true;  // no token yet on the current line
};

// A tag line `[Name "value"]` (or `Name "value"]`) whose name starts at `name_offset`: the name,
// the raw value, and where the tag ends in the line (the rest is lexed as tokens).
struct TagLine {
  std::string_view name;
  std::string_view text;
  std::size_t tag_end = 0;
};
TagLine parse_tag_line(std::string_view line, std::size_t name_offset);

// Letters, and the bytes of tag names: the lexer and the splitter read them alike.
constexpr bool is_pgn_letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_pgn_name_char(int c) { return is_pgn_letter(c) || (c >= '0' && c <= '9') || c == '_'; }

// At a '[' in movetext: `[Name "` is a tag pair when it starts its line, and `[Event "` always
// (the next record glued to a cut-off one). Square-bracket variations ("[14.Nxb5 Qa5]") and
// annotations ("[Diagram]") have no quoted value after a name. `at(k)` is the byte k after the
// '[' (-1 past the data): the lexer reads its refilled buffer, the splitter a block in memory.
template <class ByteAt>
bool tag_pair_follows_bracket(ByteAt at, bool line_start) {
  std::size_t i = 1;
  while (at(i) == ' ' || at(i) == '\t') ++i;
  const std::size_t name = i;
  if (!is_pgn_letter(at(i))) return false;
  while (is_pgn_name_char(at(i))) ++i;
  const std::size_t name_end = i;
  while (at(i) == ' ' || at(i) == '\t') ++i;
  if (at(i) != '"') return false;
  if (line_start) return true;
  constexpr std::string_view kEvent = "Event";
  if (name_end - name != kEvent.size()) return false;
  for (std::size_t k = 0; k < kEvent.size(); ++k) {
    if (at(name + k) != kEvent[k]) return false;
  }
  return true;
}

// Decodes a !/? suffix: "!" 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6, anything else 0.
int suffix_nag(std::string_view suffix);

// Undoes the \" and \\ escapes of a raw tag value into out (other backslashes are kept).
void unescape_tag_value(std::string_view raw, std::string& out);
// s without the blanks and line ends (' ', '\t', '\r', '\n') at either end.
std::string_view trim_pgn_blanks(std::string_view s);

}  // namespace quarry::chess
