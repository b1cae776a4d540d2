// Syntax-tree rewriting for transforms.
#include "interpreter/transform.h"

#include <cstdint>
#include <optional>
#include <string>

#include "interpreter/directions.h"

namespace quarry::interpreter {

using grammar::SyntaxKind;
using grammar::SyntaxNode;
using grammar::SyntaxPtr;

namespace {

// The direction name `name` becomes under t, or `name` itself when it is no direction.
std::string_view mapped_direction(std::string_view name, const Transform& t) {
  std::optional<std::uint8_t> mask = directions::mask_of(name);
  if (!mask) return name;
  std::uint8_t mapped = 0;
  for (std::size_t i = 0; i < directions::kSteps.size(); ++i) {
    if ((*mask & (1u << i)) == 0) continue;
    auto [df, dr] = t.map_direction(directions::kSteps[i].files, directions::kSteps[i].ranks);
    mapped |= directions::bit_of({df, dr});
  }
  std::string_view word = directions::word_of(mapped);
  return word.empty() ? name : word;
}

// Whether t sends light squares to dark ones (then `light` and `dark` trade places).
bool swaps_square_colors(const Transform& t) {
  // Use a square that stays on the board under the translation.
  for (int f = 0; f < 8; ++f) {
    for (int r = 0; r < 8; ++r) {
      auto to = t.map_square(f, r);
      if (to) return ((f + r) % 2) != ((to->first + to->second) % 2);
    }
  }
  return false;
}

// The keyword a transform turns `spec` into, as its TransformRule declares; its own name when
// the transform leaves it alone.
std::string_view renamed_keyword(const FilterSpec& spec, const Transform& t) {
  const TransformRule& rule = spec.transform;
  if (t.swap_colors && !rule.color_twin.empty()) return rule.color_twin;
  if (!rule.square_color_twin.empty() && swaps_square_colors(t)) return rule.square_color_twin;
  if (rule.turns_with_board) return mapped_direction(spec.shape.name, t);
  return spec.shape.name;
}

// Direction words go through their spelling, the direction table's key; the renamed word is
// looked up once here, while the tree is rewritten, before binding. Which parameters turn is
// the keyword's declared rule.
grammar::ParameterWord renamed_parameter(grammar::ParameterWord word, const TransformRule& rule,
                                         const Transform& t) {
  using grammar::ParameterWord;
  if (rule.side_parameters && t.swap_colors && word == ParameterWord::White) return ParameterWord::Black;
  if (rule.side_parameters && t.swap_colors && word == ParameterWord::Black) return ParameterWord::White;
  if (!rule.direction_parameters) return word;
  std::string_view name = grammar::spelling(word);
  std::string_view mapped = mapped_direction(name, t);
  if (mapped == name) return word;
  return grammar::parameter_word(mapped).value_or(word);
}

std::uint16_t swap_piece_colors(std::uint16_t mask) {
  std::uint16_t empty = mask & grammar::content::kEmpty;
  std::uint16_t white = (mask >> 1) & 0x3F;
  std::uint16_t black = (mask >> 7) & 0x3F;
  return static_cast<std::uint16_t>(empty | (black << 1) | (white << 7));
}

// Returns false when a restricted square set is shifted entirely off the board.
bool transform_designator(SyntaxNode& node, const Transform& t) {
  if (t.swap_colors) node.piece_mask = swap_piece_colors(node.piece_mask);
  // The whole board stays the whole board; an empty set (`[]`, `[ ]`) has no square to lose.
  if (node.squares == ~std::uint64_t{0} || node.squares == 0) return true;
  std::uint64_t mapped = 0;
  for (int sq = 0; sq < 64; ++sq) {
    if (!((node.squares >> sq) & 1)) continue;
    auto to = t.map_square(sq & 7, sq >> 3);
    if (to) mapped |= std::uint64_t{1} << (to->second * 8 + to->first);
  }
  node.squares = mapped;
  return mapped != 0;
}

// `result 1-0` under a colour swap is `result 0-1`: the marker, as the parser left it (a
// string, or `1-0` read as a subtraction), with the colours exchanged; nullopt when it names no
// winner (draws, `*`) or is not a marker at all (bind_result reports that).
std::optional<std::string> color_swapped_result(const SyntaxNode& marker) {
  std::string written = marker.text;
  if (marker.kind == SyntaxKind::Binary && marker.text == "-" && marker.children.size() == 2 &&
      marker.children[0]->kind == SyntaxKind::Number && marker.children[1]->kind == SyntaxKind::Number) {
    written = std::to_string(marker.children[0]->number) + "-" + std::to_string(marker.children[1]->number);
  } else if (marker.kind != SyntaxKind::String) {
    return std::nullopt;
  }
  if (written == "1-0") return "0-1";
  if (written == "0-1") return "1-0";
  return std::nullopt;
}

}  // namespace

std::string structural_key(const SyntaxNode& node) {
  std::string key = std::to_string(static_cast<int>(node.kind)) + ":" + node.text;
  if (node.kind == SyntaxKind::PieceDesignator) {
    key = "D" + std::to_string(node.piece_mask) + "/" + std::to_string(node.squares);
  }
  if (node.kind == SyntaxKind::Number) key += "=" + std::to_string(node.number);
  key += "(";
  for (const auto& p : node.parameters) {
    key += std::string(p.spelling()) + "[";
    for (const auto& v : p.values) key += structural_key(*v) + ",";
    key += "]";
  }
  for (const auto& c : node.children) key += structural_key(*c) + ",";
  return key + ")";
}

namespace {
// The node itself, without its children and parameters.
SyntaxPtr shallow_copy(const SyntaxNode& node) {
  auto copy = std::make_unique<SyntaxNode>();
  copy->kind = node.kind;
  copy->range = node.range;
  copy->text = node.text;
  copy->keyword = node.keyword;
  copy->number = node.number;
  copy->piece_mask = node.piece_mask;
  copy->squares = node.squares;
  return copy;
}
}  // namespace

SyntaxPtr clone(const SyntaxNode& node) {
  SyntaxPtr copy = shallow_copy(node);
  for (const auto& c : node.children) copy->children.push_back(clone(*c));
  for (const auto& p : node.parameters) {
    grammar::SyntaxParameter q{p.word, p.range, {}};
    for (const auto& v : p.values) q.values.push_back(clone(*v));
    copy->parameters.push_back(std::move(q));
  }
  return copy;
}

namespace {
// The keyword's transform role; Copied for nodes that are no keyword.
TransformRole role_of(const SyntaxNode& node, const Registry& registry) {
  if (node.kind != SyntaxKind::Keyword || node.keyword < 0) return TransformRole::Copied;
  return registry.spec(node.keyword).transform.role;
}
}  // namespace

const SyntaxNode* first_partial_designator(const SyntaxNode& node, const Registry& registry) {
  if (role_of(node, registry) == TransformRole::Untransformed) return nullptr;
  if (node.kind == SyntaxKind::PieceDesignator && node.squares != ~std::uint64_t{0} && node.piece_mask != 0) {
    return &node;
  }
  for (const auto& c : node.children) {
    if (const SyntaxNode* found = first_partial_designator(*c, registry)) return found;
  }
  for (const auto& p : node.parameters) {
    for (const auto& v : p.values) {
      if (const SyntaxNode* found = first_partial_designator(*v, registry)) return found;
    }
  }
  return nullptr;
}

SyntaxPtr transformed_copy(const SyntaxNode& node, const Transform& t, const Registry& registry) {
  const TransformRole role = role_of(node, registry);
  if (role == TransformRole::Untransformed) return clone(node);
  SyntaxPtr copy = shallow_copy(node);
  if (node.kind == SyntaxKind::PieceDesignator && !transform_designator(*copy, t)) return nullptr;
  const TransformRule no_rule;
  const bool keyword = node.kind == SyntaxKind::Keyword && node.keyword >= 0;
  const TransformRule& rule = keyword ? registry.spec(node.keyword).transform : no_rule;
  if (keyword) {
    std::string_view renamed = renamed_keyword(registry.spec(node.keyword), t);
    int id = registry.keywords().find(renamed);
    if (id >= 0 && id != node.keyword) {
      copy->text = std::string(renamed);
      copy->keyword = id;
    }
  }
  for (const auto& c : node.children) {
    SyntaxPtr child = transformed_copy(*c, t, registry);
    if (!child) return nullptr;
    copy->children.push_back(std::move(child));
  }
  if (role == TransformRole::SwapsResultMarker && t.swap_colors && copy->children.size() == 1) {
    if (std::optional<std::string> swapped = color_swapped_result(*copy->children[0])) {
      grammar::SourceRange where = copy->children[0]->range;
      copy->children[0] = shallow_copy(*copy->children[0]);
      copy->children[0]->kind = SyntaxKind::String;
      copy->children[0]->text = std::move(*swapped);
      copy->children[0]->range = where;
    }
  }
  for (const auto& p : node.parameters) {
    // Parameter words that are directions (`ray diagonal (…)`) turn with the board; colour words
    // (`elo white`, `player black`) swap with the colours, as the keyword's rule declares.
    grammar::SyntaxParameter q{renamed_parameter(p.word, rule, t), p.range, {}};
    for (const auto& v : p.values) {
      SyntaxPtr value = transformed_copy(*v, t, registry);
      if (!value) return nullptr;
      q.values.push_back(std::move(value));
    }
    copy->parameters.push_back(std::move(q));
  }
  // currenttransform collects the transforms acting on it, outermost first (transformed_copy
  // runs from the outer transform inwards), as Transform parameters holding their names.
  if (role == TransformRole::RecordsTransform) {
    std::string name = describe_transform(t);
    if (!name.empty()) {
      auto value = std::make_unique<SyntaxNode>();
      value->kind = SyntaxKind::String;
      value->range = node.range;
      value->text = std::move(name);
      grammar::SyntaxParameter q{grammar::ParameterWord::Transform, node.range, {}};
      q.values.push_back(std::move(value));
      copy->parameters.push_back(std::move(q));
    }
  }
  return copy;
}

}  // namespace quarry::interpreter
