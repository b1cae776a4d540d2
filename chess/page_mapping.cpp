#include "chess/page_mapping.h"

#include <cstdint>
#include <sys/mman.h>
#include <unistd.h>

namespace quarry::chess {

void map_pages_for_writing(char* data, std::size_t size) {
#if defined(MADV_POPULATE_WRITE)
  if (size == 0) return;
  static const std::uintptr_t page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(data) & ~(page - 1);
  const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(data) + size + page - 1) & ~(page - 1);
  // An old kernel answers EINVAL: the pages are mapped when written, as without the call.
  ::madvise(reinterpret_cast<void*>(first), end - first, MADV_POPULATE_WRITE);
#else
  (void)data;
  (void)size;
#endif
}

}  // namespace quarry::chess
