// The fuzzed entry points: each takes arbitrary bytes and must neither crash, nor hang, nor trip
// a sanitizer. The libFuzzer targets call them, and the normal tests replay the kept inputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace quarry::fuzz {

void query_compile(std::string_view input);   // parse + bind a query
void query_evaluate(std::string_view input);  // compile, then evaluate over a fixed game
void pgn_read(std::string_view input);        // read, replay, write and read back every game
void fen_parse(std::string_view input);       // parse a FEN, print it, generate moves
void san_parse(std::string_view input);       // "FEN\nSAN": decode a move and write it back

// The target called `name` ("query", "evaluate", "pgn", "fen", "san"); nullptr if unknown.
using Entry = void (*)(std::string_view);
Entry entry_named(std::string_view name);

}  // namespace quarry::fuzz
