// The line filter as written (builtins/line_sequence.cpp): its options, and its constituents as a
// tree of quantified items, read from the bound parameters.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "builtins/range_bounds.h"
#include "interpreter/binder.h"

namespace quarry::builtins::line_search {

struct LineOptions {
  bool backward = false;
  bool quiet = false;
  bool firstmatch = false;
  bool lastposition = false;
  bool singlecolor = false;
  bool primary = false;
  bool secondary = false;
  bool nestban = false;
  std::optional<RangeBounds> range;
};

// The constituents as a tree: a sequence of items, each a filter or a parenthesised group (a
// sequence of its own), with how often it may match in a row.
struct Item {
  int filter = -1;    // index into the filters, or -1 for a group
  int sequence = -1;  // a group: index of its sequence
  std::int64_t min = 1;
  std::int64_t max = 1;  // < 0: no upper bound
};
using Sequence = std::vector<Item>;

struct Pattern {
  std::vector<interpreter::FilterPtr> filters;
  std::vector<Sequence> sequences;  // sequences[0]: the line's own constituents
};

// The constituents in the parameters' order: Repeat after each filter, GroupOpen and GroupClose
// around a group (the parser writes them so), GroupClose holding the group's repeat. Takes the
// filters out of `a.arguments`.
Pattern line_pattern(interpreter::BindArguments& a);

}  // namespace quarry::builtins::line_search
