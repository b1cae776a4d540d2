// The run state file: a line-oriented text format whose strings are length-prefixed (`5:hello`),
// so game texts, comments and file names need no escaping. docs/scale.md describes each record.
#include "interpreter/run_state.h"

#include <charconv>
#include <fstream>
#include <sstream>

#include "interpreter/output_file.h"

namespace quarry::interpreter {
namespace {

constexpr std::string_view kMagic = "quarry-state";

void put_string(std::string& out, std::string_view s) {
  out += std::to_string(s.size());
  out += ':';
  out += s;
}

void put_value(std::string& out, const Value& v) {
  if (const auto* n = std::get_if<std::int64_t>(&v)) {
    out += 'i' + std::to_string(*n);
  } else if (const auto* s = std::get_if<std::string>(&v)) {
    out += 's';
    put_string(out, *s);
  } else if (const auto* set = std::get_if<chess::SquareSet>(&v)) {
    out += 'q' + std::to_string(set->bits());
  } else if (const auto* p = std::get_if<PositionValue>(&v)) {
    out += 'p' + std::to_string(p->node);
  } else {
    out += '-';
  }
}

std::string render_state(const RunState& st) {
  std::string out;
  out += std::string(kMagic) + " " + std::to_string(kRunStateVersion) + "\nquery ";
  put_string(out, st.query.name);
  out += ' ';
  put_string(out, st.query.text);
  out += ' ';
  put_string(out, st.query.extra_text);
  out += ' ';
  std::string transforms;
  for (const std::string& t : st.query.transforms) transforms += (transforms.empty() ? "" : " ") + t;
  put_string(out, transforms);
  out += "\nshard " + std::to_string(st.shard.index) + " " + std::to_string(st.shard.count) +
         (st.shard.by_file ? " file" : " game");
  out += "\noptions " + std::to_string(int{st.show_dictionaries}) + " " + std::to_string(int{st.secure});
  const RunStats& c = st.stats;
  out += "\nstats " + std::to_string(c.games_read) + " " + std::to_string(c.games_matched) + " " +
         std::to_string(c.games_skipped) + " " + std::to_string(c.positions) + " " + std::to_string(c.matched_positions) +
         " " + std::to_string(c.input_errors) + " " + std::to_string(c.games_warned);
  out += "\nvariables " + std::to_string(st.variables.size()) + "\n";
  for (const Value& v : st.variables) {
    put_value(out, v);
    out += '\n';
  }
  out += "dictionaries " + std::to_string(st.dictionaries.size()) + "\n";
  for (const Context::Dictionary& d : st.dictionaries) {
    out += "dictionary " + std::to_string(d.size()) + "\n";
    for (const auto& [key, value] : d) {
      put_value(out, key);
      out += ' ';
      put_value(out, value);
      out += '\n';
    }
  }
  out += "games " + std::to_string(st.games.size()) + "\n";
  for (const MatchedGame& g : st.games) {
    out += "game " + std::to_string(g.file) + " " + std::to_string(g.number) + " " + std::to_string(g.keys.size());
    for (const auto& k : g.keys) {
      if (!k) {
        out += " -";
      } else if (const auto* n = std::get_if<std::int64_t>(&*k)) {
        out += " " + std::to_string(*n);
      } else {
        out += " s";  // a string key: s, then its length-prefixed bytes
        put_string(out, std::get<std::string>(*k));
      }
    }
    out += ' ';
    put_string(out, g.text);
    out += '\n';
  }
  out += "end\n";
  return out;
}

// Reads the records back. Any malformed field stops parsing and names the byte where it is.
class StateParser {
 public:
  explicit StateParser(std::string_view data) : data_(data) {}
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  void expect(std::string_view word) {
    skip_space();
    if (ok() && data_.substr(pos_, word.size()) != word) fail("expected '" + std::string(word) + "'");
    pos_ += ok() ? word.size() : 0;
  }
  std::uint64_t count() {
    skip_space();
    std::uint64_t n = 0;
    parse_int(n);
    return n;
  }
  std::int64_t signed_number() {
    skip_space();
    std::int64_t n = 0;
    parse_int(n);
    return n;
  }
  std::string text() {
    std::uint64_t size = count();
    if (ok() && (pos_ >= data_.size() || data_[pos_] != ':' || data_.size() - pos_ - 1 < size)) fail("bad string");
    if (!ok()) return {};
    std::string s(data_.substr(pos_ + 1, size));
    pos_ += 1 + size;
    return s;
  }
  std::string word() {
    skip_space();
    std::size_t start = pos_;
    while (pos_ < data_.size() && data_[pos_] != ' ' && data_[pos_] != '\n') ++pos_;
    return std::string(data_.substr(start, pos_ - start));
  }
  Value value() {
    skip_space();
    if (!ok() || pos_ >= data_.size()) {
      fail("expected a value");
      return {};
    }
    char tag = data_[pos_++];
    switch (tag) {
      case '-': return std::monostate{};
      case 'i': return signed_number();
      case 's': return text();
      case 'q': return chess::SquareSet(count());
      case 'p': return PositionValue{static_cast<chess::NodeId>(count())};
      default: fail("unknown value tag '" + std::string(1, tag) + "'"); return {};
    }
  }
  std::optional<SortKey> sort_key() {
    skip_space();
    if (pos_ < data_.size() && data_[pos_] == '-' && (pos_ + 1 == data_.size() || data_[pos_ + 1] == ' ')) {
      ++pos_;
      return std::nullopt;
    }
    if (pos_ < data_.size() && data_[pos_] == 's') {
      ++pos_;
      return SortKey{text()};
    }
    return SortKey{signed_number()};
  }
  void fail(std::string message) {
    if (ok()) error_ = message + " at byte " + std::to_string(pos_);
  }
  void expect_end() {
    skip_space();
    if (pos_ != data_.size()) fail("unexpected data after 'end'");
  }

 private:
  void skip_space() {
    while (pos_ < data_.size() && (data_[pos_] == ' ' || data_[pos_] == '\n')) ++pos_;
  }
  template <typename Int>
  void parse_int(Int& n) {
    if (!ok()) return;
    auto [ptr, ec] = std::from_chars(data_.data() + pos_, data_.data() + data_.size(), n);
    if (ec != std::errc()) {
      fail("expected a number");
      return;
    }
    pos_ = static_cast<std::size_t>(ptr - data_.data());
  }
  std::string_view data_;
  std::size_t pos_ = 0;
  std::string error_;
};

// Counts come from the file: cap what is reserved so a corrupt count cannot exhaust memory.
constexpr std::uint64_t kMaxReserve = 1 << 16;

void parse_header(StateParser& p, RunState& st) {
  p.expect("query");
  st.query.name = p.text();
  st.query.text = p.text();
  st.query.extra_text = p.text();
  std::istringstream transforms(p.text());
  for (std::string t; transforms >> t;) st.query.transforms.push_back(t);
  p.expect("shard");
  st.shard.index = p.count();
  st.shard.count = p.count();
  std::string by = p.word();
  if (by != "file" && by != "game") p.fail("shard kind must be game or file");
  st.shard.by_file = by == "file";
  if (p.ok() && (st.shard.count == 0 || st.shard.index >= st.shard.count)) p.fail("bad shard numbers");
  p.expect("options");
  st.show_dictionaries = p.count() != 0;
  st.secure = p.count() != 0;
  p.expect("stats");
  RunStats& c = st.stats;
  for (std::uint64_t* n : {&c.games_read, &c.games_matched, &c.games_skipped, &c.positions, &c.matched_positions, &c.input_errors,
                          &c.games_warned}) {
    *n = p.count();
  }
}

void parse_body(StateParser& p, RunState& st) {
  p.expect("variables");
  for (std::uint64_t i = 0, n = p.count(); p.ok() && i < n; ++i) st.variables.push_back(p.value());
  p.expect("dictionaries");
  for (std::uint64_t i = 0, n = p.count(); p.ok() && i < n; ++i) {
    p.expect("dictionary");
    Context::Dictionary& d = st.dictionaries.emplace_back();
    for (std::uint64_t j = 0, entries = p.count(); p.ok() && j < entries; ++j) {
      Value key = p.value();
      d[std::move(key)] = p.value();
    }
  }
  p.expect("games");
  std::uint64_t games = p.count();
  st.games.reserve(games < kMaxReserve ? games : kMaxReserve);
  for (std::uint64_t i = 0; p.ok() && i < games; ++i) {
    p.expect("game");
    MatchedGame& g = st.games.emplace_back();
    g.file = p.count();
    g.number = p.count();
    for (std::uint64_t k = 0, keys = p.count(); p.ok() && k < keys; ++k) g.keys.push_back(p.sort_key());
    g.text = p.text();
  }
  p.expect("end");
  p.expect_end();
}

}  // namespace

bool write_run_state(const RunState& state, const std::string& path, std::string* error) {
  std::unique_ptr<OutputFile> file = OutputFile::open(path, error);
  if (!file) return false;
  file->write(render_state(state));
  return file->commit(error);
}

std::optional<RunState> read_run_state(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error != nullptr) *error = "cannot read state file " + path;
    return std::nullopt;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  std::string data = buffer.str();
  StateParser p(data);
  p.expect(kMagic);
  std::uint64_t version = p.count();
  if (p.ok() && version != kRunStateVersion) {
    if (error != nullptr) {
      *error = path + ": state format version " + std::to_string(version) + ", this quarry reads version " +
               std::to_string(kRunStateVersion);
    }
    return std::nullopt;
  }
  RunState state;
  parse_header(p, state);
  parse_body(p, state);
  if (!p.ok()) {
    if (error != nullptr) *error = path + ": not a valid quarry state file: " + p.error();
    return std::nullopt;
  }
  return state;
}

}  // namespace quarry::interpreter
