// Threads: a bounded window of games in flight, examined by workers, retired in input order.
#include "interpreter/parallel_runner.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "interpreter/batch_worker.h"
#include "interpreter/game_batch.h"
#include "interpreter/game_examination.h"
#include "interpreter/game_feed.h"
#include "interpreter/game_output.h"
#include "interpreter/output_gather.h"
#include "interpreter/state_merge.h"

namespace quarry::interpreter {
namespace {

class ThreadedRun final : public GameRun, private GameFeed::Handler, private GameFeed::Speculation {
  static constexpr std::size_t kKeptNodes = 256;

 public:
  ThreadedRun(const CompiledQuery& query, const RunSettings& settings, RunStats& stats, OutputFile* output,
              const std::vector<ShardFile>& files)
      : query_(query), settings_(settings), stats_(stats), output_(output),
        progress_(settings.progress, settings.line_increment, files), feed_(settings, stats, progress_),
        window_(2 * settings.threads + 1),
        held_back_(games_sorted(query, output_settings(settings, false)) || !settings.state_out.empty()),
        has_state_(has_persistent_state(query)) {
    prepare_context(ctx_, query);
    ctx_.set_secure(settings.secure);
    // cqlend runs here, under the run's limits as in a single-threaded run.
    ctx_.budget().set_limits(settings.limits);
    const bool render = output != nullptr || !settings.state_out.empty();
    if (output != nullptr && output->takes_blocks() && !held_back_) gather_.emplace(*output);
    own_worker_.emplace(query, settings, render, held_back_, failed_chunk_);
    for (unsigned i = 1; i < settings.threads; ++i) {
      threads_.emplace_back([this, render] {
        Worker worker(query_, settings_, render, held_back_, failed_chunk_);
        work(worker);
      });
    }
  }

  ~ThreadedRun() override {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
      work_.clear();  // a stopped run drops the games not yet started
    }
    work_ready_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  bool read(const ShardFile& input) override { return !stopped_ && feed_.split(input, *this); }

  bool end_of_input() override {
    // split() leaves an input's last chunks in flight for the next input's cut: the last ones
    // are retired here (a chunk that fails is cut again).
    const bool cut_ok = feed_.settle_split(*this);
    if (!pending_.empty()) {
      if (filling_ == nullptr) make_room();
      next_job(JobKind::Messages);
    }
    const bool ok = settle();
    // settle_split() retired every chunk: only exact texts were in flight here.
    if (rewind_) threads_internal_error("a chunk failed its check after its input was settled");
    return ok && cut_ok;
  }

  void finish() override {
    progress_.finish();
    if (gather_) gather_->write();
    if (!held_.empty()) {
      order_matched_games(query_.sorts, held_, settings_.sort_matchcount);
      for (const MatchedGame& g : held_) output_->write(g.text);
      held_.clear();
    }
    run_end_blocks(query_, ctx_);
    std::fputs(final_report(query_, ctx_, settings_.show_dictionaries).c_str(), stdout);
  }

  RunState state() override {
    progress_.finish();
    RunState st{settings_.query_source, settings_.shard, settings_.show_dictionaries, settings_.secure, stats_, {},
                ctx_.dictionaries(), std::move(held_)};
    for (std::size_t i = 0; i < query_.variables.size(); ++i) {
      st.variables.push_back(ctx_.variable(static_cast<int>(i)));
    }
    return st;
  }

 private:
  // --- the reader's side (the calling thread) ---------------------------------------------------
  void message(std::string text) override { pending_ += text; }

  bool game(chess::Game& game, std::uint64_t file_index) override {
    // Whole games come only from a failed input's tail, which split() reads after it settled every
    // chunk: none can fail now, so a null job means the run stopped (a rewind here would drop the
    // game and stop the run).
    if (rewind_) threads_internal_error("a chunk failed its check before a failed input's tail");
    const std::optional<std::size_t> claimed = claim_job(JobKind::Game);
    if (!claimed) return false;
    Batch& batch = *filling_;
    if (batch.games.size() <= *claimed) batch.games.resize(*claimed + 1);
    std::swap(batch.games[*claimed], game);
    batch.at_reader[*claimed].file_index = file_index;
    if (batch.used == Batch::kGames) dispatch();
    return true;
  }

  bool game_text(std::string_view text, std::uint64_t first_line, std::uint64_t ordinal, const ShardFile& input,
                 const std::shared_ptr<char[]>& owner, TextCut cut, std::size_t lookahead) override {
    const std::optional<std::size_t> claimed = claim_job(JobKind::Text);
    // No job and not stopped: making room retired a chunk that failed its check. This text is not
    // taken (it was cut after that chunk); the feed learns of it from take_rewind(), which it
    // asks after every game_text, and cuts again from that chunk.
    if (!claimed) return !stopped_;
    Batch& batch = *filling_;
    // The input's index, not its name, is compared: a game at a time.
    if (paths_.empty() || path_input_ != input.index) {
      paths_.push_back(input.path);
      path_input_ = input.index;
    }
    // The lookahead is at most the bytes read past the chunk: a few MiB (PgnSplitter::read_more).
    batch.inputs[*claimed] = JobInput{text, first_line, ordinal, &paths_.back(), JobKind::Text, cut,
                                      static_cast<std::uint32_t>(lookahead)};
    batch.at_reader[*claimed].file_index = input.index;
    if (batch.owners.empty() || batch.owners.back() != owner) batch.owners.push_back(owner);
    batch.text_bytes += text.size();
    if (batch.used == Batch::kGames || batch.text_bytes >= Batch::kTextBytes) dispatch();
    return true;
  }

  // --- speculation: the feed cuts chunks for this run, and is told of one that failed -----------
  GameFeed::Speculation* speculation() override { return this; }

  std::uint64_t retired_ordinal() const override { return retired_ordinal_; }

  bool settle() override {
    dispatch();
    retire_while([this] { return !in_flight_.empty(); });
    return !stopped_;
  }

  std::optional<std::uint64_t> take_rewind() override { return std::exchange(rewind_, std::nullopt); }

  // The index of the next job in the batch being filled, of this kind, carrying the messages said
  // since the last one; none once the run stopped, or when a chunk failed its check (the feed
  // cuts again from it first).
  std::optional<std::size_t> claim_job(JobKind kind) {
    if (stopped_) return std::nullopt;
    // Making room retires batches and may find a chunk that failed its check: it is made here,
    // once, before the test, so that no job is claimed past a failed chunk (a job claimed after
    // a second retire found one stayed in the window and was merged out of order).
    if (filling_ == nullptr) make_room();
    if (stopped_ || rewind_) return std::nullopt;
    return next_job(kind);
  }

  // Retires what is done, and waits (examining) until the window has room for a new batch.
  void make_room() {
    retire_while([this] { return in_flight_.size() >= window_; });
  }

  // Retires what is done; then, while `busy()` holds, examines a batch no worker has taken (or
  // waits for the oldest) and retires again. Stops early once the run stopped or a chunk failed.
  template <typename Busy>
  void retire_while(Busy busy) {
    retire_done();
    while (!stopped_ && !rewind_ && busy()) {
      if (!examine_queued()) wait_for_front();
      retire_done();
    }
  }

  // Claims the next job of the batch being filled (a new batch when none is: the caller made
  // room), of this kind, with the messages said since the last job; its index.
  std::size_t next_job(JobKind kind) {
    if (filling_ == nullptr) {
      if (!spare_.empty()) {
        in_flight_.push_back(std::move(spare_.back()));
        spare_.pop_back();
      } else {
        in_flight_.push_back(std::make_unique<Batch>());
      }
      filling_ = in_flight_.back().get();
    }
    const std::size_t i = filling_->used++;
    filling_->inputs[i] = JobInput{};
    filling_->inputs[i].kind = kind;
    filling_->at_reader[i].before = std::move(pending_);
    pending_.clear();
    return i;
  }

  void dispatch() {
    if (filling_ == nullptr) return;
    {
      std::lock_guard lock(mutex_);
      work_.push_back(filling_);
    }
    filling_ = nullptr;
    work_ready_.notify_one();
  }

  // The reader's thread is one of the run's threads: with the window full, it examines the oldest
  // batch no worker has taken instead of waiting (N threads in all, not N workers and a reader
  // that wakes once per batch). False when every dispatched batch is taken.
  bool examine_queued() {
    Batch* batch = nullptr;
    {
      std::lock_guard lock(mutex_);
      if (work_.empty()) return false;
      batch = work_.front();
      work_.pop_front();
    }
    own_worker_->examine(*batch);
    std::lock_guard lock(mutex_);
    batch->done = true;
    return true;
  }

  // Only dispatched batches are waited for: the one being filled is never at the front then.
  void wait_for_front() {
    std::unique_lock lock(mutex_);
    batch_done_.wait(lock, [this] { return in_flight_.front()->done; });
  }

  // Takes the finished games at the front of the window, in input order.
  void retire_done() {
    while (!stopped_ && !rewind_ && !in_flight_.empty() && in_flight_.front().get() != filling_) {
      {
        std::lock_guard lock(mutex_);
        if (!in_flight_.front()->done) return;
      }
      std::unique_ptr<Batch> batch = std::move(in_flight_.front());
      in_flight_.pop_front();
      for (std::size_t i = 0; i < batch->used && !stopped_; ++i) {
        if (batch->outcomes[i].not_one_game) {
          drop_from(*batch, i);
          break;
        }
        // Texts retire in input order, each once: a text left unread was dropped with the chunk
        // before it that failed, and one out of order was claimed past it (a game merged twice).
        const JobInput& input = batch->inputs[i];
        if (input.kind == JobKind::Text) {
          if (batch->outcomes[i].unread) threads_internal_error("a text left unread after a failed chunk was retired");
          if (input.ordinal <= retired_ordinal_) threads_internal_error("a game was retired out of input order");
          retired_ordinal_ = input.ordinal;
        }
        if (!retire(*batch, i)) stopped_ = true;
        recycle(*batch, i);
      }
      if (gather_) gather_->keep(batch->output_text);
      to_spare(std::move(batch));
    }
  }

  // A batch retired or dropped (its jobs recycled) is kept for reuse.
  void to_spare(std::unique_ptr<Batch> batch) {
    batch->owners.clear();
    batch->used = 0;
    batch->text_bytes = 0;
    batch->done = false;
    spare_.push_back(std::move(batch));
  }

  // A chunk failed its check (the front batch's job `first`): it and every job after it are
  // dropped unmerged, once no worker is examining them; the messages said before them are said
  // later, before the games cut again. take_rewind() tells the feed.
  void drop_from(Batch& front, std::size_t first) {
    rewind_ = front.inputs[first].ordinal;
    std::string before;
    for (std::size_t i = first; i < front.used; ++i) {
      before += front.at_reader[i].before;
      recycle(front, i);
    }
    {
      std::unique_lock lock(mutex_);
      std::deque<Batch*> untaken;
      untaken.swap(work_);
      batch_done_.wait(lock, [&] {
        for (const std::unique_ptr<Batch>& b : in_flight_) {
          const bool examining =
              b.get() != filling_ && std::find(untaken.begin(), untaken.end(), b.get()) == untaken.end();
          if (examining && !b->done) return false;
        }
        return true;
      });
    }
    // No thread reads a text of the window now; the texts cut again reuse its ordinals.
    failed_chunk_.store(kNoFailedChunk, std::memory_order_relaxed);
    for (std::unique_ptr<Batch>& b : in_flight_) {
      for (std::size_t i = 0; i < b->used; ++i) {
        before += b->at_reader[i].before;
        recycle(*b, i);
      }
      to_spare(std::move(b));
    }
    in_flight_.clear();
    filling_ = nullptr;
    pending_.insert(0, before);
  }

  // The reader's side of job `i` only: a thread writes the outcome whole and the extras it sets.
  static void recycle(Batch& batch, std::size_t i) {
    // A long game's nodes are not kept for the next one: the window's memory stays that of
    // ordinary games, whatever the longest game read so far.
    if (i < batch.games.size() && batch.games[i].node_count() > kKeptNodes) batch.games[i] = chess::Game();
    batch.at_reader[i].before.clear();
  }

  // What the one-thread run does after examining this game, in the same order. False stops the run.
  bool retire(Batch& batch, std::size_t i) {
    const JobOutcome& outcome = batch.outcomes[i];
    JobExtras& extras = batch.extras[i];
    if (!batch.at_reader[i].before.empty()) say(batch.at_reader[i].before);
    if (outcome.said) say(extras.said);
    stats_.games_read += outcome.read ? 1 : 0;
    stats_.games_skipped += outcome.skipped ? 1 : 0;
    stats_.games_warned += outcome.warned ? 1 : 0;
    if (!outcome.examined) return true;
    stats_.positions += outcome.positions;
    if (has_state_ && !merge_state(extras)) return false;
    if (outcome.outcome == GameExamination::Outcome::Interrupted) {
      say(extras.message);
      return false;
    }
    if (outcome.outcome == GameExamination::Outcome::Failed) {
      ++stats_.games_failed;
      say(extras.message);
      return true;
    }
    if (!game_kept(settings_, outcome.matches)) return true;
    ++stats_.games_matched;
    stats_.matched_positions += outcome.matches;
    if (settings_.show_matches) {
      progress_.finish();
      const JobInput& input = batch.inputs[i];
      show_match(settings_, input.kind == JobKind::Text ? input.ordinal : batch.games[i].number);
    }
    if (!outcome.output) return true;
    if (!held_back_) {
      const std::string_view text =
          std::string_view(batch.output_text).substr(extras.output_begin, extras.output_end - extras.output_begin);
      if (gather_) {
        gather_->add(batch.output_text, text);
      } else {
        output_->write(text);
      }
    } else {
      extras.output.file = batch.at_reader[i].file_index;
      held_.push_back(std::move(extras.output));
    }
    return true;
  }

  // The game's share of the persistent state joins the run's, the earlier games' first.
  bool merge_state(JobExtras& game) {
    for (std::size_t i = 0; i < query_.variables.size(); ++i) {
      if (query_.variables[i].persistent) merge_persistent(ctx_.variable(static_cast<int>(i)), game.variables[i]);
    }
    for (std::size_t d = 0; d < query_.dictionaries.size(); ++d) {
      Context::Dictionary& run = ctx_.dictionary(static_cast<int>(d));
      if (query_.parallel.dictionary_per_game[d]) {
        run.swap(game.dictionaries[d]);
        continue;
      }
      std::string error;
      if (!merge_dictionary(query_.dictionaries[d], run, game.dictionaries[d], &error)) {
        say("quarry: " + error + "\n");
        return false;
      }
    }
    return true;
  }

  void say(const std::string& text) {
    progress_.finish();
    std::fputs(text.c_str(), stderr);
  }

  // --- a worker thread ------------------------------------------------------------------------
  void work(Worker& worker) {
    while (true) {
      Batch* batch = nullptr;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [this] { return closing_ || !work_.empty(); });
        if (work_.empty()) return;
        batch = work_.front();
        work_.pop_front();
      }
      worker.examine(*batch);
      {
        std::lock_guard lock(mutex_);
        batch->done = true;
      }
      batch_done_.notify_one();
    }
  }

  const CompiledQuery& query_;
  const RunSettings& settings_;
  RunStats& stats_;
  OutputFile* output_;
  std::optional<OutputGather> gather_;  // the games written as they retire, when output_ takes blocks
  ProgressLine progress_;
  GameFeed feed_;
  Context ctx_;                      // the run's persistent state, merged in input order
  std::vector<MatchedGame> held_;    // sorted output or --state-out: every written game
  std::string pending_;              // reader messages not yet attached to a slot
  std::deque<std::string> paths_;    // the inputs' names, which the jobs point to
  std::uint64_t path_input_ = 0;     // the index of the input whose name is paths_.back()
  const std::size_t window_;         // batches in flight at most: bounds the memory
  const bool held_back_;             // games go to held_ (sorted output, --state-out), not straight out
  const bool has_state_;             // games leave a share of the persistent state (has_persistent_state)
  std::deque<std::unique_ptr<Batch>> in_flight_;  // in input order; only the reader's thread changes it
  std::vector<std::unique_ptr<Batch>> spare_;
  Batch* filling_ = nullptr;         // the batch the reader is filling (the last in flight)
  bool stopped_ = false;
  std::uint64_t retired_ordinal_ = 0;         // of the last game text retired
  std::optional<std::uint64_t> rewind_;       // a chunk that failed its check (take_rewind)
  // Every thread reads it once a game, and it changes only when a chunk fails: on a cache line of
  // its own, so that the reader's writes to the fields around it (retired_ordinal_, once a game)
  // do not take the line from the other cores each time (false sharing costs a transfer between
  // cores, hundreds of cycles, a game).
  alignas(64) std::atomic<std::uint64_t> failed_chunk_{kNoFailedChunk};  // see kNoFailedChunk
  alignas(64) std::optional<Worker> own_worker_;  // the reader's thread examining batches (examine_queued)

  std::mutex mutex_;
  std::condition_variable work_ready_, batch_done_;
  std::deque<Batch*> work_;  // batches waiting for a worker
  bool closing_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace

std::unique_ptr<GameRun> make_threaded_run(const CompiledQuery& query, const RunSettings& settings, RunStats& stats,
                                           OutputFile* output, const std::vector<ShardFile>& files) {
  return std::make_unique<ThreadedRun>(query, settings, stats, output, files);
}

}  // namespace quarry::interpreter
