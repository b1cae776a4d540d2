// PositionFacts: what several filters ask of the current position, computed once per position.
#pragma once

#include <cstdint>

#include "chess/game.h"
#include "chess/position.h"

namespace quarry::interpreter {

// Facts about the current position that several filters need, computed once on first use.
class PositionFacts {
 public:
  // `node` is the current position's node in `game`; game is null for an imaginary position.
  void reset(const chess::Game* game, const chess::GameNode* node) {
    flags_ = 0;
    game_ = game;
    node_ = node;
  }
  bool has_legal_move(const chess::Position& pos) {
    if (!(flags_ & kLegalKnown)) {
      flags_ |= kLegalKnown;
      if (game_went_on(pos) || pos.has_legal_move()) flags_ |= kHasLegal;
    }
    return (flags_ & kHasLegal) != 0;
  }
  bool in_check(const chess::Position& pos) {
    if (!(flags_ & kCheckKnown)) {
      flags_ |= kCheckKnown;
      if (pos.in_check()) flags_ |= kInCheck;
    }
    return (flags_ & kInCheck) != 0;
  }

 private:
  // The game went on from this position by a move (not a null move): the reader (or the REPL)
  // played it as a legal move, so `mate` and `stalemate` need no move generation at a check or
  // a quiet position that is not the game's last. The legality of both is judged against the
  // side's first king (chess/movegen.cpp), so a side with two kings (a FEN may give them) is left
  // to the generator.
  bool game_went_on(const chess::Position& pos) const {
    if (game_ == nullptr || &node_->position != &pos || node_->first_child == chess::kNoNode) return false;
    if (pos.pieces(pos.side_to_move(), chess::PieceType::King).has_more_than_one()) return false;
    return !game_->node(node_->first_child).move.is_null();
  }

  static constexpr std::uint8_t kLegalKnown = 1, kHasLegal = 2, kCheckKnown = 4, kInCheck = 8;
  std::uint8_t flags_ = 0;
  const chess::Game* game_ = nullptr;
  const chess::GameNode* node_ = nullptr;
};

}  // namespace quarry::interpreter
