// Dictionary family: declarations, entries, updates, size; and persistence across positions.
#include <catch2/catch.hpp>

#include "evaluate.h"

using quarry::testing::compile_error;
using quarry::testing::Evaluation;
using quarry::testing::squares_of;

namespace {
const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

TEST_CASE("dictionary entries are stored, updated and counted", "[dictionaries]") {
  CHECK(Evaluation("dictionary str --> int (sum) $D $D[\"a\"] = 2 $D[\"a\"] += 3 $D[\"a\"]", kStart).number() == 5);
  CHECK(Evaluation("dictionary int --> int $D $D[1] += 1 $D[2] += 1 $D[2] += 1 #$D", kStart).number() == 2);
  CHECK(Evaluation("dictionary str --> int $D $D[\"x\"] += 7 $D[\"x\"]", kStart).number() == 7);  // += starts at 0
  CHECK(Evaluation("dictionary int --> set $D $D[1] = K $D[1] |= k $D[1]", kStart).squares() == squares_of("e1 e8"));
}

TEST_CASE("a failed number update of a fresh entry adds none, whatever the key", "[dictionaries]") {
  // The counting path ($D[k] op= n on number entries) with keys that are no short text: a
  // number, and a computed string; division by zero and overflow fail the update.
  CHECK(Evaluation("dictionary int --> int $D not { $D[3] /= 0 } #$D", kStart).number() == 0);
  CHECK(Evaluation("dictionary int --> int $D not { $D[3] -= (-2147483647 - 1) * 65536 * 65536 } #$D", kStart).number() == 0);
  CHECK(Evaluation("dictionary str --> int $D not { $D[str(\"k\" 1)] %= 0 } #$D", kStart).number() == 0);
  // An existing entry stays as it was.
  CHECK(Evaluation("dictionary int --> int $D $D[3] = 4 not { $D[3] /= 0 } #$D == 1 $D[3]", kStart).number() == 4);
  CHECK(Evaluation("dictionary int --> int $D $D[3] += 2 $D[3] *= 5 $D[3]", kStart).number() == 10);
}

TEST_CASE("a missing entry fails, unbind forgets entries", "[dictionaries]") {
  CHECK_FALSE(Evaluation("dictionary str --> int $D $D[\"none\"]", kStart).matches());
  CHECK_FALSE(Evaluation("dictionary str --> int $D $D[\"a\"] = 1 unbind $D $D[\"a\"]", kStart).matches());
  CHECK(Evaluation("dictionary str --> int $D $D[\"a\"] = 1 $D[\"b\"] = 2 unbind $D[\"a\"] #$D", kStart).number() == 1);
}

TEST_CASE("an undeclared dictionary infers its types from the first store", "[dictionaries]") {
  CHECK(Evaluation("dictionary $D $D[\"k\"] = \"v\" $D[\"k\"]", kStart).text() == "v");
}

TEST_CASE("dictionary errors", "[dictionaries]") {
  CHECK(compile_error("dictionary str --> int $D $D[3] = 1") == "dictionary '$D' has string keys, not numeric");
  CHECK(compile_error("dictionary str --> int (avg) $D") == "unknown merge strategy 'avg'");
  CHECK(compile_error("dictionary str --> float $D") == "unknown dictionary value type 'float'");
  CHECK(compile_error("x[1] = 2") == "only a dictionary entry $D[key] can be assigned this way");
}

TEST_CASE("key iterates over a dictionary's keys in key order", "[dictionaries]") {
  CHECK(Evaluation("dictionary int --> int D D[3] = 1 D[1] = 1 D[2] = 1 s = \"\" key $k in D { s += str($k) } s",
                   kStart).text() == "123");
  CHECK(Evaluation("dictionary str --> int $D $D[\"b\"] = 1 $D[\"a\"] = 2 s = \"\" key $k in $D { s += $k } s", kStart)
            .text() == "ab");
  CHECK(Evaluation("dictionary int --> int D D[1] = 5 D[2] = 7 total = 0 key j in D { total += D[j] } total", kStart)
            .number() == 12);
  // Set keys: the variable is a set.
  CHECK(Evaluation("dictionary set --> int D D[K] = 1 D[k] = 2 x = [] key $s in D { D[$s] == 2 x = $s } x", kStart)
            .squares() == squares_of("e8"));
}

TEST_CASE("key matches when the body matched for some key, and visits every key", "[dictionaries]") {
  CHECK(Evaluation("dictionary int --> int D D[1] = 1 D[2] = 2 key $k in D { D[$k] == 2 }", kStart).matches());
  CHECK_FALSE(Evaluation("dictionary int --> int D D[1] = 1 key $k in D { false }", kStart).matches());
  CHECK_FALSE(Evaluation("dictionary int --> int D key $k in D { true }", kStart).matches());  // empty
  CHECK(Evaluation("dictionary int --> int D D[1] = 1 D[2] = 2 D[3] = 3 total = 0 key $k in D { total += 1 } total",
                   kStart).number() == 3);
}

TEST_CASE("key walks a snapshot: the body may add and remove entries", "[dictionaries]") {
  CHECK(Evaluation("dictionary int --> int D D[1] = 1 D[2] = 1 key $k in D { D[$k + 10] = 1 } #D", kStart)
            .number() == 4);
  CHECK(Evaluation("dictionary int --> int D D[1] = 1 D[2] = 1 D[3] = 1 total = 0 "
                   "key $k in D { unbind D[2] total += 1 } total",
                   kStart).number() == 3);
  CHECK(Evaluation("dictionary int --> int D D[1] = 1 D[2] = 1 D[3] = 1 key $k in D { unbind D[2] } #D", kStart)
            .number() == 2);
  // Copying one dictionary into another, as the CQLi maze query does.
  CHECK(Evaluation("dictionary int --> int Dst dictionary int --> int Src Src[4] = 40 Src[5] = 50 "
                   "key $k in Src { v = Src[$k] Dst[$k] = v } unbind Src #Dst + #Src * 10",
                   kStart).number() == 2);
}

TEST_CASE("key errors", "[dictionaries]") {
  CHECK(compile_error("x = 1 key $k in x { true }") ==
        "'key' iterates over the keys of a dictionary, but 'x' is a variable, not a dictionary");
  CHECK(compile_error("key $k in Nothing { true }") ==
        "'key' iterates over the keys of a dictionary, but 'Nothing' is not a declared dictionary");
  CHECK(compile_error("key $k in a-h1 { true }") ==
        "'key' iterates over the keys of a dictionary, but this is not a dictionary");
  CHECK(compile_error("dictionary str --> int D x = 1 key x in D { true }") ==
        "variable 'x' already holds a numeric value, but dictionary 'D' has string keys");
  CHECK(compile_error("dictionary D key $k in D { true }") == "the keys of dictionary 'D' have no type yet");
  CHECK(compile_error("dictionary int --> int D key D in D { true }") == "'D' is a dictionary, not a variable name");
  CHECK(compile_error("dictionary int --> int D key $k D { true }") == "expected 'in' after the variable name");
}

TEST_CASE("a dictionary keyed by zobristkey stores the key's digits", "[dictionaries]") {
  // zobristkey reads through the short-text path; the entry's key is the same text.
  CHECK(Evaluation("dictionary str --> int $D $D[zobristkey] += 1 $D[zobristkey] += 1 $D[zobristkey]", kStart)
            .number() == 2);
  CHECK(Evaluation("dictionary str --> int $D $D[zobristkey] = 5 $D[\"463b96181691fc9c\"]", kStart).number() == 5);
  CHECK(Evaluation("dictionary str --> int $D $D[\"463b96181691fc9c\"] = 6 $D[zobristkey]", kStart).number() == 6);
  CHECK(Evaluation("dictionary str --> int $D $D[zobristkey] = 1 s = \"\" key $k in $D { s += $k } s", kStart).text() ==
        "463b96181691fc9c");
  CHECK_FALSE(Evaluation("dictionary str --> int $D $D[\"x\"] = 1 $D[zobristkey]", kStart).matches());
  // A failed update through the short-text path adds no entry.
  CHECK(Evaluation("dictionary str --> int $D not { $D[zobristkey] /= 0 } #$D", kStart).number() == 0);
  CHECK(Evaluation("dictionary str --> int $D $D[zobristkey] /= 1 #$D", kStart).number() == 1);
}

TEST_CASE("a count under zobristkey then a test of it answers as the two filters do", "[dictionaries]") {
  // `$D[zobristkey] += 1` directly followed by `$D[zobristkey] > n` is fused at bind time (the test
  // reads the count the update left); fused or not, the answers are the pair's. Each relation, and
  // the value (the count) as the last filter of the body.
  const std::string count = "dictionary str --> int $D $D[zobristkey] += 2 $D[zobristkey] += 1 ";
  CHECK(Evaluation(count + "$D[zobristkey] > 2", kStart).number() == 3);
  CHECK_FALSE(Evaluation(count + "$D[zobristkey] > 3", kStart).matches());
  CHECK(Evaluation(count + "$D[zobristkey] >= 3", kStart).number() == 3);
  CHECK(Evaluation(count + "$D[zobristkey] < 4", kStart).number() == 3);
  CHECK_FALSE(Evaluation(count + "$D[zobristkey] < 3", kStart).matches());
  CHECK(Evaluation(count + "$D[zobristkey] <= 3", kStart).number() == 3);
  CHECK(Evaluation(count + "$D[zobristkey] == 3", kStart).number() == 3);
  CHECK_FALSE(Evaluation(count + "$D[zobristkey] != 3", kStart).matches());
  CHECK(Evaluation(count + "$D[zobristkey] != 4", kStart).number() == 3);
  // Inside a compound, and followed by more filters.
  CHECK(Evaluation("dictionary str --> int $D { $D[zobristkey] += 1 $D[zobristkey] > 0 } #$D", kStart).number() == 1);
  CHECK_FALSE(Evaluation("dictionary str --> int $D { $D[zobristkey] += 1 $D[zobristkey] > 1 } ", kStart).matches());
  CHECK(Evaluation("dictionary str --> int $D not { $D[zobristkey] += 1 $D[zobristkey] > 1 } #$D", kStart).number() == 1);
  // A failed update fails the pair and adds no entry; the test is not reached.
  CHECK_FALSE(Evaluation("dictionary str --> int $D $D[zobristkey] /= 0 $D[zobristkey] == 0", kStart).matches());
  CHECK(Evaluation("dictionary str --> int $D not { $D[zobristkey] /= 0 $D[zobristkey] != 5 } #$D", kStart).number() == 0);
  // Other keys, a test of another entry or dictionary, and assignments stay two filters with the
  // same answers.
  CHECK(Evaluation("dictionary str --> int $D $D[\"a\"] += 4 $D[\"a\"] > 3", kStart).number() == 4);
  CHECK_FALSE(Evaluation("dictionary str --> int $D $D[zobristkey] += 4 $D[\"a\"] > 3", kStart).matches());
  CHECK(Evaluation("dictionary str --> int $D dictionary str --> int $E $E[zobristkey] = 9 $D[zobristkey] += 4 "
                   "$E[zobristkey] > 3", kStart).number() == 9);
  CHECK(Evaluation("dictionary str --> int $D $D[zobristkey] = 4 $D[zobristkey] > 3", kStart).number() == 4);
  CHECK(Evaluation("dictionary str --> int $D $D[zobristkey] += 4 $D[zobristkey] > 3 + 0", kStart).number() == 4);
  // The largest literal as the bound, an update whose value has an effect, and the pair in both
  // arms of `or`.
  CHECK_FALSE(Evaluation(count + "$D[zobristkey] > 2147483647", kStart).matches());
  CHECK(Evaluation(count + "$D[zobristkey] < 2147483647", kStart).number() == 3);
  CHECK(Evaluation("dictionary str --> int $D y = 0 $D[zobristkey] += { y += 1 1 } $D[zobristkey] > 0 y", kStart)
            .number() == 1);
  CHECK(Evaluation("dictionary str --> int $D { $D[zobristkey] += 1 $D[zobristkey] > 1 } or "
                   "{ $D[zobristkey] += 1 $D[zobristkey] > 1 } #$D", kStart).number() == 1);
}
