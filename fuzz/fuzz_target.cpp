// One libFuzzer target; QUARRY_FUZZ_TARGET names the entry point it drives (fuzz/CMakeLists.txt).
//
// Each input runs under a CPU-time limit (QUARRY_FUZZ_CPU_SECONDS, default per target from
// fuzz_entries): libFuzzer's -timeout is wall-clock, and on a loaded machine a niced fuzzer waits
// seconds for a core, so a wall-clock limit tight enough to catch a slow input also reports
// inputs that merely waited. CPU time counts only the work done: past the limit the input is a
// hang, the process aborts and libFuzzer keeps the input as crash-*.
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "fuzz/fuzz_entries.h"

namespace {

timer_t cpu_timer;
bool cpu_timer_ready = false;
itimerspec cpu_limit{};

void on_cpu_limit(int) {
  constexpr char message[] = "\n==quarry-fuzz== the input used more CPU time than QUARRY_FUZZ_CPU_SECONDS: a hang\n";
  [[maybe_unused]] const ssize_t written = write(2, message, sizeof message - 1);
  std::abort();
}

void arm_cpu_timer(bool on) {
  if (!cpu_timer_ready) return;
  static const itimerspec off{};
  timer_settime(cpu_timer, 0, on ? &cpu_limit : &off, nullptr);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* env = std::getenv("QUARRY_FUZZ_CPU_SECONDS");
  const long seconds = env != nullptr ? std::atol(env) : quarry::fuzz::cpu_seconds_per_input(QUARRY_FUZZ_TARGET);
  if (seconds <= 0) return 0;
  cpu_limit.it_value.tv_sec = seconds;
  struct sigaction action {};
  action.sa_handler = on_cpu_limit;
  sigaction(SIGXCPU, &action, nullptr);
  sigevent event{};
  event.sigev_notify = SIGEV_SIGNAL;
  event.sigev_signo = SIGXCPU;
  cpu_timer_ready = timer_create(CLOCK_PROCESS_CPUTIME_ID, &event, &cpu_timer) == 0;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const quarry::fuzz::Entry entry = quarry::fuzz::entry_named(QUARRY_FUZZ_TARGET);
  static const std::size_t max_size = quarry::fuzz::max_fuzz_input(QUARRY_FUZZ_TARGET);
  if (size > max_size) return 0;
  arm_cpu_timer(true);
  entry(std::string_view(reinterpret_cast<const char*>(data), size));
  arm_cpu_timer(false);
  return 0;
}
