// Line maps and caret rendering of diagnostics.
#include "grammar/source.h"

#include <algorithm>

namespace quarry::grammar {

SourceFile::SourceFile(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (std::uint32_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
}

int SourceFile::line_of(std::uint32_t offset) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  return static_cast<int>(it - line_starts_.begin());
}

int SourceFile::column_of(std::uint32_t offset) const {
  int line = line_of(offset);
  return static_cast<int>(offset - line_starts_[line - 1]) + 1;
}

std::string_view SourceFile::line_text(int line) const {
  if (line < 1 || line > static_cast<int>(line_starts_.size())) return {};
  std::uint32_t begin = line_starts_[line - 1];
  std::uint32_t end = line < static_cast<int>(line_starts_.size()) ? line_starts_[line] : static_cast<std::uint32_t>(text_.size());
  std::string_view view(text_.data() + begin, end - begin);
  while (!view.empty() && (view.back() == '\n' || view.back() == '\r')) view.remove_suffix(1);
  return view;
}

void Diagnostics::error(const SourceFile& file, SourceRange range, std::string message, std::string hint) {
  diagnostics_.push_back({Severity::Error, &file, range, std::move(message), std::move(hint)});
  ++error_count_;
}

void Diagnostics::warning(const SourceFile& file, SourceRange range, std::string message, std::string hint) {
  diagnostics_.push_back({Severity::Warning, &file, range, std::move(message), std::move(hint)});
}

std::string Diagnostics::render() const {
  std::string out;
  for (const Diagnostic& d : diagnostics_) out += render_diagnostic(d);
  return out;
}

namespace {

// A diagnostic shows at most this much of a message and of the source line around the error,
// so a 10 MB token or a query on one huge line gives a readable message of bounded size.
constexpr std::size_t kMessageLimit = 300;
constexpr std::uint32_t kWindowBefore = 40, kWindowAfter = 60;

// Control characters (a NUL, a stray CR) would garble the terminal or cut the message short.
char shown(char c) { return c == '\t' || static_cast<unsigned char>(c) >= 0x20 ? c : '?'; }

std::string bounded_message(const std::string& message) {
  std::string out;
  for (std::size_t i = 0; i < message.size() && i < kMessageLimit; ++i) out += message[i] == '\n' ? '\n' : shown(message[i]);
  if (message.size() > kMessageLimit) out += "… (" + std::to_string(message.size()) + " bytes)";
  return out;
}

}  // namespace

std::string render_diagnostic(const Diagnostic& d) {
  const char* kind = d.severity == Severity::Error ? "error" : d.severity == Severity::Warning ? "warning" : "note";
  if (d.file == nullptr) return std::string("quarry: ") + kind + ": " + bounded_message(d.message) + "\n";
  const SourceFile& f = *d.file;
  std::uint32_t begin = std::min<std::uint32_t>(d.range.begin, static_cast<std::uint32_t>(f.text().size()));
  int line = f.line_of(begin);
  int col = f.column_of(begin);
  std::string out = f.name() + ":" + std::to_string(line) + ":" + std::to_string(col) + ": " + kind + ": " +
                    bounded_message(d.message) + "\n";
  std::string_view text = f.line_text(line);
  const std::uint32_t at = std::min(static_cast<std::uint32_t>(col - 1), static_cast<std::uint32_t>(text.size()));
  const std::uint32_t from = at > kWindowBefore ? at - kWindowBefore : 0;
  const std::uint32_t to = std::min(static_cast<std::uint32_t>(text.size()), at + kWindowAfter);
  const std::string lead = from > 0 ? "…" : "";
  out += "  " + lead;
  for (std::uint32_t i = from; i < to; ++i) out += shown(text[i]);
  if (to < text.size()) out += "…";
  out += "\n  ";
  if (from > 0) out += ' ';  // under the leading "…"
  for (std::uint32_t i = from; i < at; ++i) out += text[i] == '\t' ? '\t' : ' ';
  out += '^';
  const std::uint32_t line_end = begin + (static_cast<std::uint32_t>(text.size()) - at);
  const std::uint32_t end = std::min({d.range.end, line_end, begin + (to - at)});
  for (std::uint32_t i = begin + 1; i < end; ++i) out += '~';
  out += '\n';
  if (!d.hint.empty()) out += "  hint: " + d.hint + "\n";
  return out;
}

}  // namespace quarry::grammar
