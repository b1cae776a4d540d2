// The infix operators of CQL with their binding powers (the CQL 6.1 precedence table), read by
// the Pratt parser. Keywords carry their own shapes in the registry's KeywordTable.
#pragma once

#include <array>
#include <string_view>

#include "grammar/keywords.h"
#include "grammar/syntax.h"

namespace quarry::grammar {

struct InfixOperator {
  std::string_view text;
  int power;
  bool right_associative;
  SyntaxKind kind;
};

// Operators written between two operands. Words `or`, `and`, `in` are infix too.
inline constexpr std::array kInfixOperators{
    InfixOperator{"or", precedence::kOr, false, SyntaxKind::Binary},
    InfixOperator{"and", precedence::kAnd, false, SyntaxKind::Binary},
    InfixOperator{"=", precedence::kAssign, true, SyntaxKind::Assign},
    InfixOperator{"+=", precedence::kAssign, true, SyntaxKind::Assign},
    InfixOperator{"-=", precedence::kAssign, true, SyntaxKind::Assign},
    InfixOperator{"*=", precedence::kAssign, true, SyntaxKind::Assign},
    InfixOperator{"/=", precedence::kAssign, true, SyntaxKind::Assign},
    InfixOperator{"%=", precedence::kAssign, true, SyntaxKind::Assign},
    InfixOperator{"|=", precedence::kAssign, true, SyntaxKind::Assign},
    InfixOperator{"&=", precedence::kAssign, true, SyntaxKind::Assign},
    InfixOperator{"=?", precedence::kAssign, true, SyntaxKind::Assign},
    InfixOperator{"in", precedence::kIn, false, SyntaxKind::Binary},
    InfixOperator{"==", precedence::kCompare, true, SyntaxKind::Binary},
    InfixOperator{"!=", precedence::kCompare, true, SyntaxKind::Binary},
    InfixOperator{"<", precedence::kCompare, true, SyntaxKind::Binary},
    InfixOperator{"<=", precedence::kCompare, true, SyntaxKind::Binary},
    InfixOperator{">", precedence::kCompare, true, SyntaxKind::Binary},
    InfixOperator{">=", precedence::kCompare, true, SyntaxKind::Binary},
    InfixOperator{"+", precedence::kAdditive, false, SyntaxKind::Binary},
    InfixOperator{"-", precedence::kAdditive, false, SyntaxKind::Binary},
    InfixOperator{"*", precedence::kMultiplicative, false, SyntaxKind::Binary},
    InfixOperator{"/", precedence::kMultiplicative, false, SyntaxKind::Binary},
    InfixOperator{"%", precedence::kMultiplicative, false, SyntaxKind::Binary},
    InfixOperator{"|", precedence::kUnion, false, SyntaxKind::Binary},
    InfixOperator{"&", precedence::kIntersection, false, SyntaxKind::Binary},
    InfixOperator{"~~", precedence::kIndex, false, SyntaxKind::Binary},
    InfixOperator{":", precedence::kColon, true, SyntaxKind::Binary},
};

inline const InfixOperator* find_infix(std::string_view text) {
  for (const InfixOperator& op : kInfixOperators) {
    if (op.text == text) return &op;
  }
  return nullptr;
}

}  // namespace quarry::grammar
