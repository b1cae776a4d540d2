// The fuzzed entry points. A property that fails (a game that does not read back, a FEN that
// does not print back) aborts, so the fuzzer keeps the input.
#include "fuzz/fuzz_entries.h"

#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>

#include "builtins/builtins.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn_reader.h"
#include "chess/pgn_writer.h"
#include "interpreter/query.h"

namespace quarry::fuzz {
namespace {

// Inputs past this size only slow the fuzzer down; the stress tests cover sheer size.
constexpr std::size_t kMaxInput = 64 * 1024;

void require(bool property) {
  if (!property) std::abort();
}

// A short game with a variation, comments and NAGs, over which queries are evaluated.
constexpr std::string_view kGame =
    "[Event \"fuzz\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
    "1. e4 {open} e5 2. Qh5 Nc6 (2... g6 3. Qxe5+ Qe7 $2 4. Qxh8) 3. Bc4 Nf6 $4 {a blunder} "
    "4. Qxf7# 1-0\n";

const chess::Game& fixed_game() {
  static const chess::Game game = [] {
    auto reader = chess::PgnReader::from_string(std::string(kGame));
    chess::Game g;
    chess::PgnDiagnostic d;
    require(reader->next(g, d) == chess::PgnReader::Status::Game);
    return g;
  }();
  return game;
}

std::optional<interpreter::CompiledQuery> compile(std::string_view input) {
  grammar::SourceFile file("fuzz.cql", std::string(input));
  grammar::Diagnostics diagnostics;
  auto query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics, nullptr, {.secure = true});
  diagnostics.render();
  return query;
}

}  // namespace

void query_compile(std::string_view input) {
  if (input.size() > kMaxInput) return;
  compile(input);
}

void query_evaluate(std::string_view input) {
  if (input.size() > kMaxInput) return;
  auto query = compile(input);
  if (!query) return;
  interpreter::Context ctx;
  interpreter::prepare_context(ctx, *query);
  ctx.set_variations(true);
  ctx.budget().set_limits({.max_steps = 200'000, .timeout_seconds = 0});
  const chess::Game& game = fixed_game();
  try {
    ctx.set_game(game);
    for (chess::NodeId id : game.preorder()) {
      ctx.charge();
      ctx.set_node(id);
      query->body->match(ctx);
    }
    std::string out;
    chess::write_pgn(out, game, ctx.comments());
  } catch (const std::runtime_error&) {
    // A limit: the game fails, as in a run.
  } catch (const std::bad_alloc&) {
  }
}

void pgn_read(std::string_view input) {
  if (input.size() > kMaxInput) return;
  auto reader = chess::PgnReader::from_string(std::string(input));
  chess::Game game;
  chess::PgnDiagnostic diagnostic;
  std::string written;
  std::size_t games = 0;
  for (int i = 0; i < 1000; ++i) {
    auto status = reader->next(game, diagnostic);
    if (status == chess::PgnReader::Status::End) break;
    if (status == chess::PgnReader::Status::Skipped) continue;
    chess::write_pgn(written, game, {});
    ++games;
  }
  // What Quarry writes, it reads back: as many games, none skipped, and the same text again.
  auto again = chess::PgnReader::from_string(written);
  std::string rewritten;
  std::size_t read_back = 0;
  while (true) {
    auto status = again->next(game, diagnostic);
    if (status == chess::PgnReader::Status::End) break;
    require(status == chess::PgnReader::Status::Game);
    chess::write_pgn(rewritten, game, {});
    ++read_back;
  }
  require(read_back == games);
  require(rewritten == written);
}

void fen_parse(std::string_view input) {
  if (input.size() > 512) return;
  std::string error;
  auto pos = chess::Position::from_fen(std::string(input), &error);
  if (!pos) return;
  const std::string fen = pos->fen();
  auto again = chess::Position::from_fen(fen, &error);
  require(again.has_value());
  require(again->fen() == fen);
  chess::MoveList moves;
  chess::generate_legal_moves(*pos, moves);
  for (chess::Move m : moves) chess::to_san(*pos, m);
}

void san_parse(std::string_view input) {
  if (input.size() > 512) return;
  const std::size_t nl = input.find('\n');
  std::string error;
  auto pos = nl == std::string_view::npos ? std::optional<chess::Position>(chess::Position::initial())
                                          : chess::Position::from_fen(std::string(input.substr(0, nl)), &error);
  if (!pos) return;
  std::string_view san = nl == std::string_view::npos ? input : input.substr(nl + 1);
  auto move = chess::parse_san(*pos, san);
  if (!move) return;
  // A decoded move writes as SAN that decodes to the same move.
  const std::string written = chess::to_san(*pos, *move);
  auto again = chess::parse_san(*pos, written);
  require(again.has_value() && *again == *move);
}

Entry entry_named(std::string_view name) {
  if (name == "query") return query_compile;
  if (name == "evaluate") return query_evaluate;
  if (name == "pgn") return pgn_read;
  if (name == "fen") return fen_parse;
  if (name == "san") return san_parse;
  return nullptr;
}

}  // namespace quarry::fuzz
