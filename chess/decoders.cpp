// The four decoders. Each wraps its library's streaming call; none buffers beyond what the
// library keeps, so memory stays constant however large the archive.
#include "chess/decoders.h"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdint>

namespace quarry::chess {
namespace {

// zlib, bzip2 and liblzma count sizes in narrower types than std::size_t: feed them at most this.
constexpr std::size_t kMaxChunk = std::size_t{1} << 30;

std::size_t chunk(std::size_t n) { return n < kMaxChunk ? n : kMaxChunk; }

// Moves past `used` input bytes and `made` output bytes.
void advance(const unsigned char*& in, std::size_t& in_size, std::size_t used, char*& out, std::size_t& out_size,
             std::size_t made) {
  in += used;
  in_size -= used;
  out += made;
  out_size -= made;
}

class GzipDecoder final : public Decoder {
 public:
  GzipDecoder() { ok_ = inflateInit2(&z_, 15 + 16) == Z_OK; }  // 15: largest window; +16: gzip wrapper
  ~GzipDecoder() override {
    if (ok_) inflateEnd(&z_);
  }
  Result decode(const unsigned char*& in, std::size_t& in_size, char*& out, std::size_t& out_size, std::string& error) override {
    if (!ok_) return fail(error, "zlib could not start");
    std::size_t in_chunk = chunk(in_size), out_chunk = chunk(out_size);
    z_.next_in = const_cast<Bytef*>(in);  // zlib's API is not const-correct; it never writes input
    z_.avail_in = static_cast<uInt>(in_chunk);
    z_.next_out = reinterpret_cast<Bytef*>(out);
    z_.avail_out = static_cast<uInt>(out_chunk);
    int rc = inflate(&z_, Z_NO_FLUSH);
    advance(in, in_size, in_chunk - z_.avail_in, out, out_size, out_chunk - z_.avail_out);
    if (rc == Z_STREAM_END) return Result::StreamEnd;
    if (rc == Z_OK || rc == Z_BUF_ERROR) return Result::Progress;
    return fail(error, z_.msg != nullptr ? z_.msg : "inflate error " + std::to_string(rc));
  }
  void restart() override {
    if (ok_) inflateReset(&z_);
  }

 private:
  static Result fail(std::string& error, std::string message) {
    error = std::move(message);
    return Result::Error;
  }
  z_stream z_{};
  bool ok_ = false;
};

class ZstdDecoder final : public Decoder {
 public:
  ZstdDecoder() : stream_(ZSTD_createDStream()) {}
  ~ZstdDecoder() override { ZSTD_freeDStream(stream_); }
  Result decode(const unsigned char*& in, std::size_t& in_size, char*& out, std::size_t& out_size, std::string& error) override {
    if (stream_ == nullptr) {
      error = "zstd could not start";
      return Result::Error;
    }
    ZSTD_inBuffer input{in, in_size, 0};
    ZSTD_outBuffer output{out, out_size, 0};
    std::size_t rc = ZSTD_decompressStream(stream_, &output, &input);
    advance(in, in_size, input.pos, out, out_size, output.pos);
    if (ZSTD_isError(rc) != 0) {
      error = ZSTD_getErrorName(rc);
      return Result::Error;
    }
    return rc == 0 ? Result::StreamEnd : Result::Progress;  // 0: a frame is complete and flushed
  }
  void restart() override { ZSTD_DCtx_reset(stream_, ZSTD_reset_session_only); }

 private:
  ZSTD_DStream* stream_;
};

class Bzip2Decoder final : public Decoder {
 public:
  Bzip2Decoder() { start(); }
  ~Bzip2Decoder() override {
    if (ok_) BZ2_bzDecompressEnd(&bz_);
  }
  Result decode(const unsigned char*& in, std::size_t& in_size, char*& out, std::size_t& out_size, std::string& error) override {
    if (!ok_) {
      error = "bzip2 could not start";
      return Result::Error;
    }
    std::size_t in_chunk = chunk(in_size), out_chunk = chunk(out_size);
    bz_.next_in = const_cast<char*>(reinterpret_cast<const char*>(in));  // bzlib never writes input
    bz_.avail_in = static_cast<unsigned>(in_chunk);
    bz_.next_out = out;
    bz_.avail_out = static_cast<unsigned>(out_chunk);
    int rc = BZ2_bzDecompress(&bz_);
    advance(in, in_size, in_chunk - bz_.avail_in, out, out_size, out_chunk - bz_.avail_out);
    if (rc == BZ_STREAM_END) return Result::StreamEnd;
    if (rc == BZ_OK) return Result::Progress;
    error = rc == BZ_DATA_ERROR_MAGIC ? "not bzip2 data" : rc == BZ_MEM_ERROR ? "out of memory" : "bad bzip2 block";
    return Result::Error;
  }
  void restart() override {
    if (ok_) BZ2_bzDecompressEnd(&bz_);
    start();
  }

 private:
  void start() {
    bz_ = bz_stream{};
    ok_ = BZ2_bzDecompressInit(&bz_, 0, 0) == BZ_OK;
  }
  bz_stream bz_{};
  bool ok_ = false;
};

class XzDecoder final : public Decoder {
 public:
  XzDecoder() { start(); }
  ~XzDecoder() override { lzma_end(&xz_); }
  Result decode(const unsigned char*& in, std::size_t& in_size, char*& out, std::size_t& out_size, std::string& error) override {
    if (!ok_) {
      error = "liblzma could not start";
      return Result::Error;
    }
    xz_.next_in = in;
    xz_.avail_in = in_size;
    xz_.next_out = reinterpret_cast<std::uint8_t*>(out);
    xz_.avail_out = out_size;
    lzma_ret rc = lzma_code(&xz_, LZMA_RUN);
    advance(in, in_size, in_size - xz_.avail_in, out, out_size, out_size - xz_.avail_out);
    if (rc == LZMA_STREAM_END) return Result::StreamEnd;
    if (rc == LZMA_OK || rc == LZMA_BUF_ERROR) return Result::Progress;
    error = rc == LZMA_MEM_ERROR       ? "out of memory"
            : rc == LZMA_FORMAT_ERROR  ? "not xz data"
            : rc == LZMA_OPTIONS_ERROR ? "unsupported xz options"
                                       : "bad xz data";
    return Result::Error;
  }
  void restart() override {
    lzma_end(&xz_);
    start();
  }

 private:
  void start() {
    xz_ = LZMA_STREAM_INIT;
    ok_ = lzma_stream_decoder(&xz_, UINT64_MAX, 0) == LZMA_OK;
  }
  lzma_stream xz_ = LZMA_STREAM_INIT;
  bool ok_ = false;
};

}  // namespace

std::unique_ptr<Decoder> make_decoder(Compression compression) {
  switch (compression) {
    case Compression::Gzip: return std::make_unique<GzipDecoder>();
    case Compression::Zstd: return std::make_unique<ZstdDecoder>();
    case Compression::Bzip2: return std::make_unique<Bzip2Decoder>();
    case Compression::Xz: return std::make_unique<XzDecoder>();
    case Compression::None: break;
  }
  return nullptr;
}

}  // namespace quarry::chess
