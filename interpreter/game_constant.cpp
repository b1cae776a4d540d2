// Per-game constants (see game_constant.h).
#include "interpreter/game_constant.h"

#include <atomic>

namespace quarry::interpreter {

std::uint64_t GameConstant::next_id() {
  static std::atomic<std::uint64_t> last{0};  // queries may be compiled on several threads
  return ++last;
}

GameConstantSlot* GameConstant::current_slot(Context& ctx) const {
  if (!*enabled_) return nullptr;
  GameConstantSlot& slot = ctx.game_constant(slot_);
  if (slot.game != ctx.game_serial() || slot.owner != id_) {
    slot = GameConstantSlot{};
    slot.game = ctx.game_serial();
    slot.owner = id_;
  }
  return &slot;
}

namespace {
// One kind of answer from the game's slot, computed the first time it is asked in the game; every
// time when the query turned the cache off (no slot).
template <class T, class Compute>
T remembered(GameConstantSlot* slot, std::uint8_t kind, T GameConstantSlot::*answer, Compute compute) {
  if (slot == nullptr) return compute();
  if (!(slot->known & kind)) {
    slot->*answer = compute();
    slot->known |= kind;
  }
  return slot->*answer;
}
}  // namespace

bool GameConstant::match(Context& ctx) const {
  return remembered(current_slot(ctx), GameConstantSlot::kMatch, &GameConstantSlot::matched,
                    [&] { return inner_->match(ctx); });
}

std::optional<std::int64_t> GameConstant::number(Context& ctx) const {
  return remembered(current_slot(ctx), GameConstantSlot::kNumber, &GameConstantSlot::number,
                    [&] { return inner_->number(ctx); });
}

std::optional<std::string> GameConstant::text(Context& ctx) const {
  return remembered(current_slot(ctx), GameConstantSlot::kText, &GameConstantSlot::text,
                    [&] { return inner_->text(ctx); });
}

}  // namespace quarry::interpreter
