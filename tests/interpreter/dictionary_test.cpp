// Dictionary: lookups through the hash index, erasure, clearing, and walking in key order, checked
// against std::map as the oracle.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "interpreter/dictionary.h"

using namespace quarry;
using namespace quarry::interpreter;

namespace {

std::vector<Dictionary::Entry> walked(const Dictionary& d) {
  std::vector<Dictionary::Entry> out;
  for (const auto& [key, value] : d) out.emplace_back(key, value);
  return out;
}

std::vector<Dictionary::Entry> walked(const std::map<Value, Value>& m) { return {m.begin(), m.end()}; }

// Keys drawn from a small pool so that inserts hit existing keys and erases find them.
Value random_key(std::mt19937& rng, int kind) {
  const std::uint32_t n = rng() % 300;
  switch (kind) {
    case 0: return static_cast<std::int64_t>(n) - 150;
    case 1: return chess::SquareSet(std::uint64_t{n} * 0x0101010101ULL);
    default: return std::string(n % 40, 'k') + std::to_string(n);
  }
}

}  // namespace

TEST_CASE("a dictionary walks its keys in order whatever the insertion order", "[dictionary]") {
  Dictionary d;
  for (const char* k : {"pear", "apple", "fig", "banana", "cherry"}) d[std::string(k)] = std::int64_t{1};
  std::vector<std::string> keys;
  for (const auto& entry : d) keys.push_back(std::get<std::string>(entry.first));
  CHECK(keys == std::vector<std::string>{"apple", "banana", "cherry", "fig", "pear"});
  d[std::string("date")] = std::int64_t{2};  // a key added after a walk joins the order
  keys.clear();
  for (const auto& entry : d) keys.push_back(std::get<std::string>(entry.first));
  CHECK(keys == std::vector<std::string>{"apple", "banana", "cherry", "date", "fig", "pear"});
}

TEST_CASE("try_emplace keeps an existing value and reports whether it added", "[dictionary]") {
  Dictionary d;
  auto [added, fresh] = d.try_emplace(Value(std::int64_t{7}), Value(std::string("first")));
  CHECK(fresh);
  CHECK(added->second == Value(std::string("first")));
  auto [again, fresh_again] = d.try_emplace(Value(std::int64_t{7}), Value(std::string("second")));
  CHECK_FALSE(fresh_again);
  CHECK(again->second == Value(std::string("first")));
  CHECK(d.size() == 1);
  CHECK(d.find(Value(std::int64_t{8})) == nullptr);
  CHECK(d.find(Value(std::string("7"))) == nullptr);  // a number and a string are different keys
}

TEST_CASE("a dictionary behaves as an ordered map under random updates", "[dictionary]") {
  for (int kind = 0; kind < 3; ++kind) {
    std::mt19937 rng(static_cast<std::uint32_t>(1234 + kind));
    Dictionary d;
    std::map<Value, Value> oracle;
    for (int step = 0; step < 20000; ++step) {
      const Value key = random_key(rng, kind);
      const std::uint32_t action = rng() % 100;
      if (action < 50) {
        const Value value = static_cast<std::int64_t>(step);
        d[key] = value;
        oracle[key] = value;
      } else if (action < 80) {
        CHECK(d.erase(key) == oracle.erase(key));
      } else if (action < 99) {
        const Dictionary::Entry* e = d.find(key);
        auto it = oracle.find(key);
        REQUIRE((e == nullptr) == (it == oracle.end()));
        if (e != nullptr) CHECK(e->second == it->second);
      } else {
        d.clear();
        oracle.clear();
      }
      REQUIRE(d.size() == oracle.size());
      if (step % 97 == 0) REQUIRE(walked(d) == walked(oracle));
    }
    CHECK(walked(d) == walked(oracle));
  }
}

TEST_CASE("dictionaries compare by content, copy and swap", "[dictionary]") {
  Dictionary a{{std::string("x"), std::int64_t{1}}, {std::string("y"), std::int64_t{2}}};
  Dictionary b;
  b[std::string("y")] = std::int64_t{2};
  b[std::string("x")] = std::int64_t{1};
  CHECK(a == b);
  b[std::string("x")] = std::int64_t{3};
  CHECK_FALSE(a == b);
  Dictionary c = a;
  c.erase(Value(std::string("x")));
  CHECK(a.size() == 2);
  CHECK(c.size() == 1);
  c.swap(a);
  CHECK(a.size() == 1);
  CHECK(c.size() == 2);
  CHECK(walked(c) == walked(std::map<Value, Value>{{std::string("x"), std::int64_t{1}}, {std::string("y"), std::int64_t{2}}}));
}

TEST_CASE("a cleared dictionary that once grew large starts over empty", "[dictionary]") {
  Dictionary d;
  for (std::int64_t i = 0; i < 5000; ++i) d[i] = i;
  d.clear();
  CHECK(d.empty());
  for (std::int64_t i = 0; i < 10; ++i) d[i * 7] = i;
  CHECK(d.size() == 10);
  d.clear();  // few entries in a big table: cleared slot by slot
  CHECK(d.empty());
  int found = 0;
  for (std::int64_t i = 0; i < 5000; ++i) found += d.find(Value(i)) != nullptr;
  CHECK(found == 0);
  d[std::int64_t{3}] = std::int64_t{4};
  REQUIRE(d.find(Value(std::int64_t{3})) != nullptr);
  CHECK(d.find(Value(std::int64_t{3}))->second == Value(std::int64_t{4}));
}

TEST_CASE("text lookups find the keys Value lookups store, and the other way round", "[dictionary]") {
  Dictionary d;
  const std::string long_key = "463b96181691fc9c";  // past std::string's inline buffer
  d[std::string("short")] = std::int64_t{1};
  d.try_emplace_text(long_key, std::int64_t{2});
  REQUIRE(d.find_text("short") != nullptr);
  CHECK(d.find_text("short")->second == Value(std::int64_t{1}));
  REQUIRE(d.find(Value(long_key)) != nullptr);
  CHECK(d.find(Value(long_key))->second == Value(std::int64_t{2}));
  CHECK(d.find_text("shor") == nullptr);
  CHECK(d.find_text("") == nullptr);
  auto [again, fresh] = d.try_emplace_text("short", std::int64_t{9});
  CHECK_FALSE(fresh);
  CHECK(again->second == Value(std::int64_t{1}));
  CHECK(d.size() == 2);
  // A number is not found by its digits.
  d[std::int64_t{7}] = std::int64_t{3};
  CHECK(d.find_text("7") == nullptr);
}

TEST_CASE("text keys of every length up to three hash blocks are found by both lookups", "[dictionary]") {
  // The text hash takes 16-byte blocks and a zero-padded tail; a key and the same key with a
  // trailing NUL, or one byte changed, are different keys.
  Dictionary d;
  std::vector<std::string> keys;
  for (std::size_t n = 0; n <= 48; ++n) {
    std::string key;
    for (std::size_t i = 0; i < n; ++i) key += static_cast<char>('a' + (i * 7 + n) % 26);
    keys.push_back(key);
    keys.push_back(key + '\0');
    if (n > 0) keys.push_back(key.substr(0, n - 1) + '#');
  }
  std::int64_t value = 0;
  for (const std::string& key : keys) {
    const bool by_text = value % 2 == 0;
    if (by_text) d.try_emplace_text(key, value);
    else d[Value(key)] = value;
    ++value;
  }
  REQUIRE(d.size() == keys.size());
  value = 0;
  for (const std::string& key : keys) {
    INFO(key.size());
    REQUIRE(d.find_text(key) != nullptr);
    CHECK(d.find_text(key)->second == Value(value));
    REQUIRE(d.find(Value(key)) != nullptr);
    CHECK(d.find(Value(key))->second == Value(value));
    ++value;
  }
}

TEST_CASE("the remembered text lookup follows entries that erase moves", "[dictionary]") {
  Dictionary d;
  d.try_emplace_text("aaaaaaaaaaaaaaaaaaaa", std::int64_t{1});
  d.try_emplace_text("bbbbbbbbbbbbbbbbbbbb", std::int64_t{2});
  d.try_emplace_text("cccccccccccccccccccc", std::int64_t{3});
  REQUIRE(d.find_text("cccccccccccccccccccc") != nullptr);  // remembered: the last entry
  d.erase(Value(std::string("aaaaaaaaaaaaaaaaaaaa")));      // the last entry moves into slot 0
  CHECK(d.find_text("aaaaaaaaaaaaaaaaaaaa") == nullptr);
  REQUIRE(d.find_text("cccccccccccccccccccc") != nullptr);
  CHECK(d.find_text("cccccccccccccccccccc")->second == Value(std::int64_t{3}));
  auto [added, fresh] = d.try_emplace_text("aaaaaaaaaaaaaaaaaaaa", std::int64_t{4});
  CHECK(fresh);
  CHECK(added->second == Value(std::int64_t{4}));
  d.clear();
  CHECK(d.find_text("aaaaaaaaaaaaaaaaaaaa") == nullptr);
  CHECK(d.find_text("cccccccccccccccccccc") == nullptr);
}

TEST_CASE("text keys behave as an ordered map under random updates and clears", "[dictionary]") {
  std::mt19937 rng(99);
  Dictionary d;
  std::map<Value, Value> oracle;
  for (int step = 0; step < 20000; ++step) {
    // Keys of the zobristkey's size (16), longer and shorter ones; cleared often so the entries
    // clear() keeps are reused by keys of the same and of other lengths.
    const std::uint32_t n = rng() % 200;
    std::string key = std::to_string(n);
    if (n % 3 == 1) key = std::string(16, 'z') + key;
    if (n % 3 == 2) key = std::string(16 - key.size(), '0') + key;
    const std::uint32_t action = rng() % 100;
    if (action < 45) {
      auto [entry, fresh] = d.try_emplace_text(key, std::int64_t{step});
      auto [it, oracle_fresh] = oracle.try_emplace(key, std::int64_t{step});
      REQUIRE(fresh == oracle_fresh);
      REQUIRE(entry->second == it->second);
    } else if (action < 60) {
      CHECK(d.erase(Value(key)) == oracle.erase(key));
    } else if (action < 97) {
      const Dictionary::Entry* e = d.find_text(key);
      auto it = oracle.find(key);
      REQUIRE((e == nullptr) == (it == oracle.end()));
      if (e != nullptr) REQUIRE(e->second == it->second);
    } else {
      d.clear();
      oracle.clear();
    }
    REQUIRE(d.size() == oracle.size());
    if (step % 89 == 0) REQUIRE(walked(d) == walked(oracle));
  }
  CHECK(walked(d) == walked(oracle));
}

TEST_CASE("entries that clear and erase keep are reused whatever they held", "[dictionary]") {
  Dictionary d;
  d[std::int64_t{5}] = std::string("a long text value past the inline buffer");
  d[std::string("0123456789abcdef")] = chess::SquareSet(0xffULL);
  d[chess::SquareSet(0x3ULL)] = std::int64_t{7};
  d[std::string("short")] = std::int64_t{1};
  d.clear();
  CHECK(d.empty());
  CHECK(walked(d).empty());
  // Text keys land on kept entries that held a number, a 16-digit text, a set and a short text.
  const std::vector<std::string> keys = {"fedcba9876543210", "0123456789abcdef", "x", "a much longer key than before"};
  for (std::size_t i = 0; i < keys.size(); ++i) {
    auto [entry, fresh] = d.try_emplace_text(keys[i], static_cast<std::int64_t>(i));
    CHECK(fresh);
    CHECK(entry->first == Value(keys[i]));
    CHECK(entry->second == Value(static_cast<std::int64_t>(i)));
  }
  CHECK(d.size() == 4);
  CHECK(d.find(Value(std::int64_t{5})) == nullptr);
  CHECK(d.find(Value(chess::SquareSet(0x3ULL))) == nullptr);
  CHECK(walked(d) == walked(std::map<Value, Value>{{keys[0], std::int64_t{0}},
                                                   {keys[1], std::int64_t{1}},
                                                   {keys[2], std::int64_t{2}},
                                                   {keys[3], std::int64_t{3}}}));
  // An erased entry is kept too; a Value key reuses it.
  d.erase(Value(keys[1]));
  d[std::int64_t{9}] = std::int64_t{10};
  REQUIRE(d.find(Value(std::int64_t{9})) != nullptr);
  CHECK(d.find(Value(std::int64_t{9}))->second == Value(std::int64_t{10}));
  CHECK(d.find_text(keys[1]) == nullptr);
  // Copies and moves hold the entries only.
  d.clear();
  d[std::string("one")] = std::int64_t{1};
  Dictionary copy = d;
  CHECK(copy.size() == 1);
  CHECK(walked(copy) == walked(d));
  Dictionary assigned;
  assigned[std::int64_t{1}] = std::int64_t{2};
  assigned = copy;
  CHECK(assigned == d);
  Dictionary moved = std::move(copy);
  CHECK(moved == d);
  assigned = std::move(moved);
  CHECK(assigned == d);
  CHECK(assigned.find_text("one") != nullptr);
}
