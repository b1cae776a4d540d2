// Threads: a bounded window of games in flight, examined by workers, retired in input order.
#include "interpreter/parallel_runner.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "interpreter/game_examination.h"
#include "interpreter/game_feed.h"
#include "interpreter/game_output.h"
#include "interpreter/state_merge.h"

namespace quarry::interpreter {
namespace {

// One game on its way through the pipeline, or only messages that come before the next game.
struct GameJob {
  enum class Kind : std::uint8_t { Messages, Game, Text };
  std::string before;       // the reader's messages for standard error that precede this game
  Kind kind = Kind::Messages;
  chess::Game game;         // Game: read by the reader; Text: read by the worker
  std::string_view text;    // Text: the game's text, as the splitter cut it, in the splitter's memory (Batch::owners)
  std::uint64_t first_line = 0;
  std::uint64_t ordinal = 0;
  TextCut cut = TextCut::Exact;  // Text: a chunk's reader checks that it holds one whole game
  const std::string* path = nullptr;  // Text: the input's name, for the reading messages
  std::uint64_t file_index = 0;
  // Filled by the worker: what reading the text said (skipped game, warnings), whether the game
  // was examined, the verdict, this game's positions, its PGN text when it is written, and its
  // share of the persistent state (from a fresh start). The worker clears them before it fills
  // them (clear_results) and the reader only reads them: a job's results cross from the
  // worker's core to the reader's once, and are not pulled back to be cleared. They start on a
  // cache line of their own, apart from the reader's fields above.
  alignas(64) std::string said;
  bool examined = false;
  bool not_one_game = false;  // a chunk that failed its check: the run cuts it again
  bool unread = false;        // after a chunk that failed its check: dropped with it, so not read
  std::uint64_t game_number = 0;
  GameExamination result;
  RunStats stats;
  std::optional<MatchedGame> output;
  std::vector<Value> variables;
  std::vector<Context::Dictionary> dictionaries;

  void clear_results() {
    said.clear();
    examined = false;
    not_one_game = false;
    unread = false;
    game_number = 0;
    result = {};
    stats = {};
    output.reset();
  }
};

// Games travel in batches, so that threads meet once per batch and not once per game (a thread
// woken per game costs more than `mate` on it when the machine is busy).
struct Batch {
  static constexpr std::size_t kGames = 32;
  // Long games (engine analyses) close a batch sooner: a batch's work, and the text it holds in
  // the splitter's blocks, stay those of ordinary games.
  static constexpr std::size_t kTextBytes = std::size_t{64} << 10;
  std::vector<GameJob> jobs;  // the first `used` are this batch's; the rest keep their memory
  // The splitter's blocks the texts of `jobs` lie in, each once: a batch's texts mostly share one.
  // Taken and dropped by the reader's thread only (a copy per text would be two atomic operations
  // a game).
  std::vector<std::shared_ptr<const char[]>> owners;
  std::size_t used = 0;
  std::size_t text_bytes = 0;  // of the Text jobs
  bool done = false;  // guarded by the run's mutex
};

// The lowest ordinal of a chunk that a thread found failing its check, or kNoFailedChunk. Every
// text of a higher ordinal in the window was cut after that chunk (ordinals grow in window order,
// and a rewind empties the window), so it is dropped when the chunk retires: threads skip it.
constexpr std::uint64_t kNoFailedChunk = ~std::uint64_t{0};

// A worker's own context and renderer: nothing a worker writes is shared until its slot is done.
class Worker {
 public:
  Worker(const CompiledQuery& query, const RunSettings& settings, bool render,
         std::atomic<std::uint64_t>& failed_chunk)
      : query_(query), settings_(settings), render_(render), output_(query, output_settings(settings, true), nullptr),
        text_reader_(settings), failed_chunk_(failed_chunk) {
    configure_context(ctx_, query, settings);
    for (const VariableInfo& v : query.variables) persistent_.push_back(v.persistent);
  }

  void examine(Batch& batch) {
    for (std::size_t i = 0; i < batch.used; ++i) {
      GameJob& job = batch.jobs[i];
      job.clear_results();
      if (job.kind == GameJob::Kind::Text) {
        if (job.ordinal > failed_chunk_.load(std::memory_order_relaxed)) {
          job.unread = true;
          continue;
        }
        // Read into the worker's own game, whose memory stays in this core's cache.
        const TextRead read =
            text_reader_.read(job.text, job.first_line, job.ordinal, job.cut, *job.path, game_, job.stats, job.said);
        job.not_one_game = read == TextRead::NotOneGame;
        if (job.not_one_game) note_failed_chunk(job.ordinal);
        job.examined = read == TextRead::Examine;
        if (job.examined) examine(job, game_);
      } else if (job.kind == GameJob::Kind::Game) {
        job.examined = true;
        examine(job, job.game);
      }
    }
  }

 private:
  void note_failed_chunk(std::uint64_t ordinal) {
    std::uint64_t lowest = failed_chunk_.load(std::memory_order_relaxed);
    while (ordinal < lowest && !failed_chunk_.compare_exchange_weak(lowest, ordinal, std::memory_order_relaxed)) {
    }
  }

  void examine(GameJob& slot, const chess::Game& game) {
    slot.game_number = game.number;
    for (std::size_t i = 0; i < persistent_.size(); ++i) {
      if (persistent_[i]) ctx_.variable(static_cast<int>(i)) = std::monostate{};
    }
    for (std::size_t d = 0; d < query_.dictionaries.size(); ++d) ctx_.dictionary(static_cast<int>(d)).clear();
    slot.result = examine_game(query_, settings_, ctx_, game, persistent_, slot.stats, matched_);
    if (slot.result.outcome == GameExamination::Outcome::Examined && render_ &&
        game_kept(settings_, slot.result.matches)) {
      output_.set_file_index(slot.file_index);
      output_.add(game, ctx_, matched_);
      slot.output = std::move(output_.held().back());
      output_.held().clear();
    }
    slot.variables.resize(persistent_.size());
    for (std::size_t i = 0; i < persistent_.size(); ++i) {
      if (persistent_[i]) slot.variables[i] = std::move(ctx_.variable(static_cast<int>(i)));
    }
    slot.dictionaries.resize(query_.dictionaries.size());
    for (std::size_t d = 0; d < query_.dictionaries.size(); ++d) {
      slot.dictionaries[d].swap(ctx_.dictionary(static_cast<int>(d)));
    }
  }

  const CompiledQuery& query_;
  const RunSettings& settings_;
  bool render_;
  GameOutput output_;
  GameTextReader text_reader_;
  chess::Game game_;  // the game read from a text job
  Context ctx_;
  std::vector<bool> persistent_;
  std::vector<chess::NodeId> matched_;
  std::atomic<std::uint64_t>& failed_chunk_;  // the run's, shared by its threads
};

class ThreadedRun final : public GameRun, private GameFeed::Handler, private GameFeed::Speculation {
  static constexpr std::size_t kKeptNodes = 256;

 public:
  ThreadedRun(const CompiledQuery& query, const RunSettings& settings, RunStats& stats, OutputFile* output,
              const std::vector<ShardFile>& files)
      : query_(query), settings_(settings), stats_(stats), output_(output),
        progress_(settings.progress, settings.line_increment, files), feed_(settings, stats, progress_),
        window_(2 * settings.threads + 1),
        held_back_(games_sorted(query, output_settings(settings, false)) || !settings.state_out.empty()) {
    prepare_context(ctx_, query);
    ctx_.set_secure(settings.secure);
    // cqlend runs here, under the run's limits as in a single-threaded run.
    ctx_.budget().set_limits(settings.limits);
    const bool render = output != nullptr || !settings.state_out.empty();
    own_worker_.emplace(query, settings, render, failed_chunk_);
    for (unsigned i = 1; i < settings.threads; ++i) {
      threads_.emplace_back([this, render] {
        Worker worker(query_, settings_, render, failed_chunk_);
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
      next_job().before = std::move(pending_);
    }
    pending_.clear();
    const bool ok = settle();
    // settle_split() retired every chunk: only exact texts were in flight here.
    if (rewind_) threads_internal_error("a chunk failed its check after its input was settled");
    return ok && cut_ok;
  }

  void finish() override {
    progress_.finish();
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
    GameJob* claimed = claim_job(GameJob::Kind::Game);
    if (claimed == nullptr) return false;
    GameJob& job = *claimed;
    std::swap(job.game, game);
    job.file_index = file_index;
    if (filling_->used == Batch::kGames) dispatch();
    return true;
  }

  bool game_text(std::string_view text, std::uint64_t first_line, std::uint64_t ordinal, const ShardFile& input,
                 const std::shared_ptr<const char[]>& owner, TextCut cut) override {
    GameJob* claimed = claim_job(GameJob::Kind::Text);
    // No job and not stopped: making room retired a chunk that failed its check. This text is not
    // taken (it was cut after that chunk); the feed learns of it from take_rewind(), which it
    // asks after every game_text, and cuts again from that chunk.
    if (claimed == nullptr) return !stopped_;
    GameJob& job = *claimed;
    job.cut = cut;
    job.text = text;
    if (filling_->owners.empty() || filling_->owners.back() != owner) filling_->owners.push_back(owner);
    job.first_line = first_line;
    job.ordinal = ordinal;
    if (paths_.empty() || paths_.back() != input.path) paths_.push_back(input.path);
    job.path = &paths_.back();
    job.file_index = input.index;
    filling_->text_bytes += text.size();
    if (filling_->used == Batch::kGames || filling_->text_bytes >= Batch::kTextBytes) dispatch();
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

  // The next job, of this kind, carrying the messages said since the last one; null once the run
  // stopped, or when a chunk failed its check (the feed cuts again from it first).
  GameJob* claim_job(GameJob::Kind kind) {
    if (stopped_) return nullptr;
    // Making room retires batches and may find a chunk that failed its check: it is made here,
    // once, before the test, so that no job is claimed past a failed chunk (a job claimed after
    // a second retire found one stayed in the window and was merged out of order).
    if (filling_ == nullptr) make_room();
    if (stopped_ || rewind_) return nullptr;
    GameJob& job = next_job();
    job.before = std::move(pending_);
    pending_.clear();
    job.kind = kind;
    return &job;
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

  // The next job of the batch being filled; a new batch when none is (the caller made room).
  GameJob& next_job() {
    if (filling_ == nullptr) {
      if (!spare_.empty()) {
        in_flight_.push_back(std::move(spare_.back()));
        spare_.pop_back();
      } else {
        in_flight_.push_back(std::make_unique<Batch>());
      }
      filling_ = in_flight_.back().get();
    }
    if (filling_->used == filling_->jobs.size()) filling_->jobs.emplace_back();
    return filling_->jobs[filling_->used++];
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
        GameJob& job = batch->jobs[i];
        if (job.not_one_game) {
          drop_from(*batch, i);
          break;
        }
        // Texts retire in input order, each once: a text left unread was dropped with the chunk
        // before it that failed, and one out of order was claimed past it (a game merged twice).
        if (job.kind == GameJob::Kind::Text) {
          if (job.unread) threads_internal_error("a text left unread after a failed chunk was retired");
          if (job.ordinal <= retired_ordinal_) threads_internal_error("a game was retired out of input order");
          retired_ordinal_ = job.ordinal;
        }
        if (!retire(job)) stopped_ = true;
        recycle(job);
      }
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
    rewind_ = front.jobs[first].ordinal;
    std::string before;
    for (std::size_t i = first; i < front.used; ++i) {
      before += front.jobs[i].before;
      recycle(front.jobs[i]);
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
        before += b->jobs[i].before;
        recycle(b->jobs[i]);
      }
      to_spare(std::move(b));
    }
    in_flight_.clear();
    filling_ = nullptr;
    pending_.insert(0, before);
  }

  // The reader's fields only: the worker clears the results before it fills them again.
  static void recycle(GameJob& job) {
    // A long game's nodes are not kept for the next one: the window's memory stays that of
    // ordinary games, whatever the longest game read so far.
    if (job.game.node_count() > kKeptNodes) job.game = chess::Game();
    job.before.clear();
    job.kind = GameJob::Kind::Messages;
    job.cut = TextCut::Exact;
  }

  // What the one-thread run does after examining this game, in the same order. False stops the run.
  bool retire(GameJob& slot) {
    if (!slot.before.empty()) say(slot.before);
    if (!slot.said.empty()) say(slot.said);
    stats_.games_read += slot.stats.games_read;
    stats_.games_skipped += slot.stats.games_skipped;
    stats_.games_warned += slot.stats.games_warned;
    if (!slot.examined) return true;
    stats_.positions += slot.stats.positions;
    if (!merge_state(slot)) return false;
    if (slot.result.outcome == GameExamination::Outcome::Interrupted) {
      say(slot.result.message);
      return false;
    }
    if (slot.result.outcome == GameExamination::Outcome::Failed) {
      ++stats_.games_failed;
      say(slot.result.message);
      return true;
    }
    if (!game_kept(settings_, slot.result.matches)) return true;
    ++stats_.games_matched;
    stats_.matched_positions += slot.result.matches;
    if (settings_.show_matches) {
      progress_.finish();
      show_match(settings_, slot.game_number);
    }
    if (!slot.output) return true;
    if (!held_back_) {
      output_->write(slot.output->text);
    } else {
      held_.push_back(std::move(*slot.output));
    }
    return true;
  }

  // The game's share of the persistent state joins the run's, the earlier games' first.
  bool merge_state(GameJob& slot) {
    for (std::size_t i = 0; i < query_.variables.size(); ++i) {
      if (query_.variables[i].persistent) merge_persistent(ctx_.variable(static_cast<int>(i)), slot.variables[i]);
    }
    for (std::size_t d = 0; d < query_.dictionaries.size(); ++d) {
      Context::Dictionary& run = ctx_.dictionary(static_cast<int>(d));
      if (query_.parallel.dictionary_per_game[d]) {
        run.swap(slot.dictionaries[d]);
        continue;
      }
      std::string error;
      if (!merge_dictionary(query_.dictionaries[d], run, slot.dictionaries[d], &error)) {
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
  ProgressLine progress_;
  GameFeed feed_;
  Context ctx_;                      // the run's persistent state, merged in input order
  std::vector<MatchedGame> held_;    // sorted output or --state-out: every written game
  std::string pending_;              // reader messages not yet attached to a slot
  std::deque<std::string> paths_;    // the inputs' names, which the jobs point to
  const std::size_t window_;         // batches in flight at most: bounds the memory
  const bool held_back_;             // games go to held_ (sorted output, --state-out), not straight out
  std::deque<std::unique_ptr<Batch>> in_flight_;  // in input order; only the reader's thread changes it
  std::vector<std::unique_ptr<Batch>> spare_;
  Batch* filling_ = nullptr;         // the batch the reader is filling (the last in flight)
  bool stopped_ = false;
  std::uint64_t retired_ordinal_ = 0;         // of the last game text retired
  std::optional<std::uint64_t> rewind_;       // a chunk that failed its check (take_rewind)
  std::atomic<std::uint64_t> failed_chunk_{kNoFailedChunk};  // see kNoFailedChunk
  std::optional<Worker> own_worker_;  // the reader's thread examining batches (examine_queued)

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
