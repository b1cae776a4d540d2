// Comment text as the writer writes it: read back unchanged, or compacted.
#include "chess/pgn_comment_text.h"

#include <catch2/catch.hpp>

using quarry::chess::append_readable_comment;
using quarry::chess::assign_compact_text;
using quarry::chess::plain_comment;

TEST_CASE("a comment is plain when it has no line end and no closing brace", "[pgn_comment_text]") {
  CHECK(plain_comment(""));
  CHECK(plain_comment("Game number 12"));
  CHECK_FALSE(plain_comment("two\nlines"));
  CHECK_FALSE(plain_comment("cr\r"));
  CHECK_FALSE(plain_comment("a } b"));
  CHECK(plain_comment("{ opens only"));
}

TEST_CASE("a comment is appended so that it reads back unchanged", "[pgn_comment_text]") {
  std::string out = "{";
  append_readable_comment(out, "a\r\nb\rc\n[Event \"x\"]\n[d");
  // CR LF and a lone CR become LF; a line that starts with '[' gets a space before it.
  CHECK(out == "{a\nb\nc\n [Event \"x\"]\n [d");
  // Only lines of the appended text: a '[' right after what was there before stays as it is.
  std::string after_line_end = "x\n";
  append_readable_comment(after_line_end, "[y");
  CHECK(after_line_end == "x\n[y");
}

TEST_CASE("compacted comment text has every run of blanks as one space, none at the ends", "[pgn_comment_text]") {
  std::string out = "old";
  assign_compact_text(out, " \t a \n\r\n b\f\vc  ");
  CHECK(out == "a b c");
  assign_compact_text(out, " \n ");
  CHECK(out.empty());
}
