// Keyword table lookup and "did you mean" suggestions.
#include "grammar/keywords.h"

#include <algorithm>
#include <string>

namespace quarry::grammar {

int KeywordTable::find(std::string_view name) const {
  for (std::size_t i = 0; i < shapes_.size(); ++i) {
    if (shapes_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

namespace {
int edit_distance(std::string_view a, std::string_view b) {
  std::vector<int> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= b.size(); ++j) {
      int above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}
}  // namespace

std::string_view KeywordTable::suggest(std::string_view name) const {
  std::string_view best;
  int best_distance = std::max<int>(1, static_cast<int>(name.size()) / 3);
  for (const KeywordShape& shape : shapes_) {
    int d = edit_distance(name, shape.name);
    if (d <= best_distance && (best.empty() || d < edit_distance(name, best))) best = shape.name;
  }
  return best;
}

}  // namespace quarry::grammar
