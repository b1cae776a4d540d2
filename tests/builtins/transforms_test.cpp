// Transform family: images of a filter under board symmetries and colour swaps.
#include <catch2/catch.hpp>

#include "evaluate.h"
#include "game_evaluation.h"

using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// White king a1 and rook b2, black king h8: no symmetry maps the position to itself.
const std::string kCorner = "7k/8/8/8/8/8/1R6/K7 w - - 0 1";
}  // namespace

TEST_CASE("flipcolor of a set is the union of both colours' images", "[transforms]") {
  CHECK(Evaluation("flipcolor K", kStart).squares() == squares_of("e1 e8"));
  CHECK(Evaluation("flipcolor Ka1", kCorner).squares() == squares_of("a1"));
  CHECK(Evaluation("flipcolor ka8", kCorner).squares() == squares_of("a1"));  // image: Ka1
  CHECK(Evaluation("reversecolor Ka1", kCorner).squares().is_empty());          // image only: ka8
}

TEST_CASE("flipcolor of a logical filter matches when any image matches", "[transforms]") {
  CHECK(Evaluation("flipcolor btm", kStart).matches());
  CHECK_FALSE(Evaluation("reversecolor wtm", kStart).matches());
  CHECK(Evaluation("flipcolor {Rb2 kh8}", kCorner).matches());
  CHECK(Evaluation("flipcolor {rb7 Kh1}", kCorner).matches());  // its image is {Rb2 kh8}
  CHECK_FALSE(Evaluation("flipcolor {Rb7 kh8}", kCorner).matches());
}

TEST_CASE("flip covers all eight symmetries, rotate90 the four rotations", "[transforms]") {
  CHECK(Evaluation("flip Kh8", kCorner).matches());
  CHECK(Evaluation("flip count Ka1", kCorner).number() == 1);
  CHECK(Evaluation("flip count {Ka1 Rb2}", kCorner).number() == 1);
  CHECK(Evaluation("rotate90 Kh1", kCorner).squares() == squares_of("a1"));
  CHECK(Evaluation("rotate90 count Kh1", kCorner).number() == 1);
  CHECK(Evaluation("fliphorizontal Ka8", kCorner).squares() == squares_of("a1"));  // a1<->a8
  CHECK(Evaluation("flipvertical Kh1", kCorner).squares() == squares_of("a1"));    // a1<->h1
  CHECK_FALSE(Evaluation("flipvertical Ka8", kCorner).matches());
}

TEST_CASE("shift translates square designators", "[transforms]") {
  CHECK(Evaluation("shift Kc3", kCorner).matches());
  CHECK(Evaluation("shifthorizontal Kh1", kCorner).matches());
  CHECK_FALSE(Evaluation("shiftvertical Kh1", kCorner).matches());
  CHECK(Evaluation("shiftvertical count Ka1-2", kCorner).number() == 2);  // a1-2 and a1 (shifted down)
}

TEST_CASE("the empty square set has no square to lose under a shift, however it is spelled", "[transforms]") {
  CHECK_FALSE(Evaluation("shift []", kCorner).matches());
  CHECK_FALSE(Evaluation("shift [ ]", kCorner).matches());
  CHECK(Evaluation("flip not [ ]", kCorner).matches());
}

TEST_CASE("notransform shields its argument", "[transforms]") {
  CHECK(Evaluation("flipcolor notransform K", kStart).squares() == squares_of("e1"));
}

namespace {
// Rook d4 sees the black king g7 along the northeast diagonal only.
const std::string kDiagonalRook = "8/6k1/8/8/3R4/8/8/K7 w - - 0 1";
}  // namespace

TEST_CASE("rotate45 turns directions by multiples of 45 degrees", "[transforms]") {
  CHECK_FALSE(Evaluation("ray up (R k)", kDiagonalRook).matches());
  CHECK(Evaluation("rotate45 ray up (R k)", kDiagonalRook).squares() == squares_of("g7"));
  CHECK(Evaluation("rotate45 count ray up (R k)", kDiagonalRook).number() == 1);
  CHECK(Evaluation("rotate45 count ray orthogonal (R k)", kDiagonalRook).number() == 1);  // orthogonal, diagonal
  CHECK(Evaluation("rotate45 up 1 K", kDiagonalRook).squares() == squares_of("a2 b1 b2"));
  CHECK(Evaluation("rotate45 count up 1 K", kDiagonalRook).number() == 3);
  // vertical, offdiagonal, horizontal, maindiagonal: one copy each, three reach a square from a1.
  CHECK(Evaluation("rotate45 count vertical 1 K", kDiagonalRook).number() == 3);
  CHECK(Evaluation("rotate45 count anydirection 1 K", kDiagonalRook).number() == 1);
  CHECK(Evaluation("rotate45 { ray up (R k) }", kDiagonalRook).matches());
  // Squares do not move: light and dark stay as written.
  CHECK(Evaluation("rotate45 dark K", kDiagonalRook).squares() == squares_of("a1"));
  CHECK(Evaluation("rotate45 light K", kDiagonalRook).squares().is_empty());
}

TEST_CASE("rotate45 needs square designators that cover the whole board", "[transforms]") {
  using quarry::testing::compile_error;
  const std::string message = "rotate45 needs square designators that cover the whole board";
  CHECK(compile_error("rotate45 ray up (Rd4 k)") == message);
  CHECK(compile_error("rotate45 up 1 a1-8") == message);
  CHECK(compile_error("rotate45 { K ray up ([RQ]a-h1 k) }") == message);
  CHECK(compile_error("rotate45 { . [Aa] _ [] ray up (R k) }").empty());
  CHECK(compile_error("rotate45 { notransform Rd4 ray up (R k) }").empty());
  CHECK(Evaluation("rotate45 { notransform Rd4 ray up (R k) }", kDiagonalRook).matches());
}

TEST_CASE("a transformed logical filter ORs its copies, a transformed set filter unites them", "[transforms]") {
  // Seed 003, "Insufficient Mating Material": `flipcolor not dark [Bb]` holds when all bishops
  // stand on squares of one colour, while `not flipcolor dark [Bb]` is false whenever there is a
  // bishop, because `flipcolor dark [Bb]` is the union of the dark- and light-square bishops.
  const std::string same_colour = "4k3/8/8/8/8/8/8/3BKB2 w - - 0 1";   // d1, f1: light squares
  const std::string both_colours = "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1";  // c1 dark, f1 light
  CHECK(Evaluation("flipcolor not dark [Bb]", same_colour).matches());
  CHECK_FALSE(Evaluation("not flipcolor dark [Bb]", same_colour).matches());
  CHECK(Evaluation("flipcolor dark [Bb]", same_colour).squares() == squares_of("d1 f1"));
  CHECK_FALSE(Evaluation("flipcolor not dark [Bb]", both_colours).matches());
  CHECK_FALSE(Evaluation("not flipcolor dark [Bb]", both_colours).matches());
}

TEST_CASE("currenttransform names the transforms acting on it", "[transforms]") {
  CHECK(Evaluation("currenttransform", kStart).text() == "<>");
  // x is a variable, which transforms leave alone: only the reflected copy of `x == h1` holds
  // (the CQL 6.1 currenttransform page's example).
  CHECK(Evaluation(R"(x = a1 flipvertical { x == h1 currenttransform })", kStart).text() == "<reflect_v>");
  CHECK(Evaluation(R"(reversecolor currenttransform)", kStart).text() == "<colorswap>");
  CHECK(Evaluation(R"(x = a1 reversecolor flipvertical { x == h8 currenttransform })", kStart).text() ==
        "<colorswap reflect_v>");
  CHECK(Evaluation(R"(x = a1 shifthorizontal { x == b1 currenttransform })", kStart).text() == "<shift(-1,0)>");
  CHECK(Evaluation(R"(flipvertical notransform currenttransform)", kStart).text() == "<>");
}

TEST_CASE("transforms swap the colours of result", "[transforms]") {
  // result reads the game, not the position: a one-position game has no result, so the check is
  // on the bound filter through a game tag (see the golden test lang-result-transform).
  quarry::testing::Evaluation white("reversecolor result 1-0", kStart);
  CHECK_FALSE(white.matches());
  CHECK(quarry::testing::compile_error("flipcolor result 1-0") == "");
  CHECK(quarry::testing::compile_error("reversecolor result 2-0") != "");
}

namespace {
// The standard filters and transform keywords under names no table knows: flip's and rotate45's
// registrations under other names, and one with a set of its own (the a1<->h1 mirror, a colour swap
// without the identity). What they do comes from their FilterSpec, not from their names.
const quarry::interpreter::Registry& renamed_transforms() {
  static const quarry::interpreter::Registry registry = [] {
    using quarry::interpreter::FilterSpec;
    using quarry::interpreter::Transform;
    quarry::interpreter::Registry r;
    quarry::builtins::register_builtins(r);
    r.add_family({"renamed", [](quarry::interpreter::Registry& reg) {
                    FilterSpec mirrors = reg.spec(reg.keywords().find("flip"));
                    mirrors.shape.name = "allmirrors";
                    reg.add(std::move(mirrors));
                    FilterSpec sideways = reg.spec(reg.keywords().find("flipcolor"));
                    sideways.shape.name = "sidewaysswap";
                    sideways.transform.set = {Transform{.dihedral = 5, .swap_colors = true}};
                    reg.add(std::move(sideways));
                    FilterSpec turns = reg.spec(reg.keywords().find("rotate45"));
                    turns.shape.name = "compassturns";
                    reg.add(std::move(turns));
                  }});
    return r;
  }();
  return registry;
}
}  // namespace

TEST_CASE("a keyword registered with a transform set is a transform, whatever its name", "[transforms]") {
  const auto& registry = renamed_transforms();
  CHECK(Evaluation("allmirrors Kh8", kCorner, registry).matches());
  CHECK(Evaluation("allmirrors count {Ka1 Rb2}", kCorner, registry).number() == 1);
  CHECK(Evaluation("allmirrors Kh8", kCorner, registry).squares() == squares_of("a1"));
  // Its own set, one transform: `kh1` becomes `Ka1` (mirrored a1<->h1, colours exchanged).
  CHECK(Evaluation("sidewaysswap kh1", kCorner, registry).squares() == squares_of("a1"));
  CHECK_FALSE(Evaluation("sidewaysswap Ka1", kCorner, registry).matches());
  CHECK(Evaluation("sidewaysswap currenttransform", kCorner, registry).text() == "<colorswap reflect_h reflect_v>");
  CHECK(Evaluation("sidewaysswap wtm", "7k/8/8/8/8/8/1R6/K7 b - - 0 1", registry).matches());
  // A set that turns directions only admits whole-board designators, as rotate45 does.
  CHECK(Evaluation("compassturns count (up 1 K)", kCorner, registry).number() == 3);  // up, right, northeast of a1
  CHECK_THROWS_WITH(Evaluation("compassturns Ka1", kCorner, registry),
                    Catch::Contains("compassturns needs square designators that cover the whole board"));
  // The standard registry knows none of these words.
  CHECK_THROWS(Evaluation("allmirrors Kh8", kCorner));
}

TEST_CASE("flipcolor over copies that start with a pin: the copies ruled out match nothing", "[transforms]") {
  // Only black pins here: re8 pins the white knight e4 to the king e1. Each copy of these bodies
  // starts with a pin of designators, so a look at the sliders rules out the copies that cannot
  // match (here the untransformed one) before they are read.
  const std::string black_pins = "4r1k1/8/8/8/4N3/8/8/4K3 w - - 0 1";
  CHECK(Evaluation("flipcolor pin from [RQB] to k", black_pins).squares() == squares_of("e8"));
  CHECK(Evaluation("flipcolor {pin from [RQB] to k}", black_pins).squares() == squares_of("e8"));  // a set, as match
  CHECK(Evaluation("flipcolor {pin from [RQB] to k}", black_pins).matches());
  CHECK(Evaluation("flipcolor {pin from [RQB] to k btm}", black_pins).matches());  // the image: wtm
  CHECK_FALSE(Evaluation("flipcolor {pin from [RQB] to k wtm}", black_pins).matches());
  CHECK(Evaluation("flipcolor {pin from [RQB] to k 3}", black_pins).number() == 3);
  CHECK(Evaluation("flipcolor {pin from [RQB] through n to k}", black_pins).matches());  // the image: through N
  CHECK_FALSE(Evaluation("flipcolor {pin from [RQB] through N to k}", black_pins).matches());
  CHECK(Evaluation("flipcolor {pin to Ke1-8}", black_pins).matches());  // to: one piece on some squares
  CHECK(Evaluation("flipcolor {pin to {Ke1}}", black_pins).matches());  // not a designator: not screened
  CHECK(Evaluation("flipcolor {pin from r}", black_pins).matches());     // to absent: both kings
  CHECK_FALSE(Evaluation("flipcolor {pin from [RQ] to kd8}", black_pins).matches());  // the image: to Kd1
  CHECK_FALSE(Evaluation("flipcolor {pin to k}", kStart).matches());
  // A copy that is read leaves its comments only when it matches.
  quarry::testing::GameEvaluation commented(R"(flipcolor {pin from [RQB] to k comment("pin") btm})", black_pins);
  CHECK(commented.matches());
  REQUIRE(commented.context().comments().size() == 1);
  quarry::testing::GameEvaluation rolled_back(R"(flipcolor {pin from [RQB] to k comment("pin") wtm})", black_pins);
  CHECK_FALSE(rolled_back.matches());
  CHECK(rolled_back.context().comments().empty());
  // Not screened: something is read before the pin.
  CHECK(Evaluation("flipcolor {btm pin from [RQB] to k}", black_pins).matches());
  CHECK_FALSE(Evaluation("flipcolor {wtm pin from [RQB] to k}", black_pins).matches());
}
