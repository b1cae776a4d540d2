// Query source text, byte ranges into it, and diagnostics rendered as file:line:col with a caret.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace quarry::grammar {

struct SourceRange {
  std::uint32_t begin = 0;  // byte offsets into the source text
  std::uint32_t end = 0;
};

// A query text with its name ("query.cql", "<command line>", "<stdlib>/attacks.cql") and a line
// map, so byte offsets turn into line:column only when a diagnostic is shown.
class SourceFile {
 public:
  SourceFile(std::string name, std::string text);
  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  int line_of(std::uint32_t offset) const;    // 1-based
  int column_of(std::uint32_t offset) const;  // 1-based, in bytes
  std::string_view line_text(int line) const;

 private:
  std::string name_;
  std::string text_;
  std::vector<std::uint32_t> line_starts_;
};

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  const SourceFile* file = nullptr;
  SourceRange range;
  std::string message;
  std::string hint;  // optional second line: "did you mean …?", "try …"
};

// Collects diagnostics for one compilation; never global. Rendering is
//   file:line:col: error: message
//     source line
//     ^~~~
//   hint: …
class Diagnostics {
 public:
  void error(const SourceFile& file, SourceRange range, std::string message, std::string hint = {});
  void warning(const SourceFile& file, SourceRange range, std::string message, std::string hint = {});
  bool has_errors() const { return error_count_ > 0; }
  const std::vector<Diagnostic>& all() const { return diagnostics_; }
  std::string render() const;

 private:
  std::vector<Diagnostic> diagnostics_;
  int error_count_ = 0;
};

std::string render_diagnostic(const Diagnostic& d);

}  // namespace quarry::grammar
