// hhdb: the metadata of the HHdbVI/HHdbVII endgame-study databases (CQL 6.1). HHdb keeps it in
// the PGN as CQL 6.1 reads it: codes (MC, U1–U5, (c), CR, …) and the GBR code in the Black tag,
// the composers in the White tag (or, with MC, in the first comment up to its first period), the
// award and the diagram number in the Event tag, the stipulation and the EG diagram number in the
// first comment, and markers such as <main>, <or>, <cook> in the comments of the solution.
// No key changes with a transform (CQL 6.1 wraps each in notransform).
#include <algorithm>
#include <array>
#include <cctype>

#include "builtins/builtins.h"
#include "builtins/sort.h"
#include "builtins/string_functions.h"
#include "interpreter/binder.h"

namespace quarry::builtins {
namespace {

using namespace interpreter;  // NOLINT
using grammar::ParameterSpec;
using grammar::ShapeKind;
namespace precedence = grammar::precedence;

std::string_view tag_or_empty(const Context& ctx, std::string_view name) {
  const std::string* value = ctx.game().tag(name);
  return value ? std::string_view(*value) : std::string_view();
}

bool contains(std::string_view text, std::string_view needle) { return text.find(needle) != std::string_view::npos; }

// The comment at the game's start (before the first move), several joined by a space.
std::optional<std::string> first_comment(const Context& ctx) {
  const std::vector<std::string>& comments = ctx.game().annotations(ctx.game().root()).comments_after;
  if (comments.empty()) return std::nullopt;
  std::string out = comments[0];
  for (std::size_t i = 1; i < comments.size(); ++i) out += " " + comments[i];
  return out;
}

// Whether the Black tag holds 'U' followed by one of `digits` (U1 … U5: the unsoundness codes).
bool black_has_u(const Context& ctx, std::string_view digits) {
  std::string_view black = tag_or_empty(ctx, "Black");
  for (std::size_t i = 0; i + 1 < black.size(); ++i) {
    if (black[i] == 'U' && digits.find(black[i + 1]) != std::string_view::npos) return true;
  }
  return false;
}

// A "<cook" marker anywhere in the game's text: its tags or any comment, variations included.
bool game_has_cook(const Context& ctx) {
  for (const chess::Tag& tag : ctx.game().tags()) {
    if (contains(tag.value, "<cook")) return true;
  }
  for (std::size_t id = 0; id < ctx.game().node_count(); ++id) {
    const chess::NodeAnnotations& notes = ctx.game().annotations(static_cast<chess::NodeId>(id));
    for (const auto* list : {&notes.comments_before, &notes.comments_after}) {
      for (const std::string& c : *list) {
        if (contains(c, "<cook")) return true;
      }
    }
  }
  return false;
}

// The GBR code in the Black tag: a sign (+, - or =), four digits, '.', two digits and the two
// kings' squares, e.g. "=0134.12e1g3". Empty when there is none.
std::string_view gbr_code(const Context& ctx) {
  std::string_view black = tag_or_empty(ctx, "Black");
  constexpr std::string_view kShape = "s0000.00f1f1";  // s sign, 0 digit, f file, 1 rank
  for (std::size_t i = 0; i + kShape.size() <= black.size(); ++i) {
    bool ok = true;
    for (std::size_t k = 0; k < kShape.size() && ok; ++k) {
      const char c = black[i + k];
      switch (kShape[k]) {
        case 's': ok = c == '+' || c == '-' || c == '='; break;
        case '0': ok = c >= '0' && c <= '9'; break;
        case 'f': ok = c >= 'a' && c <= 'h'; break;
        case '1': ok = c >= '1' && c <= '8'; break;
        default: ok = c == kShape[k]; break;
      }
    }
    if (ok) return black.substr(i, kShape.size());
  }
  return {};
}

enum class TextKey : std::uint8_t {
  Composer, Diagram, FirstComment, Gbr, GbrKings, GbrMaterial, GbrPawns, GbrPieces, Search, Stipulation
};

std::optional<std::string> composer(const Context& ctx) {
  if (contains(tag_or_empty(ctx, "Black"), "MC")) {
    std::optional<std::string> comment = first_comment(ctx);
    if (!comment) return std::nullopt;
    std::size_t period = comment->find('.');
    if (period == std::string::npos || period == 0) return std::nullopt;
    return comment->substr(0, period);
  }
  const std::string* white = ctx.game().tag("White");
  if (white == nullptr) return std::nullopt;
  std::string_view name = *white;
  if (name.size() >= 3 && name.substr(name.size() - 3) == " NN") name.remove_suffix(3);
  return std::string(name);
}

// "stipulation: TEXT." in the first comment: TEXT.
std::optional<std::string> stipulation(const Context& ctx) {
  std::optional<std::string> comment = first_comment(ctx);
  if (!comment) return std::nullopt;
  constexpr std::string_view kLabel = "stipulation: ";
  for (std::size_t at = comment->find(kLabel); at != std::string::npos; at = comment->find(kLabel, at + 1)) {
    const std::size_t start = at + kLabel.size();
    const std::size_t period = comment->find('.', start);
    if (period != std::string::npos && period > start) return comment->substr(start, period - start);
  }
  return std::nullopt;
}

// "#N" in the Event tag: N (up to the next space).
std::optional<std::string> diagram(const Context& ctx) {
  std::string_view event = tag_or_empty(ctx, "Event");
  std::size_t hash = event.find('#');
  if (hash == std::string_view::npos) return std::nullopt;
  std::string_view rest = event.substr(hash + 1);
  rest = rest.substr(0, rest.find(' '));
  if (rest.empty()) return std::nullopt;
  return std::string(rest);
}

std::optional<std::string> search_text(const Context& ctx) {
  const std::string* event = ctx.game().tag("Event");
  const std::string* white = ctx.game().tag("White");
  const std::string* black = ctx.game().tag("Black");
  if (!event || !white || !black) return std::nullopt;
  std::string out = *event + "\n" + *white + "\n" + *black;
  if (std::optional<std::string> comment = first_comment(ctx)) out += "\n" + *comment;
  return out;
}

class HhdbText final : public Filter {
 public:
  explicit HhdbText(TextKey key) : Filter(ValueType::String), key_(key) {}
  std::optional<std::string> text(Context& ctx) const override {
    switch (key_) {
      case TextKey::Composer: return composer(ctx);
      case TextKey::Diagram: return diagram(ctx);
      case TextKey::FirstComment: return first_comment(ctx);
      case TextKey::Search: return search_text(ctx);
      case TextKey::Stipulation: return stipulation(ctx);
      case TextKey::Gbr:
      case TextKey::GbrKings:
      case TextKey::GbrMaterial:
      case TextKey::GbrPawns:
      case TextKey::GbrPieces: return gbr_part(ctx);
    }
    return std::nullopt;
  }

 private:
  // "=0134.12e1g3": the code, its kings "e1g3", material "0134.12", pieces "0134", pawns "12".
  std::optional<std::string> gbr_part(const Context& ctx) const {
    std::string_view code = gbr_code(ctx);
    if (code.empty()) return std::nullopt;
    switch (key_) {
      case TextKey::GbrKings: return std::string(code.substr(8));
      case TextKey::GbrMaterial: return std::string(code.substr(1, 7));
      case TextKey::GbrPieces: return std::string(code.substr(1, 4));
      case TextKey::GbrPawns: return std::string(code.substr(6, 2));
      default: return std::string(code);
    }
  }

  TextKey key_;
};

// egdiagram: the number after "EG#" in the first comment.
class EgDiagram final : public Filter {
 public:
  EgDiagram() : Filter(ValueType::Numeric) {}
  MaybeNumber number(Context& ctx) const override {
    std::optional<std::string> comment = first_comment(ctx);
    if (!comment) return std::nullopt;
    for (std::size_t at = comment->find("EG#"); at != std::string::npos; at = comment->find("EG#", at + 1)) {
      std::int64_t n = 0;
      std::size_t i = at + 3, digits = 0;
      for (; i < comment->size() && std::isdigit(static_cast<unsigned char>((*comment)[i])) && digits < 12; ++i, ++digits) {
        n = n * 10 + ((*comment)[i] - '0');
      }
      if (digits > 0) return n;
    }
    return std::nullopt;
  }
};

enum class FlagKey : std::uint8_t { BlackCode, Comment, Cooked, Dual, Sound, Unsound, Mainline, Variation };

class HhdbFlag final : public Filter {
 public:
  HhdbFlag(FlagKey key, std::string text) : Filter(ValueType::Logical), key_(key), text_(std::move(text)) {}
  bool match(Context& ctx) const override {
    switch (key_) {
      case FlagKey::BlackCode: return contains(tag_or_empty(ctx, "Black"), text_);
      case FlagKey::Comment: {
        for (const std::string& c : ctx.game().annotations(ctx.game_node()).comments_after) {
          if (contains(c, text_)) return true;
        }
        return false;
      }
      case FlagKey::Cooked: return game_has_cook(ctx);
      case FlagKey::Dual: return black_has_u(ctx, "12");
      case FlagKey::Sound: return !((game_has_cook(ctx) && black_has_u(ctx, "12")) || black_has_u(ctx, "345"));
      case FlagKey::Unsound: return game_has_cook(ctx) || black_has_u(ctx, "12345");
      case FlagKey::Mainline: return !in_hhdb_variation(ctx);
      case FlagKey::Variation: return in_hhdb_variation(ctx);
    }
    return false;
  }

 private:
  // Whether the way here from the start leaves the main line by a variation whose first move's
  // comment is not marked <main> (HHdb marks the equal alternatives of the solution so).
  static bool in_hhdb_variation(const Context& ctx) {
    const chess::Game& game = ctx.game();
    for (chess::NodeId n = ctx.anchor(ctx.node()); n != game.root() && n != chess::kNoNode; n = game.node(n).parent) {
      const chess::NodeId parent = game.node(n).parent;
      if (parent == chess::kNoNode || game.node(parent).first_child == n) continue;
      const std::vector<std::string>& comments = game.annotations(n).comments_after;
      if (std::none_of(comments.begin(), comments.end(), [](const std::string& c) { return contains(c, "<main>"); })) {
        return true;
      }
    }
    return false;
  }

  FlagKey key_;
  std::string text_;
};

// The award in the Event tag, as CQL 6.1 reads it: an optional rank "N" or range "N/M", then
// ".sp" (or "sp" without a rank) for a special award, then ".p" prize, ".hm" honourable mention
// or ".c" commendation: "1.p …", "2/3.hm …", "sp.c …", "1.sp.p …".
enum class AwardType : std::uint8_t { Any, Prize, Hm, Commendation };

struct Award {
  AwardType type = AwardType::Any;
  bool special = false;
  std::int64_t first = 1, last = kUnrankedLast;  // an unranked award spans 1 to 10000
  static constexpr std::int64_t kUnrankedLast = 10000;
};

bool read_prefix(std::string_view& text, std::string_view prefix) {
  if (text.substr(0, prefix.size()) != prefix) return false;
  text.remove_prefix(prefix.size());
  return true;
}

// A positive rank of up to six digits; `rank` is left alone when there is none.
bool read_rank(std::string_view& text, std::int64_t& rank) {
  std::size_t i = 0;
  std::int64_t value = 0;
  while (i < text.size() && i < 6 && std::isdigit(static_cast<unsigned char>(text[i]))) value = value * 10 + (text[i++] - '0');
  if (i == 0 || value == 0) return false;
  text.remove_prefix(i);
  rank = value;
  return true;
}

std::optional<Award> read_award(std::string_view event) {
  Award award;
  bool ranked = false;
  if (read_rank(event, award.first)) {
    ranked = true;
    award.last = award.first;
    if (read_prefix(event, "/") && (!read_rank(event, award.last) || award.last <= award.first)) return std::nullopt;
  }
  award.special = read_prefix(event, ranked ? ".sp" : "sp");
  if (read_prefix(event, ".p")) award.type = AwardType::Prize;
  else if (read_prefix(event, ".hm")) award.type = AwardType::Hm;
  else if (read_prefix(event, ".c")) award.type = AwardType::Commendation;
  else return std::nullopt;
  return award;
}

// hhdb [special] [max] award|prize|hm|commendation: the award's rank (the last of a range with
// max); a special award has no rank unless special is asked for, so it matches without a value.
class HhdbAward final : public Filter {
 public:
  HhdbAward(AwardType type, bool special, bool max) : Filter(ValueType::Numeric), type_(type),
  special_(special), max_(max) {}
  bool match(Context& ctx) const override { return find(ctx).has_value(); }
  MaybeNumber number(Context& ctx) const override {
    std::optional<Award> award = find(ctx);
    if (!award || (award->special && !special_)) return std::nullopt;
    return max_ ? award->last : award->first;
  }

  std::optional<Award> find(const Context& ctx) const {
    std::optional<Award> award = read_award(tag_or_empty(ctx, "Event"));
    if (!award || (type_ != AwardType::Any && award->type != type_) || (special_ && !award->special)) return std::nullopt;
    return award;
  }

 private:
  AwardType type_;
  bool special_, max_;
};

// hhdb sort …: the key CQL 6.1 sorts awards by, smallest first: the category (prize, special
// prize, hm, special hm, commendation, special commendation), then the rank, then the range's end.
class AwardSortKey final : public Filter {
 public:
  explicit AwardSortKey(std::unique_ptr<HhdbAward> award) : Filter(ValueType::Numeric), award_(std::move(award)) {}
  MaybeNumber number(Context& ctx) const override {
    std::optional<Award> a = award_->find(ctx);
    if (!a) return std::nullopt;
    const std::int64_t category = 2 * (static_cast<std::int64_t>(a->type) - 1) + 1 + (a->special ? 1 : 0);
    constexpr std::int64_t kRankSpan = 100000;  // ranks are at most six digits long, so below this
    return (category * kRankSpan + std::min(a->first, kRankSpan - 1)) * kRankSpan + std::min(a->last, kRankSpan - 1);
  }

 private:
  std::unique_ptr<HhdbAward> award_;
};

// Keys written as words; the quoted ones ("(c)", "<cook>", …) arrive as strings.
using W = grammar::ParameterWord;
constexpr std::array<ParameterSpec, 60> kHhdbParameters{{
    {W::HhdbComposer}, {W::HhdbCooked}, {W::HhdbDiagram}, {W::HhdbDual}, {W::HhdbEgdiagram},
    {W::HhdbFirstcomment}, {W::HhdbGbr}, {W::HhdbKings},
    {W::HhdbMaterial}, {W::HhdbPawns}, {W::HhdbPieces}, {W::Mainline}, {W::HhdbVariation}, {W::HhdbSearch},
    {W::HhdbSound}, {W::HhdbUnsound},
    {W::HhdbSource}, {W::HhdbStipulation}, {W::HhdbAward}, {W::HhdbCommendation}, {W::HhdbHm}, {W::Max},
    {W::HhdbPrize}, {W::HhdbSort},
    {W::HhdbSpecial}, {W::HhdbAN}, {W::HhdbCR}, {W::HhdbMC}, {W::HhdbPH}, {W::HhdbTE}, {W::HhdbTT},
    {W::HhdbTW}, {W::HhdbU1}, {W::HhdbU2}, {W::HhdbU3}, {W::HhdbU4}, {W::HhdbU5},
    {W::HhdbAnticipation}, {W::HhdbColorsReversed}, {W::HhdbCorrectedSolution}, {W::HhdbCorrection},
    {W::HhdbDualAfterMove1},
    {W::HhdbDualAtMove1}, {W::HhdbModification}, {W::HhdbPosthumous}, {W::HhdbThemeTournament}, {W::HhdbThemeTourney},
    {W::HhdbTheoreticalEnding}, {W::HhdbTooManyComposers}, {W::HhdbTwin}, {W::HhdbUnreachable},
    {W::HhdbVersion}, {W::HhdbWhiteFails},
    {W::HhdbWhiteWinsInDraw}, {W::HhdbTourneyEdition}, {W::HhdbTourneyName}, {W::HhdbTourneyYear},
    {W::HhdbTourneyYearEnd},
    {W::HhdbTourneyYearPart}, {W::HhdbDistinction},
}};

struct KeyName {
  std::string_view word, code;
};
constexpr std::array<KeyName, 17> kLonghand{{
    {"anticipation", "AN"}, {"colors_reversed", "CR"}, {"corrected_solution", "(s)"}, {"correction", "(c)"},
    {"dual_after_move_1", "U2"}, {"dual_at_move_1", "U1"}, {"modification", "(m)"}, {"posthumous", "PH"},
    {"theme_tournament", "TT"}, {"theme_tourney", "TT"}, {"theoretical_ending", "TE"}, {"too_many_composers", "MC"},
    {"twin", "TW"}, {"unreachable", "U5"}, {"version", "(v)"}, {"white_fails", "U3"}, {"white_wins_in_draw", "U4"},
}};
constexpr std::array<std::string_view, 16> kBlackCodes{
    "(c)", "(m)", "(s)", "(v)", "AN", "CR", "MC", "PH", "TE", "TT", "TW", "U1", "U2", "U3", "U4", "U5"};
// The solution's markers and the text each is found by (CQL 6.1 looks for "<cook" and "<minor_dual").
constexpr std::array<KeyName, 5> kCommentMarkers{
    {{"<cook>", "<cook"}, {"<eg>", "<eg>"}, {"<main>", "<main>"}, {"<minor_dual>", "<minor_dual"}, {"<or>", "<or>"}}};
// HHdbVII's keys in CQLi 1.0.7, whose place in the PGN no source gives.
constexpr std::array<std::string_view, 7> kUndocumented{"source", "tourney_edition", "tourney_name", "tourney_year",
                                                        "tourney_year_end", "tourney_year_part", "distinction"};
constexpr std::array<std::string_view, 7> kAwardWords{"award", "commendation", "hm", "max", "prize", "sort", "special"};

template <std::size_t N>
bool one_of(const std::array<std::string_view, N>& list, std::string_view word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

constexpr const char* kKeysHint = "docs/language.md (hhdb) lists the keys";

// hhdb [sort|max] [special] award|prize|hm|commendation, in any order.
FilterPtr bind_award(BindArguments& a, const std::vector<std::string>& words) {
  AwardType type = AwardType::Any;
  bool typed = false;
  for (const std::string& w : words) {
    if (w != "prize" && w != "hm" && w != "commendation" && w != "award") continue;
    if (typed) {
      a.binder.error(a.node, "'hhdb' takes one of award, prize, hm, commendation");
      return nullptr;
    }
    typed = true;
    type = w == "prize" ? AwardType::Prize : w == "hm" ? AwardType::Hm : w == "commendation" ? AwardType::Commendation : AwardType::Any;
  }
  const bool special = a.parameter(W::HhdbSpecial) != nullptr, max = a.parameter(W::Max) != nullptr;
  const bool sort = a.parameter(W::HhdbSort) != nullptr;
  if (sort && max) {
    a.binder.error(a.node, "'hhdb' takes sort or max, not both");
    return nullptr;
  }
  if (sort && !typed && !special) {
    a.binder.error(a.node, "'hhdb sort' needs special, award, prize, hm or commendation");
    return nullptr;
  }
  auto award = std::make_unique<HhdbAward>(type, special, max);
  if (!sort) return award;
  return make_sort(a.binder, "", true, std::make_unique<AwardSortKey>(std::move(award)));
}

// One key (a word, or a quoted code such as "(c)" or a marker such as "<main>").
FilterPtr bind_key(BindArguments& a, std::string key, bool& string_valued) {
  for (const KeyName& k : kLonghand) {
    if (key == k.word) key = k.code;
  }
  string_valued = false;
  if (one_of(kBlackCodes, key)) return std::make_unique<HhdbFlag>(FlagKey::BlackCode, key);
  for (const KeyName& m : kCommentMarkers) {
    if (key == m.word) return std::make_unique<HhdbFlag>(FlagKey::Comment, std::string(m.code));
  }
  if (key == "cooked") return std::make_unique<HhdbFlag>(FlagKey::Cooked, "");
  if (key == "dual") return std::make_unique<HhdbFlag>(FlagKey::Dual, "");
  if (key == "sound") return std::make_unique<HhdbFlag>(FlagKey::Sound, "");
  if (key == "unsound") return std::make_unique<HhdbFlag>(FlagKey::Unsound, "");
  if (key == "mainline") return std::make_unique<HhdbFlag>(FlagKey::Mainline, "");
  if (key == "variation") return std::make_unique<HhdbFlag>(FlagKey::Variation, "");
  if (key == "egdiagram") return std::make_unique<EgDiagram>();
  string_valued = true;
  static constexpr std::array<std::pair<std::string_view, TextKey>, 10> kText{{
      {"composer", TextKey::Composer}, {"diagram", TextKey::Diagram}, {"firstcomment", TextKey::FirstComment},
      {"gbr", TextKey::Gbr}, {"gbr kings", TextKey::GbrKings}, {"gbr material", TextKey::GbrMaterial},
      {"gbr pawns", TextKey::GbrPawns}, {"gbr pieces", TextKey::GbrPieces}, {"search", TextKey::Search},
      {"stipulation", TextKey::Stipulation},
  }};
  for (const auto& [word, text_key] : kText) {
    if (key == word) return std::make_unique<HhdbText>(text_key);
  }
  if (one_of(kUndocumented, key)) {
    a.binder.error(a.node, "'hhdb " + key + "': no source documents where HHdb keeps this, so Quarry does not read it",
                   kKeysHint);
  } else {
    a.binder.error(a.node, "'" + key + "' is not an hhdb key", kKeysHint);
  }
  return nullptr;
}

FilterPtr bind_hhdb(BindArguments& a) {
  std::vector<std::string> words, strings;
  for (const BoundParameter& p : a.parameters) {
    if (p.syntax->word == W::Title) strings.push_back(p.syntax->values[0]->text);
    else words.emplace_back(grammar::spelling(p.syntax->word));
  }
  if (words.empty() && strings.empty()) {
    a.binder.error(a.node, "'hhdb' needs a key, such as composer, MC or \"(c)\"", kKeysHint);
    return nullptr;
  }
  if (!words.empty() && std::all_of(words.begin(), words.end(), [](const std::string& w) { return one_of(kAwardWords, w); })) {
    if (!strings.empty()) {
      a.binder.error(a.node, "an hhdb award takes no string");
      return nullptr;
    }
    return bind_award(a, words);
  }
  std::string key;
  if (words.empty()) {  // a quoted key: hhdb "(c)"
    key = strings.front();
    strings.erase(strings.begin());
  } else if (words.size() == 2 && words[0] == "gbr" && one_of(std::array<std::string_view, 4>{"kings", "material", "pawns", "pieces"}, words[1])) {
    key = "gbr " + words[1];
  } else if (words.size() == 1) {
    key = words[0];
  } else {
    a.binder.error(a.node, "'hhdb' takes one key, here '" + words[0] + "' and '" + words[1] + "'",
                   "a filter that follows hhdb goes after braces: { hhdb " + words[0] + " } " + words[1]);
    return nullptr;
  }
  bool string_valued = false;
  FilterPtr filter = bind_key(a, key, string_valued);
  if (!filter || strings.empty()) return filter;
  if (!string_valued || strings.size() > 1) {
    a.binder.error(a.node, "'hhdb " + key + "' takes no string to search for" +
                               std::string(string_valued ? " beyond one" : ": it is not a text key"));
    return nullptr;
  }
  return make_implicit_search(std::move(filter), std::move(strings.front()));
}

}  // namespace

void register_hhdb_filters(Registry& registry) {
  grammar::KeywordShape shape{"hhdb", ShapeKind::Parameters, precedence::kLowest, 0, 0, kHhdbParameters};
  shape.optional_title = true;
  registry.add({shape,
                "hhdb KEY [\"s\"]: HHdb study metadata (composer, stipulation, gbr, MC, \"(c)\", \"<main>\", sound, "
                "award, sort prize …)",
                bind_hhdb,
                // Codes and awards are tests, text keys strings, `hhdb sort …` a numeric sort key;
                // the solution markers and mainline/variation depend on the position.
                {{}, {ValueType::Logical, ValueType::String, ValueType::Numeric}}});
}

}  // namespace quarry::builtins
