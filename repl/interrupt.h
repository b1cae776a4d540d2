// Ctrl-C in the REPL: SIGINT sets a flag that evaluation polls (Context::check_interrupt), so a
// long evaluation stops and the session goes on.
#pragma once

#include <atomic>

namespace quarry::repl {

// Installs the SIGINT handler (without SA_RESTART, so a blocked read returns) and gives the
// flag it sets. The previous handler comes back when the returned guard is destroyed.
class InterruptHandler {
 public:
  InterruptHandler();
  ~InterruptHandler();
  InterruptHandler(const InterruptHandler&) = delete;
  InterruptHandler& operator=(const InterruptHandler&) = delete;

  const std::atomic<bool>* flag() const;
  bool raised() const;
  void clear();
};

}  // namespace quarry::repl
