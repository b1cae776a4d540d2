// Streaming decompressors for the compressed inputs: gzip (zlib), zstd, bzip2 and xz (liblzma),
// behind one interface the byte source drives (chess/input_stream.cpp).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "chess/input_stream.h"

namespace quarry::chess {

class Decoder {
 public:
  enum class Result { Progress, StreamEnd, Error };
  virtual ~Decoder() = default;
  // Decodes from [in, in + in_size) into [out, out + out_size), advancing both pointers and
  // shrinking both sizes by what was used. StreamEnd: one complete stream (gzip member, zstd
  // frame, bzip2 or xz stream) ended. Error: the data is corrupt; `error` says how.
  virtual Result decode(const unsigned char*& in, std::size_t& in_size, char*& out, std::size_t& out_size,
                        std::string& error) = 0;
  // Prepares for another stream concatenated after the one that ended.
  virtual void restart() = 0;
};

// A decoder for a compressed format (not Compression::None).
std::unique_ptr<Decoder> make_decoder(Compression compression);

}  // namespace quarry::chess
