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

bool GameConstant::match(Context& ctx) const {
  GameConstantSlot* slot = current_slot(ctx);
  if (slot == nullptr) return inner_->match(ctx);
  if (!(slot->known & GameConstantSlot::kMatch)) {
    slot->matched = inner_->match(ctx);
    slot->known |= GameConstantSlot::kMatch;
  }
  return slot->matched;
}

std::optional<std::int64_t> GameConstant::number(Context& ctx) const {
  GameConstantSlot* slot = current_slot(ctx);
  if (slot == nullptr) return inner_->number(ctx);
  if (!(slot->known & GameConstantSlot::kNumber)) {
    slot->number = inner_->number(ctx);
    slot->known |= GameConstantSlot::kNumber;
  }
  return slot->number;
}

std::optional<std::string> GameConstant::text(Context& ctx) const {
  GameConstantSlot* slot = current_slot(ctx);
  if (slot == nullptr) return inner_->text(ctx);
  if (!(slot->known & GameConstantSlot::kText)) {
    slot->text = inner_->text(ctx);
    slot->known |= GameConstantSlot::kText;
  }
  return slot->text;
}

}  // namespace quarry::interpreter
