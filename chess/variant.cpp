// Variant names and the variant-aware FEN entry point; the move generator applies the rules
// through variant_destinations().
#include "chess/variant.h"

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "chess/position.h"

namespace quarry::chess {

namespace {

// Lower case without the separators people put in variant names ("Four-File", "four file").
std::string folded(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == ' ' || c == '-' || c == '_' || c == '\t') continue;
    out += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

template <std::size_t N>
bool is_one_of(const std::string& name, const std::array<std::string_view, N>& names) {
  for (std::string_view n : names) {
    if (name == n) return true;
  }
  return false;
}

// Lichess writes "From Position" for standard games from a set-up position; FICS writes "wild/fr"
// for Chess960.
constexpr std::array<std::string_view, 8> kStandardNames = {
    "", "standard", "chess", "normal", "classical", "orthodox", "standardchess", "fromposition"};
constexpr std::array<std::string_view, 8> kChess960Names = {
    "chess960", "960", "fischerandom", "fischerrandom", "fischerrandomchess", "frc", "wild/fr", "chess960fischerrandom"};
constexpr std::array<std::string_view, 6> kFourFileNames = {
    "fourfile", "4file", "fourfiles", "4files", "fourfilechess", "4filechess"};

std::vector<std::pair<std::string, VariantRules>>& aliases() {
  static std::vector<std::pair<std::string, VariantRules>> table;
  return table;
}

}  // namespace

bool add_variant_alias(std::string_view alias, std::string_view name) {
  std::optional<VariantRules> rules = variant_rules_from_name(name);
  if (!rules) return false;
  aliases().emplace_back(folded(alias), *rules);
  return true;
}

std::optional<VariantRules> variant_rules_from_name(std::string_view name) {
  const std::string f = folded(name);
  for (const auto& [alias, rules] : aliases()) {
    if (alias == f) return rules;
  }
  if (is_one_of(f, kStandardNames)) return VariantRules{};
  if (is_one_of(f, kChess960Names)) return VariantRules{Variant::Standard, true};
  if (is_one_of(f, kFourFileNames)) return VariantRules{Variant::FourFile, false};
  return std::nullopt;
}

std::string_view variant_name(Variant v) { return v == Variant::FourFile ? "Four-File" : "Standard"; }

const char* variant_start_fen(Variant v) {
  return v == Variant::FourFile ? "r1b1k1n1/p1p1p1p1/8/8/8/8/P1P1P1P1/R1B1K1N1 w - - 0 1"
                                : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

std::optional<Position> Position::from_variant_fen(std::string_view fen, VariantRules rules, std::string* error) {
  const Variant variant = rules.variant;
  std::optional<Position> pos = from_fen(fen, error, rules.chess960);
  if (!pos || variant == Variant::Standard) return pos;
  if (pos->occupied().without(variant_destinations(variant)).any()) {
    if (error != nullptr) *error = "FEN: Four-File chess has pieces only on the a, c, e and g files";
    return std::nullopt;
  }
  pos->variant_ = variant;
  pos->castling_rook_.fill(Square::none());
  pos->en_passant_ = Square::none();
  pos->chess960_ = false;
  pos->key_ = pos->compute_key();
  return pos;
}

}  // namespace quarry::chess
