// A narrower way to read a string filter's text where it is used as a lookup key: filters whose
// text is short and cheap to write (zobristkey: 16 hex digits, one byte past std::string's inline
// buffer) write it into the caller's buffer, so `$D[zobristkey]` allocates nothing per position.
// Filter::text stays the general entry point; this is an extra interface a filter may implement.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "interpreter/filter.h"

namespace quarry::builtins {

// Text of at most kCapacity bytes, kept inline.
class ShortText {
 public:
  static constexpr std::size_t kCapacity = 32;
  char* data() { return bytes_.data(); }
  void set_size(std::size_t size) { size_ = size; }
  std::string_view view() const { return {bytes_.data(), size_}; }

 private:
  std::array<char, kCapacity> bytes_;  // only the first size_ are written and read
  std::size_t size_ = 0;
};

// Implemented beside Filter by string filters that can write their text into a ShortText.
class ShortTextSource {
 public:
  // Writes the same text as Filter::text into `out`; false where Filter::text has no value.
  virtual bool short_text(interpreter::Context& ctx, ShortText& out) const = 0;

 protected:
  ShortTextSource() = default;
  ~ShortTextSource() = default;
  ShortTextSource(const ShortTextSource&) = default;
  ShortTextSource& operator=(const ShortTextSource&) = default;
};

}  // namespace quarry::builtins
