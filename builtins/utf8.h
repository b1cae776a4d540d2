// UTF-8 text as CQLi sees it: strings are sequences of Unicode code points, so length, index,
// slices and case work on code points, not bytes. Malformed bytes count as one code point each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quarry::builtins::utf8 {

// The number of code points.
std::size_t length(std::string_view s);
// The byte offset where code point `index` starts; s.size() for index == length(s); nullopt past
// that or for a negative index.
std::optional<std::size_t> offset(std::string_view s, std::int64_t index);
// The code point index of the character starting at byte `byte_offset`.
std::size_t index_of_offset(std::string_view s, std::size_t byte_offset);
// The UTF-8 bytes of a code point; empty for surrogates and values past U+10FFFF.
std::string encode(char32_t c);
// Case mapping for the scripts chess names are written in: ASCII, Latin-1, Latin Extended-A,
// Greek and Cyrillic (one code point to one code point; others are left as they are).
std::string to_lower(std::string_view s);
std::string to_upper(std::string_view s);

}  // namespace quarry::builtins::utf8
