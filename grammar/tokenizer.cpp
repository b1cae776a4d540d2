// The PEGTL grammar of CQL's lexical layer and bracket structure. The only file that includes
// PEGTL; its actions build Quarry's token tree as the grammar reads. (PEGTL's parse tree would
// allocate a node for every rule it tries, most of them discarded: that was most of the cost of
// compiling a query.)
#include <tao/pegtl.hpp>

#include "grammar/tokens.h"

#include <cctype>
#include <string>
#include <utility>
#include <vector>

namespace quarry::grammar {
namespace {

namespace pegtl = tao::pegtl;
using namespace pegtl;  // NOLINT: rule definitions read as a grammar

// --- layout ---------------------------------------------------------------------------------
struct line_comment : seq<two<'/'>, until<eolf>> {};
// Rules that carry an error message raise on any failure, so each "must" rule is tried only
// where nothing else can follow: after the body has consumed everything it can.
struct block_comment_body : star<not_at<string<'*', '/'>>, any> {};
struct block_comment_end : string<'*', '/'> {};
struct block_comment : if_must<string<'/', '*'>, block_comment_body, block_comment_end> {};
struct separator : sor<plus<space>, line_comment, block_comment> {};
struct seps : star<separator> {};

// --- literals -------------------------------------------------------------------------------
struct string_escape : seq<one<'\\'>, any> {};
struct string_body : star<sor<string_escape, not_one<'"', '\\'>>> {};
struct string_end : one<'"'> {};
struct string_opened : success {};  // marks where the string began, for "never closed" errors
struct string_literal : if_must<one<'"'>, string_opened, string_body, string_end> {};
struct number : plus<digit> {};
// `\2`, `\-2`, `\{year}`, `\-{year}` outside strings: a capture of the last `~~`. At most nine
// digits, so a group number always fits.
struct capture_name : seq<sor<alpha, one<'_'>>, star<sor<alnum, one<'_'>>>> {};
struct capture_group : sor<seq<rep_min_max<1, 9, digit>, not_at<digit>>, seq<one<'{'>, capture_name, one<'}'>>> {};
struct capture_body : seq<opt<one<'-'>>, capture_group> {};
struct capture_reference : if_must<one<'\\'>, capture_body> {};
// `\n` `\t` `\r` `\"` `\\` outside strings: CQL's one-character string filters.
struct escaped_character : seq<one<'\\'>, one<'n', 't', 'r', '"', '\\'>> {};

// --- piece designators: `K`, `[RQ]`, `a-h1-8`, `[a1,b2-4]`, `Qa3`, `_`, `.` -----------------
struct piece_letter : one<'K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p', 'A', 'a', '_'> {};
struct file_designator : seq<range<'a', 'h'>, opt<seq<one<'-'>, range<'a', 'h'>>>> {};
struct rank_designator : seq<range<'1', '8'>, opt<seq<one<'-'>, range<'1', '8'>>>> {};
struct simple_square : seq<file_designator, rank_designator> {};
struct square_list : seq<one<'['>, list<simple_square, one<','>, space>, one<']'>> {};
struct square_designator : sor<simple_square, square_list> {};
struct piece_type_list : seq<one<'['>, plus<piece_letter>, one<']'>> {};
struct piece_types : sor<piece_type_list, piece_letter> {};
struct ident_char : sor<alnum, one<'_', '$'>> {};
struct empty_set : seq<one<'['>, star<space>, one<']'>> {};
struct piece_designator
    : sor<seq<sor<square_designator, seq<piece_types, opt<square_designator>>>, not_at<ident_char>>, empty_set,
          one<'.'>> {};

// --- names and operators --------------------------------------------------------------------
// `o-o` and `o-o-o` (castling, parameters of `move`) are words, not `o - o`.
struct castling_word : seq<string<'o', '-', 'o'>, opt<string<'-', 'o'>>, not_at<ident_char>> {};
struct identifier : sor<castling_word, seq<sor<alpha, one<'_', '$'>>, star<ident_char>>> {};
struct operator_token
    : sor<string<'-', '-', '>'>, string<'<', '-', '-'>, string<'~', '~'>, string<'=', '='>, string<'!', '='>,
          string<'<', '='>, string<'>', '='>, string<'+', '='>, string<'-', '='>, string<'*', '='>,
          string<'/', '='>, string<'%', '='>, string<'|', '='>, string<'&', '='>, string<'=', '?'>,
          one<'<', '>', '=', '+', '-', '*', '/', '%', '#', '&', '|', '~', ':', '`', ',', '?'>> {};

// --- groups -----------------------------------------------------------------------------------
struct items;
struct close_brace : one<'}'> {};
struct close_paren : one<')'> {};
struct close_bracket : one<']'> {};
// The grammar counts the groups it is inside (Nesting below), so only real brackets count:
// brackets in strings and comments are text.
struct group_opened : success {};
struct group_closed : success {};
struct brace_group : if_must<one<'{'>, group_opened, seps, items, close_brace, group_closed> {};
struct paren_group : if_must<one<'('>, group_opened, seps, items, close_paren, group_closed> {};
struct index_group : if_must<one<'['>, group_opened, seps, items, close_bracket, group_closed> {};
struct atom : sor<string_literal, number, escaped_character, capture_reference, piece_designator, identifier, brace_group, paren_group> {};
struct primary : seq<atom, star<index_group>> {};
struct item : sor<primary, operator_token> {};
struct items : star<item, seps> {};
struct end_of_query : eof {};
struct query : must<seps, items, end_of_query> {};

// Messages a user sees; never rule names.
template <typename Rule> inline constexpr const char* error_message = nullptr;
template <> inline constexpr const char* error_message<block_comment_end> = "unterminated comment: '/*' has no closing '*/'";
template <> inline constexpr const char* error_message<string_end> = "unterminated string: missing closing '\"'";
template <> inline constexpr const char* error_message<capture_body> =
    "a '\\' outside a string is a capture reference (\\1, \\-1, \\{name}, \\-{name}) or one of \\n \\t \\r \\\"";
template <> inline constexpr const char* error_message<close_brace> = "missing '}' to close a '{'";
template <> inline constexpr const char* error_message<close_paren> = "missing ')' to close a '('";
template <> inline constexpr const char* error_message<close_bracket> = "missing ']' to close a '['";
template <> inline constexpr const char* error_message<end_of_query> = "unexpected character";
template <> inline constexpr const char* error_message<seps> = "unexpected character";
template <> inline constexpr const char* error_message<items> = "unexpected character";

// What the grammar tracks while it reads: the groups open around the current point (their
// bracket and where it stands) and where the last string began. PEGTL recurses once per nested
// group, so absurd nesting is refused before it can exhaust the stack.
struct Nesting {
  static constexpr std::size_t kMaxDepth = 200;
  std::vector<std::pair<char, std::uint32_t>> open;
  std::uint32_t string_start = 0;
};

// The token tree as read so far: the tokens of the top level and of each group still open,
// outermost first.
struct TokenTree {
  const char* text;  // where the source starts: token ranges count from here
  std::vector<std::vector<Token>> levels{1};

  std::uint32_t offset(const char* at) const { return static_cast<std::uint32_t>(at - text); }
  void add(TokenKind kind, std::uint32_t begin, std::uint32_t end, std::vector<Token> children = {}) {
    Token token;
    token.kind = kind;
    token.range = {begin, end};
    token.text = std::string_view(text + begin, end - begin);
    token.children = std::move(children);
    levels.back().push_back(std::move(token));
  }
};

const char* const kTooDeep = "brackets nested too deeply (more than 200 levels)";

template <typename Rule> struct track : nothing<Rule> {};
// A token rule has matched: its token joins the innermost open group. A token is never taken
// back: past a token nothing fails but by raising an error (a group or string that opens must
// close), which ends the reading.
template <TokenKind Kind> struct read_token {
  template <typename ActionInput>
  static void apply(const ActionInput& in, Nesting&, TokenTree& tree) {
    tree.add(Kind, tree.offset(in.begin()), tree.offset(in.end()));
  }
};
template <> struct track<string_literal> : read_token<TokenKind::String> {};
template <> struct track<escaped_character> : read_token<TokenKind::String> {};
template <> struct track<number> : read_token<TokenKind::Number> {};
template <> struct track<capture_reference> : read_token<TokenKind::CaptureReference> {};
template <> struct track<piece_designator> : read_token<TokenKind::PieceDesignator> {};
template <> struct track<identifier> : read_token<TokenKind::Identifier> {};
template <> struct track<operator_token> : read_token<TokenKind::Operator> {};
template <> struct track<group_opened> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, Nesting& nesting, TokenTree& tree) {
    const auto at = static_cast<std::uint32_t>(in.position().byte - 1);  // the bracket just read
    nesting.open.emplace_back(in.begin()[-1], at);
    if (nesting.open.size() > Nesting::kMaxDepth) throw parse_error(kTooDeep, in);
    tree.levels.emplace_back();
  }
};
// The group's closer has been read: its tokens become the children of one group token, from
// its opening bracket to just past the closer.
template <> struct track<group_closed> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, Nesting& nesting, TokenTree& tree) {
    const auto [bracket, at] = nesting.open.back();
    nesting.open.pop_back();
    std::vector<Token> children = std::move(tree.levels.back());
    tree.levels.pop_back();
    const TokenKind kind = bracket == '{' ? TokenKind::BraceGroup : bracket == '(' ? TokenKind::ParenGroup : TokenKind::IndexGroup;
    tree.add(kind, at, tree.offset(in.begin()), std::move(children));
  }
};
template <> struct track<string_opened> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, Nesting& nesting, TokenTree&) {
    nesting.string_start = static_cast<std::uint32_t>(in.position().byte - 1);
  }
};

// Where the string or bracket a "missing closer" error is about was opened: the innermost group
// of that kind still open, or the string being read. npos if none.
std::size_t unclosed_opener(const Nesting& nesting, char opener) {
  if (opener == '"') return nesting.string_start;
  for (auto it = nesting.open.rbegin(); it != nesting.open.rend(); ++it) {
    if (it->first == opener) return it->second;
  }
  return std::string::npos;
}

struct error_table {
  template <typename Rule> static constexpr const char* message = error_message<Rule>;
};
template <typename Rule> using control = must_if<error_table, normal, false>::control<Rule>;

bool only_space_after(const std::string& t, std::size_t at) {
  for (std::size_t i = at; i < t.size(); ++i) {
    if (!std::isspace(static_cast<unsigned char>(t[i]))) return false;
  }
  return true;
}

}  // namespace

bool tokenize(const SourceFile& file, std::vector<Token>& out, Diagnostics& diagnostics) {
  pegtl::memory_input input(file.text().data(), file.text().size(), file.name());
  Nesting nesting;
  TokenTree tree{file.text().data()};
  try {
    if (!pegtl::parse<query, track, control>(input, nesting, tree)) {
      diagnostics.error(file, {0, 0}, "could not read the query");
      return false;
    }
    for (Token& token : tree.levels.front()) out.push_back(std::move(token));
    return true;
  } catch (const parse_error& e) {
    const auto& positions = e.positions();
    std::uint32_t at = positions.empty() ? 0 : static_cast<std::uint32_t>(positions.front().byte);
    std::string message(e.message());
    std::string hint;
    if (message == kTooDeep) {
      const std::uint32_t bracket = nesting.open.back().second;
      diagnostics.error(file, {bracket, bracket + 1}, std::move(message));
      return false;
    }
    // A bad capture reference: point at its backslash, not where reading it stopped.
    if (message == error_message<capture_body>) at = static_cast<std::uint32_t>(file.text().rfind('\\', at));
    if (message == "unexpected character" && at < file.text().size()) {
      char c = file.text()[at];
      if (c == '}' || c == ')' || c == ']') {
        message = std::string("unmatched '") + c + "'";
        hint = "remove it, or add the opening bracket it closes";
      } else {
        message = std::string("unexpected character '") + c + "'";
        if (c == ';') hint = "CQL comments are written // … or /* … */";
      }
    }
    // A closer missing at the end of the text: point at what it should close.
    static constexpr std::pair<const char*, char> kOpeners[] = {
        {"unterminated string: missing closing '\"'", '"'}, {"missing '}' to close a '{'", '{'},
        {"missing ')' to close a '('", '('}, {"missing ']' to close a '['", '['}};
    for (const auto& [text, opener] : kOpeners) {
      if (message != text || !only_space_after(file.text(), at)) continue;
      std::size_t start = unclosed_opener(nesting, opener);
      if (start != std::string::npos) {
        at = static_cast<std::uint32_t>(start);
        hint = "it is never closed";
      }
    }
    diagnostics.error(file, {at, at + 1}, std::move(message), std::move(hint));
    return false;
  }
}

}  // namespace quarry::grammar
