// Commands over all loaded games: `:find` (a filter at each game's start, tag names allowed as
// words), `:run` (a query file, as the batch runner runs it) and `:matches` (its positions).
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "grammar/parser.h"
#include "interpreter/runner.h"
#include "repl/input.h"
#include "repl/session.h"

namespace quarry::repl {
namespace {

constexpr std::size_t kFoundShown = 20;

// The child index of each node on the way from the root down to `node`.
std::vector<std::uint32_t> path_to(const chess::Game& game, chess::NodeId node) {
  std::vector<std::uint32_t> path;
  for (chess::NodeId n = node; game.node(n).parent != chess::kNoNode; n = game.node(n).parent) {
    std::uint32_t index = 0;
    for (chess::NodeId c = game.mainline_child(game.node(n).parent); c != n; c = game.node(c).next_sibling) ++index;
    path.push_back(index);
  }
  return {path.rbegin(), path.rend()};
}

bool read_text(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

// The loaded games as one PGN file in the temporary directory; "" when it cannot be written.
std::string write_temporary_pgn(const GameList& games) {
  // mkstemp's template: it replaces the six trailing X's with a unique name and creates the file.
  std::string name = (std::filesystem::temp_directory_path() / "quarry-repl-XXXXXX").string();
  int fd = ::mkstemp(name.data());
  if (fd < 0) return {};
  ::close(fd);
  std::ofstream written(name, std::ios::binary);
  for (std::size_t i = 0; i < games.size(); ++i) written << games.at(i).pgn;
  if (!written) {
    std::remove(name.c_str());
    return {};
  }
  return name;
}

// A run as the command line would make it from the query's header, writing no games.
interpreter::RunSettings run_settings(const interpreter::CompiledQuery& query, const std::string& input) {
  interpreter::RunSettings settings;
  settings.inputs = {input};
  settings.output = "";
  settings.matchcount = query.options.matchcount;
  settings.gamenumber = query.options.gamenumber;
  settings.variations = query.options.variations.value_or(false);
  settings.results = query.options.results;
  settings.progress = true;
  return settings;
}

}  // namespace

bool Session::find_games(std::string_view filter_text) {
  interpreter::FilterPtr filter = compile(tag_words_to_filters(filter_text), "<find>");
  if (!filter) return false;
  interpreter::Context ctx;
  ctx.resize_variables(binder_.variables().size());
  ctx.resize_dictionaries(binder_.dictionaries().size());
  ctx.reset_sorts(binder_.sorts().size());
  ctx.set_interrupt_flag(interrupt_);
  std::vector<std::size_t> found;
  try {
    for (std::size_t i = 0; i < games_.size(); ++i) {
      ctx.check_interrupt();
      chess::Game game = games_.game(i);
      ctx.set_game(game);
      ctx.set_node(game.root());
      if (filter->match(ctx)) found.push_back(i);
    }
  } catch (const std::exception& e) {
    out_ << (dynamic_cast<const interpreter::Interrupted*>(&e) ? "interrupted" : std::string("error: ") + e.what()) << "\n";
    return false;
  }
  if (found.empty()) {
    out_ << "no game matches\n";
    return false;
  }
  for (std::size_t k = 0; k < found.size() && k < kFoundShown; ++k) {
    out_ << "  " << games_.at(found[k]).number << ". " << games_.at(found[k]).summary << "\n";
  }
  if (found.size() > kFoundShown) out_ << "  … and " << found.size() - kFoundShown << " more\n";
  out_ << found.size() << (found.size() == 1 ? " game matches" : " games match") << "\n";
  return select_game(games_.at(found[0]).number);
}

bool Session::run_query_file(const std::string& path) {
  std::string text;
  if (!read_text(path, text)) {
    out_ << "error: cannot read '" << path << "'\n";
    return false;
  }
  grammar::SourceFile file(path, text);
  grammar::Diagnostics diagnostics;
  std::optional<interpreter::CompiledQuery> query = interpreter::compile_query(file, registry_, diagnostics);
  out_ << diagnostics.render();
  if (!query) return false;

  // The games loaded from a FEN have no file: they are written to a temporary one.
  std::string temporary;
  if (games_.source().empty()) {
    temporary = write_temporary_pgn(games_);
    if (temporary.empty()) {
      out_ << "error: cannot write a temporary file\n";
      return false;
    }
  }
  interpreter::RunSettings settings = run_settings(*query, temporary.empty() ? games_.source() : temporary);
  settings.interrupt = interrupt_;
  std::vector<MatchPosition> matches;
  settings.on_game_matched = [&matches](const chess::Game& game, const std::vector<chess::NodeId>& nodes) {
    for (chess::NodeId node : nodes) matches.push_back({game.number, path_to(game, node)});
  };
  out_.flush();
  interpreter::RunStats stats;
  bool ok = interpreter::run_query(*query, settings, stats);
  std::fflush(stdout);
  if (!temporary.empty()) std::remove(temporary.c_str());
  out_ << interpreter::run_summary(stats);
  matches_ = std::move(matches);
  next_match_ = 0;
  out_ << matches_.size() << (matches_.size() == 1 ? " matching position" : " matching positions");
  out_ << (matches_.empty() ? "\n" : "; :matches steps through them\n");
  return ok;
}

bool Session::follow_path(const std::vector<std::uint32_t>& path) {
  chess::NodeId node = game_.root();
  for (std::uint32_t index : path) {
    chess::NodeId child = game_.mainline_child(node);
    for (std::uint32_t i = 0; i < index && child != chess::kNoNode; ++i) child = game_.node(child).next_sibling;
    if (child == chess::kNoNode) return false;
    node = child;
  }
  node_ = node;
  return true;
}

bool Session::step_matches(std::string_view argument) {
  if (matches_.empty()) {
    out_ << "no matching positions (:run FILE.cql finds them)\n";
    return false;
  }
  std::size_t index = next_match_;
  if (!argument.empty()) {
    std::size_t n = 0;
    std::istringstream in{std::string(argument)};
    if (!(in >> n) || n < 1 || n > matches_.size()) {
      out_ << "error: give a match number from 1 to " << matches_.size() << "\n";
      return false;
    }
    index = n - 1;
  }
  const MatchPosition& match = matches_[index];
  next_match_ = (index + 1) % matches_.size();
  std::optional<std::size_t> game = games_.index_of_number(match.game_number);
  if (!game) {
    out_ << "error: game " << match.game_number << " is not loaded\n";
    return false;
  }
  if (*game != game_index_ || recorded_nodes_ != game_.node_count()) enter_game(*game);
  out_ << "match " << index + 1 << " of " << matches_.size() << ", game " << match.game_number << ": ";
  if (!follow_path(match.path)) {
    out_ << "position not found\n";
    return false;
  }
  announce_position();
  return true;
}

}  // namespace quarry::repl
