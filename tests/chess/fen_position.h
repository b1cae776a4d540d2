// Test helper for the chess tests: the position a FEN describes; the test fails when it is invalid.
#pragma once

#include <catch2/catch.hpp>

#include "chess/position.h"

namespace quarry::testing {

inline chess::Position at(const char* fen) {
  const auto pos = chess::Position::from_fen(fen);
  INFO(fen);
  REQUIRE(pos.has_value());
  return *pos;
}

}  // namespace quarry::testing
