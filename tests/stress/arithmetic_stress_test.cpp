// Checked arithmetic: overflow and the trapping cases (INT64_MIN / -1, % -1) make a filter fail,
// like division by zero, instead of crashing (SIGFPE) or wrapping (undefined behaviour).
#include <catch2/catch.hpp>

#include <limits>

#include "builtins/checked_arithmetic.h"
#include "builtins/evaluate.h"

using quarry::testing::Evaluation;
using namespace quarry::builtins;

namespace {
constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
}  // namespace

TEST_CASE("the probe's SIGFPE query fails instead of crashing", "[stress][arithmetic]") {
  // -2147483647 * 2147483647 * 2 - 2147483647 * 4 - 2 is INT64_MIN; / -1 trapped.
  Evaluation e("(-2147483647 * 2147483647 * 2 - 2147483647 * 4 - 2) / -1 > 0", kStart);
  CHECK_FALSE(e.matches());
  Evaluation m("(-2147483647 * 2147483647 * 2 - 2147483647 * 4 - 2) % -1 == 0", kStart);
  CHECK(m.matches());  // x % -1 is 0 for every x
}

TEST_CASE("overflow in + - * unary minus and abs gives no value", "[stress][arithmetic]") {
  const std::string least = "(-2147483647 * 2147483647 * 2 - 2147483647 * 4 - 2)";
  CHECK_FALSE(Evaluation(least + " - 1", kStart).number());
  CHECK_FALSE(Evaluation("-" + least, kStart).number());
  CHECK_FALSE(Evaluation("abs " + least, kStart).number());
  CHECK_FALSE(Evaluation("2147483647 * 2147483647 * 2147483647", kStart).number());
  CHECK(Evaluation(least + " + 1 < 0", kStart).matches());
  CHECK(*Evaluation("-2147483648", kStart).number() == -2147483648LL);
}

TEST_CASE("compound assignments fail on overflow and keep the variable", "[stress][arithmetic]") {
  Evaluation e("x = 2147483647 * 2147483647 * 2 not (x *= 4) x == 2147483647 * 2147483647 * 2", kStart);
  CHECK(e.matches());
}

TEST_CASE("checked helpers at the edges", "[stress][arithmetic]") {
  CHECK_FALSE(checked_add(kMax, 1));
  CHECK_FALSE(checked_subtract(kMin, 1));
  CHECK_FALSE(checked_multiply(kMin, -1));
  CHECK_FALSE(checked_divide(kMin, -1));
  CHECK_FALSE(checked_divide(1, 0));
  CHECK(*checked_modulo(kMin, -1) == 0);
  CHECK_FALSE(checked_modulo(1, 0));
  CHECK_FALSE(checked_negate(kMin));
  CHECK_FALSE(checked_abs(kMin));
  CHECK(*checked_abs(-5) == 5);
}

TEST_CASE("integer square root is exact and fast up to the 64-bit maximum", "[stress][arithmetic]") {
  CHECK(*integer_sqrt(0) == 0);
  CHECK(*integer_sqrt(15) == 3);
  CHECK(*integer_sqrt(16) == 4);
  CHECK(*integer_sqrt(kMax) == 3037000499);
  CHECK(*integer_sqrt(3037000499LL * 3037000499LL) == 3037000499);
  CHECK(*integer_sqrt(3037000499LL * 3037000499LL - 1) == 3037000498);
  CHECK_FALSE(integer_sqrt(-1));
  for (std::int64_t r = 1; r < 3037000499LL; r = r * 3 + 1) {
    CHECK(*integer_sqrt(r * r) == r);
    CHECK(*integer_sqrt(r * r - 1) == r - 1);
  }
  CHECK(Evaluation("sqrt (2147483647 * 2147483647 * 2) == 3037 * 1000000 + 498", kStart).matches());
}
