// A thread's own side of the threaded run (see batch_worker.h).
#include "interpreter/batch_worker.h"

#include <algorithm>
#include <utility>
#include <variant>

#include "interpreter/game_examination.h"

namespace quarry::interpreter {

bool has_persistent_state(const CompiledQuery& query) {
  return !query.dictionaries.empty() ||
         std::any_of(query.variables.begin(), query.variables.end(), [](const VariableInfo& v) { return v.persistent; });
}

Worker::Worker(const CompiledQuery& query, const RunSettings& settings, bool render, bool hold,
               std::atomic<std::uint64_t>& failed_chunk)
    : query_(query), settings_(settings), render_(render), hold_(hold),
      output_(query, output_settings(settings, true), nullptr),
      text_reader_(settings), has_state_(has_persistent_state(query)), failed_chunk_(failed_chunk) {
  configure_context(ctx_, query, settings);
  for (const VariableInfo& v : query.variables) persistent_.push_back(v.persistent);
}

void Worker::examine(Batch& batch) {
  batch.output_text.clear();
  for (std::size_t i = 0; i < batch.used; ++i) {
    const JobInput& input = batch.inputs[i];
    // Written where the reader reads it: a copy from the stack would load the fields as wider
    // words than they were stored in, which waits for the stores (a store-forwarding stall).
    JobOutcome& outcome = batch.outcomes[i];
    outcome = JobOutcome{};
    if (input.kind == JobKind::Text) {
      if (input.ordinal > failed_chunk_.load(std::memory_order_relaxed)) {
        outcome.unread = true;
      } else {
        // Read into the worker's own game, whose memory stays in this core's cache.
        stats_ = {};
        said_.clear();
        const TextRead read = text_reader_.read(input.text, input.lookahead, input.first_line, input.ordinal,
                                                input.cut, *input.path, game_, stats_, said_);
        outcome.not_one_game = read == TextRead::NotOneGame;
        if (outcome.not_one_game) {
          note_failed_chunk(input.ordinal);
        } else {
          outcome.read = stats_.games_read > 0;
          outcome.skipped = stats_.games_skipped > 0;
          outcome.warned = stats_.games_warned > 0;
          if (!said_.empty()) {
            outcome.said = true;
            batch.extras[i].said.swap(said_);
          }
          if (read == TextRead::Examine) examine(game_, outcome, batch.extras[i], batch.output_text);
        }
      }
    } else if (input.kind == JobKind::Game) {
      examine(batch.games[i], outcome, batch.extras[i], batch.output_text);
    }
  }
}

void Worker::note_failed_chunk(std::uint64_t ordinal) {
  std::uint64_t lowest = failed_chunk_.load(std::memory_order_relaxed);
  while (ordinal < lowest && !failed_chunk_.compare_exchange_weak(lowest, ordinal, std::memory_order_relaxed)) {
  }
}

void Worker::examine(const chess::Game& game, JobOutcome& outcome, JobExtras& extras, std::string& output_text) {
  outcome.examined = true;
  for (std::size_t i = 0; i < persistent_.size(); ++i) {
    if (persistent_[i]) ctx_.variable(static_cast<int>(i)) = std::monostate{};
  }
  for (std::size_t d = 0; d < query_.dictionaries.size(); ++d) ctx_.dictionary(static_cast<int>(d)).clear();
  RunStats positions;
  GameExamination result = examine_game(query_, settings_, ctx_, game, persistent_, positions, matched_);
  outcome.positions = positions.positions;
  outcome.outcome = result.outcome;
  outcome.matches = result.matches;
  if (result.outcome != GameExamination::Outcome::Examined) extras.message = std::move(result.message);
  if (result.outcome == GameExamination::Outcome::Examined && render_ && game_kept(settings_, result.matches)) {
    if (hold_) {
      output_.add(game, ctx_, matched_);
      extras.output = std::move(output_.held().back());
      output_.held().clear();
    } else {
      extras.output_begin = output_text.size();
      output_text += output_.text(game, ctx_, matched_);
      extras.output_end = output_text.size();
    }
    outcome.output = true;
  }
  if (has_state_) {
    extras.variables.resize(persistent_.size());
    for (std::size_t i = 0; i < persistent_.size(); ++i) {
      if (persistent_[i]) extras.variables[i] = std::move(ctx_.variable(static_cast<int>(i)));
    }
    extras.dictionaries.resize(query_.dictionaries.size());
    for (std::size_t d = 0; d < query_.dictionaries.size(); ++d) {
      extras.dictionaries[d].swap(ctx_.dictionary(static_cast<int>(d)));
    }
  }
}

}  // namespace quarry::interpreter
