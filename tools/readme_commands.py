"""Print the README's set-up commands, one a line: what ``.ci/run`` runs verbatim.

They are the lines of the README's first ``sh`` code block that are neither blank
nor comments, in order. ``.ci/run`` reads them from here so that CI runs what a
new user reads, never a copy that could drift from it.

    python3 tools/readme_commands.py README.md
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

BLOCK = re.compile(r"^```sh\n(.*?)^```", re.M | re.S)


def commands(text: str) -> list[str]:
    """The non-comment lines of the first ``sh`` block of a Markdown text."""
    block = BLOCK.search(text)
    if block is None:
        return []
    lines = (line.strip() for line in block.group(1).splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: readme_commands.py README.md", file=sys.stderr)
        return 2
    for line in commands(Path(argv[0]).read_text(encoding="utf-8")):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
