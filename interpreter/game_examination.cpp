// One game's examination and the failures it may end in (docs/reliability.md).
#include "interpreter/game_examination.h"

#include <cstdio>

#include <new>
#include <stdexcept>

namespace quarry::interpreter {
namespace {

// The positions a run examines, in its order: all of them in preorder with --variations, else the
// mainline. Inlined, as the visits passed to it are: they run at every position.
template <typename Visit>
[[gnu::always_inline]] inline void for_each_examined_position(const RunSettings& settings, const chess::Game& game,
                                                              Visit& visit) {
  if (settings.variations) {
    for (chess::NodeId id : game.preorder()) visit(id);
  } else {
    for (chess::NodeId id = game.root(); id != chess::kNoNode; id = game.mainline_child(id)) visit(id);
  }
}

// visit_positions for a body of constants (`true`, or tag tests: a query that selects whole
// games), which answers alike at every position and writes no comment: it is asked once, at the
// first position (the root, in both orders), after that position's step is charged, as
// visit_positions would ask it first. The other positions are then only recorded when the body
// matched (or counted), and charged, checked for Ctrl-C and counted at once: nothing is asked
// there, so nothing could tell one position's step from the next (a budget that runs out fails
// the game either way, and the game's positions all count, as for a game the budget lets
// finish). Not inlined: inlined beside visit_positions it cost every other query about an
// instruction a position (callgrind, `mate`).
[[gnu::noinline]] std::uint64_t visit_positions_alike(const CompiledQuery& query, const RunSettings& settings, Context& ctx,
                                    const chess::Game& game, RunStats& stats, std::vector<chess::NodeId>& matched) {
  ctx.charge();
  ctx.check_interrupt();
  ++stats.positions;
  ctx.set_node(game.root());
  const bool answer = query.body->match(ctx);
  std::uint64_t positions = 0;
  if (answer) {
    auto record = [&](chess::NodeId id) __attribute__((always_inline)) { matched.push_back(id); };
    for_each_examined_position(settings, game, record);
    positions = matched.size();
    if (!match_comment(settings).empty()) ctx.mark_match_comments(positions);
  } else {
    auto count = [&](chess::NodeId) __attribute__((always_inline)) { ++positions; };
    for_each_examined_position(settings, game, count);
  }
  stats.positions += positions - 1;
  ctx.charge(positions - 1);
  ctx.check_interrupt();
  return matched.size();
}

std::uint64_t visit_positions(const CompiledQuery& query, const RunSettings& settings, Context& ctx,
                              const chess::Game& game, RunStats& stats, std::vector<chess::NodeId>& matched) {
  const bool comment_matches = !match_comment(settings).empty();
  // Inlined into the loops below: as a call, its register saves and restores were ~17 of the ~75
  // instructions it costs per position (measured with callgrind), for every query. GCC takes the
  // attribute of a lambda in this GNU spelling only ([[gnu::always_inline]] here is ignored).
  auto visit = [&](chess::NodeId id) __attribute__((always_inline)) {
    ctx.charge();
    ctx.check_interrupt();
    ctx.set_node(id);
    ++stats.positions;
    CommentMark mark = ctx.comment_mark();
    if (query.body->match(ctx)) {
      matched.push_back(id);
      if (comment_matches) ctx.mark_match_comment();
    } else {
      ctx.rollback_comments(mark);
    }
  };
  for_each_examined_position(settings, game, visit);
  return matched.size();
}

GameExamination failed(Context& ctx, const chess::Game& game, const char* reason) {
  ctx.comments().clear();
  ctx.clear_match_comments();
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
  ctx.clear_match_comments();
  ctx.edits().clear();
  ctx.unbind_variables(persistent);
  ctx.reset_sorts(query.sorts.size());
  matched.clear();
  // A game the query cannot finish (a runaway while, a budget, the timeout, memory) is reported
  // and not written; the run goes on with the next game.
  try {
    const std::uint64_t matches = query.same_at_every_position
                                      ? visit_positions_alike(query, settings, ctx, game, stats, matched)
                                      : visit_positions(query, settings, ctx, game, stats, matched);
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

std::string_view match_comment(const RunSettings& settings) {
  if (settings.quiet || settings.silent) return {};
  return settings.matchstring;
}

bool game_kept(const RunSettings& settings, std::uint64_t matches) {
  if (matches == 0) return false;
  return !settings.matchcount || settings.matchcount->contains(static_cast<std::int64_t>(matches));
}

OutputSettings output_settings(const RunSettings& settings, bool hold_all) {
  OutputSettings o;
  o.silent = settings.silent;
  o.match_comment = match_comment(settings);
  o.hold_all = hold_all;
  o.pgn = settings.pgn;
  o.no_header = settings.no_header;
  o.no_sort = settings.no_sort;
  o.sort_matchcount = settings.sort_matchcount;
  return o;
}

void show_match(const RunSettings& settings, std::uint64_t game_number) {
  std::FILE* to = stdout;
  if (settings.games_on_standard_output) {
    // The games' text buffered so far goes first: when standard error is the same file (`> f 2>&1`),
    // the line would otherwise land inside a game.
    std::fflush(stdout);
    to = stderr;
  }
  std::fprintf(to, "match: game %llu\n", static_cast<unsigned long long>(game_number));
  std::fflush(to);
}

bool limit_reached(const RunSettings& settings, const RunStats& stats) {
  return settings.limit > 0 && stats.games_matched >= settings.limit;
}

}  // namespace quarry::interpreter
