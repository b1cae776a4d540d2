// The SIGINT handler and its flag (a signal handler can only reach a global).
#include "repl/interrupt.h"

#include <csignal>

namespace quarry::repl {
namespace {

std::atomic<bool> g_interrupted{false};
struct sigaction g_previous {};

extern "C" void on_interrupt(int) { g_interrupted.store(true, std::memory_order_relaxed); }

}  // namespace

InterruptHandler::InterruptHandler() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  sigaction(SIGINT, &action, &g_previous);
}

InterruptHandler::~InterruptHandler() { sigaction(SIGINT, &g_previous, nullptr); }

const std::atomic<bool>* InterruptHandler::flag() const { return &g_interrupted; }
bool InterruptHandler::raised() const { return g_interrupted.load(std::memory_order_relaxed); }
void InterruptHandler::clear() { g_interrupted.store(false, std::memory_order_relaxed); }

}  // namespace quarry::repl
