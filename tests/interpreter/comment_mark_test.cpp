// Comment marks: a mark counts the comments and edits made before it, a rollback drops only what
// came after it (the edits always, the comments with smart comments on), and marks compare equal
// exactly when nothing was added or dropped between them.
#include <catch2/catch.hpp>

#include <string>

#include "interpreter/context.h"

using quarry::interpreter::CommentMark;
using quarry::interpreter::Context;
using quarry::interpreter::GameEdit;

namespace {
void add_comment(Context& ctx, const char* text) { ctx.comments().push_back({0, text}); }
void add_edit(Context& ctx) { ctx.edits().push_back(GameEdit{}); }
}  // namespace

TEST_CASE("a comment mark counts what came before it", "[context]") {
  Context ctx;
  const CommentMark empty = ctx.comment_mark();
  CHECK(empty.comments() == 0);
  CHECK(empty.edits() == 0);
  for (int i = 0; i < 1000; ++i) add_comment(ctx, "c");  // the vector reallocates on the way
  add_edit(ctx);
  add_edit(ctx);
  const CommentMark mark = ctx.comment_mark();
  CHECK(mark.comments() == 1000);
  CHECK(mark.edits() == 2);
  CHECK_FALSE(mark == empty);
  CHECK(mark == ctx.comment_mark());
}

TEST_CASE("rolling back to a mark drops what came after it", "[context]") {
  Context ctx;
  add_comment(ctx, "kept");
  add_edit(ctx);
  const CommentMark mark = ctx.comment_mark();
  ctx.rollback_comments(mark);  // nothing after it: nothing dropped
  CHECK(ctx.comments().size() == 1);
  CHECK(ctx.edits().size() == 1);
  add_comment(ctx, "dropped");
  add_edit(ctx);
  CHECK_FALSE(mark == ctx.comment_mark());
  ctx.rollback_comments(mark);
  REQUIRE(ctx.comments().size() == 1);
  CHECK(ctx.comments()[0].text == "kept");
  CHECK(ctx.edits().size() == 1);
  CHECK(mark == ctx.comment_mark());

  SECTION("without smart comments a failing branch keeps its comments, not its edits") {
    ctx.set_smart_comments(false);
    add_comment(ctx, "also kept");
    add_edit(ctx);
    ctx.rollback_comments(mark);
    CHECK(ctx.comments().size() == 2);
    CHECK(ctx.edits().size() == 1);
  }
  SECTION("truncating drops both, smart comments or not") {
    ctx.set_smart_comments(false);
    add_comment(ctx, "gone");
    add_edit(ctx);
    ctx.truncate_comments(mark);
    CHECK(ctx.comments().size() == 1);
    CHECK(ctx.edits().size() == 1);
  }
}

TEST_CASE("a comment added as text after a rollback reuses a dropped comment's string, not its text", "[context]") {
  Context ctx;
  const CommentMark empty = ctx.comment_mark();
  const std::string longer(100, 'x');  // past any short-string buffer
  ctx.add_comment_text(1, longer);
  ctx.add_comment_text(2, "End line of length 5 that starts at move 14(wtm)");
  const char* const first_memory = ctx.comments()[0].text.data();
  const char* const second_memory = ctx.comments()[1].text.data();
  ctx.rollback_comments(empty);
  CHECK(ctx.comments().empty());
  ctx.add_comment_text(3, "Start line that ends at move 16(wtm)");
  ctx.add_comment_text(4, "");
  ctx.add_comment_text(5, longer + "y");
  REQUIRE(ctx.comments().size() == 3);
  CHECK(ctx.comments()[0].node == 3);
  CHECK(ctx.comments()[0].text == "Start line that ends at move 16(wtm)");
  CHECK(ctx.comments()[1].node == 4);
  CHECK(ctx.comments()[1].text.empty());
  CHECK(ctx.comments()[2].text == longer + "y");
  // The dropped strings' memory, the last dropped first.
  CHECK(ctx.comments()[0].text.data() == second_memory);
  CHECK(ctx.comments()[1].text.data() == first_memory);

  SECTION("without smart comments nothing is dropped, so nothing is reused") {
    ctx.set_smart_comments(false);
    const CommentMark mark = ctx.comment_mark();
    ctx.add_comment_text(6, "kept");
    ctx.rollback_comments(mark);
    REQUIRE(ctx.comments().size() == 4);
    CHECK(ctx.comments()[3].text == "kept");
  }
  SECTION("many dropped at once") {
    const CommentMark mark = ctx.comment_mark();
    for (int i = 0; i < 100; ++i) ctx.add_comment_text(7, std::to_string(i) + longer);
    ctx.rollback_comments(mark);
    CHECK(ctx.comments().size() == 3);
    for (int i = 0; i < 100; ++i) ctx.add_comment_text(8, std::to_string(i));
    REQUIRE(ctx.comments().size() == 103);
    CHECK(ctx.comments()[3].text == "0");
    CHECK(ctx.comments()[102].text == "99");
  }
}
