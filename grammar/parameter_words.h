// The named parameters of CQL syntax (`quiet`, `from`, `<--`, the cql() header's `input`, …) as
// one enum with its spelling table. The parser turns a written word into a ParameterWord; every
// later pass compares enum values, never the spelled text.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace quarry::grammar {

enum class ParameterWord : std::uint8_t {
  // Words written after a filter keyword (KeywordShape::parameters).
  Quiet, All, Min, Max, Count, Attack, From, Through, To, White, Black,
  Previous, Legal, Pseudolegal, Reverse, Capture, Promote, Enpassant, EnpassantSquare, Castle,
  KingsideCastle, QueensideCastle, Null, Primary, Secondary,
  Critical, Zugzwang, WinningMoves, FirstMatch, LastPosition, SingleColor, NestBan,
  // The direction words, in the order of interpreter::directions::kDirectionWords (ray checks it).
  Up, Down, Left, Right, Northeast, Northwest, Southeast, Southwest, Vertical, Horizontal,
  Orthogonal, Diagonal, AnyDirection, MainDiagonal, OffDiagonal,
  // Parts of irregular shapes, recorded by the parser: a string among the words, a range, the
  // variable of an iteration, `piece x = S`, function and dictionary declarations, echo's
  // variables, line arrows, quantifiers and groups, imagine's mutations.
  Title, Range, Variable, Assign, Name, Parameters, Key, Value, Merge, Variables,
  ForwardArrow, BackwardArrow, Repeat, GroupOpen, GroupClose, SideToMove, Swap, Piece,
  // The transforms acting on `currenttransform`, recorded when transforms rewrite the tree.
  Transform,
  // The cql( … ) header.
  Input, Output, Result, MatchCount, SortMatchCount, GameNumber, MatchString, Variations, Mainline,
  Silent, NoSort,
  // The keys of hhdb (HHdb study metadata); `max` and `mainline` are shared with the words above.
  HhdbComposer, HhdbCooked, HhdbDiagram, HhdbDual, HhdbEgdiagram, HhdbFirstcomment, HhdbGbr, HhdbKings,
  HhdbMaterial, HhdbPawns, HhdbPieces, HhdbVariation, HhdbSearch, HhdbSound, HhdbUnsound, HhdbSource,
  HhdbStipulation, HhdbAward, HhdbCommendation, HhdbHm, HhdbPrize, HhdbSort, HhdbSpecial, HhdbAN, HhdbCR,
  HhdbMC, HhdbPH, HhdbTE, HhdbTT, HhdbTW, HhdbU1, HhdbU2, HhdbU3, HhdbU4, HhdbU5, HhdbAnticipation,
  HhdbColorsReversed, HhdbCorrectedSolution, HhdbCorrection, HhdbDualAfterMove1, HhdbDualAtMove1,
  HhdbModification, HhdbPosthumous, HhdbThemeTournament, HhdbThemeTourney, HhdbTheoreticalEnding,
  HhdbTooManyComposers, HhdbTwin, HhdbUnreachable, HhdbVersion, HhdbWhiteFails, HhdbWhiteWinsInDraw,
  HhdbTourneyEdition, HhdbTourneyName, HhdbTourneyYear, HhdbTourneyYearEnd, HhdbTourneyYearPart,
  HhdbDistinction,
};

// Spellings in enum order: what the user writes, and what `--parse` prints.
inline constexpr auto kParameterSpellings = std::to_array<std::string_view>({
    "quiet", "all", "min", "max", "count", "attack", "from", "through", "to", "white", "black",
    "previous", "legal", "pseudolegal", "reverse", "capture", "promote", "enpassant", "enpassantsquare", "castle",
    "o-o", "o-o-o", "null", "primary", "secondary",
    "critical", "zugzwang", "winningmoves", "firstmatch", "lastposition", "singlecolor", "nestban",
    "up", "down", "left", "right", "northeast", "northwest", "southeast", "southwest", "vertical", "horizontal",
    "orthogonal", "diagonal", "anydirection", "maindiagonal", "offdiagonal",
    "title", "range", "variable", "=", "name", "parameters", "key", "value", "merge", "variables",
    "-->", "<--", "repeat", "(", ")", "sidetomove", "swap", "piece",
    "transform",
    "input", "output", "result", "matchcount", "sort matchcount", "gamenumber", "matchstring", "variations", "mainline",
    "silent", "nosort",
    "composer", "cooked", "diagram", "dual", "egdiagram", "firstcomment", "gbr", "kings", "material", "pawns",
    "pieces", "variation", "search", "sound", "unsound", "source", "stipulation", "award", "commendation",
    "hm", "prize", "sort", "special", "AN", "CR", "MC", "PH", "TE", "TT", "TW", "U1", "U2", "U3", "U4", "U5",
    "anticipation", "colors_reversed", "corrected_solution", "correction", "dual_after_move_1",
    "dual_at_move_1", "modification", "posthumous", "theme_tournament", "theme_tourney", "theoretical_ending",
    "too_many_composers", "twin", "unreachable", "version", "white_fails", "white_wins_in_draw",
    "tourney_edition", "tourney_name", "tourney_year", "tourney_year_end", "tourney_year_part", "distinction",
});
static_assert(kParameterSpellings.size() == static_cast<std::size_t>(ParameterWord::HhdbDistinction) + 1,
              "one spelling per ParameterWord");

// No two words share a spelling, so the parser's look-up is unambiguous.
constexpr bool spellings_distinct() {
  for (std::size_t i = 0; i < kParameterSpellings.size(); ++i) {
    for (std::size_t j = i + 1; j < kParameterSpellings.size(); ++j) {
      if (kParameterSpellings[i] == kParameterSpellings[j]) return false;
    }
  }
  return true;
}
static_assert(spellings_distinct(), "two ParameterWords spelled alike");

constexpr std::string_view spelling(ParameterWord word) {
  return kParameterSpellings[static_cast<std::size_t>(word)];
}

// The word spelled `text`; nullopt when no parameter is spelled so. For the parser (and the
// transforms that rename direction and colour words), never for evaluation.
constexpr std::optional<ParameterWord> parameter_word(std::string_view text) {
  for (std::size_t i = 0; i < kParameterSpellings.size(); ++i) {
    if (kParameterSpellings[i] == text) return static_cast<ParameterWord>(i);
  }
  return std::nullopt;
}

}  // namespace quarry::grammar
