#!/usr/bin/env python3
"""Replays the REPL session shown in README.md and checks that the REPL prints what it shows.

usage: readme_transcript.py QUARRY REPO_DIR

The transcript's prompt lines give the inputs; every other line is expected output, except the
greeting, which only a terminal gets. The inputs are piped in (no prompts are printed then).
"""
import os
import re
import subprocess
import sys

PROMPT = re.compile(r"^(?:game \d+|fen), move \d+, (?:white|black)(?: \((?:variation|imaginary)\))?> (.*)$")
GREETING = "quarry repl: :help lists the commands, :quit leaves"


def transcript(readme):
    lines = readme.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("$ quarry repl "))
    end = lines.index("```", start)
    return lines[start][2:].split()[2:], lines[start + 1:end]


def main():
    quarry, repo = os.path.abspath(sys.argv[1]), sys.argv[2]
    with open(os.path.join(repo, "README.md"), encoding="utf-8") as f:
        arguments, lines = transcript(f.read())
    inputs, expected = [], []
    for line in lines:
        m = PROMPT.match(line)
        if m:
            inputs.append(m.group(1))
        elif line != GREETING:
            expected.append(line)
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    run = subprocess.run([quarry, "repl"] + arguments, input="\n".join(inputs) + "\n", capture_output=True,
                         text=True, encoding="utf-8", cwd=repo, env=env, timeout=60)
    actual = run.stdout.splitlines()
    if run.returncode != 0 or actual != expected:
        import difflib
        print("\n".join(difflib.unified_diff(expected, actual, "README.md", "quarry repl", lineterm="")))
        print("FAIL: exit status %d; the README's REPL transcript differs" % run.returncode)
        return 1
    print("ok: the README's REPL transcript (%d inputs) matches" % len(inputs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
