// A CQL dictionary: Value -> Value, looked up through a hash index and walked in key order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/value.h"

namespace quarry::interpreter {

// Queries look entries up at every position (`$D[zobristkey] += 1`), so lookups go through an
// open-addressing hash index over a vector of entries instead of an ordered tree. What the user
// sees is still key order (`key $k in $D`, --showdictionaries, the run state, merges): walking
// sorts the entries' indices on demand and keeps that order until an entry goes.
class Dictionary {
 public:
  using Entry = std::pair<Value, Value>;  // key, value

  // Walks the entries in key order (std::less<Value>, as a std::map<Value, Value> would).
  class Iterator {
   public:
    Iterator(const std::uint32_t* at, const Entry* entries) : at_(at), entries_(entries) {}
    const Entry& operator*() const { return entries_[*at_]; }
    const Entry* operator->() const { return &entries_[*at_]; }
    Iterator& operator++() {
      ++at_;
      return *this;
    }
    bool operator==(const Iterator& other) const { return at_ == other.at_; }

   private:
    const std::uint32_t* at_;
    const Entry* entries_;
  };

  Dictionary() = default;
  Dictionary(std::initializer_list<Entry> entries);
  // A copy carries the live entries only (not the cleared ones kept for reuse); a move takes the
  // whole storage.
  Dictionary(const Dictionary& other);
  Dictionary(Dictionary&& other) noexcept { swap(other); }
  Dictionary& operator=(const Dictionary& other);
  Dictionary& operator=(Dictionary&& other) noexcept;
  ~Dictionary() = default;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // The entry with this key, or nullptr. The pointer lives until the dictionary next changes.
  Entry* find(const Value& key);
  const Entry* find(const Value& key) const;
  // The entry with this key, made from `value` when absent (then second is true).
  std::pair<Entry*, bool> try_emplace(Value&& key, Value&& value);
  std::pair<Entry*, bool> try_emplace(const Value& key, const Value& value);
  // The same for a string key given as text: no std::string is built for a lookup, and a new
  // entry reuses an entry that clear() left in place, its key's buffer included (`$D[zobristkey]
  // += 1` with `unbind $D` at every game's start allocates nothing once warm).
  const Entry* find_text(std::string_view key) const;
  std::pair<Entry*, bool> try_emplace_text(std::string_view key, Value&& value);
  Value& operator[](Value key) { return try_emplace(std::move(key), Value()).first->second; }
  // The value of a key that must be present (std::out_of_range otherwise).
  const Value& at(const Value& key) const;
  // Removes the entry (found by find or try_emplace); other entries' pointers become invalid.
  void erase(Entry* entry);
  std::size_t erase(const Value& key);
  void clear();
  void swap(Dictionary& other) noexcept;

  Iterator begin() const;
  Iterator end() const;

  // Same keys holding the same values.
  bool operator==(const Dictionary& other) const;

 private:
  static constexpr std::uint32_t kEmpty = 0;  // a slot holds entry index + 1, or kEmpty

  static std::uint64_t hash_of(const Value& key);
  static std::uint64_t hash_of_text(std::string_view key);  // equal to hash_of(Value(std::string(key)))
  std::size_t home(std::uint64_t hash) const { return static_cast<std::size_t>(hash) & (slots_.size() - 1); }
  // The slot holding `key`, or the empty slot where it would go (the table is never full).
  std::size_t probe(const Value& key, std::uint64_t hash) const;
  std::size_t probe_text(std::string_view key, std::uint64_t hash) const;
  // recent_text_ when it holds `key`, else kEmpty.
  std::uint32_t recent_text(std::string_view key) const;
  // The slot holding entry `index`.
  std::size_t slot_of(std::uint32_t index) const;
  template <typename K, typename V>
  std::pair<Entry*, bool> emplace_new(K&& key, V&& value);
  void grow();
  void remove_slot(std::size_t slot);
  void sort_new_entries() const;

  // The entries are entries_[0, size_). clear() and erase leave the entries they remove in
  // entries_ beyond size_ (clearing a dictionary per game then destroys nothing, and a new entry
  // overwrites a kept one in place: a 16-digit key is copied into the kept key's buffer).
  std::vector<Entry> entries_;
  std::vector<std::uint64_t> hashes_;  // hashes_[i] is the hash of entries_[i].first (i < size_)
  std::size_t size_ = 0;
  std::vector<std::uint32_t> slots_;   // a power of two in size, at most half full; empty while no entry
  // The entry (index + 1, or kEmpty) a text lookup last found or added: `$D[zobristkey] += 1`
  // and `$D[zobristkey] > 2` look the same key up one after the other. Reset when entries move.
  mutable std::uint32_t recent_text_ = kEmpty;
  // Entry indices in key order for the first `ordered_` entries (insertions append at the end of
  // entries_, so an order stays valid for the entries it covers until one is erased).
  mutable std::vector<std::uint32_t> order_;
  mutable std::size_t ordered_ = 0;
};

inline void swap(Dictionary& a, Dictionary& b) noexcept { a.swap(b); }

}  // namespace quarry::interpreter
