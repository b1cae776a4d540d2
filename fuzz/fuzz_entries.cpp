// The fuzzed entry points. A property that fails (a game that does not read back, a FEN that
// does not print back) aborts, so the fuzzer keeps the input.
#include "fuzz/fuzz_entries.h"

#include <cstdio>
#include <cstdlib>
#include <new>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>

#include "builtins/builtins.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn_reader.h"
#include "chess/pgn_writer.h"
#include "chess/reachability.h"
#include "chess/retro.h"
#include "interpreter/query.h"
// The whole-text and the cut readings, as the splitter tests compare them (each game described
// the same way: status, first line, warnings, the game written as PGN).
#include "tests/chess/split_compare.h"

namespace quarry::fuzz {
namespace {

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

// The stdlib, parsed once per process: each run only binds its functions again.
const interpreter::Stdlib& parsed_stdlib() {
  static const interpreter::Stdlib lib = [] {
    interpreter::Stdlib l;
    grammar::Diagnostics diagnostics;
    require(interpreter::parse_stdlib(l, builtins::standard_registry(), diagnostics));
    return l;
  }();
  return lib;
}

// The most filters a fuzzed query may build. Reaching the limit is the expansion budget working
// (`shift shift shift shift {a1}`); the real limit, 1,000,000 filters, takes 0.3 s in Release but
// ~11 s of CPU under ASan and the fuzzer's instrumentation, which would make every such input a hang.
constexpr std::size_t kFuzzFilters = 20'000;

std::optional<interpreter::CompiledQuery> compile(std::string_view input) {
  grammar::SourceFile file("fuzz.cql", std::string(input));
  grammar::Diagnostics diagnostics;
  auto query = interpreter::compile_query(file, builtins::standard_registry(), diagnostics, nullptr,
                                          {.secure = true, .stdlib = &parsed_stdlib(), .max_bound_filters = kFuzzFilters});
  diagnostics.render();
  return query;
}

// Steps one fuzzed query may take over the fixed game. Reaching the limit is the budget working
// (a `while` or `loop` without end is the mutator's favourite); 20,000 steps cost at most ~30 ms
// under ASan, where 200,000 made such inputs a tenth of a second each and the campaign crawl.
constexpr std::uint64_t kFuzzSteps = 20'000;

// Evaluates `query` at every position of `game` as a run does, within a budget; a limit or
// running out of memory fails the game, as in a run. Then writes the game with its comments.
// `message` writes into a string, not to standard output: the text is built as in a run, but a
// write (and a flush) per message cost the fuzzer system calls and filled its log.
void evaluate_over(const interpreter::CompiledQuery& query, const chess::Game& game) {
  interpreter::Context ctx;
  interpreter::prepare_context(ctx, query);
  std::ostringstream messages;
  ctx.set_message_sink(messages);
  ctx.set_variations(true);
  ctx.budget().set_limits({.max_steps = kFuzzSteps, .timeout_seconds = 0});
  try {
    ctx.set_game(game);
    for (chess::NodeId id : game.preorder()) {
      ctx.charge();
      ctx.set_node(id);
      query.body->match(ctx);
    }
    std::string out;
    chess::write_pgn(out, game, ctx.comments());
  } catch (const std::runtime_error&) {
  } catch (const std::bad_alloc&) {
  }
}

// Board, side to move, castling rights and en passant square: a FEN without its two counters.
std::string state_of(const chess::Position& pos) {
  std::string fen = pos.fen();
  std::size_t cut = fen.size();
  for (int spaces = 0; spaces < 2 && cut != std::string::npos && cut > 0; ++spaces) cut = fen.rfind(' ', cut - 1);
  return cut == std::string::npos ? fen : fen.substr(0, cut);
}

// The wrappers of the imagine target: the fuzzed query is evaluated inside an imaginary position.
constexpr std::string_view kImaginaryWrappers[][2] = {
    {"move legal : {", "}"},
    {"move pseudolegal : {", "}"},
    {"move legal reverse : {", "}"},
    {"move legal null : {", "}"},
    {"move legal count all : {", "}"},
    {"imagine sidetomove reverse : {", "}"},
    {"imagine swap e1 e8 : {", "}"},
    {"imagine piece _ --> d-e1-8 sidetomove reverse : {", "}"},
    {"move legal reverse : move legal : {", "}"},
    {"move legal : { fuzz_saved = saveposition } fuzz_saved : {", "}"},
    {"", ""},
};

}  // namespace

void query_compile(std::string_view input) { compile(input); }

void query_evaluate(std::string_view input) {
  auto query = compile(input);
  if (query) evaluate_over(*query, fixed_game());
}

std::string imaginary_query(unsigned char picker, std::string_view body) {
  const auto& wrapper = kImaginaryWrappers[picker % std::size(kImaginaryWrappers)];
  return std::string(wrapper[0]) + std::string(body) + std::string(wrapper[1]);
}

std::size_t imaginary_wrapper_count() { return std::size(kImaginaryWrappers); }

void imaginary_evaluate(std::string_view input) {
  const std::size_t nl = input.find('\n');
  if (nl == std::string_view::npos || nl > 512 || nl + 1 >= input.size()) return;
  std::string error;
  auto start = chess::Position::from_fen(std::string(input.substr(0, nl)), &error);
  if (!start) return;
  auto query = compile(imaginary_query(static_cast<unsigned char>(input[nl + 1]), input.substr(nl + 2)));
  if (!query) return;
  // The FEN's position and, when there is one, its first legal move and the first reply: a move
  // to retract and a history for currentmutation and the game filters.
  chess::Game game;
  game.set_start(*start);
  chess::NodeId node = game.root();
  for (int ply = 0; ply < 2; ++ply) {
    chess::MoveList moves;
    chess::generate_legal_moves(game.node(node).position, moves);
    if (moves.size() == 0) break;
    node = game.add_child(node, moves[0]);
  }
  evaluate_over(*query, game);
}

void retro_parse(std::string_view input) {
  if (input.size() > 512) return;
  std::string error;
  auto pos = chess::Position::from_fen(std::string(input), &error);
  if (!pos) return;
  const std::string state = state_of(*pos);
  // Every legal retraction, played forwards from its predecessor, gives the position back, with
  // any number of kings: while a side holds a castling right none of its kings retracts.
  chess::for_each_predecessor(*pos, true, [&](const chess::Retraction& r, const chess::Position& before) {
    require(state_of(before.after(r.move)) == state);
    chess::retraction_text(*pos, r);
    return true;
  });
  for (const chess::Retraction& r : chess::pseudolegal_retractions(*pos)) chess::retraction_text(*pos, r);
  chess::check_is_explicable(*pos);
  chess::analyse_reachability(*pos).articulation();
}

void pgn_read(std::string_view input) {
  auto reader = chess::PgnReader::from_string(std::string(input));
  chess::Game game;
  chess::PgnDiagnostic diagnostic;
  // One writer for every game, as a run writes its output (interpreter/game_output.h): it keeps
  // its scratch memory from game to game, which write_pgn's one-off writer allocated afresh for
  // each game — 59% of the allocations of a corpus input, each a 4 KB buffer ASan fills and
  // quarantines.
  chess::PgnWriter writer;
  const std::span<const chess::InsertedComment> no_comments;
  std::string written;
  std::size_t games = 0;
  for (int i = 0; i < 1000; ++i) {
    auto status = reader->next(game, diagnostic);
    if (status == chess::PgnReader::Status::End) break;
    if (status == chess::PgnReader::Status::Skipped) continue;
    writer.write(written, game, no_comments);
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
    writer.write(rewritten, game, no_comments);
    ++read_back;
  }
  require(read_back == games);
  require(rewritten == written);
}

void pgn_split(std::string_view input) {
  // The cuts against the whole reading, in every reading mode, and with a read error at the end
  // (the input's tail is then read by a reader that meets the same error). Three texts in flight:
  // a chunk that fails drops the ones cut after it.
  const std::string text(input);
  auto same = [](const std::string& difference) {
    if (!difference.empty()) std::fprintf(stderr, "%s\n", difference.c_str());  // the first game that differs
    require(difference.empty());
  };
  auto source = [&text](const char* error) { return chess::byte_source_from_text(text, error); };
  for (const bool strict : {false, true}) {
    for (const bool nested : {false, true}) {
      // One whole reading for both cuts (compare_split and compare_chunked would each read it).
      const std::vector<std::string> whole = test::read_whole(source(""), strict, nested);
      same(test::first_difference(whole, test::read_split(source(""), strict, nested)));
      same(test::first_difference(whole, test::read_chunked(source(""), strict, nested, 3)));
    }
  }
  same(test::compare_chunked(text, false, 3, "read error at the end"));
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
  if (name == "split") return pgn_split;
  if (name == "fen") return fen_parse;
  if (name == "san") return san_parse;
  if (name == "retro") return retro_parse;
  if (name == "imagine") return imaginary_evaluate;
  return nullptr;
}

std::size_t max_fuzz_input(std::string_view name) {
  // Past these sizes inputs only slow the fuzzer down; the stress tests cover sheer size, and
  // kept regression inputs replay whole.
  if (name == "pgn" || name == "split") return 64 * 1024;
  if (name == "query" || name == "evaluate" || name == "imagine") return 16 * 1024;
  return 1024;
}

long cpu_seconds_per_input(std::string_view name) {
  // Binding may build up to a million filters (the expansion limit) before it stops a query.
  if (name == "query" || name == "evaluate" || name == "imagine") return 5;
  if (name == "pgn" || name == "split") return 2;
  return 1;
}

}  // namespace quarry::fuzz
