// Board transforms (flipcolor, flip, rotate90, rotate45, shift …) applied to the syntax tree before
// binding, as CQL defines them: the filter is copied once per transform in the set and combined.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/keywords.h"
#include "grammar/syntax.h"
#include "interpreter/registry.h"

namespace quarry::interpreter {

// One element of a transform set: a symmetry of the board (one of the 8 dihedral maps applied to
// (file, rank)), then a translation, and optionally a colour swap. rotate45 adds a rotation by a
// multiple of 45° that turns directions only: squares stay where they are (CQL requires every
// square designator inside rotate45 to be the whole board, which any rotation keeps).
struct Transform {
  int dihedral = 0;  // 0 identity, 1-3 rotations by 90/180/270 clockwise, 4-7 reflections
  int shift_files = 0;
  int shift_ranks = 0;
  bool swap_colors = false;
  int eighths = 0;  // rotate45: directions turn by eighths × 45° counterclockwise (up → northwest)

  // Where the square (file, rank) goes; nullopt when it leaves the board.
  std::optional<std::pair<int, int>> map_square(int file, int rank) const;
  // A king step (df, dr in -1..1) under the dihedral part and the 45° turns (translations keep
  // directions).
  std::pair<int, int> map_direction(int df, int dr) const;
};

// The transforms a transform keyword stands for, identity first (reversecolor has none). Empty
// when the name is not a transform keyword.
std::vector<Transform> transform_set(std::string_view keyword);

bool is_transform_keyword(std::string_view keyword);

// A copy of `node` rewritten by `t`: piece designators (squares and colours), and keywords as
// their FilterSpec's TransformRule declares (wtm/btm, light/dark, direction words, side and
// direction parameters, result markers; `notransform` subtrees are copied unchanged). Returns
// nullptr when the copy is meaningless (a restricted square set shifted entirely off the board).
grammar::SyntaxPtr transformed_copy(const grammar::SyntaxNode& node, const Transform& t, const Registry& registry);

// One transform's name as currenttransform shows it (CQL's `reflect_v` …); empty for the
// identity.
std::string describe_transform(const Transform& t);

grammar::SyntaxPtr clone(const grammar::SyntaxNode& node);

// rotate45 admits only piece designators that name every square (`R`, `[Aa]`, `.`) or none
// (`[]`): the first one that names some squares only, outside `notransform`; nullptr if none.
const grammar::SyntaxNode* first_partial_designator(const grammar::SyntaxNode& node, const Registry& registry);

// A text that is equal for two trees exactly when they are the same filter (piece designators by
// their contents and squares, not their spelling): tells identical transformed copies apart.
std::string structural_key(const grammar::SyntaxNode& node);

}  // namespace quarry::interpreter
