// Output games: comment assembly, edits, sorting; and the end-of-run report.
#include "interpreter/game_output.h"

#include <algorithm>
#include <charconv>


namespace quarry::interpreter {
namespace {

// --nosettag, --noremovetag, --noremovecomment turn an edit off.
bool applies(const GameEdit& e, const PgnOutputSettings& pgn) {
  switch (e.kind) {
    case GameEdit::Kind::SetTag: return pgn.apply_settag;
    case GameEdit::Kind::RemoveTag: return pgn.apply_removetag;
    case GameEdit::Kind::RemoveComment: return pgn.apply_removecomment;
  }
  return true;
}

bool any_applies(const std::vector<GameEdit>& edits, const PgnOutputSettings& pgn) {
  return std::any_of(edits.begin(), edits.end(), [&pgn](const GameEdit& e) { return applies(e, pgn); });
}

void apply_edits(chess::Game& game, const std::vector<GameEdit>& edits, const PgnOutputSettings& pgn) {
  for (const GameEdit& e : edits) {
    if (!applies(e, pgn)) continue;
    switch (e.kind) {
      case GameEdit::Kind::SetTag: game.set_tag(e.name, e.value); break;
      case GameEdit::Kind::RemoveTag: game.remove_tag(e.name); break;
      case GameEdit::Kind::RemoveComment:
        // What originalcomment reads at that position; a node without annotations gets no entry.
        if (!game.annotations(e.node).comments_after.empty()) game.edit_annotations(e.node).comments_after.clear();
        break;
    }
  }
}

std::string value_text(const Value& v) {
  if (std::holds_alternative<std::int64_t>(v)) return std::to_string(std::get<std::int64_t>(v));
  if (std::holds_alternative<std::string>(v)) return "\"" + std::get<std::string>(v) + "\"";
  if (std::holds_alternative<chess::SquareSet>(v)) return "[" + std::get<chess::SquareSet>(v).to_string() + "]";
  if (std::holds_alternative<PositionValue>(v)) return "<position>";  // its game is gone by now
  return "<unbound>";
}

}  // namespace

// The match comment goes after the comments made before the match. Usually that is every comment
// of its node (a query that comments nothing, like `true` or `mate`, or comments only before its
// last match): then the writer gets its text once, with the matching nodes. Otherwise it is
// stored at each node and the query's comments are cut into runs around the matches.
chess::RepeatedComment GameOutput::add_query_comments(Context& ctx, std::span<const chess::NodeId> nodes) {
  const std::vector<chess::InsertedComment>& comments = ctx.comments();
  const bool sorts_comment = std::any_of(ctx.sorts().begin(), ctx.sorts().end(),
                                         [](const SortState& s) { return !s.comments.empty(); });
  auto made_before = [&](std::size_t match) {
    return std::min<std::size_t>(ctx.match_comment_counts()[match], comments.size());
  };
  if (settings_.match_comment.empty() || nodes.empty() || (!sorts_comment && made_before(0) == comments.size())) {
    groups_.push_back(comments);
    if (settings_.match_comment.empty()) return {};
    return {settings_.match_comment, nodes};
  }
  match_comments_.clear();
  for (chess::NodeId id : nodes) match_comments_.push_back({id, settings_.match_comment});
  const std::span<const chess::InsertedComment> all(comments);
  const std::span<const chess::InsertedComment> matches(match_comments_);
  std::size_t written = 0;
  for (std::size_t i = 0; i < nodes.size();) {
    const std::size_t before = made_before(i);
    if (before > written) groups_.push_back(all.subspan(written, before - written));
    written = std::max(written, before);
    std::size_t j = i + 1;
    while (j < nodes.size() && made_before(j) == before) ++j;
    groups_.push_back(matches.subspan(i, j - i));
    i = j;
  }
  groups_.push_back(all.subspan(written));
  return {};
}

std::string& GameOutput::next_header(const chess::Game& game) {
  if (header_used_ == header_.size()) header_.emplace_back();
  chess::InsertedComment& entry = header_[header_used_++];
  entry.node = game.root();
  return entry.text;
}

std::string_view GameOutput::render(const chess::Game& game, Context& ctx, std::span<const chess::NodeId> matched) {
  header_used_ = 0;
  groups_.clear();
  chess::RepeatedComment repeated;
  // silent drops every comment the run would add, the query's own `comment`s included (CQL 6.1).
  if (!settings_.silent) {
    for (std::size_t i = 0; i < query_.sorts.size(); ++i) {
      const SortState& s = ctx.sorts()[i];
      if (s.best && !query_.sorts[i].title.empty()) {
        next_header(game) = query_.sorts[i].title + ": " + sort_key_text(*s.best);
      }
    }
    if (!settings_.no_header) {
      // Assigned into the kept string: "Game number 12345" is past the short-string buffer, and
      // a new string each game was an allocation per game.
      std::string& text = next_header(game);
      text.assign("Game number ");
      char digits[24];
      const auto end = std::to_chars(digits, digits + sizeof digits, game.number).ptr;
      text.append(digits, end);
    }
    groups_.push_back(std::span<const chess::InsertedComment>(header_).first(header_used_));
    repeated = add_query_comments(ctx, matched);
    for (const SortState& s : ctx.sorts()) groups_.push_back(s.comments);
  }
  // The writer puts them in position order, each node's in the order of groups_, then as made.
  const chess::Game* written = &game;
  if (any_applies(ctx.edits(), settings_.pgn)) {
    edited_ = game;
    apply_edits(edited_, ctx.edits(), settings_.pgn);
    written = &edited_;
  }
  return in_blocks_ ? writer_.append(*written, groups_, repeated) : writer_.write(*written, groups_, repeated);
}

GameOutput::~GameOutput() { hand_over_games(); }

void GameOutput::hand_over_games() {
  if (!in_blocks_) return;
  const std::string_view text = writer_.appended_text();
  if (text.empty()) return;
  file_->write_block(text);
  writer_.clear_text();
}

void GameOutput::add(const chess::Game& game, Context& ctx, std::span<const chess::NodeId> matched) {
  if (file_ == nullptr && !settings_.hold_all) return;
  if (in_blocks_) {
    render(game, ctx, matched);  // appended to the games collected in the writer's buffer
    if (writer_.appended_text().size() >= OutputFile::kWriteBuffer) hand_over_games();
    return;
  }
  const std::string_view text = render(game, ctx, matched);
  if (as_matched_) {
    file_->write(text);
    return;
  }
  MatchedGame held{{}, game.number, file_index_, std::string(text), matched.size()};
  for (const SortState& s : ctx.sorts()) held.keys.push_back(s.best);
  held_.push_back(std::move(held));
}

void GameOutput::finish() {
  hand_over_games();
  if (held_.empty() || settings_.hold_all) return;
  order_matched_games(query_.sorts, held_, settings_.sort_matchcount);
  for (const MatchedGame& h : held_) file_->write(h.text);
  held_.clear();
}

void order_matched_games(const std::vector<SortInfo>& sorts, std::vector<MatchedGame>& games, bool by_matchcount) {
  auto better = [&sorts, by_matchcount](const MatchedGame& a, const MatchedGame& b) {
    if (by_matchcount && a.matches != b.matches) return a.matches > b.matches;
    for (std::size_t i = 0; i < sorts.size(); ++i) {
      const auto& x = a.keys[i];
      const auto& y = b.keys[i];
      if (x.has_value() != y.has_value()) return x.has_value();
      if (!x || *x == *y) continue;
      return sorts[i].minimize ? *x < *y : *x > *y;
    }
    return a.file != b.file ? a.file < b.file : a.number < b.number;
  };
  std::stable_sort(games.begin(), games.end(), better);
}

std::string final_report(const CompiledQuery& query, Context& ctx, bool show_dictionaries) {
  std::string out;
  for (std::size_t i = 0; i < query.variables.size(); ++i) {
    const VariableInfo& v = query.variables[i];
    if (!v.persistent || v.quiet) continue;
    out += v.name + " = " + value_text(ctx.variable(static_cast<int>(i))) + "\n";
  }
  if (!show_dictionaries) return out;
  for (std::size_t i = 0; i < query.dictionaries.size(); ++i) {
    const Context::Dictionary& d = ctx.dictionary(static_cast<int>(i));
    out += "dictionary " + query.dictionaries[i].name + " (" + std::to_string(d.size()) + " entries)\n";
    for (const auto& [key, value] : d) out += "  " + value_text(key) + " --> " + value_text(value) + "\n";
  }
  return out;
}

}  // namespace quarry::interpreter
