// Memory new to the process, made cheaper to start using. Each page the process touches for the
// first time costs a page fault; on a virtual machine that takes each fault to the host, that is
// about 10 µs a 4 KiB page (a 1 MiB buffer: 2.5 ms). Asking the kernel to map a range at once
// costs less than half (bench/RESULTS.md, "Threads on a host with costly page faults"); memory in
// a huge page costs a small part of that (session 20).
#pragma once

#include <cstddef>
#include <memory>

namespace quarry::chess {

// Maps the pages that [data, data + size) lies in for writing, without changing their bytes
// (MADV_POPULATE_WRITE, Linux 5.14); pages already mapped stay as they are. Where the kernel
// cannot, nothing happens: the pages are then mapped as they are first written, as usual.
void map_pages_for_writing(char* data, std::size_t size);

// Memory that a run fills once and then reuses, in transparent huge pages where the kernel has
// them: the first write maps 2 MiB at once instead of a 4 KiB page a fault. On a virtual machine
// that shadows page tables each 4 KiB page costs a trip to the host at its first use by the
// process even when the kernel mapped it; 8 MiB first written took 21-28 ms in 4 KiB pages and
// 0.5-0.7 ms in huge pages there (bench/RESULTS.md, session 20). Where the kernel gives none
// (THP off, or no free huge page), the memory is ordinary.
constexpr std::size_t kHugePageSize = std::size_t{2} << 20;
struct HugePageFree {
  void operator()(char* bytes) const;
};
using HugePageMemory = std::unique_ptr<char[], HugePageFree>;
// `size` bytes aligned to kHugePageSize (`size` a multiple of it), not zeroed; null when the
// memory cannot be had.
HugePageMemory allocate_huge_page_memory(std::size_t size);

}  // namespace quarry::chess
