// How one board transform maps squares and directions, and its name.
#include "interpreter/board_transform.h"

#include <array>
#include <cstddef>
#include <string_view>

namespace quarry::interpreter {

namespace {

std::pair<int, int> dihedral_map(int dihedral, int df, int dr) {
  switch (dihedral) {
    case 0: return {df, dr};
    case 1: return {dr, -df};    // rotate 90 clockwise
    case 2: return {-df, -dr};   // rotate 180
    case 3: return {-dr, df};    // rotate 270
    case 4: return {df, -dr};    // mirror a1<->a8
    case 5: return {-df, dr};    // mirror a1<->h1
    case 6: return {dr, df};     // mirror in the a1-h8 diagonal
    default: return {-dr, -df};  // mirror in the a8-h1 diagonal
  }
}

// The eight king steps counterclockwise from right: one place on is a 45° turn.
constexpr std::array<std::pair<int, int>, 8> kCompass{
    {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};

}  // namespace

std::pair<int, int> Transform::map_direction(int df, int dr) const {
  std::pair<int, int> step = dihedral_map(dihedral, df, dr);
  if (eighths % 8 == 0) return step;
  for (std::size_t i = 0; i < kCompass.size(); ++i) {
    if (kCompass[i] == step) return kCompass[(i + static_cast<std::size_t>(eighths)) % kCompass.size()];
  }
  return step;  // not a king step: only king steps name directions
}

std::optional<std::pair<int, int>> Transform::map_square(int file, int rank) const {
  // Dihedral maps act on coordinates centred on the board: x = 2*file - 7. The 45° turns leave
  // squares alone (see Transform).
  auto [x, y] = dihedral_map(dihedral, 2 * file - 7, 2 * rank - 7);
  int f = (x + 7) / 2 + shift_files;
  int r = (y + 7) / 2 + shift_ranks;
  if (f < 0 || f > 7 || r < 0 || r > 7) return std::nullopt;
  return std::pair{f, r};
}

bool Transform::is_identity() const {
  return dihedral == 0 && shift_files == 0 && shift_ranks == 0 && !swap_colors && !turns_directions_only();
}

bool Transform::turns_directions_only() const { return eighths % 8 != 0; }

std::string describe_transform(const Transform& t) {
  static constexpr std::array<std::string_view, 8> kDihedral{
      "", "rotate90", "rotate180", "rotate270", "reflect_h", "reflect_v", "reflect_a1h8", "reflect_h1a8"};
  std::string text;
  auto add = [&text](std::string_view part) {
    if (!text.empty()) text += ' ';
    text += part;
  };
  if (t.swap_colors && t.dihedral == 4) {
    add("colorswap");  // the colour swap reflects the board about the horizontal bisector
  } else {
    if (t.swap_colors) add("colorswap reflect_h");
    if (t.dihedral != 0) add(kDihedral[static_cast<std::size_t>(t.dihedral)]);
  }
  if (t.eighths % 8 != 0) add("rotate45x" + std::to_string(t.eighths % 8));
  if (t.shift_files != 0 || t.shift_ranks != 0) {
    add("shift(" + std::to_string(t.shift_files) + "," + std::to_string(t.shift_ranks) + ")");
  }
  return text;
}

}  // namespace quarry::interpreter
