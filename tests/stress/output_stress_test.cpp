// Output-file safety: no predictable temporary, nothing left behind on failure or on SIGTERM,
// the target's mode kept, devices written in place, --append and --noclobber.
#include <catch2/catch.hpp>

#include <csignal>
#include <sys/stat.h>
#include <sys/wait.h>

#include "interpreter/output_file.h"
#include "stress/stress_run.h"

using quarry::interpreter::OutputFile;
using quarry::interpreter::OutputMode;
using quarry::testing::slurp;
using quarry::testing::stress_directory;
namespace fs = std::filesystem;

namespace {
std::size_t entries(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}
}  // namespace

TEST_CASE("/dev/null is written in place, never replaced", "[stress][output]") {
  struct stat before {};
  if (::stat("/dev/null", &before) != 0 || !S_ISCHR(before.st_mode)) {
    WARN("/dev/null is not a character device on this machine: nothing to check");
    return;
  }
  std::string error;
  auto out = OutputFile::open("/dev/null", &error);
  REQUIRE(out);
  out->write("games");
  REQUIRE(out->commit(&error));
  out.reset();
  struct stat after {};
  REQUIRE(::stat("/dev/null", &after) == 0);
  CHECK(S_ISCHR(after.st_mode));
  CHECK(after.st_ino == before.st_ino);
}

TEST_CASE("a FIFO target is written in place", "[stress][output]") {
  fs::path dir = stress_directory("fifo");
  fs::path fifo = dir / "pipe";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  pid_t reader = ::fork();
  if (reader == 0) {
    std::string got = slurp(fifo);
    ::_exit(got == "through the pipe" ? 0 : 1);
  }
  std::string error;
  auto out = OutputFile::open(fifo.string(), &error);
  REQUIRE(out);
  out->write("through the pipe");
  REQUIRE(out->commit(&error));
  out.reset();
  int status = 0;
  ::waitpid(reader, &status, 0);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(fs::is_fifo(fifo));
  fs::remove_all(dir);
}

TEST_CASE("the replaced file keeps its permission bits", "[stress][output]") {
  fs::path dir = stress_directory("mode");
  fs::path target = dir / "out.pgn";
  std::ofstream(target) << "old";
  REQUIRE(::chmod(target.c_str(), 0600) == 0);
  std::string error;
  auto out = OutputFile::open(target.string(), &error);
  REQUIRE(out);
  out->write("new");
  REQUIRE(out->commit(&error));
  struct stat st {};
  REQUIRE(::stat(target.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0600);
  CHECK(slurp(target) == "new");
  CHECK(entries(dir) == 1);
  fs::remove_all(dir);
}

TEST_CASE("a planted symbolic link at the old temporary name is not followed", "[stress][output]") {
  fs::path dir = stress_directory("planted");
  fs::path victim = dir / "victim.txt";
  std::ofstream(victim) << "precious";
  fs::path target = dir / "out.pgn";
  fs::create_symlink(victim, dir / ("out.pgn.quarry-tmp-" + std::to_string(::getpid())));
  std::string error;
  auto out = OutputFile::open(target.string(), &error);
  REQUIRE(out);
  out->write("games");
  REQUIRE(out->commit(&error));
  CHECK(slurp(victim) == "precious");
  CHECK(slurp(target) == "games");
  fs::remove_all(dir);
}

TEST_CASE("noclobber keeps an existing file, append adds to it", "[stress][output]") {
  fs::path dir = stress_directory("modes");
  fs::path target = dir / "out.pgn";
  std::ofstream(target) << "first ";
  std::string error;
  CHECK_FALSE(OutputFile::open(target.string(), &error, OutputMode::NoClobber));
  CHECK(error.find("exists") != std::string::npos);
  auto appended = OutputFile::open(target.string(), &error, OutputMode::Append);
  REQUIRE(appended);
  appended->write("second");
  REQUIRE(appended->commit(&error));
  CHECK(slurp(target) == "first second");
  fs::path fresh = dir / "fresh.pgn";
  auto created = OutputFile::open(fresh.string(), &error, OutputMode::NoClobber);
  REQUIRE(created);
  created->write("new");
  std::ofstream(fresh) << "raced";  // appears while the run is going: commit must not replace it
  CHECK_FALSE(created->commit(&error));
  CHECK(slurp(fresh) == "raced");
  fs::remove_all(dir);
}

TEST_CASE("a run ended by SIGTERM leaves no temporary file", "[stress][output]") {
  fs::path dir = stress_directory("signal");
  fs::path target = dir / "out.pgn";
  pid_t child = ::fork();
  if (child == 0) {
    std::signal(SIGTERM, SIG_DFL);  // the test framework's handler would report and carry on
    std::string error;
    auto out = OutputFile::open(target.string(), &error);
    if (!out) ::_exit(2);
    out->write(std::string(1 << 20, 'x'));
    ::raise(SIGTERM);
    ::_exit(3);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  CHECK(WIFSIGNALED(status));
  CHECK(entries(dir) == 0);
  fs::remove_all(dir);
}

TEST_CASE("a directory as the output is refused", "[stress][output]") {
  fs::path dir = stress_directory("dirout");
  std::string error;
  CHECK_FALSE(OutputFile::open(dir.string(), &error));
  CHECK(error.find("directory") != std::string::npos);
  fs::remove_all(dir);
}
