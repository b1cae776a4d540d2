// The direction words of CQL (up, northeast, diagonal, anydirection …) as sets of king steps: one
// table for the direction filters, ray, and the transforms that turn directions with the board.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace quarry::interpreter::directions {

// One step along a basic direction, seen from White's side (up = towards rank 8).
struct Step {
  int files;
  int ranks;
  constexpr bool operator==(const Step&) const = default;
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
// No two words share a mask, so a mask names at most one word.
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

// The mask of a direction word; nullopt when `name` is none.
constexpr std::optional<std::uint8_t> mask_of(std::string_view name) {
  for (const DirectionWord& word : kDirectionWords) {
    if (word.name == name) return word.mask;
  }
  return std::nullopt;
}

// The word whose mask is `mask`; empty when no word has it.
constexpr std::string_view word_of(std::uint8_t mask) {
  for (const DirectionWord& word : kDirectionWords) {
    if (word.mask == mask) return word.name;
  }
  return {};
}

// The mask bit of a king step; 0 when (files, ranks) is no king step.
constexpr std::uint8_t bit_of(Step step) {
  for (std::size_t i = 0; i < kSteps.size(); ++i) {
    if (kSteps[i] == step) return static_cast<std::uint8_t>(1u << i);
  }
  return 0;
}

}  // namespace quarry::interpreter::directions
