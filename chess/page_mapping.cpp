#include "chess/page_mapping.h"

#include <cstdint>
#include <cstdlib>
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

void HugePageFree::operator()(char* bytes) const { std::free(bytes); }

HugePageMemory allocate_huge_page_memory(std::size_t size) {
  char* bytes = static_cast<char*>(std::aligned_alloc(kHugePageSize, size));
  if (bytes == nullptr) return nullptr;
#if defined(MADV_HUGEPAGE)
  // A kernel without transparent huge pages answers EINVAL: the memory stays in 4 KiB pages.
  ::madvise(bytes, size, MADV_HUGEPAGE);
#endif
  return HugePageMemory(bytes);
}

}  // namespace quarry::chess
