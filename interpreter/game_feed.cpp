// The input loop shared by the runners, and the progress line.
#include "interpreter/game_feed.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <unistd.h>

#include "chess/pgn_chunks.h"
#include "chess/pgn_reader.h"
#include "chess/pgn_splitter.h"
#include "chess/variant.h"

namespace quarry::interpreter {
namespace {

std::string megabytes(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / 1e6);
  return text;
}

std::string clock_text(double seconds) {
  auto s = static_cast<std::uint64_t>(seconds + 0.5);
  char text[32];
  std::snprintf(text, sizeof text, "%llu:%02llu:%02llu", static_cast<unsigned long long>(s / 3600),
                static_cast<unsigned long long>(s / 60 % 60), static_cast<unsigned long long>(s % 60));
  return text;
}

// A game the reader skipped because its [Variant] tag names rules Quarry does not play.
bool of_unknown_variant(const chess::Game& game) {
  const std::string* variant = game.tag("Variant");
  return variant != nullptr && !chess::variant_rules_from_name(*variant);
}

bool result_wanted(const RunSettings& settings, const chess::Game& game) {
  if (settings.results.empty()) return true;
  const std::string* tag = game.tag("Result");
  std::string result = tag ? *tag : game.result();
  for (const std::string& r : settings.results) if (r == result) return true;
  return false;
}

std::string number_text(std::uint64_t n) { return std::to_string(n); }

}  // namespace

// One input's chunks handed out and not yet known to be retired: where each starts (a point
// where the serial cut starts a text), for a rewind, and the bytes the splitter keeps for it.
class SpeculativeCuts {
 public:
  explicit SpeculativeCuts(bool allowed) : allowed_(allowed) {}

  // Before the next cut: forgets the chunks retired and keeps the others' bytes. True when the
  // next cut may be a chunk.
  // `from_start`: the input's bytes are all kept, for a rewind into an input before it, after
  // which this one is cut again from its start.
  bool keep(chess::PgnSplitter& splitter, std::uint64_t retired_ordinal, bool from_start = false) {
    while (!cuts_.empty() && cuts_.front().ordinal <= retired_ordinal) cuts_.pop_front();
    splitter.keep_from(from_start ? 0 : cuts_.empty() ? chess::PgnSplitter::kKeepNone : cuts_.front().offset);
    return allowed_ && splitter.offset() >= serial_until_;
  }
  bool unsettled() const { return !cuts_.empty(); }
  void settled() { cuts_.clear(); }
  // The input is cut again from its start (every text handed out of it was dropped).
  void restart() {
    cuts_.clear();
    serial_until_ = 0;
  }
  void handed_out(std::uint64_t ordinal, std::uint64_t offset, std::uint64_t line, std::uint64_t end) {
    cuts_.emplace_back(ordinal, offset, line, end);
  }
  // The chunk numbered `ordinal` failed: the splitter goes back to its start and cuts serially
  // at least past its end, so that the next chunk starts further on. An input whose chunks fail
  // again and again (no [Event tags, games without results) is cut serially from then on.
  void rewind(std::uint64_t ordinal, chess::PgnSplitter& splitter) {
    auto failed = std::find_if(cuts_.begin(), cuts_.end(), [ordinal](const Cut& c) { return c.ordinal == ordinal; });
    // A chunk's cut stays here until it is retired, and a chunk that fails is never retired.
    if (failed == cuts_.end()) threads_internal_error("the cut of a chunk that failed its check is not known");
    splitter.rewind(failed->offset, failed->line);
    serial_until_ = failed->end;
    cuts_.clear();
    if (++failures_ >= kMaxFailures) allowed_ = false;
  }

 private:
  static constexpr unsigned kMaxFailures = 8;
  struct Cut {
    // Built in place by emplace_back: a Cut built on the stack and copied in is loaded as wider
    // words than it was stored in, which waits for the stores (a store-forwarding stall, once a
    // game on the reader's thread).
    Cut(std::uint64_t game, std::uint64_t start, std::uint64_t start_line, std::uint64_t stop)
        : ordinal(game), offset(start), line(start_line), end(stop) {}
    std::uint64_t ordinal, offset, line, end;
  };
  bool allowed_;
  std::deque<Cut> cuts_;
  std::uint64_t serial_until_ = 0;
  unsigned failures_ = 0;
};

void threads_internal_error(const char* what) {
  std::fprintf(stderr, "quarry: internal error in the threaded run: %s (the output is not written; -s runs on one thread)\n",
               what);
  std::abort();
}

ProgressLine::ProgressLine(bool enabled, std::uint64_t increment, const std::vector<ShardFile>& files)
    : enabled_(enabled && ::isatty(2)), increment_(increment > 0 ? increment : 1), next_(increment_),
      start_(Clock::now()), last_(start_) {
  // A stat() an input, on the run's critical path before its first game: only for a line shown.
  if (!enabled_) return;
  bool all_known = false;
  total_ = total_size(files, &all_known);
  if (!all_known) total_ = 0;
}

bool ProgressLine::due(std::uint64_t games) {
  next_ = (games / increment_ + 1) * increment_;
  const Clock::time_point now = Clock::now();
  if (now - last_ < std::chrono::milliseconds(500)) return false;
  last_ = now;
  return true;
}

void ProgressLine::draw(const RunStats& stats, std::uint64_t bytes_read) {
  double seconds = std::chrono::duration<double>(last_ - start_).count();
  std::string line = "\rquarry: " + std::to_string(stats.games_read) + " games, " +
                     std::to_string(stats.games_matched) + " matched, " +
                     std::to_string(static_cast<std::uint64_t>(stats.games_read / seconds)) + " games/s, " +
                     megabytes(bytes_read);
  if (total_ > 0 && bytes_read > 0 && bytes_read <= total_) {
    double left = seconds * static_cast<double>(total_ - bytes_read) / static_cast<double>(bytes_read);
    line += " of " + megabytes(total_) + ", ETA " + clock_text(left);
  }
  std::fprintf(stderr, "%s\033[K", line.c_str());
  shown_ = true;
}

void ProgressLine::finish() {
  if (shown_) std::fputs("\r\033[K", stderr);
  shown_ = false;
}

bool GameFeed::read(const ShardFile& input, Handler& handler) {
  std::string error;
  auto reader = chess::PgnReader::open(input.path, &error);
  if (!reader) {
    handler.message("quarry: " + error + "\n");
    ++stats_.input_errors;
    return true;
  }
  return read_games(*reader, input, ordinal_, handler);
}

bool GameFeed::read_games(chess::PgnReader& reader, const ShardFile& input, std::uint64_t ordinal_before,
                          Handler& handler) {
  reader.set_strict(settings_.strict);
  reader.set_nested_comments(settings_.nested_comments);
  const std::uint64_t first = ordinal_;  // games of this input read before `reader` started
  // The reader asks about game_, the game it is reading into.
  if (movetext_may_be_unneeded(settings_)) {
    reader.set_movetext_filter([this, first](std::uint64_t number, const chess::Game&) {
      return movetext_unneeded(settings_, first + number, game_, probe_);
    });
  }
  chess::PgnDiagnostic diagnostic;
  std::string said;
  while (true) {
    chess::PgnReader::Status status = reader.next(game_, diagnostic);
    if (status == chess::PgnReader::Status::End) {
      bytes_done_ += reader.file_bytes_read();
      if (diagnostic.message.empty()) return true;
      ++stats_.input_errors;
      handler.message("quarry: " + input.path + ": " + diagnostic.message + "; " +
                      number_text(ordinal_ - ordinal_before) +
                      " games read before it, the rest of the file is skipped\n");
      return true;
    }
    if (!settings_.shard.owns_game(++ordinal_)) continue;
    ++stats_.games_read;
    if (status == chess::PgnReader::Status::Bypassed) continue;
    said.clear();
    const bool examine =
        admit_game(settings_, stats_, status, game_, diagnostic, reader.warnings(), input.path, ordinal_, said);
    if (!said.empty()) handler.message(std::move(said));
    if (status == chess::PgnReader::Status::Game) {
      progress_.update(stats_, [&] { return bytes_done_ + reader.file_bytes_read(); });
    }
    if (!examine) continue;
    if (!handler.game(game_, input.index)) return false;
    if (handler.limit_reached()) return true;
  }
}

// One input being cut for the threads: its splitter, its chunks not yet known to be retired,
// and where it starts in the run, so that the feed can go back into it.
struct GameFeed::InputCut {
  ShardFile input;
  std::unique_ptr<chess::PgnSplitter> splitter;
  SpeculativeCuts chunks;
  std::uint64_t ordinal_before = 0;  // games of the inputs before it
  bool from_start = true;            // its cut starts (again) at its first byte: ordinal_before is set then

  // Every text handed out of it was dropped with an earlier chunk that failed: it is cut again
  // from its start, whose bytes it kept meanwhile (SpeculativeCuts::keep).
  void restart() {
    splitter->rewind(0, 1);
    chunks.restart();
    from_start = true;
  }
};

namespace {

// The next text as a chunk (`cut` says which kind; `lookahead`: PgnSplitter::next_chunk's), or cut
// exactly where no chunk can be cut now.
chess::PgnSplitter::Status next_chunk(chess::PgnSplitter& splitter, std::string_view& text, std::uint64_t& first_line,
                                      TextCut& cut, std::size_t& lookahead) {
  bool last = false;
  switch (splitter.next_chunk(text, first_line, last, lookahead)) {
    case chess::PgnSplitter::ChunkStatus::Chunk:
      cut = last ? TextCut::LastChunk : TextCut::Chunk;
      return chess::PgnSplitter::Status::Game;
    case chess::PgnSplitter::ChunkStatus::End: return chess::PgnSplitter::Status::End;
    case chess::PgnSplitter::ChunkStatus::Serial: break;
  }
  return splitter.next(text, first_line);
}

}  // namespace

GameFeed::GameFeed(const RunSettings& settings, RunStats& stats, ProgressLine& progress)
    : settings_(settings), stats_(stats), progress_(progress) {}

GameFeed::~GameFeed() = default;

bool GameFeed::split(const ShardFile& input, Handler& handler) {
  std::string error;
  auto splitter = chess::PgnSplitter::open(input.path, settings_.strict, &error, settings_.nested_comments, &blocks_);
  if (!splitter) {
    // Said after every game before it: the kept inputs' chunks are retired (or cut again) first.
    if (!settle_split(handler)) return false;
    handler.message("quarry: " + error + "\n");
    ++stats_.input_errors;
    return true;
  }
  // Chunks need every game handed out: the run counts the games it does not examine here.
  const bool chunks = handler.speculation() != nullptr && settings_.shard.is_whole() && !settings_.gamenumber;
  InputCuts todo;
  todo.push_back(std::make_unique<InputCut>(InputCut{input, std::move(splitter), SpeculativeCuts(chunks)}));
  return cut_in_order(todo, handler);
}

bool GameFeed::settle_split(Handler& handler) {
  while (!kept_.empty()) {
    Speculation& speculation = *handler.speculation();  // only a run that speculates keeps inputs
    if (!speculation.settle()) return false;
    const std::optional<std::uint64_t> failed = speculation.take_rewind();
    if (!failed) {
      kept_.clear();
      return true;
    }
    InputCuts todo;
    requeue(*failed, todo);
    if (!cut_in_order(todo, handler)) return false;
  }
  return true;
}

bool GameFeed::cut_in_order(InputCuts& todo, Handler& handler) {
  while (!todo.empty()) {
    InputCut& current = *todo.front();
    if (current.from_start) {
      current.ordinal_before = ordinal_;
      current.from_start = false;
    }
    std::uint64_t failed = 0;
    switch (cut(current, handler, failed)) {
      case CutEnd::Stopped: return false;
      case CutEnd::Ended: {
        // The next input is cut while this one's last chunks are read: it is kept until they
        // retire. So it is while an earlier input has chunks in flight, if it handed out texts,
        // chunks or not (texts cut exactly, as a game longer than a chunk is): one of those that
        // fails drops them too, and then they are cut again. Each input kept has a text in
        // flight, so the window bounds how many there are, however many inputs hold no game.
        std::unique_ptr<InputCut> ended = std::move(todo.front());
        todo.pop_front();
        Speculation* const speculation = handler.speculation();
        if (speculation == nullptr) break;
        const std::uint64_t retired = speculation->retired_ordinal();
        const bool earlier_in_flight = keep_kept(retired);
        ended->chunks.keep(*ended->splitter, retired, earlier_in_flight);  // forgets its chunks retired meanwhile
        if (ended->chunks.unsettled() || (earlier_in_flight && ordinal_ > ended->ordinal_before)) {
          kept_.push_back(std::move(ended));
        }
        break;
      }
      case CutEnd::EarlierFailed:
        // Nothing of this input was merged (it comes after the failed chunk): it is cut again
        // after the inputs before it.
        current.restart();
        requeue(failed, todo);
        break;
    }
  }
  return true;
}

void GameFeed::requeue(std::uint64_t failed, InputCuts& todo) {
  // A chunk is found failing once every text before it retired: the inputs before its own did.
  while (kept_.size() > 1 && kept_[1]->ordinal_before < failed) kept_.pop_front();
  if (kept_.empty() || failed <= kept_.front()->ordinal_before) {
    threads_internal_error("a chunk failed its check in an input already settled");
  }
  // Every kept input after the failed one was cut while that chunk was in flight: its bytes are
  // kept from its start, and nothing of it was merged.
  for (std::size_t i = 1; i < kept_.size(); ++i) kept_[i]->restart();
  // Each is counted in bytes_done_ again when its cut ends again.
  for (const std::unique_ptr<InputCut>& again : kept_) bytes_done_ -= again->splitter->file_bytes_read();
  InputCut& own = *kept_.front();
  ordinal_ = failed - 1;
  own.chunks.rewind(failed, *own.splitter);
  while (!kept_.empty()) {
    todo.push_front(std::move(kept_.back()));
    kept_.pop_back();
  }
}

bool GameFeed::keep_kept(std::uint64_t retired_ordinal) {
  // Texts retire in input order: the kept inputs whose chunks all retired are the oldest ones,
  // and each later one keeps its bytes from its start while one before it has chunks in flight.
  // An input kept without chunks of its own goes once it is the oldest: texts cut exactly never
  // fail, and nothing before it is left to fail.
  while (!kept_.empty()) {
    InputCut& oldest = *kept_.front();
    oldest.chunks.keep(*oldest.splitter, retired_ordinal);
    if (oldest.chunks.unsettled()) return true;
    kept_.pop_front();
  }
  return false;
}

GameFeed::CutEnd GameFeed::cut(InputCut& current, Handler& handler, std::uint64_t& failed) {
  chess::PgnSplitter& splitter = *current.splitter;
  Speculation* const speculation = handler.speculation();
  std::string_view text;
  std::uint64_t first_line = 0;
  while (true) {
    const std::uint64_t start = splitter.offset();
    // One virtual call a game: the kept inputs and this one forget the same retired chunks.
    const std::uint64_t retired = speculation != nullptr ? speculation->retired_ordinal() : 0;
    const bool earlier_in_flight = speculation != nullptr && keep_kept(retired);
    TextCut cut = TextCut::Exact;
    std::size_t lookahead = 0;
    // While an earlier input has chunks in flight, this one keeps its bytes from its start: a
    // chunk of that input that fails has this one cut again from there.
    const chess::PgnSplitter::Status status =
        speculation != nullptr && current.chunks.keep(splitter, retired, earlier_in_flight)
            ? next_chunk(splitter, text, first_line, cut, lookahead)
            : splitter.next(text, first_line);
    // Nothing is read into a failed input's tail before every chunk is checked.
    const bool settle = status == chess::PgnSplitter::Status::Failed &&
                        (earlier_in_flight || current.chunks.unsettled());
    if (settle) {
      // Chunks are cut only for a handler with a speculation().
      if (!speculation->settle()) return CutEnd::Stopped;
      switch (rewound(current, *speculation, failed)) {
        case Rewind::Current: continue;
        case Rewind::Earlier: return CutEnd::EarlierFailed;
        case Rewind::None: break;
      }
      current.chunks.settled();
      kept_.clear();
    }
    if (status == chess::PgnSplitter::Status::End) {
      bytes_done_ += splitter.file_bytes_read();
      return CutEnd::Ended;
    }
    if (status == chess::PgnSplitter::Status::Failed) {
      // The input failed part way: its last games are read here, by a reader that fails as the
      // whole input's reader would have.
      chess::PgnReader tail(chess::byte_source_from_text(std::string(text), splitter.error()),
                            current.input.path == "-" ? "<stdin>" : current.input.path);
      tail.start_at_line(first_line);
      return read_games(tail, current.input, current.ordinal_before, handler) ? CutEnd::Ended : CutEnd::Stopped;
    }
    ++ordinal_;
    if (!settings_.shard.owns_game(ordinal_)) continue;
    if (settings_.gamenumber && !settings_.gamenumber->contains(static_cast<std::int64_t>(ordinal_))) {
      ++stats_.games_read;  // as read() counts it: read past, not examined
      continue;
    }
    progress_.update(stats_, [&] { return bytes_done_ + splitter.file_bytes_read(); });
    if (cut != TextCut::Exact) current.chunks.handed_out(ordinal_, start, first_line, splitter.offset());
    // A handler that found a chunk failed while making room for this text takes no text and
    // says so by take_rewind(): the feed goes back to that chunk (game_text returned true).
    if (!handler.game_text(text, first_line, ordinal_, current.input, splitter.text_owner(), cut,
                           cut == TextCut::Chunk ? lookahead : 0)) {
      return CutEnd::Stopped;
    }
    if (speculation != nullptr && rewound(current, *speculation, failed) == Rewind::Earlier) {
      return CutEnd::EarlierFailed;
    }
  }
}

GameFeed::Rewind GameFeed::rewound(InputCut& current, Speculation& speculation, std::uint64_t& failed) {
  const std::optional<std::uint64_t> chunk = speculation.take_rewind();
  if (!chunk) return Rewind::None;
  failed = *chunk;
  if (failed > current.ordinal_before) {
    ordinal_ = failed - 1;
    current.chunks.rewind(failed, *current.splitter);
    return Rewind::Current;
  }
  if (kept_.empty()) threads_internal_error("a chunk failed its check in an input already settled");
  return Rewind::Earlier;
}

// Each of movetext_unneeded's tests, asked of the settings alone. The reader asks its filter once a
// game, through two std::function calls: a run without a shard by game, game numbers, results or a
// tag gate (most runs) sets none.
bool movetext_may_be_unneeded(const RunSettings& settings) {
  return !settings.shard.owns_every_game() || settings.gamenumber || !settings.results.empty() ||
         settings.tag_gate != nullptr;
}

bool movetext_unneeded(const RunSettings& settings, std::uint64_t ordinal, chess::Game& tags, Context& probe) {
  if (!settings.shard.owns_game(ordinal)) return true;
  if (settings.gamenumber && !settings.gamenumber->contains(static_cast<std::int64_t>(ordinal))) return true;
  if (!settings.results.empty()) {
    const std::string* result = tags.tag("Result");
    if (result != nullptr && !result_wanted(settings, tags)) return true;
  }
  if (settings.tag_gate == nullptr) return false;
  tags.number = ordinal;  // as the run numbers it (gamenumber); the reader numbers it again after
  return settings.tag_gate->rules_out(tags, probe);
}

bool admit_game(const RunSettings& settings, RunStats& stats, chess::PgnReader::Status status, chess::Game& game,
                const chess::PgnDiagnostic& diagnostic, const std::vector<chess::PgnDiagnostic>& warnings,
                const std::string& path, std::uint64_t ordinal, std::string& messages) {
  if (status == chess::PgnReader::Status::Skipped) {
    if (settings.skip_unknown_variants && of_unknown_variant(game)) return false;
    ++stats.games_skipped;
    messages += path + ":" + number_text(diagnostic.line) + ": game " + number_text(ordinal) + " skipped: " +
                diagnostic.message + "\n";
    return false;
  }
  game.number = ordinal;
  // Each warning once per game, as loud as --warnlevel allows; a game that lost text is counted.
  bool lost_text = false;
  for (const chess::PgnDiagnostic& w : warnings) {
    lost_text = lost_text || !w.repaired;
    if (settings.warn_level < (w.repaired ? 3 : 2)) continue;
    messages += path + ":" + number_text(w.line) + ": game " + number_text(ordinal) + ": warning: " + w.message + "\n";
  }
  if (lost_text) ++stats.games_warned;
  if (settings.gamenumber && !settings.gamenumber->contains(static_cast<std::int64_t>(ordinal))) return false;
  return result_wanted(settings, game);
}

GameTextReader::GameTextReader(const RunSettings& settings)
    : settings_(settings), reader_(chess::PgnReader::from_string("")) {
  reader_->set_strict(settings.strict);
  reader_->set_nested_comments(settings.nested_comments);
  if (movetext_may_be_unneeded(settings)) {
    reader_->set_movetext_filter(
        [this](std::uint64_t, const chess::Game&) { return movetext_unneeded(settings_, ordinal_, *game_, probe_); });
  }
}

TextRead GameTextReader::read(std::string_view text, std::size_t lookahead, std::uint64_t first_line,
                              std::uint64_t ordinal, TextCut cut, const std::string& path, chess::Game& game,
                              RunStats& stats, std::string& messages) {
  ordinal_ = ordinal;
  game_ = &game;
  reader_->read_text(std::string_view(text.data(), text.size() + lookahead), first_line);
  chess::PgnDiagnostic diagnostic;
  const chess::PgnReader::Status status = reader_->next(game, diagnostic);
  if (cut != TextCut::Exact && !chess::chunk_holds_one_game(*reader_, status, text, cut == TextCut::LastChunk)) {
    return TextRead::NotOneGame;
  }
  if (status == chess::PgnReader::Status::End) return TextRead::Passed;  // the splitter hands out games only
  ++stats.games_read;
  if (status == chess::PgnReader::Status::Bypassed) return TextRead::Passed;
  return admit_game(settings_, stats, status, game, diagnostic, reader_->warnings(), path, ordinal, messages)
             ? TextRead::Examine
             : TextRead::Passed;
}

}  // namespace quarry::interpreter
