// Writing matched games: the inserted comments (sort titles, game number, the query's comments),
// the query's edits (settag, removetag, removecomment), and the order of the output (input order,
// or by the sort filters' best values).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/context.h"
#include "interpreter/output_file.h"
#include "interpreter/query.h"

namespace quarry::interpreter {

struct OutputSettings {
  bool silent = false;  // no comments at all
};

class GameOutput {
 public:
  GameOutput(const CompiledQuery& query, OutputSettings settings, OutputFile* file)
      : query_(query), settings_(settings), file_(file) {}

  // A matched game, with what the query recorded in ctx while examining it.
  void add(const chess::Game& game, Context& ctx);
  // Writes games held back for sorting. Call once at the end.
  void finish();

 private:
  struct Held {
    std::vector<std::optional<std::int64_t>> keys;
    std::uint64_t number;
    std::string text;
  };
  std::string render(const chess::Game& game, Context& ctx);

  const CompiledQuery& query_;
  OutputSettings settings_;
  OutputFile* file_;
  std::vector<Held> held_;
  std::vector<chess::InsertedComment> comments_;
  chess::Game edited_;
};

// Persistent variables (not quiet) and, when asked, dictionaries, printed after the run.
std::string final_report(const CompiledQuery& query, Context& ctx, bool show_dictionaries);

}  // namespace quarry::interpreter
