// TagList: a game's tag pairs, in input order, in slots reused from game to game.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace quarry::chess {

struct Tag {
  std::string name;
  std::string value;
};

// The tags are the first count_ slots; the slots after them are tags dropped by clear() or
// remove(), kept with their string buffers for the next tags. clear() only resets the count: a
// reader reusing one Game per file copies no string and moves no Tag per tag (the next game's tags
// mostly have the same names in the same order, so a name in place is not even copied).
class TagList {
 public:
  TagList() = default;
  TagList(const TagList&) = default;
  TagList& operator=(const TagList&) = default;
  // A moved-from list is empty: its count must not outlive the slots it counted.
  TagList(TagList&& other) noexcept
      : slots_(std::move(other.slots_)), count_(std::exchange(other.count_, 0)) {
    other.slots_.clear();
  }
  TagList& operator=(TagList&& other) noexcept {
    slots_ = std::move(other.slots_);
    count_ = std::exchange(other.count_, 0);
    other.slots_.clear();
    return *this;
  }

  // Tags in input order, duplicates kept.
  std::span<const Tag> all() const { return {slots_.data(), count_}; }
  void clear() { count_ = 0; }
  // Value of the first tag with this name (case-sensitive), nullptr when absent.
  const std::string* find(std::string_view name) const;
  // Appends a tag (duplicates kept) in the next slot, reusing its string buffers.
  Tag& add(std::string_view name, std::string_view value);
  void set(std::string_view name, std::string_view value);  // replaces the first or appends
  void remove(std::string_view name);                       // the first with this name

 private:
  std::vector<Tag> slots_;
  std::size_t count_ = 0;
};

}  // namespace quarry::chess
