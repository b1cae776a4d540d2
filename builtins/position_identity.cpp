// Position-identity family: zobristkey (the Polyglot hash of the position), positionid (its place in
// the game tree) and `fen "…"` (the board matches a FEN placement, with CQL's extra symbols A a _ .).
#include <array>
#include <cstring>

#include "builtins/builtins.h"
#include "builtins/hex_digits.h"
#include "builtins/short_text.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using chess::Color;
using chess::PieceType;
using grammar::ShapeKind;
namespace precedence = grammar::precedence;

// The 64-bit Polyglot key as 16 lowercase hex digits, the form the CQLi manual prints and keys
// its `dictionary str --> …` repetition query by (numbers in CQL are 32-bit).
// A dictionary keyed by it reads the digits through ShortTextSource, without a std::string.
class ZobristKey final : public Filter, public ShortTextSource {
 public:
  ZobristKey() : Filter(ValueType::String) {}
  bool match(Context&) const override { return true; }
  std::optional<std::string> text(Context& ctx) const override {
    ShortText digits;
    short_text(ctx, digits);
    return std::string(digits.view());
  }
  bool short_text(Context& ctx, ShortText& out) const override {
    static_assert(ShortText::kCapacity >= 16);
    const std::uint64_t key = ctx.position().zobrist_key();
    Context::KeyText& last = ctx.key_text();
    if (last.key != key) {
      static_assert(sizeof last.digits == 16);
      put_hex16(last.digits.data(), key);
      last.key = key;
    }
    std::memcpy(out.data(), last.digits.data(), last.digits.size());
    out.set_size(16);
    return true;
  }
};

// The position's index in a pre-order walk of the game tree (the start position is 0).
class PositionId final : public Filter {
 public:
  PositionId() : Filter(ValueType::Numeric) {}
  bool match(Context& ctx) const override { return ctx.position_id(ctx.node()).has_value(); }
  MaybeNumber number(Context& ctx) const override { return ctx.position_id(ctx.node()); }
};

// Contents a square may hold: index 0 empty, 1-6 white pawn…king, 7-12 black pawn…king.
constexpr std::size_t kContents = 13;

std::size_t content_index(chess::Piece p) {
  if (p.is_none()) return 0;
  return static_cast<std::size_t>(chess::index_of(p.type())) + (p.color() == Color::White ? 0 : 6);
}

// For each content, the squares where the pattern allows it.
using Placement = std::array<SquareSet, kContents>;

bool allow(Placement& allowed, char symbol, chess::Square s) {
  auto allow_colour = [&](std::size_t first) {
    for (std::size_t i = first; i < first + 6; ++i) allowed[i] |= s;
  };
  switch (symbol) {
    case '_': allowed[0] |= s; return true;
    case 'A': allow_colour(1); return true;
    case 'a': allow_colour(7); return true;
    case '.':
      for (SquareSet& set : allowed) set |= s;
      return true;
    default: break;
  }
  const chess::Piece piece = chess::Piece::from_letter(symbol);
  if (piece.is_none()) return false;
  allowed[content_index(piece)] |= s;
  return true;
}

// Parses the placement field (the text up to the first space); false when malformed.
bool parse_placement(std::string_view fen, Placement& allowed) {
  fen = fen.substr(0, fen.find(' '));
  int rank = 7, file = 0;
  for (char c : fen) {
    if (c == '/') {
      if (file != 8 || rank == 0) return false;
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      for (int n = c - '0'; n > 0; --n, ++file) {
        if (file > 7) return false;
        allowed[0] |= chess::Square(file, rank);
      }
    } else {
      if (file > 7 || !allow(allowed, c, chess::Square(file, rank))) return false;
      ++file;
    }
  }
  return rank == 0 && file == 8;
}

class FenMatch final : public Filter {
 public:
  explicit FenMatch(const Placement& allowed) : Filter(ValueType::Logical), allowed_(allowed) {}
  bool match(Context& ctx) const override {
    const chess::Position& pos = ctx.position();
    if (!(~pos.occupied()).is_subset_of(allowed_[0])) return false;
    for (int t = 1; t <= 6; ++t) {
      const auto type = static_cast<PieceType>(t);
      if (!pos.pieces(Color::White, type).is_subset_of(allowed_[static_cast<std::size_t>(t)])) return false;
      if (!pos.pieces(Color::Black, type).is_subset_of(allowed_[static_cast<std::size_t>(t) + 6])) return false;
    }
    return true;
  }

 private:
  Placement allowed_;
};

// The FEN of the current position. `currentfen` is exact; `fen` (CQL 6.1) writes the counters as
// "0 1"; `standardfen` also keeps the en passant square only when an en passant capture is legal,
// so equal positions give equal text.
enum class FenForm { Exact, ZeroCounters, Standard };

class FenText final : public Filter {
 public:
  explicit FenText(FenForm form) : Filter(ValueType::String), form_(form) {}
  bool match(Context&) const override { return true; }
  std::optional<std::string> text(Context& ctx) const override {
    const chess::Position& pos = ctx.position();
    std::string fen = pos.fen();
    if (form_ == FenForm::Exact) return fen;
    // Fields: placement, side, castling, en passant, halfmove clock, fullmove number.
    std::size_t third = fen.find(' ', fen.find(' ', fen.find(' ') + 1) + 1);
    std::size_t fourth = fen.find(' ', third + 1);
    std::string ep = fen.substr(third + 1, fourth - third - 1);
    if (form_ == FenForm::Standard && ep != "-" && !en_passant_legal(pos)) ep = "-";
    return fen.substr(0, third) + " " + ep + " 0 1";
  }

 private:
  static bool en_passant_legal(const chess::Position& pos) {
    chess::MoveList moves;
    chess::generate_legal_moves(pos, moves, chess::SquareSet::all(), SquareSet(pos.en_passant_square()));
    for (chess::Move m : moves) {
      if (m.kind() == chess::Move::Kind::EnPassant) return true;
    }
    return false;
  }
  FenForm form_;
};

FilterPtr bind_fen(BindArguments& a) {
  if (a.node.children.empty()) return std::make_unique<FenText>(FenForm::ZeroCounters);
  const grammar::SyntaxNode& argument = *a.node.children[0];
  if (argument.kind != grammar::SyntaxKind::String) {
    a.binder.error(argument, "'fen' takes a FEN in quotes", "write fen \"8/8/8/8/8/8/8/K6k\"");
    return nullptr;
  }
  Placement allowed{};
  if (!parse_placement(argument.text, allowed)) {
    a.binder.error(argument, "malformed FEN placement \"" + argument.text + "\"",
                   "eight ranks separated by '/', each of 8 squares: piece letters, A a _ . or digits");
    return nullptr;
  }
  return std::make_unique<FenMatch>(allowed);
}

}  // namespace

void register_position_identity_filters(Registry& registry) {
  registry.add({{"zobristkey", ShapeKind::Nullary}, "the Polyglot Zobrist key of the position, as 16 hex digits",
                [](BindArguments&) -> FilterPtr { return std::make_unique<ZobristKey>(); }, {{}, ValueType::String}});
  registry.add({{"positionid", ShapeKind::Nullary}, "the position's pre-order number in the game tree (start = 0)",
                [](BindArguments&) -> FilterPtr { return std::make_unique<PositionId>(); }, {{}, ValueType::Numeric}});
  grammar::KeywordShape fen{"fen", ShapeKind::Prefix, precedence::kIndex, 1, 1};
  fen.argument_if_string = true;
  registry.add({fen,
                "fen: the current FEN with counters 0 1; fen \"…\": the board matches a FEN placement (A any white, a any black, "
                "_ empty, . anything)",
                bind_fen, {{ValueType::String}, {ValueType::String, ValueType::Logical}}});
  registry.add({{"currentfen", ShapeKind::Nullary}, "the FEN of the current position",
                [](BindArguments&) -> FilterPtr { return std::make_unique<FenText>(FenForm::Exact); },
                {{}, ValueType::String}});
  registry.add({{"standardfen", ShapeKind::Nullary},
                "the FEN with en passant only when legal and counters 0 1, equal for equal positions",
                [](BindArguments&) -> FilterPtr { return std::make_unique<FenText>(FenForm::Standard); },
                {{}, ValueType::String}});
}

}  // namespace quarry::builtins
