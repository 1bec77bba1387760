"""The terminal screens read well (issue 28, items 2 to 4): each game's own examples in help,
"your turn" by seat, the VS adjust list grouped, card names and numbers, and ``info CARD``."""

from __future__ import annotations

import io
import itertools

import pytest
from chaos_tower.cli import _parser

import chaos_tower as ct
from chaos_tower.app.play import run
from chaos_tower.app.terminal import grammar_text, listing

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")
GAMES = {
    "solo": ["--seed", "2"],
    "vs": ["--mode", "vs", "--players", "2", "--seed", "4"],
    "crest": ["--game", "crest", "--players", "2", "--seed", "2"],
}
STARTS = {
    "solo": ct.new_game(TOWER, seed=2),
    "vs": ct.new_game(TOWER, mode="vs", players=2, seed=4),
    "crest": ct.new_game(CREST, players=2, seed=2),
}


def _play(argv: list[str], lines: str) -> str:
    out = io.StringIO()
    assert run(_parser().parse_args(["play", *argv]), io.StringIO(lines), out) == 0
    return out.getvalue()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_help_shows_the_games_own_examples(game: str) -> None:
    """Issue 28 item 4: `help`'s commands show an example of this game's own grammar (VS and Crest
    showed the solo game's PLACE 2,2 R90 and `list place`)."""
    state = STARTS[game]
    commands = grammar_text(ct.action_grammar(state))
    commands = commands[commands.index("commands:") :]
    examples = [example for _, example, _ in ct.action_grammar(state)]
    typed = next(line for line in commands if "NUMBER or action text" in line)
    example = next(e for e in examples if f"{e.upper()} is {e})" in typed)
    assert ct.action_text(state, ct.parse_action(state, example)) == example
    kinds = {e.split()[0] for e in examples}
    listed = next(line for line in commands if "list [KIND]" in line)
    assert listed.endswith(tuple(f"(list {k})" for k in kinds)), listed
    if game != "solo":
        assert "PLACE 2,2" not in "\n".join(commands)


def test_your_turn_is_said_by_seat_name() -> None:
    """Issue 28 item 4: the person whose turn it is is told so; by seat name when several share the
    keyboard (VS: "player 1, your turn", Crest: "seat 1, your turn"); alone against an agent, "your turn"."""
    vs = _play(GAMES["vs"], "\ndraw\n\nadjust -1 0\n\nq\n").splitlines()
    assert "player 0, your turn" in vs and "player 1, your turn" in vs
    crest = _play(GAMES["crest"], "\ndone\n\nq\n").splitlines()
    assert "seat 0, your turn" in crest and "seat 1, your turn" in crest
    alone = _play([*GAMES["crest"], "--seat", "1=random"], "q\n").splitlines()
    assert "your turn" in alone and "seat 0, your turn" not in alone
    assert "your turn" not in _play(GAMES["solo"], "q\n")  # one seat: every turn is yours


def test_TOC_VS2_027_the_adjust_list_is_one_line_per_counter() -> None:
    """TOC-VS2-027, issue 28 item 3: after a draw the adjustments (every combination of a change per
    counter) are shown as one line per counter with its choices, not one line per combination; the
    combinations shown are exactly the legal actions."""
    state = STARTS["vs"]
    state = ct.apply(state, ct.parse_action(state, "draw"))
    texts = [ct.action_text(state, a) for a in ct.legal_actions(state)]
    assert len(texts) > 6
    lines = listing(texts, 40)
    assert len(lines) == 3 and lines[0].startswith(f"  adjust ×{len(texts)}: adjust then a number")
    choices = [line.split(":", 1)[1].split() for line in lines[1:]]
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["#0", "#1"]
    shown = {"adjust " + " ".join(pair) for pair in itertools.product(*choices)}
    assert shown == set(texts)
    # The numbered list is still there for `list adjust`.
    assert len(listing(texts, 40, kind="adjust")) >= 1


def test_TOC_VS2_028_a_gift_shows_the_items_vs_values() -> None:
    """TOC-VS2-028, issue 28 item 3: the item one adjusts for is shown with its VS values, as a drawn
    card is, so the adjustments offered make sense; one's own items show theirs."""
    state = STARTS["vs"]
    give = next(a for a in ct.legal_actions(state) if ct.action_text(state, a).startswith("give"))
    state = ct.apply(state, give)
    view = ct.seat_view(state, 1)
    applying = next(line for line in view.splitlines() if "adjusts for" in line)
    assert "(" in applying and any(f"{letter}+" in applying or f"{letter}-" in applying for letter in "GWVSD")
    own = next(line for line in view.splitlines() if "your items:" in line)
    assert own.count("(") == len(ct.observation(state, 1).hand)
