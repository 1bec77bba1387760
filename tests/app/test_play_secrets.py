"""``chaos-tower play`` keeps the seats' secrets: a fresh seed by default, no referee save at a seat's
prompt, and a game-over screen that shows only what the rules reveal (issue 22, items 24 to 26).

The real-terminal run of the game-over screen is tests/app/test_game_over_tmux.py.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.app import replay
from chaos_tower.app.cli import _parser
from chaos_tower.app.play import run

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")


def _play(argv: list[str], lines: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = run(_parser().parse_args(["play", *argv]), io.StringIO(lines), out)
    return code, out.getvalue()


@pytest.mark.parametrize(
    "argv",
    [
        ["--mode", "vs", "--agent", "random"],
        ["--game", "crest", "--agent", "random"],
        ["--mode", "vs", "--players", "3"],  # people: the first seat quits at once
    ],
    ids=["vs-agents", "crest-agents", "vs-people"],
)
def test_play_without_seed_draws_a_fresh_seed_and_records_it(argv: list[str], tmp_path: Path) -> None:
    """Issue 22 item 25: `play` without --seed draws a seed, as ct.new_game(seed=None) does, and the
    --record replay holds it, so it replays; it used to be 0 every time (the same secrets each game)."""
    seeds = []
    for name in ("a.json", "b.json", "c.json"):
        code, text = _play([*argv, "--quiet", "--max-actions", "6", "--record", str(tmp_path / name)], "q\n")
        assert code == 0 and "recorded a replay" in text, text
        game = replay.load(tmp_path / name)
        replay.verify(game, CREST if "crest" in argv else TOWER)
        seeds.append(game.seed)
    assert len(set(seeds)) == 3, seeds


def _secret_modes() -> list[str]:
    return [m.rules.name for g in registry.games() for m in g.modes if m.secrets_between_seats]


def test_the_registry_says_which_modes_keep_secrets_between_seats() -> None:
    """Issue 22 item 24: the modes whose seats hold secrets from each other are a fact of the registry
    (VS: TOC-VS2-020 attributes, TOC-VS2-023 items; Crest: CRD-START-C hands), not a list in the loop."""
    assert sorted(_secret_modes()) == ["crest", "tower-vs"]


@pytest.mark.parametrize(
    ("argv", "first"),
    [
        (["--mode", "vs", "--players", "2", "--seed", "4"], "\ndraw\n\n"),
        (["--mode", "vs", "--players", "2", "--seed", "4", "--seat", "1=random"], "draw\n"),
        (["--game", "crest", "--players", "2", "--seed", "2"], "\ndone\n\n"),
    ],
    ids=["vs-hot-seat", "vs-against-an-agent", "crest-hot-seat"],
)
def test_save_at_a_seat_prompt_is_refused_where_seats_keep_secrets(
    argv: list[str], first: str, tmp_path: Path
) -> None:
    """Issue 22 item 24 (TOC-VS2-020, CRD-START-C): `save FILE` typed at a seat's prompt in VS or Crest
    writes nothing (a replay holds the seed, which deals every seat's secrets; a save the whole table)
    and points to --record; the same game with --record is written on quitting and resumes there."""
    save = tmp_path / "game.json"
    code, text = _play(argv, f"{first}save {save}\nq\n")
    assert code == 0 and "not saved: in this game every save holds all the seats' secrets" in text
    assert "--record FILE" in text and not save.exists()
    record = tmp_path / "record.json"
    code, text = _play([*argv, "--record", str(record)], f"{first}q\n")
    assert code == 0 and "recorded a replay of 1 actions" in text
    code, text = _play(["--resume", str(record)], "\nq\n")
    assert code == 0 and "bye" in text


def test_a_resumed_plain_save_is_not_written_again_at_a_seat_prompt(tmp_path: Path) -> None:
    """Issue 22 item 24: a VS game resumed from the referee's save used to write that whole save
    (every attribute and item) at `save FILE`; now refused too. The solo game still saves."""
    state = ct.new_game(TOWER, mode="vs", players=2, seed=1)
    full = tmp_path / "full.json"
    full.write_text(ct.dumps(state), encoding="utf-8")
    out = tmp_path / "out.json"
    code, text = _play(["--resume", str(full)], f"\nsave {out}\nq\n")
    assert code == 0 and "not saved" in text and not out.exists()
    code, text = _play(["--seed", "2"], f"place 2,2 r90\nsave {out}\nq\n")
    assert code == 0 and f"saved a replay of 1 actions to {out}" in text and out.exists()


def test_TOC_VS2_020_one_person_against_an_agent_ends_on_their_own_view() -> None:
    """TOC-VS2-020, TOC-VS2-031, issue 22 item 26: a person against an agent loses (both counters to 0);
    the last screen is the public log, their own view and the result: not the agent's attributes or
    items, nor the leftover (the referee's table used to be printed)."""
    state = ct.new_game(TOWER, mode="vs", players=2, seed=4)
    argv = ["--mode", "vs", "--players", "2", "--seed", "4", "--seat", "1=random"]
    code, text = _play(argv, "draw\nadjust -4 -4\nyes\n")
    assert code == 0 and "result: player 0: lost, player 1: won" in text
    end = text[text.rindex("adjust -4 -4") :]
    assert "You are player 0" in end and "hidden attributes" not in end and "unused items" not in end
    theirs = [state.table.item_names[i] for i in state.hands[1]]
    assert theirs and not any(item in end for item in theirs), end


def test_the_rule_pages_say_what_the_game_over_screen_may_show() -> None:
    """Issue 22 item 26: the decision is written where the rules are read (the readings of TOC-VS2-020,
    TOC-VS3-043 and CRD-START-C, published on the rule pages)."""
    from chaos_tower.rulebook import rule

    for rule_id in ("TOC-VS2-020", "TOC-VS3-043", "CRD-START-C"):
        assert "game-over screen" in (rule(rule_id).reading or ""), rule_id
