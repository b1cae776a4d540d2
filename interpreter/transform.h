// Board transforms (flipcolor, flip, rotate90, rotate45, shift …) applied to the syntax tree before
// binding, as CQL defines them: the filter is copied once per transform in the set the keyword's
// FilterSpec declares (TransformRule::set) and the copies combined.
#pragma once

#include <string>

#include "grammar/keywords.h"
#include "grammar/syntax.h"
#include "interpreter/board_transform.h"
#include "interpreter/registry.h"

namespace quarry::interpreter {

// A copy of `node` rewritten by `t`: piece designators (squares and colours), and keywords as
// their FilterSpec's TransformRule declares (wtm/btm, light/dark, direction words, side and
// direction parameters, result markers; `notransform` subtrees are copied unchanged). Returns
// nullptr when the copy is meaningless (a restricted square set shifted entirely off the board).
grammar::SyntaxPtr transformed_copy(const grammar::SyntaxNode& node, const Transform& t, const Registry& registry);

grammar::SyntaxPtr clone(const grammar::SyntaxNode& node);

// A transform that turns directions only (rotate45) admits only piece designators that name every square (`R`, `[Aa]`, `.`) or none
// (`[]`): the first one that names some squares only, outside `notransform`; nullptr if none.
const grammar::SyntaxNode* first_partial_designator(const grammar::SyntaxNode& node, const Registry& registry);

// A text that is equal for two trees exactly when they are the same filter (piece designators by
// their contents and squares, not their spelling): tells identical transformed copies apart.
std::string structural_key(const grammar::SyntaxNode& node);

}  // namespace quarry::interpreter
