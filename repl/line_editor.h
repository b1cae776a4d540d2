// Reading input lines: libedit (emacs keys, history kept in a file, tab completion) on a
// terminal, plain lines from a pipe.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "repl/input.h"

struct editline;
struct history;

namespace quarry::repl {

// $XDG_DATA_HOME/quarry/history, else ~/.local/share/quarry/history; "" when neither is set.
std::string default_history_path();

class LineEditor {
 public:
  using Completer = std::function<Completion(std::string_view line_before_cursor)>;
  // Terminal input (stdin and stdout ttys) uses libedit, with the history in
  // default_history_path(); other input is read as plain lines, without history.
  LineEditor(const char* program, Completer completer);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  bool interactive() const { return editor_ != nullptr; }
  // One line without its newline; nullopt at the end of input (Ctrl-D, end of the pipe). A read
  // cut short by Ctrl-C returns "" (the caller sees its interrupt flag raised).
  std::optional<std::string> read_line(const std::string& prompt);
  // Adds an entry (a multi-line input is one entry) and saves the history file.
  void remember(const std::string& entry);

 private:
  static char* prompt_of(editline* editor);
  static unsigned char complete_word(editline* editor, int key);
  void list_candidates(const std::vector<std::string>& candidates) const;

  editline* editor_ = nullptr;
  history* history_ = nullptr;
  std::string history_path_;
  std::string prompt_;
  Completer completer_;
};

}  // namespace quarry::repl
