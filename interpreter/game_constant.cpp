// Per-game constants (see game_constant.h).
#include "interpreter/game_constant.h"

#include <atomic>
#include <exception>

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

MaybeNumber GameConstant::number(Context& ctx) const {
  return remembered(current_slot(ctx), GameConstantSlot::kNumber, &GameConstantSlot::number,
                    [&] { return inner_->number(ctx); });
}

std::optional<std::string> GameConstant::text(Context& ctx) const {
  std::optional<std::string> text = remembered(current_slot(ctx), GameConstantSlot::kText, &GameConstantSlot::text,
                                               [&] { return inner_->text(ctx); });
  // Each read is a copy of the remembered text.
  if (text) ctx.charge_text(text->size());
  return text;
}

namespace {
// `filter` as the sequence of filters that must all match for it to match, in evaluation order.
void flatten_conjuncts(const Filter& filter, std::vector<const Filter*>& out) {
  std::vector<const Filter*> parts = filter.conjuncts();
  if (parts.empty()) {
    out.push_back(&filter);
    return;
  }
  for (const Filter* part : parts) flatten_conjuncts(*part, out);
}
}  // namespace

bool same_at_every_position(const Filter& body) {
  std::vector<const Filter*> conjuncts;
  flatten_conjuncts(body, conjuncts);
  for (const Filter* f : conjuncts) {
    if (!f->is_constant()) return false;
  }
  return true;
}

TagGate::TagGate(const Filter& body) {
  std::vector<const Filter*> conjuncts;
  flatten_conjuncts(body, conjuncts);
  for (const Filter* f : conjuncts) {
    // Constants (literals, definitions, declarations) have no effect either; what follows a
    // filter that is neither may do something, or fail first, at each position.
    if (!f->is_constant()) break;
    tests_.push_back(f);
  }
  // Without a per-game test the gate would only ever pass games (or rule out every one on a
  // literal `false`, which reading them decides as fast).
  bool any = false;
  for (const Filter* f : tests_) any = any || dynamic_cast<const GameConstant*>(f) != nullptr;
  if (!any) tests_.clear();
}

bool TagGate::rules_out(const chess::Game& tags, Context& probe) const {
  probe.set_game(tags);
  probe.set_node(tags.root());
  probe.take_movetext_fact();
  for (const Filter* test : tests_) {
    const auto* per_game = dynamic_cast<const GameConstant*>(test);
    if (per_game != nullptr && !per_game->caching()) return false;
    bool passes = true;
    try {
      passes = per_game != nullptr ? per_game->match_uncached(probe) : test->match(probe);
    } catch (const std::exception&) {
      return false;  // read in full, the game reports the error
    }
    if (probe.take_movetext_fact()) return false;
    if (!passes) return true;
  }
  return false;
}

}  // namespace quarry::interpreter
