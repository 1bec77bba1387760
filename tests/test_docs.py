"""The documentation's examples run, and its API reference covers every public name.

Every page under ``docs/`` with a ``>>>`` example is run with :func:`doctest.testfile`
(the same flags as Sphinx's doctest builder, set in ``docs/conf.py``). The "How to play"
pages hide their checking: a hidden ``testsetup`` and ``:hide:`` ``testcode`` blocks play
the game, and the reader sees only the ``testoutput`` blocks (the actions and their
events) and the pictures; ``_run_testcode`` runs those blocks as Sphinx's doctest
builder does. The HTML build
is checked too when Sphinx, furo and myst-parser are installed (the ``docs`` extra),
with the ``dummy`` builder: it reads, autodocs and cross-links every page as the HTML
build does, so it meets the same warnings, without spending time writing pages.
"""

from __future__ import annotations

import contextlib
import doctest
import html
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import chaos_tower as ct
from chromium import open_chromium

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
HOWTO = ("solo", "vs", "crest")

_BLOCK = re.compile(r"^```\{(testsetup|testcode|testoutput)\}\n(.*?)^```$", re.M | re.S)


def _testcode_blocks(text: str) -> list[tuple[str, set[str], str]]:
    """(directive, options, body) of each ``testsetup``/``testcode``/``testoutput`` block, in order."""
    blocks = []
    for match in _BLOCK.finditer(text):
        lines = match[2].splitlines(keepends=True)
        options = set()
        while lines and lines[0].startswith(":"):
            options.add(lines.pop(0).strip().strip(":"))
        blocks.append((match[1], options, "".join(lines).strip("\n") + "\n"))
    return blocks


def _run_testcode(text: str) -> tuple[int, list[str]]:
    """Run a page's ``testsetup``/``testcode`` blocks in one namespace, each ``testoutput``
    compared (with the pages' doctest flags) with what the ``testcode`` before it printed.
    Returns (blocks run, failures)."""
    namespace: dict[str, object] = {"__name__": "__page__"}
    checker = doctest.OutputChecker()
    printed: str | None = None
    run, failures = 0, []
    for directive, _options, body in _testcode_blocks(text):
        if directive == "testoutput":
            if printed is None:
                failures.append(f"a testoutput with no testcode before it:\n{body}")
            elif not checker.check_output(body, printed, FLAGS):
                failures.append(checker.output_difference(doctest.Example("", body), printed, FLAGS))
            printed = None
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(body, f"<{directive}>", "exec"), namespace)
        printed = out.getvalue() if directive == "testcode" else None
        run += 1
    return run, failures


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
        "api/tasks.md",
        "api/lab.md",
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


def test_every_public_name_has_an_example_on_the_task_page() -> None:
    """docs/api/tasks.md (the API by what a user does) uses every name of ``ct.__all__`` in an example."""
    text = (DOCS / "api" / "tasks.md").read_text(encoding="utf-8")
    examples = "\n".join(line for line in text.splitlines() if line.startswith((">>> ", "... ")))
    used = set(re.findall(r"\bct\.(\w+)", examples))
    assert set(ct.__all__) - used == set()


def test_the_toctree_holds_every_section() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for entry in ("api", "rules/index", "schema/index", "cards/index", "loading", "performance"):
        assert re.search(rf"^{re.escape(entry)}$", index, re.M), entry
    for guide in ("embedding", "custom-cards", "ai", "saving", "lab"):
        assert re.search(rf"^guides/{guide}$", index, re.M), guide
    for game in ("solo", "vs", "crest"):
        assert re.search(rf"^howto/{game}$", index, re.M), game
    assert re.search(r"^rules/glossary$", index, re.M)


@pytest.mark.parametrize("game", HOWTO)
def test_how_to_play_runs_its_hidden_checks(game: str) -> None:
    """The page's hidden blocks play its game; every output shown is what they printed."""
    run, failures = _run_testcode((DOCS / "howto" / f"{game}.md").read_text(encoding="utf-8"))
    assert run >= 3
    assert failures == [], "\n".join(failures)


def test_a_wrong_shown_output_fails_the_check() -> None:
    """The check could fail: a page whose shown output differs from what its code prints."""
    page = "```{testcode}\n:hide:\n\nprint('move s')\n```\n\n```{testoutput}\nmove n\n```\n"
    assert _run_testcode(page)[1] != []
    assert _run_testcode(page.replace("move n", "move s")) == (1, [])


@pytest.mark.parametrize("game", HOWTO)
def test_how_to_play_shows_no_checking(game: str) -> None:
    """A "How to play" page reads like a rule book: no ``>>>``, its code blocks hidden."""
    text = (DOCS / "howto" / f"{game}.md").read_text(encoding="utf-8")
    assert ">>>" not in text and "{doctest}" not in text
    blocks = _testcode_blocks(text)
    assert blocks and all("hide" in options for kind, options, _ in blocks if kind == "testcode")
    assert all("hide" not in options for kind, options, _ in blocks if kind == "testoutput")


@pytest.mark.parametrize("game", HOWTO)
def test_how_to_play_shows_pictures_its_hidden_code_checks(game: str) -> None:
    """Each picture of a "How to play" page is one its hidden code checks against the game it plays."""
    text = (DOCS / "howto" / f"{game}.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\]\(img/([\w-]+\.svg)\)", text))
    code = "".join(body for kind, _, body in _testcode_blocks(text) if kind == "testcode")
    checked = set(re.findall(r'drawn\(state, "([\w-]+\.svg)"', code))
    assert len(shown) >= 3
    assert shown == checked
    assert all((DOCS / "howto" / "img" / name).is_file() for name in shown)
    assert len(re.findall(r"\{ref\}`[A-Z]{3}-", text)) >= 8  # the steps link to their rules


def _sphinx(source: Path, out: Path, builder: str = "html") -> subprocess.CompletedProcess[str]:
    for module in ("sphinx", "furo", "myst_parser"):
        pytest.importorskip(module)
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", builder, str(source), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML site, built once with warnings as errors (a missing link target is one)."""
    out = tmp_path_factory.mktemp("html")
    run = _sphinx(DOCS, out)
    assert run.returncode == 0, run.stderr
    return out


def test_the_sphinx_build_has_no_warning(site: Path) -> None:
    assert (site / "index.html").is_file()
    assert (site / "rules" / "prog1.html").is_file()


# Markup that a page shows instead of rendering: a backquote outside code, a role or
# directive name, a Markdown link to a .md file.
_LEFTOVER = re.compile(
    r"`|\{(?:term|ref|doc|source|py:\w+|eval-rst|doctest|toctree)\}"
    r"|:(?:func|class|meth|mod|attr|exc|data|obj|ref|doc|term):`?"
    r"|\]\((?!https?:)[^)]*\.md\)"
)


def _shown_text(page: str) -> str:
    """The text of a page's article as a reader sees it, code and highlighted blocks left out."""
    start, end = page.find("<article"), page.rfind("</article>")
    body = page[start:end] if start >= 0 else page
    body = re.sub(r"<(script|style|pre)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r"<code\b.*?</code>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def _pages(site: Path) -> list[Path]:
    skip = {"_modules", "_tests", "_static", "_sources", "_images"}
    return sorted(p for p in site.rglob("*.html") if not skip & set(p.relative_to(site).parts))


def test_no_page_shows_leftover_markup(site: Path) -> None:
    """No stray backquotes (`TOC-PROG1..``4``), literal roles ({term}, :func:) or unrendered links."""
    found = []
    for page in _pages(site):
        text = _shown_text(page.read_text(encoding="utf-8"))
        for match in _LEFTOVER.finditer(text):
            around = " ".join(text[max(0, match.start() - 30) : match.end() + 30].split())
            found.append(f"{page.relative_to(site)}: {around}")
    assert found == [], "\n".join(found[:20])


def test_the_rule_pages_references_are_links(site: Path) -> None:
    """Every "Implemented in" and "Tested by" reference of the rule pages is a working link."""
    total = 0
    for page in sorted((site / "rules").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        for match in re.finditer(r'(<a [^>]*href="([^"]+)"[^>]*>)?<code class="xref chaos-source', text):
            total += 1
            assert match[1], f"{page.name}: a code or test reference that is no link"
            target, _, anchor = match[2].partition("#")
            linked = (page.parent / target).resolve()
            assert linked.is_file(), f"{page.name}: {match[2]} does not exist"
            # A module-level citation links to the top of its module's page; any other, to its anchor.
            assert not anchor or f'id="{anchor}"' in linked.read_text(encoding="utf-8"), (
                f"{page.name}: no anchor {match[2]}"
            )
    assert total > 1000


def test_a_missing_code_reference_fails_the_build(tmp_path: Path) -> None:
    """The ``source`` role (docs/_ext/chaos_links.py) warns on a target that does not exist, so -W fails."""
    (tmp_path / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(DOCS / '_ext')!r})\n"
        "extensions = ['myst_parser', 'chaos_links']\n",
        encoding="utf-8",
    )
    good = (
        "{source}`chaos_tower.tower.solo.progress.apply_flip` "
        "{source}`t <tests/test_docs.py::test_the_toctree_holds_every_section>`"
    )
    (tmp_path / "index.md").write_text(f"# Links\n\n{good}\n", encoding="utf-8")
    assert _sphinx(tmp_path, tmp_path / "ok").returncode == 0
    for bad in ("chaos_tower.tower.solo.progress.no_such_function", "tests/test_docs.py::test_no_such_test"):
        (tmp_path / "index.md").write_text(f"# Links\n\n{good} {{source}}`{bad}`\n", encoding="utf-8")
        run = _sphinx(tmp_path, tmp_path / "bad", "dummy")
        assert run.returncode != 0
        assert f"source reference target not found: {bad}" in run.stderr


def test_the_source_view_has_no_dead_back_links(site: Path) -> None:
    """Every link of the highlighted source pages (viewcode's "[docs]" beside each definition,
    back to the page that documents or cites it) leads to an anchor that exists."""
    anchors: dict[Path, set[str]] = {}
    dead, total = [], 0
    for source in sorted((site / "_modules").rglob("*.html")):
        for target, anchor in re.findall(r'href="([^"#:]*)#([^"]+)"', source.read_text(encoding="utf-8")):
            page = (source.parent / target).resolve() if target else source
            if page not in anchors:
                text = page.read_text(encoding="utf-8") if page.is_file() else ""
                anchors[page] = set(re.findall(r'\bid="([^"]+)"', text))
            total += 1
            if anchor not in anchors[page]:
                dead.append(f"{source.relative_to(site)} -> {target}#{anchor}")
    assert total > 100
    assert dead == [], "\n".join(dead[:20])


_OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const off = [];
  for (const e of document.querySelectorAll("article *")) {
    const box = e.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 1) continue;
    let up = e.parentElement, inside = false;
    while (up && up !== document.body) {
      const style = getComputedStyle(up);
      if (style.position === "fixed" || ["auto", "scroll"].includes(style.overflowX)) {
        inside = true;
        break;
      }
      up = up.parentElement;
    }
    const text = (e.textContent || "").trim().slice(0, 50);
    if (!inside) off.push(`${e.tagName.toLowerCase()}.${e.className}: ${text}`);
  }
  return [document.documentElement.scrollWidth - width, off.slice(0, 3)];
}"""


def test_no_page_runs_off_the_screen_in_chromium(site: Path) -> None:
    """Every page at desktop width and at 390 px (a phone): the page never scrolls sideways and
    nothing sticks out of it, except inside a block that scrolls (a code block, a wide table)."""
    pages = [p for p in _pages(site) if "_downloads" not in p.relative_to(site).parts]
    assert len(pages) > 50
    wide = []
    with open_chromium() as browser:
        for width in (1280, 390):
            tab = browser.new_page(viewport={"width": width, "height": 900})
            for page in pages:
                tab.goto(page.as_uri())
                extra, off = tab.evaluate(_OVERFLOW)
                if extra > 0 or off:
                    wide.append(f"{width}px {page.relative_to(site)}: {extra}px too wide {off}")
            tab.close()
    assert wide == [], "\n".join(wide[:20])
