// libedit behind a small interface: prompt, completion, history file; std::getline from a pipe.
#include "repl/line_editor.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <unistd.h>

#include <histedit.h>

namespace quarry::repl {
namespace {

constexpr int kHistorySize = 1000;

}  // namespace

std::string default_history_path() {
  const char* data = std::getenv("XDG_DATA_HOME");
  std::filesystem::path dir;
  if (data != nullptr && *data != '\0') {
    dir = std::filesystem::path(data) / "quarry";
  } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    dir = std::filesystem::path(home) / ".local" / "share" / "quarry";
  } else {
    return {};
  }
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) return {};
  return (dir / "history").string();
}

LineEditor::LineEditor(const char* program, Completer completer) : completer_(std::move(completer)) {
  if (!::isatty(0) || !::isatty(1)) return;
  history_path_ = default_history_path();
  editor_ = el_init(program, stdin, stdout, stderr);
  if (editor_ == nullptr) return;
  history_ = history_init();
  HistEvent event;
  history(history_, &event, H_SETSIZE, kHistorySize);
  history(history_, &event, H_SETUNIQUE, 1);
  if (!history_path_.empty()) history(history_, &event, H_LOAD, history_path_.c_str());
  el_set(editor_, EL_CLIENTDATA, this);
  el_set(editor_, EL_EDITOR, "emacs");
  el_set(editor_, EL_HIST, history, history_);
  el_set(editor_, EL_PROMPT, &LineEditor::prompt_of);
  // The wide form: libedit keeps these strings as given, where el_set would copy them and never
  // free the copies.
  el_wset(editor_, EL_ADDFN, L"quarry-complete", L"complete a filter, variable, command or file", &LineEditor::complete_word);
  el_set(editor_, EL_BIND, "^I", "quarry-complete", nullptr);
  el_source(editor_, nullptr);  // the user's ~/.editrc
}

LineEditor::~LineEditor() {
  if (editor_ != nullptr) el_end(editor_);
  if (history_ != nullptr) history_end(history_);
}

char* LineEditor::prompt_of(editline* editor) {
  LineEditor* self = nullptr;
  el_get(editor, EL_CLIENTDATA, &self);
  return self->prompt_.data();
}

void LineEditor::list_candidates(const std::vector<std::string>& candidates) const {
  std::size_t width = 0;
  for (const std::string& c : candidates) width = std::max(width, c.size());
  width += 2;
  const std::size_t columns = std::max<std::size_t>(1, 80 / width);
  std::fputs("\n", stdout);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    std::fprintf(stdout, "%-*s", static_cast<int>(width), candidates[i].c_str());
    if ((i + 1) % columns == 0 || i + 1 == candidates.size()) std::fputs("\n", stdout);
  }
  std::fflush(stdout);
}

// Tab: one candidate is completed (with a space after it); several are completed as far as
// they agree, and listed when they agree no further.
unsigned char LineEditor::complete_word(editline* editor, int) {
  LineEditor* self = nullptr;
  el_get(editor, EL_CLIENTDATA, &self);
  const LineInfo* line = el_line(editor);
  std::string_view before(line->buffer, static_cast<std::size_t>(line->cursor - line->buffer));
  Completion completion = self->completer_(before);
  if (completion.candidates.empty()) return CC_REFRESH_BEEP;
  std::size_t typed = before.size() - completion.word_start;
  if (completion.candidates.size() == 1) {
    // A directory is completed without a space, so the path can go on.
    const std::string& only = completion.candidates[0];
    std::string rest = only.substr(typed) + (only.ends_with('/') ? "" : " ");
    el_insertstr(editor, rest.c_str());
    return CC_REFRESH;
  }
  std::string common = common_prefix(completion.candidates);
  if (common.size() > typed) {
    el_insertstr(editor, common.substr(typed).c_str());
    return CC_REFRESH;
  }
  self->list_candidates(completion.candidates);
  return CC_REDISPLAY;
}

std::optional<std::string> LineEditor::read_line(const std::string& prompt) {
  if (editor_ == nullptr) {
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    return line;
  }
  prompt_ = prompt;
  int count = 0;
  errno = 0;
  const char* text = el_gets(editor_, &count);
  if (text == nullptr) {
    if (count < 0 && errno == EINTR) {
      // Ctrl-C: the line is abandoned, the session goes on.
      std::fputs("\n", stdout);
      return std::string();
    }
    return std::nullopt;
  }
  std::string result(text, static_cast<std::size_t>(count));
  while (!result.empty() && (result.back() == '\n' || result.back() == '\r')) result.pop_back();
  return result;
}

void LineEditor::remember(const std::string& entry) {
  if (history_ == nullptr || entry.find_first_not_of(" \t") == std::string::npos) return;
  HistEvent event;
  history(history_, &event, H_ENTER, entry.c_str());
  if (!history_path_.empty()) history(history_, &event, H_SAVE, history_path_.c_str());
}

}  // namespace quarry::repl
