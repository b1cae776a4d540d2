// One board transform (a symmetry, a translation, a colour swap, a 45° turn): what a transform
// keyword's FilterSpec lists, once per copy of its body (TransformRule::set).
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace quarry::interpreter {

// A symmetry of the board (one of the 8 dihedral maps applied to (file, rank)), then a
// translation, and optionally a colour swap. rotate45 adds a rotation by a multiple of 45° that
// turns directions only: squares stay where they are (CQL requires every square designator
// inside rotate45 to be the whole board, which any rotation keeps).
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
  // Leaves the board, its colours and its directions as they are.
  bool is_identity() const;
  // Turns directions while squares stay put (rotate45): only designators of the whole board keep
  // their meaning under it.
  bool turns_directions_only() const;

  friend bool operator==(const Transform&, const Transform&) = default;
};

// One transform's name as currenttransform shows it (CQL's `reflect_v` …); empty for the
// identity.
std::string describe_transform(const Transform& t);

}  // namespace quarry::interpreter
