"""What a package needs besides its code: a version, a licence, metadata and notes (issue 17)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.app.cli import main
from chaos_tower.cardsets.schema import bundle

REPO = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_version_is_printed_and_matches_the_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"chaos-tower {PROJECT['version']}"
    assert ct.__version__ == PROJECT["version"]


def test_the_licence_file_is_mit_and_ships_in_sdist_and_wheel() -> None:
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "THE SOFTWARE IS PROVIDED \"AS IS\"" in text
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]  # the wheel's dist-info/licenses/
    build = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]
    assert {"LICENSE", "CHANGELOG.md", "CONTRIBUTING.md"} <= set(build["targets"]["sdist"]["include"])


def test_classifiers_name_status_and_the_tested_python_only() -> None:
    classifiers = PROJECT["classifiers"]
    assert any(c.startswith("Development Status :: ") for c in classifiers)
    # PEP 639: the SPDX `license` replaces the licence classifiers, which must not be given beside it.
    assert not any(c.startswith("License :: ") for c in classifiers)
    minor = re.compile(r"Programming Language :: Python :: (3\.\d+)")
    versions = {m[1] for m in map(minor.fullmatch, classifiers) if m}
    assert versions == {"3.11"}  # the Python that CI (.ci/run) runs on
    assert PROJECT["requires-python"] == ">=3.11"
    assert "urls" not in PROJECT  # the project has no public address to name yet


def test_the_changelog_keeps_a_changelog() -> None:
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "[Keep a Changelog](https://keepachangelog.com/" in text
    releases = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, flags=re.M)
    assert releases[0] == ("Unreleased", "")
    assert (PROJECT["version"], "2026-11-29") in releases
    kinds = set(re.findall(r"^### (.+)$", text, flags=re.M))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_contributing_gives_the_two_commands_and_how_to_add_a_rule_test() -> None:
    text = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert 'pip install -e ".[test]"' in text
    assert "ruff check src tests tools bench && mypy --strict src && python -m pytest -q" in text
    assert "## Adding a rule and its test" in text and "def test_TOC_NORMAL_09D_" in text


def test_schema_bundle_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "tower-cardset-part", "--bundle"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == bundle("tower-cardset-part")
    assert set(printed["$defs"]) == {"tower-cardset", "tower-vocabulary"}
