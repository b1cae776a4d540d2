// MaybeNumber: Filter::number's result, written like std::optional<std::int64_t>.
#include <catch2/catch.hpp>

#include "interpreter/maybe_number.h"

using quarry::interpreter::MaybeNumber;

TEST_CASE("MaybeNumber: a number or none", "[maybe_number]") {
  const MaybeNumber none;
  CHECK_FALSE(none.has_value());
  CHECK_FALSE(static_cast<bool>(none));
  CHECK(none.value_or(7) == 7);
  CHECK(none == std::nullopt);

  const MaybeNumber zero = 0;
  CHECK(zero.has_value());
  CHECK(*zero == 0);
  CHECK(zero == 0);
  CHECK_FALSE(zero == none);  // zero is a number: not the same as none, whose value is zero too

  const MaybeNumber big = std::int64_t{-9'000'000'000};
  CHECK(*big == -9'000'000'000);
  CHECK(big.value_or(1) == -9'000'000'000);
  CHECK(big == MaybeNumber(std::optional<std::int64_t>(-9'000'000'000)));
}

TEST_CASE("MaybeNumber: from a stored std::optional", "[maybe_number]") {
  CHECK(MaybeNumber(std::optional<std::int64_t>(5)) == 5);
  CHECK(MaybeNumber(std::optional<std::int64_t>()) == std::nullopt);
  MaybeNumber n = 3;
  n = std::nullopt;
  CHECK_FALSE(n.has_value());
  n = 4;
  CHECK(n == 4);
}

TEST_CASE("MaybeNumber: ordered as std::optional, none first", "[maybe_number]") {
  CHECK(MaybeNumber() < MaybeNumber(-5));
  CHECK(MaybeNumber(-5) < MaybeNumber(2));
  CHECK(MaybeNumber(2) > 0);
  CHECK(MaybeNumber() <= MaybeNumber());
  CHECK_FALSE(MaybeNumber() < MaybeNumber());
}
