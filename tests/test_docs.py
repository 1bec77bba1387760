"""The documentation's examples run, and its API reference covers every public name.

Every page under ``docs/`` with a ``>>>`` example is run with :func:`doctest.testfile`
(the same flags as Sphinx's doctest builder, set in ``docs/conf.py``). The HTML build
is checked too when Sphinx, furo and myst-parser are installed (the ``docs`` extra),
with the ``dummy`` builder: it reads, autodocs and cross-links every page as the HTML
build does, so it meets the same warnings, without spending time writing pages.
"""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

import chaos_tower as ct

DOCS = Path(__file__).resolve().parents[1] / "docs"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _pages_with_examples() -> list[Path]:
    pages = [
        page
        for suffix in ("*.md", "*.rst")
        for page in DOCS.rglob(suffix)
        if "_build" not in page.relative_to(DOCS).parts
    ]
    return sorted(page for page in pages if ">>>" in page.read_text(encoding="utf-8"))


PAGES = _pages_with_examples()


def test_the_guides_and_the_api_reference_have_examples() -> None:
    names = {page.relative_to(DOCS).as_posix() for page in PAGES}
    expected = {
        "index.md",
        "api.md",
        "guides/embedding.md",
        "guides/custom-cards.md",
        "guides/ai.md",
        "guides/saving.md",
        "guides/vs.md",
        "api/vs.md",
    }
    assert expected <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_examples_of_the_page_run(page: Path) -> None:
    result = doctest.testfile(
        str(page), module_relative=False, optionflags=FLAGS, encoding="utf-8", verbose=False
    )
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {page.name}"


def test_every_public_name_is_in_the_api_reference() -> None:
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. auto(?:function|class|exception|data):: (\w+)", text, re.M))
    assert set(ct.__all__) - documented == set()


def test_the_toctree_holds_every_section() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for entry in ("api", "rules/index", "schema/index", "cards/index", "loading", "performance"):
        assert re.search(rf"^{re.escape(entry)}$", index, re.M), entry
    for guide in ("embedding", "custom-cards", "ai", "saving", "lab"):
        assert re.search(rf"^guides/{guide}$", index, re.M), guide


def test_the_sphinx_build_has_no_warning(tmp_path: Path) -> None:
    for module in ("sphinx", "furo", "myst_parser"):
        pytest.importorskip(module)
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "dummy", str(DOCS), str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
