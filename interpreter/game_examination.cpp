// One game's examination and the failures it may end in (docs/reliability.md).
#include "interpreter/game_examination.h"

#include <new>
#include <stdexcept>

namespace quarry::interpreter {
namespace {

std::uint64_t visit_positions(const CompiledQuery& query, const RunSettings& settings, Context& ctx,
                              const chess::Game& game, RunStats& stats, std::vector<chess::NodeId>& matched) {
  auto visit = [&](chess::NodeId id) {
    ctx.charge();
    ctx.check_interrupt();
    ctx.set_node(id);
    ++stats.positions;
    std::size_t mark = ctx.comment_mark();
    if (query.body->match(ctx)) {
      matched.push_back(id);
      if (!settings.quiet && !settings.silent && !settings.matchstring.empty()) {
        ctx.comments().push_back({id, settings.matchstring});
      }
    } else {
      ctx.rollback_comments(mark);
    }
  };
  if (settings.variations) {
    for (chess::NodeId id : game.preorder()) visit(id);
  } else {
    for (chess::NodeId id = game.root(); id != chess::kNoNode; id = game.mainline_child(id)) visit(id);
  }
  return matched.size();
}

GameExamination failed(Context& ctx, const chess::Game& game, const char* reason) {
  ctx.comments().clear();
  ctx.edits().clear();
  return {GameExamination::Outcome::Failed, 0,
          "quarry: game " + std::to_string(game.number) + ": error: " + reason + "; game skipped\n"};
}

}  // namespace

void configure_context(Context& ctx, const CompiledQuery& query, const RunSettings& settings) {
  prepare_context(ctx, query);
  ctx.set_variations(settings.variations);
  ctx.set_secure(settings.secure);
  ctx.set_quiet(settings.quiet || settings.silent);
  ctx.set_keep_all_best(settings.keep_all_best);
  ctx.set_smart_comments(settings.pgn.smart_comments);
  ctx.set_interrupt_flag(settings.interrupt);
  ctx.budget().set_limits(settings.limits);
}

GameExamination examine_game(const CompiledQuery& query, const RunSettings& settings, Context& ctx, const chess::Game& game,
                             const std::vector<bool>& persistent, RunStats& stats, std::vector<chess::NodeId>& matched) {
  ctx.set_game(game);
  ctx.comments().clear();
  ctx.edits().clear();
  ctx.unbind_variables(persistent);
  ctx.reset_sorts(query.sorts.size());
  matched.clear();
  // A game the query cannot finish (a runaway while, a budget, the timeout, memory) is reported
  // and not written; the run goes on with the next game.
  try {
    const std::uint64_t matches = visit_positions(query, settings, ctx, game, stats, matched);
    // `sort matchcount`: the game's key is its number of matching positions.
    if (query.options.sort_matchcount) ctx.sorts().back().best = SortKey{static_cast<std::int64_t>(matches)};
    return {GameExamination::Outcome::Examined, matches, {}};
  } catch (const Interrupted& e) {
    // Ctrl-C in the REPL stops the whole run, not just this game.
    return {GameExamination::Outcome::Interrupted, 0, "quarry: game " + std::to_string(game.number) + ": " + e.what() + "\n"};
  } catch (const std::runtime_error& e) {
    return failed(ctx, game, e.what());
  } catch (const std::bad_alloc&) {
    return failed(ctx, game, "out of memory (--maxmemory)");
  } catch (const std::length_error&) {
    return failed(ctx, game, "a value grew past the largest size a string or list can have");
  }
}

bool game_kept(const RunSettings& settings, std::uint64_t matches) {
  if (matches == 0) return false;
  return !settings.matchcount || settings.matchcount->contains(static_cast<std::int64_t>(matches));
}

}  // namespace quarry::interpreter
