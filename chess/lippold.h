// Lippold's legality of positions in small pawnless endgames (seed 002): every placement of the
// pieces, with either side to move, is initially illegal, derivedly illegal (no initially legal
// predecessor in the endgame, iterated to a fixed point) or legal. A captured piece stays in the
// model on its captor's square, as in the paper, so a position just after a capture is counted.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"

namespace quarry::chess {

enum class LippoldClass : std::uint8_t { InitiallyIllegal = 0, Legal = 1, DerivedlyIllegal = 2 };

class LippoldEndgame {
 public:
  // "KQK", "KRK", "KQKR", "KBNK", …: the white pieces after the first K, the black after the
  // second; 3 or 4 men, no pawns. nullopt and *error when the material is not such an endgame.
  static std::optional<LippoldEndgame> parse(std::string_view material, std::string* error);
  // Classifies every position (64^n placements per side to move).
  void solve();

  const std::string& material() const { return material_; }
  int men() const { return static_cast<int>(pieces_.size()); }
  // Legal positions with `side` to move under the correct (narrow: initially and derivedly
  // illegal removed) and the complete (broad: only initially illegal removed) definitions. Two
  // men of one kind (KRRK) are interchangeable: a placement and its swap count once, as in the paper.
  std::uint64_t correct_count(Color side) const;
  // Placements per side to move, 64^n (halved when two men are interchangeable).
  std::uint64_t placement_count() const { return (std::uint64_t{1} << (6 * pieces_.size())) / interchangeable_; }
  std::uint64_t complete_count(Color side) const;
  // The class of a board holding exactly this material (no captured piece), or nullopt.
  std::optional<LippoldClass> classify(const Position& pos) const;

 private:
  struct Man {
    Color color;
    PieceType type;
  };
  std::uint64_t index(Color side_to_move, const std::array<Square, 4>& squares) const;
  bool initially_legal(Color side_to_move, const std::array<Square, 4>& squares) const;
  bool has_live_predecessor(std::uint64_t position) const;
  void decode(std::uint64_t position, Color& side, std::array<Square, 4>& squares) const;

  std::string material_;
  std::vector<Man> pieces_;  // white king first, then white men, black king, black men
  std::vector<LippoldClass> classes_;
  std::uint64_t interchangeable_ = 1;  // 2 when two men are of one colour and type
};

}  // namespace quarry::chess
