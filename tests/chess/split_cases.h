// Texts the splitter tests cut (pgn_splitter_test, pgn_chunks_test): the opera game, and inputs
// with the quirks real files have.
#pragma once

#include <string>
#include <vector>

namespace quarry::test {

inline const char* const kOpera =
    "[Event \"Paris\"]\n[White \"Morphy\"]\n[Black \"Duke\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5\n"
    "10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8\n"
    "17. Rd8# 1-0\n\n";

// Inputs with the quirks real files have; each is also read after the opera game, glued on.
inline const std::vector<std::string> kQuirks = {
    "",
    "\n\n  \n",
    "{ a comment and nothing else }",
    "1. e4 e5 2. Nf3 *\n1. d4 d5 *\n",                       // games without tags
    "1. e4 e5\n\n1. d4 d5 1-0\n",                             // a tagless game running on
    "[Event \"a\"]\n[Site \"b\"",                             // a tag cut short at the end
    "[Event \"a\"]\n[Site \"b\n[White \"c\"]\n\n1. e4 *\n",   // a tag line cut short
    "Event \"lost its bracket\"]\n[White \"x\"]\n\n1. e4 e5 *\n[Event \"b\"]\n1. d4 *",
    "[Event \"a\"]\n\n1. e4 {a comment\n[with a bracket line]\n} e5 *\n",
    "[Event \"a\"]\n\n1. e4 {unclosed\n[Event \"b\"]\n\n1. d4 d5 *\n",
    "[Event \"a\"]\r[Site \"b\"]\r\r1. e4 e5 ; rest of line\r2. Nf3 *\r[Event \"c\"]\r\r1. d4 *\r",
    "[Event \"a\"]\r\n\r\n1. e4 e5 {two\r\nlines} 2. Nf3 1-0\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n",
    "%escaped line [Event \"no\"]\n[Event \"a\"]\n\n1. e4 % 1-0 escaped\ne5 *\n",
    // An error, then a result in a variation.
    "[Event \"a\"]\n\n1. e4 e5 2. Zz9 (2. Nf3 1-0) 3. Nc3 0-1\n[Event \"b\"]\n\n1. d4 *\n",
    "[Event \"a\"]\n\n1. e4 (1. d4 1-0 d5) e5 (1... c5 (1... e6 *) 2. Nf3) 1/2-1/2\n",
    "[Event \"a\"]\n\n1. e4 e5 [2. Nf3 (2. Nc3 *] 2. Bc4 * [Event \"b\"]\n1. d4 *\n",
    "[Event \"a\"]\n\n1. e4 e5 ] ) 2. Nf3 (2. Bc4 ] *) 1-0\n",
    "[Event \"a\"]\n\n1. e4 [%clk 0:01:00] e5 [Diagram] 2. Nf3 [White \"x\"] 1-0\n[White \"y\"]\n1. d4 *\n",
    "[Event \"a\"]\n\n1. e4 e5 2. Bc[Event \"d\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    "\xEF\xBB\xBF[Event \"bom\"]\n\n1. e4 \xC2\xBD-\xC2\xBD\n\xEF\xBB\xBF[Event \"b\"]\n1. d4 1/2\n",
    "[Event \"a\"]\n[FEN \"garbage\"]\n\n1. e4 (1. d4 *) 1-0\n[Event \"b\"]\n\n1. e4 *\n",
    "[Event \"a\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. N@f3 (3. Nc3 *) 1-0\n",
    "[Event \"a\"]\n\n1. e4 e5 2. dxc6ep e.p. 1/2ep 3. a3 1-0 garbage @x \"quoted\" 1-0\n",
    "[Event \"a\"]\n\n1. e4 $1 !? +/- = -+ 1... e5 2… Nf3 --  *\n",
    "[ Event \"spaced\" ]\n[ ]\n[\n\n1. e4 * [\n",
    "1-0\n*\n0-1 1/2-1/2\n",
    "{ before } [Event \"a\"] { between } [Site \"b\"]\n{ after }\n1. e4 * { trailing }\n",
    "[Event \"a\"]\n\n1. e4 {unterminated to the end",
    "[Event \"a\"]\n\n1. e4 (1. d4 (1. c4",
    // Movetext the splitter passes over a run of words at a time: results glued to other tokens,
    // '-' and '/' in words with and without digits, and the bytes that end a word.
    "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. O-O-O?! -- +/- -+ 12.1-0 *\n",
    "1. e4 e5 2. Nf3!1-0 [Event \"b\"]\n1. d4 *",
    "1. e4 $11-0 e5 2. d4 $1 1/2ep 3. c4 *\n",
    "1. e4 e5 (2. Nf3) 2. d4 exd4)1-0\n2. c3 (2. Nc3 1-0) 0-1\n",
    "1. e4 #x\x1A" "1-0 e5 #y\x0B" "1-0 2. d4 *\n",
    "1. e4\x00" "e5\x0B" "2. Nf3\x0C" "Nc6\t3. Bb5\r" "1-0\n",
    "1. e4 d5 2. e5 f5 3. exf6e.p.1-0 *\n1. e4 d5 2. e5 f5 3. exf6 e.p. 1-0ep 4. a3 1/2\n",
    "1. e4 e5 % 1-0 is not read\n2. Nf3 ; 0-1 neither\n2... Nc6 *\n",
    "1. e4 e5 2\xE2\x80\xA6 Nf3 3. \xE9t\xE9 Nc6 \xC2\xBD-\xC2\xBD\n",
    "1. e4 e5 2. Nf3Nc6Bb5a6Ba4Nf6Be7Re1b5Bb3d6c3 3. Re1!!!!!!!!!!!!!!!!!!!!!!?1-0 *\n",
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1/2-1/2",
    // A name followed by a quote in movetext reads as a tag line.
    "[Event \"a\"]\n\n1. e4 e5 White \"x\"] 2. Nf3 *\n",
    "[Event \"a\"]\n\n1. e4 e5\tWhite \"x\"] 2. Nf3 e5 Black\"y\"] 3. Bc4 O-O \"z\"] 12 \"w\"] *\n",
    "[Event \"a\"]\n\n1. e4 e5 White  \"x\"] 2. Nf3 O-O\"q\"] *\n",
    "[Event \"a\"]\n\n1. e4 e5 White \"",
    // '[' at a line's start (after a line feed only: CR alone does not start a line) or mid-line.
    "[Event \"a\"]\n\n1. e4 e5\n[White \"x\"]\n2. Nf3 *\n",
    "[Event \"a\"]\n\n1. e4 e5 [White \"x\"] 2. Nf3 *\n",
    "[Event \"a\"]\r\r1. e4 e5 \r[White \"x\"] 2. Nf3 *\r[Event \"b\"]\r\r1. d4 *\r",
    "[Event \"a\"]\n\n1. e4 e5 \n  \t[Site \"x\"] 2. Nf3 *\n",
    "[Event \"a\"]\n\n1. e4 e5\x0C\n[Site \"y\"] 2. Nf3 [Event \"b\"]\n\n1. d4 *\n",
    "[Event \"a\"]\n\n1. e4 e5\n2. Nf3 [White \"x\"] Nc6 *\n",
    "[Event \"a\"]\n\n1. e4 e5 {c}\n2. Nf3 [White \"x\"] Nc6 (2... d6)\n[Black \"y\"] *\n",
    "[Event \"a\"]\n[Black \"y\n1-0 \"]\n[Event \"b\"]\n\n1. d4 *\n",
    "[Event \"a\"]\n[Annotator \"end\\\n1-0 \"x\"]\n[Event \"b\"]\n1. d4 *\n",
    // Tag values: escapes, blanks before ']', quotes inside, two tags on a line, a line cut short.
    "[Event \"a \\\"quoted\\\" b\"]\n[Site \"back\\\\\"]\n[White \"x\" \t]\n[Black \"y\"junk\"]\n"
    "[Round \"1\"]  [Date \"2\"]\n[Annotator \"end\\\n[Result \"*\"]\n[ECO \"a\"b\n[Time \"t\"]\r\n\n1. e4 *\n",
    "[Event \"a value of more than sixteen bytes, with \\\"escapes\\\" past the first block\"]\n\n1. e4 *\n",
    "[Event unquoted value]\n[Site \"a\"] [White\t\t\"b\"]\n\n1. e4 *\n",
    // Comments whose end falls at every place of a 16-byte block.
    "1. e4 {} e5 {0} 2. Nf3 {0123456789abcde} Nc6 {0123456789abcdef} 3. Bb5 {0123456789abcdef0} a6 "
    "{0123456789abcdef0123456789abcde} 1-0\n",
    "1. e4 {a comment of several lines\nwith 1-0 in it\n[Event inside\nand more} e5 *\n",
    // Tag lines the splitter passes over in one loop, and the ones it leaves to the token rules.
    "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 *\r\n[Event \"c\"]\r\n[Site \"d\"]\r\n1. d4 *\r\n",
    "[Event \"a\"]\n[Site \"unclosed\n[Round \"1\"]\n1. e4 *\n",
    "[Event \"a\"]\n[Site \"x\\\"]\" ]\n[Round \"1\"]\n1. e4 1-0\n",
    "[Event \"a\"]\n[ Site \"b\"]\n[1 \"c\"]\n[Round\t\"2\"\t]\n1. e4 *\n",
    "[Event \"a\"]\r[Site \"b\"]\n\r\n[Round \"c\"]\n1. e4 *\n",
    "[Event \"a\"]\n{c}\n[Site \"b\"]\n[Round \"c\"] 1. e4 [Annotator \"x\"]\n1. d4 *\n",
    "[Event \"a\"] [Site \"b\"]\n[Round \"c\"]\n[White \"d",
    "[Event \"a\"]\n[Site \"b\"]\n[",
};

}  // namespace quarry::test
