"""The "How to play" pages tell real games: the solo page, a whole win with every kind of action.

tests/test_docs.py runs the pages' hidden checks; these tests check what the pages
show against the game that the command on the page plays.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chaos_tower.app.cli import main

DOCS = Path(__file__).resolve().parents[1] / "docs"
_ACTION = re.compile(r"^ {0,3}(\d+)\. (\S.*)$", re.M)


def _shown_outputs(text: str) -> str:
    return "".join(re.findall(r"^```\{testoutput\}\n(.*?)^```$", text, re.M | re.S))


@pytest.fixture(scope="module")
def solo_page() -> str:
    return (DOCS / "howto" / "solo.md").read_text(encoding="utf-8")


def test_the_solo_page_follows_every_action_of_a_win(
    solo_page: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page lists every action of the game its command plays, from the first to the win."""
    command = re.search(r"^\$ chaos-tower play --agent heuristic --seed (\d+)", solo_page, re.M)
    assert command, "the page names the command that plays its game"
    assert main(["play", "--agent", "heuristic", "--seed", command[1]]) == 0
    log = capsys.readouterr().out
    played = [(int(n), text) for n, text in _ACTION.findall(log)]
    shown = [(int(n), text) for n, text in _ACTION.findall(_shown_outputs(solo_page))]
    assert shown == played
    assert [n for n, _ in shown] == list(range(1, len(shown) + 1))
    assert "result: won (rebright-fell, TOC-STEP-11E)" in log


def test_the_solo_page_shows_each_kind_of_action(solo_page: str) -> None:
    """A fight with a monster, an item taken, set and used, Rebright laid and fought, and
    floor changes, each with its events."""
    shown = _shown_outputs(solo_page)
    kinds = {text.split()[0] for _, text in _ACTION.findall(shown)}
    assert {"place", "step", "move", "flip", "fight", "take", "set", "use", "rebright"} <= kinds
    for event in (
        "fighting Fire Imp",  # a monster, not Rebright
        "Fire Imp is defeated",
        "Sack Of Fly gained",
        "Sack Of Fly set in",
        "Sack Of Fly used from",
        "Rebright placed",
        "floor 1 → 2",
        "Rebright falls: victory",
    ):
        assert event in shown, event


def _doc_texts() -> list[tuple[str, str]]:
    root = DOCS.parent
    pages = [p for p in DOCS.rglob("*.md") if "_build" not in p.parts]
    return [
        (p.relative_to(root).as_posix(), p.read_text(encoding="utf-8")) for p in [*pages, root / "README.md"]
    ]


def test_the_docs_name_only_agents_that_play_that_game() -> None:
    """Every ``--agent NAME`` and ``--seat P=NAME`` of a command in the docs or the README is an
    agent of that command's game (``simple`` is the VS modes' own)."""
    from chaos_tower.lab.agents import names_for

    checked = 0
    for page, text in _doc_texts():
        for line in re.findall(r"chaos-tower (?:play|lab run)\b[^\n`]*", text):
            game = "crest" if "--game crest" in line else "tower-vs" if "--mode vs" in line else "tower-solo"
            if "--game toy" in line:
                continue  # the toy game of the adding-a-game guide, added by the reader
            names = re.findall(r"--agent (\w+)", line) + re.findall(r"--seat \d+=(\w+)", line)
            for name in names:
                checked += 1
                assert name in (*names_for(game), "human"), f"{page}: {line}"
    assert checked >= 8


def test_the_docs_name_only_adapters_that_exist() -> None:
    """The adapters the docs name are the modules of ``chaos_tower.integrations``."""
    import chaos_tower.integrations as integrations

    modules = {
        p.stem.lower() for p in Path(integrations.__file__).parent.glob("*.py") if p.stem != "__init__"
    }
    named = set()
    for page, text in _doc_texts():
        for phrase in re.findall(r"adapters? for ([^.;:(\n]+)", text) + re.findall(
            r"(\w+) adapters?\b", text
        ):
            for word in set(re.findall(r"\b[A-Z][A-Za-z]+\b", phrase)) - {"The", "An", "A", "Each", "This"}:
                named.add(word)
                assert word.lower() in modules, f"{page}: no {word} adapter ({phrase!r})"
    assert {"OpenSpiel", "PettingZoo"} <= named


_MIXED = re.compile(r"[A-Za-z]+[\u3040-\u30ff\u4e00-\u9fff]+|[\u3040-\u30ff\u4e00-\u9fff]+[A-Za-z]+")


def test_terms_are_written_one_way_with_the_japanese_in_the_glossary() -> None:
    """A glossary term written with a hyphen (``normal-item``) is never spelled with a space
    in the hand-written pages, and the pages a reader learns from write no term half in
    Japanese (``roomカード``): the manual's word is the glossary's."""
    import yaml

    terms = yaml.safe_load((DOCS.parent / "tools" / "docs" / "glossary.yaml").read_text(encoding="utf-8"))
    hyphenated = [t["term"] for t in terms if "-" in t["term"] and " " not in t["term"]]
    assert {"normal-item", "rare-item", "tower-sheet", "room-element"} <= set(hyphenated)
    assert all(t.get("ja") for t in terms)
    hand_written = [
        (page, text)
        for page, text in _doc_texts()
        if not page.startswith(("docs/rules/", "docs/cards/", "docs/schema/"))
    ]
    for page, text in hand_written:
        for term in hyphenated:
            spaced = re.compile(rf"\b{term.replace('-', ' ')}s?\b", re.I)
            assert not spaced.search(text), f"{page}: {term} written with a space"
    for page, text in hand_written:
        if page.startswith("docs/howto/") or page in ("docs/index.md", "README.md"):
            mixed = set(_MIXED.findall(text)) - {"CHAOSの塔"}
            assert mixed == set(), f"{page}: {mixed}"
