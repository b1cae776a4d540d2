// Speculative chunks, for the threaded run's reader: where PgnSplitter::next_chunk cuts (the next
// line that starts with "[Event "), and the check a chunk's reader makes that it holds one game.
#pragma once

#include <string_view>

#include "chess/pgn_reader.h"

namespace quarry::chess {

// The blanks a chunk may hold before its game (skipped before the search for its end) and after
// its result: space, tab, CR, LF. The lexer takes more bytes as blanks (VT, FF, ...); a chunk with
// one of those after its result fails its check and is cut again serially, which is exact.
constexpr bool is_chunk_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The check of a chunk cut by PgnSplitter::next_chunk: `reader` read `chunk` and its lookahead
// from the chunk's start (read_text) and its next() gave `status`. True when that game is exactly
// the one the serial cut (next()) finds at the chunk's start, and the serial cut's next text
// starts, but for blanks, at the chunk's end: the game ended on its result outside every
// variation and only blanks (is_chunk_blank) follow it; or it ended on the next game's first tag
// and that tag starts where the chunk ends; or, in the last chunk of an input read whole, it ran
// to the chunk's end.
//
// Why that is exact: a chunk starts where the serial cut starts a text, so the reader reads that
// text's tokens up to the result. The chunk's last byte is a line feed (it ends where a line
// starts), and only blanks lie between the result and it: every look-ahead the lexer makes from
// a token before the result (for a pattern without a line feed, or over a run of bytes that
// stops at one) is decided at or before that line feed, so the chunk's end changes no token. The
// serial cut ends the game at the same result and starts the next text there: blanks, then the
// next chunk's first byte, at a line's start as a fresh reader's first byte is.
// A game without a result: the serial reader ends it on the tag `[Event "` that starts the next
// chunk, after its movetext. The lexer takes a '[' in movetext for a tag from the bytes of
// `[Event "` alone, and the lookahead holds that line to its line feed (else the reader takes no
// tag there, and the chunk fails): the serial reader lexes the tag to that line feed without a
// byte past it, so it meets no failure of the input there. The reader then puts the tag back for
// the next game, whose first token it is as it is a fresh reader's at the next chunk's start. So
// the game is the serial one when that tag starts exactly at the chunk's end.
// Text after the result (a comment would join the next game), tags without movetext (the next
// tags join them), a second game or none: the chunk fails, and is cut again serially.
bool chunk_holds_one_game(const PgnReader& reader, PgnReader::Status status, std::string_view chunk,
                          bool last_chunk);

}  // namespace quarry::chess
