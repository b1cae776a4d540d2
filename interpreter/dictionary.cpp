// Dictionary: the hash index (linear probing, at most half full, backward-shift deletion) and the
// key order built on demand.
#include "interpreter/dictionary.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace quarry::interpreter {

namespace {

constexpr std::uint64_t kMultiplier = 0x9e3779b97f4a7c15ULL;

// Spreads every input bit over the whole word (the finaliser of MurmurHash3).
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

__extension__ using Product = unsigned __int128;  // GCC and Clang; -Wpedantic objects without __extension__

// The two halves of a 64 x 64-bit product folded together: every input bit reaches the low bits
// the table's index is taken from, after one multiplication.
std::uint64_t folded_multiply(std::uint64_t a, std::uint64_t b) {
  const Product product = static_cast<Product>(a) * b;
  return static_cast<std::uint64_t>(product) ^ static_cast<std::uint64_t>(product >> 64);
}

constexpr std::uint64_t kFirstSeed = 0xa0761d6478bd642fULL, kSecondSeed = 0xe7037ed1a0b428dbULL;

// Sixteen bytes at a time, each block one folded multiplication (the scheme of wyhash). Keys are
// short: a Zobrist key's 16 hex digits, a player's name. The hash is on the critical path of every
// lookup (`$D[zobristkey] += 1` at every position): the former word-by-word multiply-and-rotate
// followed by MurmurHash3's finaliser chained six multiplications, and was 7% of the repetition
// query's CPU time.
std::uint64_t text_hash(std::string_view text) {
  const char* p = text.data();
  std::size_t n = text.size();
  std::uint64_t h = n * kMultiplier;
  std::uint64_t words[2] = {0, 0};
  if (n == 16) {  // zobristkey's digits, the usual text key: no loop, no variable-length copy
    std::memcpy(words, p, sizeof words);
    return folded_multiply(words[0] ^ kFirstSeed ^ h, words[1] ^ kSecondSeed);
  }
  for (; n > sizeof words; n -= sizeof words, p += sizeof words) {
    std::memcpy(words, p, sizeof words);
    h = folded_multiply(words[0] ^ kFirstSeed ^ h, words[1] ^ kSecondSeed);
  }
  words[0] = words[1] = 0;
  if (n != 0) std::memcpy(words, p, n);  // p may be null when n is 0
  return folded_multiply(words[0] ^ kFirstSeed ^ h, words[1] ^ kSecondSeed);
}

// Text equality without a memcmp call for the 16-character keys of `zobristkey`, the usual text
// key (the repetition queries look each one up twice in a row).
bool same_text(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  if (a.size() != 16) return a == b;
  std::uint64_t x[2], y[2];
  std::memcpy(x, a.data(), sizeof x);
  std::memcpy(y, b.data(), sizeof y);
  return ((x[0] ^ y[0]) | (x[1] ^ y[1])) == 0;
}

}  // namespace

Dictionary::Dictionary(std::initializer_list<Entry> entries) {
  for (const Entry& e : entries) try_emplace(e.first, e.second);
}

Dictionary::Dictionary(const Dictionary& other)
    : entries_(other.entries_.begin(), other.entries_.begin() + static_cast<std::ptrdiff_t>(other.size_)),
      hashes_(other.hashes_.begin(), other.hashes_.begin() + static_cast<std::ptrdiff_t>(other.size_)),
      size_(other.size_),
      slots_(other.slots_),
      recent_text_(other.recent_text_),
      order_(other.order_),
      ordered_(other.ordered_) {}

Dictionary& Dictionary::operator=(const Dictionary& other) {
  if (this != &other) {
    Dictionary copy(other);
    swap(copy);
  }
  return *this;
}

Dictionary& Dictionary::operator=(Dictionary&& other) noexcept {
  if (this != &other) {
    Dictionary taken;
    taken.swap(other);
    swap(taken);
  }
  return *this;
}

std::uint64_t Dictionary::hash_of(const Value& key) {
  struct Hasher {
    std::uint64_t operator()(std::monostate) const { return 0; }
    std::uint64_t operator()(std::int64_t n) const { return static_cast<std::uint64_t>(n); }
    std::uint64_t operator()(chess::SquareSet s) const { return s.bits(); }
    std::uint64_t operator()(const std::string& t) const { return text_hash(t); }
    std::uint64_t operator()(PositionValue p) const { return p.node; }
  };
  const std::uint64_t h = std::visit(Hasher{}, key);
  return std::holds_alternative<std::string>(key) ? h : mix(h + key.index());
}

// Text keys are not seeded with their alternative's index: a dictionary's keys have one type.
std::uint64_t Dictionary::hash_of_text(std::string_view key) { return text_hash(key); }

std::size_t Dictionary::probe(const Value& key, std::uint64_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t s = home(hash);; s = (s + 1) & mask) {
    const std::uint32_t e = slots_[s];
    if (e == kEmpty || (hashes_[e - 1] == hash && entries_[e - 1].first == key)) return s;
  }
}

std::size_t Dictionary::probe_text(std::string_view key, std::uint64_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t s = home(hash);; s = (s + 1) & mask) {
    const std::uint32_t e = slots_[s];
    if (e == kEmpty) return s;
    if (hashes_[e - 1] != hash) continue;
    const std::string* text = std::get_if<std::string>(&entries_[e - 1].first);
    if (text != nullptr && same_text(*text, key)) return s;
  }
}

std::size_t Dictionary::slot_of(std::uint32_t index) const {
  const std::size_t mask = slots_.size() - 1;
  std::size_t s = home(hashes_[index]);
  while (slots_[s] != index + 1) s = (s + 1) & mask;
  return s;
}

Dictionary::Entry* Dictionary::find(const Value& key) {
  return const_cast<Entry*>(static_cast<const Dictionary&>(*this).find(key));
}

const Dictionary::Entry* Dictionary::find(const Value& key) const {
  if (size_ == 0) return nullptr;
  const std::uint32_t e = slots_[probe(key, hash_of(key))];
  return e == kEmpty ? nullptr : &entries_[e - 1];
}

std::uint32_t Dictionary::recent_text(std::string_view key) const {
  if (recent_text_ == kEmpty) return kEmpty;
  const std::string* text = std::get_if<std::string>(&entries_[recent_text_ - 1].first);
  return text != nullptr && same_text(*text, key) ? recent_text_ : kEmpty;
}

const Dictionary::Entry* Dictionary::find_text(std::string_view key) const {
  if (size_ == 0) return nullptr;
  std::uint32_t e = recent_text(key);
  if (e == kEmpty) {
    e = slots_[probe_text(key, hash_of_text(key))];
    if (e == kEmpty) return nullptr;
    recent_text_ = e;
  }
  return &entries_[e - 1];
}

// Unlike find_text, no test of the remembered entry first: an update's key is rarely the last one
// looked up (the repetition queries update, then read, each position's key).
std::pair<Dictionary::Entry*, bool> Dictionary::try_emplace_text(std::string_view key, Value&& value) {
  if ((size_ + 1) * 2 > slots_.size()) grow();
  const std::uint64_t hash = hash_of_text(key);
  const std::size_t s = probe_text(key, hash);
  const bool fresh = slots_[s] == kEmpty;
  if (fresh) {
    if (size_ == entries_.size()) {
      entries_.emplace_back(std::string(key), std::move(value));
      hashes_.push_back(hash);
    } else {
      Entry& e = entries_[size_];
      std::string* text = std::get_if<std::string>(&e.first);
      if (text != nullptr && text->size() == 16 && key.size() == 16) {
        std::memcpy(text->data(), key.data(), 16);  // a kept zobristkey-sized key: a fixed-size copy
      } else if (text != nullptr) {
        text->assign(key);
      } else {
        e.first.emplace<std::string>(key);
      }
      e.second = std::move(value);
      hashes_[size_] = hash;
    }
    slots_[s] = static_cast<std::uint32_t>(++size_);
  }
  recent_text_ = slots_[s];
  return {&entries_[slots_[s] - 1], fresh};
}

const Value& Dictionary::at(const Value& key) const {
  const Entry* e = find(key);
  if (e == nullptr) throw std::out_of_range("no such dictionary key");
  return e->second;
}

template <typename K, typename V>
std::pair<Dictionary::Entry*, bool> Dictionary::emplace_new(K&& key, V&& value) {
  if ((size_ + 1) * 2 > slots_.size()) grow();
  const std::uint64_t hash = hash_of(key);
  const std::size_t s = probe(key, hash);
  if (slots_[s] != kEmpty) return {&entries_[slots_[s] - 1], false};
  if (size_ == entries_.size()) {
    entries_.emplace_back(std::forward<K>(key), std::forward<V>(value));
    hashes_.push_back(hash);
  } else {  // a kept entry: its key's and value's buffers are reused
    entries_[size_].first = std::forward<K>(key);
    entries_[size_].second = std::forward<V>(value);
    hashes_[size_] = hash;
  }
  slots_[s] = static_cast<std::uint32_t>(++size_);
  return {&entries_[size_ - 1], true};
}

std::pair<Dictionary::Entry*, bool> Dictionary::try_emplace(Value&& key, Value&& value) {
  return emplace_new(std::move(key), std::move(value));
}

std::pair<Dictionary::Entry*, bool> Dictionary::try_emplace(const Value& key, const Value& value) {
  return emplace_new(key, value);
}

void Dictionary::grow() {
  const std::size_t size = slots_.empty() ? 16 : slots_.size() * 2;
  slots_.assign(size, kEmpty);
  const std::size_t mask = size - 1;
  for (std::uint32_t i = 0; i < size_; ++i) {
    std::size_t s = home(hashes_[i]);
    while (slots_[s] != kEmpty) s = (s + 1) & mask;
    slots_[s] = i + 1;
  }
}

// Empties a slot and moves later entries of its probe run back, so no lookup meets a gap before
// its entry (no tombstones).
void Dictionary::remove_slot(std::size_t slot) {
  const std::size_t mask = slots_.size() - 1;
  std::size_t hole = slot;
  for (std::size_t s = (slot + 1) & mask; slots_[s] != kEmpty; s = (s + 1) & mask) {
    const std::size_t wanted = home(hashes_[slots_[s] - 1]);
    // The entry may fill the hole when its home is not after the hole on the way to s.
    if (((s - wanted) & mask) >= ((s - hole) & mask)) {
      slots_[hole] = slots_[s];
      hole = s;
    }
  }
  slots_[hole] = kEmpty;
}

void Dictionary::erase(Entry* entry) {
  const auto index = static_cast<std::uint32_t>(entry - entries_.data());
  remove_slot(slot_of(index));
  const auto last = static_cast<std::uint32_t>(size_ - 1);
  if (index != last) {
    slots_[slot_of(last)] = index + 1;
    std::swap(entries_[index], entries_[last]);  // the erased entry is kept beyond the end
    hashes_[index] = hashes_[last];
  }
  --size_;
  order_.clear();
  ordered_ = 0;
  recent_text_ = kEmpty;
}

std::size_t Dictionary::erase(const Value& key) {
  Entry* e = find(key);
  if (e == nullptr) return 0;
  erase(e);
  return 1;
}

void Dictionary::clear() {
  // A table that once grew large stays large; emptying only the used slots keeps clearing a small
  // dictionary cheap (`unbind $D` at every game's start).
  if (size_ * 8 >= slots_.size()) {
    std::fill(slots_.begin(), slots_.end(), kEmpty);
  } else {
    for (std::uint32_t i = 0; i < size_; ++i) slots_[slot_of(i)] = kEmpty;
  }
  size_ = 0;  // the entries stay in entries_ for reuse
  order_.clear();
  ordered_ = 0;
  recent_text_ = kEmpty;
}

void Dictionary::swap(Dictionary& other) noexcept {
  entries_.swap(other.entries_);
  hashes_.swap(other.hashes_);
  slots_.swap(other.slots_);
  std::swap(size_, other.size_);
  std::swap(recent_text_, other.recent_text_);
  order_.swap(other.order_);
  std::swap(ordered_, other.ordered_);
}

void Dictionary::sort_new_entries() const {
  if (ordered_ == size_) return;
  const auto old_end = static_cast<std::ptrdiff_t>(order_.size());
  for (std::size_t i = ordered_; i < size_; ++i) order_.push_back(static_cast<std::uint32_t>(i));
  auto by_key = [this](std::uint32_t a, std::uint32_t b) { return entries_[a].first < entries_[b].first; };
  std::sort(order_.begin() + old_end, order_.end(), by_key);
  std::inplace_merge(order_.begin(), order_.begin() + old_end, order_.end(), by_key);
  ordered_ = size_;
}

Dictionary::Iterator Dictionary::begin() const {
  sort_new_entries();
  return Iterator(order_.data(), entries_.data());
}

Dictionary::Iterator Dictionary::end() const {
  sort_new_entries();
  return Iterator(order_.data() + order_.size(), entries_.data());
}

bool Dictionary::operator==(const Dictionary& other) const {
  if (size() != other.size()) return false;
  for (std::size_t i = 0; i < size_; ++i) {
    const Entry& e = entries_[i];
    const Entry* match = other.find(e.first);
    if (match == nullptr || !(match->second == e.second)) return false;
  }
  return true;
}

}  // namespace quarry::interpreter
