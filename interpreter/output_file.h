// Output written safely: a regular file is replaced atomically (a temporary file beside it,
// renamed into place on commit), so an interrupted or failed run never leaves a half-written or
// clobbered output file nor a stray temporary; other targets (/dev/null, a FIFO) are written in place.
#pragma once

#include <cstddef>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace quarry::interpreter {

enum class OutputMode {
  Replace,    // the default: the target is replaced on commit, keeping its permission bits
  Append,     // --append: games are added to the end of the target, written in place
  NoClobber,  // --noclobber: an existing regular file is an error, checked atomically on commit
};

class OutputFile {
 public:
  // "-" or "stdout" write to standard output (no temporary file), and so does a path that names
  // the file standard output or standard error already writes (/dev/stdout, /proc/self/fd/2, the
  // file of `> out.pgn`): through that stream, in order with what else goes there, whatever the
  // mode (the shell has made the file). A temporary file renamed over it would be lost. The
  // null device is the exception: nothing written there can be out of order. The temporary file is
  // unnamed (O_TMPFILE) where the file system allows it, else created with mkstemp (O_EXCL,
  // mode 0600) and removed if the run is interrupted by SIGINT, SIGTERM or SIGHUP.
  static std::unique_ptr<OutputFile> open(const std::string& path, std::string* error,
                                          OutputMode mode = OutputMode::Replace);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(std::string_view text);
  // Whether the output takes games in large blocks (write_block) as well as game by game: every
  // target but standard output (or error), whose stream is shared with `message` lines and the
  // final report (or the diagnostics): a block written past the stream would come out of order
  // with what the stream still holds.
  // The others have a stream of their own, fully buffered (kWriteBuffer): the text it holds
  // reaches the target, as a block does, on commit, on close (an error, an exception), and not
  // if a signal ends the run (then a temporary file is removed anyway).
  bool takes_blocks() const { return kind_ != Kind::Standard; }
  // Text after what write() gave; one of kWriteBuffer bytes or more straight to the file (after
  // the stream's buffer is flushed), not copied into the stream's buffer first.
  void write_block(std::string_view text);
  // Texts after what write() gave, in order, in as few system calls as the system allows (writev)
  // and with no copy: for a caller that holds games already laid out in memory of its own.
  void write_blocks(std::span<const std::string_view> texts);
  // The stream's buffer: a block this large or larger is written by write_block with no copy.
  static constexpr std::size_t kWriteBuffer = std::size_t{1} << 16;
  // Flushes, closes and puts the temporary file in place. False (with *error) on failure.
  bool commit(std::string* error);
  const std::string& path() const { return path_; }
  // Whether the text goes through the run's standard output stream (see open()).
  bool writes_standard_output() const { return stream_ == stdout; }

 private:
  enum class Kind { Standard, InPlace, Unnamed, Named };
  OutputFile(std::string path, Kind kind, OutputMode mode, std::FILE* stream, std::string temp_path);
  bool link_into_place(std::string* error);
  // Marks the output failed, keeping the reason (errno) of the write that failed: commit reports
  // it, long after, when errno says something else.
  void fail_write();
  std::string path_;  // the file finally written (a symbolic link's target)
  Kind kind_;
  OutputMode mode_;
  std::FILE* stream_;
  std::string temp_path_;  // Named: the mkstemp file
  std::unique_ptr<char[]> buffer_;  // the stream's buffer (standard output keeps its own)
  bool failed_ = false;
  int write_errno_ = 0;  // failed_: why
  bool committed_ = false;
};

}  // namespace quarry::interpreter
