"""Checking files as an editor or an outside tool does: modelines and check-jsonschema."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

MODELINE = re.compile(r"^# yaml-language-server: \$schema=(?P<path>\S+)$")


def modeline_schema(file: Path) -> Path:
    """The schema that ``file``'s first line names, resolved as an editor does: from the file's folder."""
    first = file.read_text(encoding="utf-8").splitlines()[0]
    match = MODELINE.match(first)
    assert match, f"{file}: the first line is not a yaml-language-server modeline: {first!r}"
    return (file.parent / match["path"]).resolve()


def check_jsonschema(schema: Path, files: list[Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    """check-jsonschema with ``schema`` on ``files``; run in ``cwd`` so no path resolves from the checkout."""
    command = [sys.executable, "-m", "check_jsonschema", "--no-cache", "--schemafile", str(schema)]
    return subprocess.run(
        [*command, *map(str, files)], capture_output=True, text=True, cwd=cwd, check=False, timeout=120
    )
