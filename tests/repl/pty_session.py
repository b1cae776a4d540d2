#!/usr/bin/env python3
"""Drives `quarry repl` through a pseudo-terminal as a user would, keys and all, and compares the
screen it leaves with tests/repl/session.expected.

usage: pty_session.py QUARRY REPO_DIR [--update]

A small terminal model (printable text, CR/LF, backspace, and the cursor and erase sequences
libedit sends for TERM=xterm) turns the bytes the REPL wrote into screen lines, so the check is on
what the user sees, not on libedit's redraw details. Two sessions run with a fresh history
directory: the second recalls lines typed in the first with the Up key.
"""
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import tempfile
import termios
import time

WIDTH, HEIGHT = 100, 40
STEP_TIMEOUT = 20.0


class Screen:
    """What a terminal shows: lines of cells, a cursor, no scrolling limit."""

    def __init__(self, width):
        self.width = width
        self.lines = [[]]
        self.row = 0
        self.col = 0

    def _line(self):
        while len(self.lines) <= self.row:
            self.lines.append([])
        line = self.lines[self.row]
        while len(line) < self.col:
            line.append(" ")
        return line

    def _put(self, ch):
        if self.col >= self.width:
            self.row += 1
            self.col = 0
        line = self._line()
        if self.col < len(line):
            line[self.col] = ch
        else:
            line.append(ch)
        self.col += 1

    def _csi(self, params, final):
        if params.startswith("?") or final == "m":
            return
        numbers = [int(p) if p else 0 for p in params.split(";")] if params else []
        n = numbers[0] if numbers and numbers[0] > 0 else 1
        if final == "K":
            mode = numbers[0] if numbers else 0
            line = self._line()
            if mode == 0:
                del line[self.col:]
            elif mode == 1:
                for i in range(min(self.col + 1, len(line))):
                    line[i] = " "
            else:
                line.clear()
        elif final == "J":
            del self._line()[self.col:]
            del self.lines[self.row + 1:]
        elif final == "G":
            self.col = n - 1
        elif final == "C":
            self.col += n
        elif final == "D":
            self.col = max(0, self.col - n)
        elif final == "A":
            self.row = max(0, self.row - n)
        elif final == "B":
            self.row += n
        elif final == "P":
            del self._line()[self.col:self.col + n]
        elif final == "@":
            line = self._line()
            line[self.col:self.col] = [" "] * n
        else:
            raise ValueError("terminal model: unhandled sequence ESC[%s%s" % (params, final))

    def feed(self, text):
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "\x1b":
                if i + 1 < len(text) and text[i + 1] == "[":
                    j = i + 2
                    while j < len(text) and not ("@" <= text[j] <= "~"):
                        j += 1
                    self._csi(text[i + 2:j], text[j])
                    i = j + 1
                else:
                    i += 2  # ESC = / ESC > (keypad modes)
                continue
            if ch == "\r":
                self.col = 0
            elif ch == "\n":
                self.row += 1
                self._line()
            elif ch == "\b":
                self.col = max(0, self.col - 1)
            elif ch == "\t":
                self.col = (self.col // 8 + 1) * 8
            elif ch >= " ":
                self._put(ch)
            i += 1

    def text(self):
        lines = ["".join(line).rstrip() for line in self.lines]
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join(lines) + "\n"


class Repl:
    def __init__(self, quarry, repo, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(repo)
            os.execve(quarry, [quarry, "repl", "samples/classics.pgn"], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", HEIGHT, WIDTH, 0, 0))
        self.output = b""

    def _read(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return None
        if not data:
            return None
        self.output += data
        return True

    def current_line(self):
        screen = Screen(WIDTH)
        screen.feed(self.output.decode("utf-8", errors="replace"))
        return "".join(screen._line())

    def wait_for(self, pattern, since):
        """Reads until new output has come after `since`, the cursor's line on the screen matches
        `pattern` (a regex), and the output goes quiet."""
        deadline = time.time() + STEP_TIMEOUT
        while len(self.output) == since or not re.search(pattern, self.current_line()):
            if time.time() > deadline:
                raise TimeoutError("no %r on the line %r" % (pattern, self.current_line()))
            if self._read(0.1) is None:
                raise EOFError("the REPL ended early; last output %r" % self.output[-300:])
        while self._read(0.15):
            pass

    def send(self, keys, until=r"> $"):
        since = len(self.output)
        os.write(self.fd, keys.encode())
        if until is not None:
            self.wait_for(until, since)

    def finish(self):
        deadline = time.time() + STEP_TIMEOUT
        while time.time() < deadline:
            if self._read(0.1) is None:
                break
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return status


def first_session(repl):
    repl.wait_for(r"> $", 0)
    repl.send(":game 9\r")
    repl.send(":ply 10\r")
    repl.send(":next\r")
    repl.send("A atta\t", until=r"ck$")   # completes as far as attackedby/attacks agree
    repl.send("s k\r")
    repl.send("pin\r")
    repl.send("mate\r")
    repl.send("function Checkers(side) {\r", until=r"\.\.\.> $")
    repl.send("  side attacks k }\r")
    repl.send("Checkers(A)\r")
    repl.send("chek and mate\r")
    repl.send(":prev\r")
    repl.send("Bf4\r")
    repl.send("B attacks b8\r")
    repl.send(":type B attacks b8\r")
    repl.send("pie\t", until=r"ce$")               # completes to "piece" …
    repl.send("\t", until=r"> piece$")       # … and lists piece, pieceid
    repl.send("\x15", until=r"> $")              # Ctrl-U empties the line
    repl.send("x = 0 while (x < 1000000000) { x += 1 y = 0 while (y < 1000000) { y += 1 } }\r", until=r"^$")
    time.sleep(0.3)
    repl.send("\x03")                                # Ctrl-C stops the evaluation, not the session
    repl.send("check\r")
    repl.send(":quit\r", until=None)


def second_session(repl):
    repl.wait_for(r"> $", 0)
    repl.send("\x1b[A", until=r":quit$")           # Up: history from the first session
    repl.send("\x1b[A", until=r"check$")
    repl.send("\x1b[A", until=r"\}$")
    repl.send("\x1b[A", until=r":type B attacks b8$")
    repl.send("\x1b[A", until=r"> B attacks b8$")
    repl.send("\r")
    repl.send(":load samples/cla\t", until=r"classics\.pgn $")  # file names complete too
    repl.send("\r")
    repl.send("abc\x03")                            # Ctrl-C at the prompt drops the line
    repl.send("\x04", until=None)              # Ctrl-D on an empty line ends the session


def main():
    quarry, repo = os.path.abspath(sys.argv[1]), sys.argv[2]
    update = "--update" in sys.argv[3:]
    expected_path = os.path.join(repo, "tests", "repl", "session.expected")
    with tempfile.TemporaryDirectory() as data_home:
        env = {"PATH": "/usr/bin:/bin", "TERM": "xterm", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
               "HOME": data_home, "XDG_DATA_HOME": data_home}
        for sanitizer in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
            if sanitizer in os.environ:
                env[sanitizer] = os.environ[sanitizer]
        screens = []
        for session in (first_session, second_session):
            repl = Repl(quarry, repo, env)
            try:
                session(repl)
            except (TimeoutError, EOFError) as e:
                os.kill(repl.pid, signal.SIGKILL)
                print("FAIL: %s: %s" % (session.__name__, e))
                return 1
            status = repl.finish()
            if status != 0:
                print("FAIL: %s: exit status %d" % (session.__name__, status))
                return 1
            screen = Screen(WIDTH)
            screen.feed(repl.output.decode("utf-8"))
            screens.append((session.__name__, screen.text(), repl.output))
        if not os.path.exists(os.path.join(data_home, "quarry", "history")):
            print("FAIL: no history file in $XDG_DATA_HOME/quarry")
            return 1
    # The marked squares are highlighted in colour on a terminal that has it.
    if b"\x1b[30;43m[" not in screens[0][2]:
        print("FAIL: no coloured marked square in the first session")
        return 1
    # --ascii and NO_COLOR draw letters, even in a UTF-8 locale.
    import subprocess
    for extra_args, extra_env in ((["--ascii"], {}), ([], {"NO_COLOR": "1"})):
        run = subprocess.run([quarry, "repl"] + extra_args, input=":board\n", capture_output=True, text=True,
                             env=dict(env, **extra_env), cwd=repo, timeout=60)
        if "8  r  n  b  q  k  b  n  r  8\n" not in run.stdout:
            print("FAIL: no ASCII board with %s %s:\n%s" % (extra_args, extra_env, run.stdout))
            return 1
    text = "".join("==== %s\n%s" % (name, screen) for name, screen, _ in screens)
    if update:
        with open(expected_path, "w", encoding="utf-8") as f:
            f.write(text)
        print("wrote", expected_path)
        return 0
    with open(expected_path, encoding="utf-8") as f:
        expected = f.read()
    if text != expected:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                                   "session.expected", "screen"))
        print("FAIL: the screen differs from tests/repl/session.expected")
        return 1
    print("ok: both sessions look as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
