// Board geometry shared by the direction, ray and pin filters: the eight basic directions, the
// compound direction words built from them, and set-wise sliding along one direction.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "chess/square_set.h"

namespace quarry::builtins::geometry {

using chess::SquareSet;

// One step along a basic direction, seen from White's side (up = towards rank 8).
struct Step {
  int files;
  int ranks;
};

// Bit i of a direction mask stands for kSteps[i].
inline constexpr std::array<Step, 8> kSteps{{
    {0, 1},    // up
    {0, -1},   // down
    {-1, 0},   // left
    {1, 0},    // right
    {1, 1},    // northeast
    {-1, 1},   // northwest
    {1, -1},   // southeast
    {-1, -1},  // southwest
}};

inline constexpr std::uint8_t kOrthogonal = 0x0F;
inline constexpr std::uint8_t kDiagonal = 0xF0;
inline constexpr std::uint8_t kAnyDirection = 0xFF;

struct DirectionWord {
  std::string_view name;
  std::uint8_t mask;
};

// Every direction word CQL knows, basic and compound; maindiagonal = NE+SW, offdiagonal = NW+SE.
inline constexpr std::array<DirectionWord, 15> kDirectionWords{{
    {"up", 0x01},
    {"down", 0x02},
    {"left", 0x04},
    {"right", 0x08},
    {"northeast", 0x10},
    {"northwest", 0x20},
    {"southeast", 0x40},
    {"southwest", 0x80},
    {"vertical", 0x03},
    {"horizontal", 0x0C},
    {"orthogonal", kOrthogonal},
    {"diagonal", kDiagonal},
    {"anydirection", kAnyDirection},
    {"maindiagonal", 0x90},
    {"offdiagonal", 0x60},
}};

// `from` moved k steps along `step` (k may be negative); squares pushed off the board vanish.
inline SquareSet translate(SquareSet from, Step step, int k) {
  if (k >= 8 || k <= -8) return SquareSet();
  return from.shifted(step.files * k, step.ranks * k);
}

// The squares a slider standing on any square of `from` reaches along `step`: every square up to
// and including the first occupied one.
inline SquareSet slide(SquareSet from, Step step, SquareSet occupied) {
  SquareSet reached;
  SquareSet frontier = from;
  for (int i = 0; i < 7 && frontier.any(); ++i) {
    frontier = frontier.shifted(step.files, step.ranks);
    reached |= frontier;
    frontier = frontier.without(occupied);
  }
  return reached;
}

}  // namespace quarry::builtins::geometry
