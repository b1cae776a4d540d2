// The fuzzed entry points: each takes arbitrary bytes and must neither crash, nor hang, nor trip
// a sanitizer. The libFuzzer targets call them, and the normal tests replay the kept inputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace quarry::fuzz {

void query_compile(std::string_view input);   // parse + bind a query
void query_evaluate(std::string_view input);  // compile, then evaluate over a fixed game
void pgn_read(std::string_view input);        // read, replay, write and read back every game
// Cut as the threaded run cuts (each game's text; speculative chunks with their lookahead, cut
// again serially where a chunk fails its check): every game reads as in the whole text.
void pgn_split(std::string_view input);
void fen_parse(std::string_view input);       // parse a FEN, print it, generate moves
void san_parse(std::string_view input);       // "FEN\nSAN": decode a move and write it back
void retro_parse(std::string_view input);     // a FEN: retract every move, replay it, judge reachability
// "FEN\nXQUERY": the query, inside the speculative move or imagine filter that byte X picks,
// evaluated over the FEN's position and two moves after it.
void imaginary_evaluate(std::string_view input);
// The imagine target's query: `body` inside the wrapper `picker` selects (modulo their number).
std::string imaginary_query(unsigned char picker, std::string_view body);
std::size_t imaginary_wrapper_count();

// The target called `name` ("query", "evaluate", "pgn", "split", "fen", "san", "retro", "imagine");
// nullptr if unknown.
using Entry = void (*)(std::string_view);
Entry entry_named(std::string_view name);
// The largest input the libFuzzer target `name` passes on (larger ones are skipped).
std::size_t max_fuzz_input(std::string_view name);
// The CPU seconds one input of target `name` may take before the fuzzer reports it as a hang:
// far above the slowest honest input (a query stops at its step budget within ~30 ms under ASan,
// a FEN takes microseconds), far below libFuzzer's wall-clock -timeout.
long cpu_seconds_per_input(std::string_view name);

}  // namespace quarry::fuzz
