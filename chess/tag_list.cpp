// TagList: a game's tag pairs in reusable slots.
#include "chess/tag_list.h"

#include <algorithm>

namespace quarry::chess {

const std::string* TagList::find(std::string_view name) const {
  for (const Tag& t : all()) {
    if (t.name == name) return &t.value;
  }
  return nullptr;
}

Tag& TagList::add(std::string_view name, std::string_view value) {
  if (count_ == slots_.size()) {
    slots_.push_back(Tag{std::string(name), std::string(value)});
    return slots_[count_++];
  }
  Tag& tag = slots_[count_++];
  if (tag.name != name) tag.name.assign(name);
  tag.value.assign(value);
  return tag;
}

void TagList::set(std::string_view name, std::string_view value) {
  for (std::size_t i = 0; i < count_; ++i) {
    if (Tag& t = slots_[i]; t.name == name) {
      t.value.assign(value);
      return;
    }
  }
  add(name, value);
}

void TagList::remove(std::string_view name) {
  const auto end = slots_.begin() + static_cast<std::ptrdiff_t>(count_);
  for (auto it = slots_.begin(); it != end; ++it) {
    if (it->name == name) {
      std::rotate(it, it + 1, end);  // the dropped tag becomes the first free slot
      --count_;
      return;
    }
  }
}

}  // namespace quarry::chess
