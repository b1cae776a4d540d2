// Mapping memory before it is first written. Each page the process touches for the first time
// costs a page fault; on a virtual machine that takes each fault to the host, that is about 10 µs
// a 4 KiB page (a 1 MiB buffer: 2.5 ms), and asking the kernel to map a range at once costs less
// than half (bench/RESULTS.md, "Threads on a host with costly page faults").
#pragma once

#include <cstddef>

namespace quarry::chess {

// Maps the pages that [data, data + size) lies in for writing, without changing their bytes
// (MADV_POPULATE_WRITE, Linux 5.14); pages already mapped stay as they are. Where the kernel
// cannot, nothing happens: the pages are then mapped as they are first written, as usual.
void map_pages_for_writing(char* data, std::size_t size);

}  // namespace quarry::chess
