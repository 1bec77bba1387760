"""The terminal screens read well (issue 28, items 2 to 4): each game's own examples in help,
"your turn" by seat, the VS adjust list grouped, card names and numbers, and ``info CARD``."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.app.cli import _parser
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
    assert listing(texts, 2) == lines  # however little room, the grouped lines and nothing else
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


def _crest_midgame() -> object:
    from chaos_tower.agents import RandomAgent, decide

    state = ct.new_game(CREST, players=3, seed=2)
    agent = RandomAgent(1)
    for _ in range(40):
        state = ct.apply(state, decide(agent, state))
    return state


def test_CRD_START_A_the_crest_view_names_cards_with_their_numbers_and_the_marks_kinds() -> None:
    """CRD-START-A, CRD-WIELD-D, issue 28 item 2: a wielder's view shows each card of the hand and on
    the table by its name with its key numbers, each monster's HP of its most with DX, MDX and RG,
    each mark with its kind, and explains the abbreviations once; it shows no more than the seat may
    know (the same view in every world ct.determinize draws from it)."""
    state: Any = _crest_midgame()
    view = ct.seat_view(state, 1)
    game = state.game
    for instance in state.hands[1]:
        card = game.card(instance)
        assert f"    {card.id}: {card.name} (" in view
    for seat in range(3):
        monster = game.monster(state.monsters[seat])
        assert f"{monster.name} HP {state.hp[seat]}/{monster.hp} DX {monster.dx} MDX {monster.mdx}" in view
        for mark, kind in enumerate(monster.marks):
            assert f"m{mark} {kind}: " in view
    placed = [game.card(i) for seat in range(3) for stack in state.marks[seat] for i in stack]
    assert placed and all(f"{card.name} ({card.mark}: " in view for card in placed)
    assert view.count("MDX magic dexterity") == 1
    for k in range(4):
        assert ct.seat_view(ct.determinize(state, 1, k), 1) == view


@pytest.mark.parametrize(
    ("game", "query", "shown"),
    [
        ("solo", "SACK OF FLY", ["Sack Of Fly (normal.sack-of-fly), a NormalItem", "TOC-NORMAL-09D"]),
        ("vs", "root cellar", ["Root Cellar (room.root-cellar), a RoomCard", "vs: "]),
        ("crest", "ring-of-might", ["Ring of Might (ring-of-might), a RingCard", "rules: CRD-WIELD-E"]),
        ("crest", "rending", ["Crest of Rending (rending-crest)", "effects: damage(by dx, plus 2)"]),
        ("crest", "crest", ["could be: fang-crest, "]),
        ("crest", "no such card", ["no card 'no such card' in this card set"]),
    ],
)
def test_info_card_in_every_game(game: str, query: str, shown: list[str]) -> None:
    """Issue 28 item 2: `info CARD` at the prompt of any game prints the card's full record (text,
    effects) and its rule IDs, found by id or name in any case or by a part naming one card; a part
    naming several lists them. Nothing changes in the game."""
    first = "" if game == "solo" else "\n"
    text = _play(GAMES[game], f"{first}info {query}\nq\n")
    for line in shown:
        assert line in text, text
    assert "not possible" not in text


@pytest.mark.parametrize("game", ["vs", "crest"])
def test_the_abbreviations_on_screen_are_explained_once(game: str) -> None:
    """Issue 28 item 4: the letters and short words a view uses (VS: G W V S D and #K; Crest: HP, DX,
    MDX, RG, dmg) are explained once on it."""
    view = ct.seat_view(STARTS[game], 0)
    words = {"vs": ["G W V S D: the elements", "#K: counter K"], "crest": ["MDX magic dexterity", "RG regen"]}
    for word in words[game]:
        assert view.count(word) == 1, view
