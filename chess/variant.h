// Chess variants Quarry replays: standard chess (also Chess960) and Four-File chess, whose moves
// may only end on the a, c, e and g files. The rules differ only in where moves may end.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "chess/square_set.h"

namespace quarry::chess {

enum class Variant : std::uint8_t { Standard = 0, FourFile = 1 };

// Squares a move may end on. Four-File chess uses the a, c, e and g files; everything else about
// movement, attack, check and promotion is standard, so this one mask is the whole difference.
constexpr SquareSet variant_destinations(Variant v) {
  return v == Variant::FourFile ? SquareSet(std::uint64_t{0x5555555555555555}) : SquareSet::all();
}

// How a [Variant] tag value (or `quarry perft --variant`) names the rules.
struct VariantRules {
  Variant variant = Variant::Standard;
  bool chess960 = false;
};

// Reads a variant name, ignoring case, spaces, '-' and '_': "Standard", "From Position",
// "Chess960", "Fischerandom", "Four-File", "four file", "4-file", … ; nullopt for any other name
// (a variant Quarry does not play).
std::optional<VariantRules> variant_rules_from_name(std::string_view name);

// --variantalias: from now on `alias` (folded the same way) names the rules `name` names. False
// when `name` is no variant Quarry plays. Call before reading games (the table is not locked).
bool add_variant_alias(std::string_view alias, std::string_view name);

// The name Quarry prints: "Standard" or "Four-File".
std::string_view variant_name(Variant v);

// The variant's start position: for Four-File, the usual pieces on the a, c, e and g files only.
const char* variant_start_fen(Variant v);

}  // namespace quarry::chess
