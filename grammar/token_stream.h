// A cursor over one level of the token tree (the tokens of the query, or of one group).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "grammar/tokens.h"

namespace quarry::grammar {

class TokenStream {
 public:
  TokenStream(const std::vector<Token>& tokens, SourceRange enclosing) : tokens_(tokens), enclosing_(enclosing) {}
  bool at_end() const { return pos_ >= tokens_.size(); }
  const Token& peek() const { return tokens_[pos_]; }
  const Token& next() { return tokens_[pos_++]; }
  // Where a missing operand would have been: the end of the previous token or the group.
  SourceRange here() const {
    if (!at_end()) return tokens_[pos_].range;
    std::uint32_t at = enclosing_.end > 0 ? enclosing_.end - 1 : 0;
    if (pos_ > 0) at = tokens_[pos_ - 1].range.end;
    return {at, at + 1};
  }
  std::size_t position() const { return pos_; }
  // Kind of the token `offset` places ahead, or String when there is none (never a number).
  TokenKind peek_ahead(std::size_t offset) const {
    return pos_ + offset < tokens_.size() ? tokens_[pos_ + offset].kind : TokenKind::String;
  }
  // The token `offset` places ahead, or nullptr when there is none.
  const Token* token_at(std::size_t offset) const {
    return pos_ + offset < tokens_.size() ? &tokens_[pos_ + offset] : nullptr;
  }
  void skip_until(std::uint32_t offset) {
    while (!at_end() && tokens_[pos_].range.begin < offset) ++pos_;
  }

 private:
  const std::vector<Token>& tokens_;
  SourceRange enclosing_;
  std::size_t pos_ = 0;
};

}  // namespace quarry::grammar
