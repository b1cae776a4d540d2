// Byte sources: the file's raw blocks, the plain pass-through, and the loop that feeds a streaming
// decompressor (chess/decoders.h) and turns its failures into "corrupt … at byte N" errors.
#include "chess/input_stream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "chess/decoders.h"

namespace quarry::chess {
namespace {

constexpr std::size_t kRawBlockSize = std::size_t{1} << 18;
// Compressed bytes handed to a decoder per call. A library that fails part way through a call
// need not say how far it got, so small calls keep the reported offset close to the fault and
// the text decoded before it.
constexpr std::size_t kDecodeChunk = std::size_t{1} << 14;

// Bytes read first, for sniffing the format: a page. Plain input reads the rest straight into
// its reader's buffer, so the first block need not be larger (a whole block would be read here and
// copied there again, for every input).
constexpr std::size_t kSniffSize = std::size_t{1} << 12;

// The file's bytes, read in blocks. The first bytes are read at once so the format can be sniffed
// (standard input cannot be rewound). A file Quarry opens is read through its descriptor: a run
// over thousands of small files makes a handful of system calls for each (open, the reads, close),
// and on a virtual machine each costs microseconds; a stream (stdio) would add a stat and a read
// at the end of each file. A stream handed in (standard input) is read through stdio, which may
// hold bytes already.
class RawInput {
 public:
  // `stream`: read, not closed.
  explicit RawInput(std::FILE* stream) : stream_(stream) { sniff(); }
  // `fd`: read, and closed by the destructor.
  explicit RawInput(int fd) : fd_(fd) { sniff(); }
  ~RawInput() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawInput(const RawInput&) = delete;
  RawInput& operator=(const RawInput&) = delete;

  const unsigned char* data() const { return buf_.get() + pos_; }
  std::size_t available() const { return end_ - pos_; }
  void consume(std::size_t n) {
    pos_ += n;
    offset_ += n;
  }
  std::uint64_t offset() const { return offset_; }  // file offset of data()
  const std::string& error() const { return error_; }
  std::string_view head() const { return {reinterpret_cast<const char*>(buf_.get()), end_}; }

  // Compressed input: reads the next block once the current one is used up. False at the end of
  // the file or on a read error (error() says which).
  bool fill() {
    if (pos_ < end_) return true;
    if (capacity_ < kRawBlockSize) {
      buf_ = std::make_unique_for_overwrite<unsigned char[]>(kRawBlockSize);
      capacity_ = kRawBlockSize;
    }
    pos_ = end_ = 0;
    end_ = read_input(reinterpret_cast<char*>(buf_.get()), kRawBlockSize);
    return end_ > 0;
  }

  // Plain input: the rest of the sniffed bytes, then straight from the file into the caller's buffer.
  std::size_t read_into(char* out, std::size_t size) {
    if (pos_ < end_) {
      std::size_t n = std::min(size, end_ - pos_);
      std::memcpy(out, buf_.get() + pos_, n);
      consume(n);
      return n;
    }
    std::size_t n = read_input(out, size);
    offset_ += n;
    return n;
  }

 private:
  void sniff() { end_ = read_input(reinterpret_cast<char*>(buf_.get()), kSniffSize); }

  // Up to `size` bytes: fewer only at the end of the input or on an error. The end is remembered
  // when it is met, so that a file's last bytes and its end take one read() less.
  std::size_t read_input(char* out, std::size_t size) {
    if (at_end_) return 0;
    std::size_t n = 0;
    if (stream_ != nullptr) {
      n = std::fread(out, 1, size, stream_);
      if (n == 0 && std::ferror(stream_) != 0) fail(errno);
      at_end_ = n == 0 || std::feof(stream_) != 0;
    } else if (fd_ >= 0) {
      while (n < size) {
        const ssize_t got = ::read(fd_, out + n, size - n);
        if (got > 0) {
          n += static_cast<std::size_t>(got);
        } else if (got == 0) {
          at_end_ = true;
          break;
        } else if (errno != EINTR) {
          if (n == 0) {
            fail(errno);
            at_end_ = true;
          }
          break;  // the bytes read come first; the next call meets the error again
        }
      }
    } else {
      at_end_ = true;  // a null stream: an empty input
    }
    return n;
  }

  void fail(int error) {
    error_ = "read error at byte " + std::to_string(offset_) + ": " + std::strerror(error);
  }

  std::FILE* stream_ = nullptr;
  int fd_ = -1;
  bool at_end_ = false;
  // Not zeroed: only the bytes read are looked at. The sniffed page, grown to a block for a
  // decoder's input only: plain input is read straight into its reader's buffer.
  std::unique_ptr<unsigned char[]> buf_ = std::make_unique_for_overwrite<unsigned char[]>(kSniffSize);
  std::size_t capacity_ = kSniffSize;
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
  std::uint64_t offset_ = 0;
  std::string error_;
};

class PlainSource final : public ByteSource {
 public:
  explicit PlainSource(std::unique_ptr<RawInput> raw) : ByteSource(Compression::None), raw_(std::move(raw)) {}
  std::size_t read(char* out, std::size_t size) override {
    std::size_t n = raw_->read_into(out, size);
    if (n == 0 && !raw_->error().empty()) fail(raw_->error());
    return n;
  }
  std::uint64_t file_bytes_read() const override { return raw_->offset(); }

 private:
  std::unique_ptr<RawInput> raw_;
};

// Feeds the raw blocks to a decoder. Concatenated streams (multi-member gzip, several zstd
// frames, pbzip2's bzip2 streams) are read one after another, as the command-line tools do.
class DecompressingSource final : public ByteSource {
 public:
  DecompressingSource(Compression compression, std::unique_ptr<RawInput> raw, std::unique_ptr<Decoder> decoder)
      : ByteSource(compression), raw_(std::move(raw)), decoder_(std::move(decoder)) {}

  std::size_t read(char* out, std::size_t size) override {
    char* next = out;
    std::size_t room = size;
    while (room > 0 && !done_) step(next, room);
    return size - room;
  }
  std::uint64_t file_bytes_read() const override { return raw_->offset(); }

 private:
  void step(char*& next, std::size_t& room) {
    if (raw_->available() == 0 && !raw_->fill()) {
      if (!raw_->error().empty()) {
        fail(raw_->error());
      } else if (in_stream_) {
        fail(std::string(compression_name(compression())) + " data truncated: the file ends inside a compressed stream at byte " +
             std::to_string(raw_->offset()));
      }
      done_ = true;
      return;
    }
    if (!in_stream_) {
      if (started_) decoder_->restart();
      started_ = in_stream_ = true;
    }
    const unsigned char* in = raw_->data();
    std::size_t in_size = std::min(raw_->available(), kDecodeChunk);
    const std::size_t offered = in_size;
    std::size_t room_before = room;
    std::string message;
    Decoder::Result result = decoder_->decode(in, in_size, next, room, message);
    std::size_t used = offered - in_size;
    raw_->consume(used);
    if (result == Decoder::Result::Error || (result == Decoder::Result::Progress && used == 0 && room == room_before)) {
      if (message.empty()) message = "the decoder made no progress";
      fail(std::string(compression_name(compression())) + " data corrupt near byte " + std::to_string(raw_->offset()) + " (" +
           message + ")");
      done_ = true;
      return;
    }
    if (result == Decoder::Result::StreamEnd) in_stream_ = false;
  }

  std::unique_ptr<RawInput> raw_;
  std::unique_ptr<Decoder> decoder_;
  bool started_ = false;
  bool in_stream_ = false;
  bool done_ = false;
};

class TextSource final : public ByteSource {
 public:
  TextSource(std::string text, std::string error) : ByteSource(Compression::None), text_(std::move(text)), failure_(std::move(error)) {}
  std::size_t read(char* out, std::size_t size) override {
    const std::size_t n = std::min(size, text_.size() - pos_);
    std::memcpy(out, text_.data() + pos_, n);
    pos_ += n;
    if (n == 0 && !failure_.empty()) fail(failure_);
    return n;
  }
  std::uint64_t file_bytes_read() const override { return pos_; }

 private:
  std::string text_;
  std::string failure_;
  std::size_t pos_ = 0;
};

std::unique_ptr<ByteSource> make_source(std::unique_ptr<RawInput> raw) {
  Compression compression = detect_compression(raw->head());
  if (compression == Compression::None) return std::make_unique<PlainSource>(std::move(raw));
  std::unique_ptr<Decoder> decoder = make_decoder(compression);
  return std::make_unique<DecompressingSource>(compression, std::move(raw), std::move(decoder));
}

bool starts_with(std::string_view head, std::initializer_list<unsigned char> magic) {
  if (head.size() < magic.size()) return false;
  std::size_t i = 0;
  for (unsigned char byte : magic) {
    if (static_cast<unsigned char>(head[i++]) != byte) return false;
  }
  return true;
}

}  // namespace

std::string_view compression_name(Compression compression) {
  switch (compression) {
    case Compression::None: return "plain";
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
    case Compression::Bzip2: return "bzip2";
    case Compression::Xz: return "xz";
  }
  return "plain";
}

Compression detect_compression(std::string_view head) {
  if (starts_with(head, {0x1f, 0x8b})) return Compression::Gzip;
  if (starts_with(head, {0x28, 0xb5, 0x2f, 0xfd})) return Compression::Zstd;
  // "BZh" and a block size digit: PGN text never starts so ("BZh1" is not a tag or a move).
  if (starts_with(head, {'B', 'Z', 'h'}) && head.size() > 3 && head[3] >= '1' && head[3] <= '9') return Compression::Bzip2;
  if (starts_with(head, {0xfd, '7', 'z', 'X', 'Z', 0x00})) return Compression::Xz;
  return Compression::None;
}

std::unique_ptr<ByteSource> open_byte_source(const std::string& path, std::string* error) {
  if (path == "-") return make_source(std::make_unique<RawInput>(stdin));
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (error != nullptr) *error = "cannot open " + path + ": " + std::strerror(errno);
    return nullptr;
  }
  return make_source(std::make_unique<RawInput>(fd));
}

std::unique_ptr<ByteSource> byte_source_from_stream(std::FILE* stream) {
  return make_source(std::make_unique<RawInput>(stream));
}

std::unique_ptr<ByteSource> byte_source_from_text(std::string text, std::string error) {
  return std::make_unique<TextSource>(std::move(text), std::move(error));
}

}  // namespace quarry::chess
