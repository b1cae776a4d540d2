// Keyword table lookup and "did you mean" suggestions.
#include "grammar/keywords.h"

#include <algorithm>
#include <iterator>
#include <string>

namespace quarry::grammar {

int KeywordTable::find(std::string_view name) const {
  for (std::size_t i = 0; i < shapes_.size(); ++i) {
    if (shapes_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

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

bool is_cql_filter_name(std::string_view name) {
  // CQL 6.0.4 and 6.1 filters, then CQLi's own; parameter words (from, legal, quiet, …) excluded.
  static constexpr std::string_view kFilters[] = {
      "abs", "ancestor", "and", "anydirection", "ascii", "assert", "attackedby", "attacks", "between",
      "black", "btm", "check", "child", "colortype", "comment", "connectedpawns", "consecutivemoves",
      "currentfen", "currentmutation", "currentposition", "currenttransform", "dark", "date", "depth",
      "descendant", "diagonal", "dictionary", "distance", "doubledpawns", "down", "echo", "eco", "elo",
      "enpassantsquare", "event", "eventdate", "false", "fen", "file", "find", "flip", "flipcolor",
      "fliphorizontal", "flipvertical", "function", "gamenumber", "halfmoveclock", "hascomment", "hhdb",
      "horizontal", "if", "imagine", "indexof", "initial", "initialposition", "int", "isbound",
      "isolatedpawns", "isunbound", "lca", "left", "legalposition", "light", "line", "loop",
      "lowercase", "maindiagonal", "mainline", "makesquare", "mate", "max", "message", "min", "move",
      "movenumber", "northeast", "northwest", "not", "notransform", "offdiagonal", "or",
      "originalcomment", "orthogonal", "parent", "passedpawns", "persistent", "piece", "pieceid", "pin",
      "player", "ply", "position", "positionid", "power", "promotedpieces", "rank", "ray",
      "reachableposition", "readfile", "removecomment", "removetag", "result", "reversecolor", "right",
      "rotate45", "rotate90", "saveposition", "settag", "shift", "shifthorizontal", "shiftvertical",
      "sidetomove", "site", "sort", "southeast", "southwest", "sqrt", "square", "stalemate",
      "standardfen", "str", "tag", "terminal", "true", "type", "unbind", "up", "uppercase", "variant",
      "variantdraw", "variantend", "variantloss", "variantwin", "variation", "vertical",
      "virtualmainline", "while", "white", "writefile", "wtm", "xray", "year", "zobristkey"};
  return std::find(std::begin(kFilters), std::end(kFilters), name) != std::end(kFilters);
}

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
