// Output files: temporary file and atomic rename for regular files, in place for devices and
// FIFOs, and removal of a named temporary file when a signal ends the run.
#include "interpreter/output_file.h"

#include <array>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

namespace quarry::interpreter {
namespace {

// The named temporary file to remove if a signal ends the run. The handler only reads these
// (unlink is async-signal-safe), then lets the signal take its default course.
char g_cleanup_path[PATH_MAX + 1];
volatile std::sig_atomic_t g_cleanup_armed = 0;

extern "C" void remove_temporary_and_exit(int signal_number) {
  if (g_cleanup_armed) ::unlink(g_cleanup_path);
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

void arm_cleanup(const std::string& path) {
  static bool installed = false;
  if (!installed) {
    installed = true;
    for (int s : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction action {};
      action.sa_handler = remove_temporary_and_exit;
      sigemptyset(&action.sa_mask);
      struct sigaction previous {};
      // A signal the caller ignores (nohup) stays ignored.
      if (::sigaction(s, nullptr, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
      ::sigaction(s, &action, nullptr);
    }
  }
  if (path.size() > PATH_MAX) return;
  g_cleanup_armed = 0;
  std::memcpy(g_cleanup_path, path.c_str(), path.size() + 1);
  g_cleanup_armed = 1;
}

void disarm_cleanup() { g_cleanup_armed = 0; }

std::string directory_of(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A hidden name beside the target that is not in use now (a planted file or link makes the
// link or open that uses it fail with EEXIST, and the caller tries another name).
std::string random_sibling(const std::string& target) {
  static std::mt19937_64 rng{std::random_device{}()};
  const char* digits = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::string suffix;
  for (int i = 0; i < 12; ++i) suffix += digits[rng() % 36];
  std::string dir = directory_of(target);
  return (dir == "/" ? "" : dir) + "/." + base_of(target) + ".quarry-" + suffix;
}

std::string describe(const std::string& path, const char* what) {
  return "cannot write '" + path + "': " + what;
}

// The permission bits a new file gets: 0666 less the umask.
mode_t new_file_mode() {
  mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// The stream of standard output or standard error when `path` names the file it writes (the
// same device and inode), else null. Standard output is asked first: `message` and the report
// go there, the games' closest company. The null device is left out: nothing is lost or out of
// order there, and a benchmark's `-o /dev/null > /dev/null` keeps its blocks.
std::FILE* standard_stream_of(const std::string& path) {
  struct stat target {};
  if (::stat(path.c_str(), &target) != 0) return nullptr;
  struct stat null_device {};
  if (S_ISCHR(target.st_mode) && ::stat("/dev/null", &null_device) == 0 && target.st_rdev == null_device.st_rdev) {
    return nullptr;
  }
  for (std::FILE* stream : {stdout, stderr}) {
    struct stat standard {};
    if (::fstat(::fileno(stream), &standard) == 0 && standard.st_dev == target.st_dev &&
        standard.st_ino == target.st_ino) {
      return stream;
    }
  }
  return nullptr;
}

}  // namespace

std::unique_ptr<OutputFile> OutputFile::open(const std::string& path, std::string* error, OutputMode mode) {
  auto fail = [&](const std::string& message) -> std::unique_ptr<OutputFile> {
    if (error) *error = message;
    return nullptr;
  };
  if (path == "-" || path == "stdout") {
    return std::unique_ptr<OutputFile>(new OutputFile(path, Kind::Standard, mode, stdout, ""));
  }
  if (std::FILE* standard = standard_stream_of(path)) {
    return std::unique_ptr<OutputFile>(new OutputFile(path, Kind::Standard, mode, standard, ""));
  }
  // A symbolic link stays a link: the file it names is the one written.
  std::string target = path;
  if (char resolved[PATH_MAX]; ::realpath(path.c_str(), resolved) != nullptr) target = resolved;
  struct stat st {};
  const bool exists = ::stat(target.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) return fail(describe(path, "it is a directory"));
  if ((exists && !S_ISREG(st.st_mode)) || mode == OutputMode::Append) {
    // Devices and FIFOs are never replaced by a regular file; --append adds to the file itself.
    int flags = O_WRONLY | O_CLOEXEC | (mode == OutputMode::Append ? O_APPEND | O_CREAT : 0);
    int fd = ::open(target.c_str(), flags, 0666);
    if (fd < 0) return fail(describe(path, std::strerror(errno)));
    std::FILE* stream = ::fdopen(fd, "wb");
    if (stream == nullptr) {
      ::close(fd);
      return fail(describe(path, std::strerror(errno)));
    }
    return std::unique_ptr<OutputFile>(new OutputFile(target, Kind::InPlace, mode, stream, ""));
  }
  if (exists && mode == OutputMode::NoClobber) return fail("'" + path + "' exists (--noclobber keeps it)");

  Kind kind = Kind::Unnamed;
  std::string temp;
  int fd = ::open(directory_of(target).c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0) {
    // No O_TMPFILE here (an older kernel, some network file systems): a named file, O_EXCL.
    kind = Kind::Named;
    temp = directory_of(target) + "/." + base_of(target) + ".quarry-XXXXXX";
    fd = ::mkstemp(temp.data());
    if (fd < 0) return fail(describe(path, std::strerror(errno)));
    arm_cleanup(temp);
  }
  // The replaced file's permission bits (and owner, where allowed) carry over.
  if (exists) {
    ::fchmod(fd, st.st_mode & 07777);
    if (::fchown(fd, st.st_uid, st.st_gid) != 0) errno = 0;
  } else {
    ::fchmod(fd, new_file_mode());
  }
  std::FILE* stream = ::fdopen(fd, "wb");
  if (stream == nullptr) {
    ::close(fd);
    if (kind == Kind::Named) {
      ::unlink(temp.c_str());
      disarm_cleanup();
    }
    return fail(describe(path, std::strerror(errno)));
  }
  return std::unique_ptr<OutputFile>(new OutputFile(target, kind, mode, stream, temp));
}

OutputFile::OutputFile(std::string path, Kind kind, OutputMode mode, std::FILE* stream, std::string temp_path)
    : path_(std::move(path)), kind_(kind), mode_(mode), stream_(stream), temp_path_(std::move(temp_path)) {
  // Games are written one by one, a few KB each: a large buffer makes one system call per
  // 64 KB instead of one per block. Standard output keeps the buffering it has (it may be shared).
  // (glibc ignores the size unless given the buffer.) The stream is closed before buffer_ goes.
  // Not zeroed: stdio reads only what it wrote, and a run whose games bypass the buffer (the
  // threads' gathered writes) would otherwise touch its 16 pages for nothing.
  if (kind_ != Kind::Standard) {
    buffer_ = std::make_unique_for_overwrite<char[]>(kWriteBuffer);
    std::setvbuf(stream_, buffer_.get(), _IOFBF, kWriteBuffer);
  }
}

OutputFile::~OutputFile() {
  if (kind_ == Kind::Standard) {
    std::fflush(stream_);
    return;
  }
  if (stream_ != nullptr) std::fclose(stream_);
  if (kind_ == Kind::Named && !committed_) {
    ::unlink(temp_path_.c_str());
    disarm_cleanup();
  }
}

void OutputFile::fail_write() {
  failed_ = true;
  write_errno_ = errno;
}

void OutputFile::write(std::string_view text) {
  if (failed_ || text.empty()) return;
  if (std::fwrite(text.data(), 1, text.size(), stream_) != text.size()) fail_write();
}

void OutputFile::write_block(std::string_view text) {
  if (text.size() < kWriteBuffer) {
    write(text);  // the stream's buffer takes it, with no system call of its own
    return;
  }
  write_blocks(std::span<const std::string_view>(&text, 1));
}

void OutputFile::write_blocks(std::span<const std::string_view> texts) {
  if (failed_) return;
  if (std::fflush(stream_) != 0) {
    fail_write();
    return;
  }
  const int fd = ::fileno(stream_);
  std::array<iovec, 64> pieces;
  while (!texts.empty()) {
    std::size_t used = 0;
    std::size_t taken_texts = 0;
    for (; used < pieces.size() && taken_texts < texts.size(); ++taken_texts) {
      if (!texts[taken_texts].empty()) {
        pieces[used++] = iovec{const_cast<char*>(texts[taken_texts].data()), texts[taken_texts].size()};
      }
    }
    // A write may take less than it was given (a signal, a pipe): the rest goes in the next one.
    std::span<iovec> left(pieces.data(), used);
    while (!left.empty()) {
      const ssize_t written = ::writev(fd, left.data(), static_cast<int>(left.size()));
      if (written <= 0) {
        if (written < 0 && errno == EINTR) continue;
        if (written == 0) errno = EIO;  // nothing taken of a non-empty text: it never would be
        fail_write();
        return;
      }
      auto taken = static_cast<std::size_t>(written);
      while (!left.empty() && taken >= left.front().iov_len) {
        taken -= left.front().iov_len;
        left = left.subspan(1);
      }
      if (!left.empty()) {
        left.front().iov_base = static_cast<char*>(left.front().iov_base) + taken;
        left.front().iov_len -= taken;
      }
    }
    texts = texts.subspan(taken_texts);
  }
}

// Gives the finished temporary file the target's name. --noclobber links, which fails if the
// name exists; replacing renames, which is atomic. An unnamed file is first linked to a fresh
// hidden name (linkat cannot replace), then renamed.
bool OutputFile::link_into_place(std::string* error) {
  auto fail = [&](const std::string& path) {
    if (error) *error = errno == EEXIST && path == path_ ? "'" + path_ + "' exists (--noclobber keeps it)"
                                                          : describe(path_, std::strerror(errno));
    return false;
  };
  if (kind_ == Kind::Named) {
    if (mode_ == OutputMode::NoClobber) {
      if (::link(temp_path_.c_str(), path_.c_str()) != 0) return fail(path_);
      ::unlink(temp_path_.c_str());
      return true;
    }
    return ::rename(temp_path_.c_str(), path_.c_str()) == 0 || fail(temp_path_);
  }
  const std::string proc = "/proc/self/fd/" + std::to_string(::fileno(stream_));
  if (mode_ == OutputMode::NoClobber) {
    return ::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, path_.c_str(), AT_SYMLINK_FOLLOW) == 0 || fail(path_);
  }
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = random_sibling(path_);
    if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) != 0) {
      if (errno == EEXIST) continue;
      return fail(name);
    }
    arm_cleanup(name);
    const bool renamed = ::rename(name.c_str(), path_.c_str()) == 0;
    const int saved = errno;
    if (!renamed) ::unlink(name.c_str());
    disarm_cleanup();
    errno = saved;
    return renamed || fail(name);
  }
  return fail(path_);
}

bool OutputFile::commit(std::string* error) {
  committed_ = true;
  if (!failed_ && std::fflush(stream_) != 0) fail_write();
  if (kind_ == Kind::Standard) {
    if (failed_ && error) {
      *error = std::string("error writing standard ") + (stream_ == stderr ? "error: " : "output: ") +
               std::strerror(write_errno_);
    }
    return !failed_;
  }
  bool ok = !failed_;
  if (ok && kind_ != Kind::InPlace) ok = ::fsync(::fileno(stream_)) == 0;
  if (ok && kind_ != Kind::InPlace) ok = link_into_place(error);
  else if (!ok && error) *error = describe(path_, std::strerror(failed_ ? write_errno_ : errno));
  const bool closed = std::fclose(stream_) == 0;
  stream_ = nullptr;
  if (kind_ == Kind::Named) {
    if (!ok) ::unlink(temp_path_.c_str());
    disarm_cleanup();
  }
  if (ok && !closed) {
    if (error) *error = describe(path_, std::strerror(errno));
    return false;
  }
  return ok;
}

}  // namespace quarry::interpreter
