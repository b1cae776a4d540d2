// Mapping pages before they are written changes no byte, whatever the range's alignment.
#include "chess/page_mapping.h"

#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include <catch2/catch.hpp>

TEST_CASE("mapping a range's pages keeps every byte of it and around it", "[page_mapping]") {
  constexpr std::size_t kSize = std::size_t{3} << 20;
  auto bytes = std::make_unique<char[]>(kSize);  // zeros
  for (std::size_t i = 0; i < kSize; i += 3 * 4096) bytes[i] = static_cast<char>('a' + i / 4096 % 26);
  bytes[kSize - 1] = 'z';
  const std::string before(bytes.get(), kSize);
  for (auto [offset, size] : {std::pair<std::size_t, std::size_t>{0, 0}, {0, 1}, {1, 4095}, {4095, 2}, {12345, 200000},
                              {0, kSize}, {kSize - 1, 1}}) {
    INFO("offset " << offset << " size " << size);
    quarry::chess::map_pages_for_writing(bytes.get() + offset, size);
    CHECK(std::string(bytes.get(), kSize) == before);
  }
  // The pages take writes as usual after the call.
  for (std::size_t i = 1; i < kSize; i += 4096) bytes[i] = 'w';
  for (std::size_t i = 1; i < kSize; i += 4096) CHECK(bytes[i] == 'w');
  CHECK(bytes[0] == 'a');
  CHECK(bytes[kSize - 1] == 'z');
}
