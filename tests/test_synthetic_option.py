"""An option added to a mode is its spec, its rule code and its test (issue 23, item 1).

The toy game (tests/toygame) is registered here with one more option, ``hand_limit`` (TOY-TURN-03
read as "one draws only holding fewer than ``hand_limit`` cards", 3 to 5, default 5), whose spec
and rule code are in this file only. Nothing of chaos_tower and nothing of the toy's engine names
it, yet the command line (``play``, ``render``, ``lab run``, the server's tables), saves, one-line
positions, replays, player views, the adapters, the rule pages and the typed front door all carry
it: each reads the mode's option specs or the state's one options record.
"""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.app import replay
from chaos_tower.app.cli import _parser, main
from chaos_tower.app.commands import _render_options
from chaos_tower.app.table import open_table
from chaos_tower.integrations import mode as adapter_mode
from chaos_tower.kernel.errors import IllegalActionError
from chaos_tower.kernel.options import OptionSpec
from chaos_tower.lab.cli import _option_flags
from toolmodule import TOOLS, load_tool
from toygame import game as toy
from toygame.spec import SPEC

HAND_LIMIT = OptionSpec(
    name="hand_limit",
    types=(int,),
    default=5,
    low=3,
    high=5,
    rule="TOY-TURN-03",
    doc="one draws only holding fewer than this many cards",
)


# The option's rule code: TOY-TURN-03 with the limit read from the state's options record.
def _over_limit(state: Any, action: object) -> bool:
    limit = ct.options(state)["hand_limit"]
    return isinstance(action, toy.ToyDraw) and len(state.hands[state.turn]) >= limit


def _check_action(state: Any, action: object) -> None:
    toy.check_action(state, action)
    if _over_limit(state, action):
        raise IllegalActionError("TOY-TURN-03", "one draws only holding fewer than hand_limit cards")


def _can_apply(state: Any, action: object) -> bool:
    return toy.can_apply(state, action) and not _over_limit(state, action)


def _legal_actions(state: Any) -> tuple[Any, ...]:
    return tuple(a for a in toy.legal_actions(state) if not _over_limit(state, a))


def _apply(state: Any, action: object) -> Any:
    _check_action(state, action)  # first: a refused action changes nothing
    return toy.apply(state, action)


@pytest.fixture
def limited() -> Iterator[registry.ModeSpec]:
    """The toy registered with ``hand_limit`` on its mode (its spec and rule code, nothing else)."""
    base = SPEC.modes[0]
    rules = attrs.evolve(
        base.rules,
        legal_actions=_legal_actions,
        check_action=_check_action,
        can_apply=_can_apply,
        apply=_apply,
    )
    mode = attrs.evolve(base, options=(*base.options, HAND_LIMIT), rules=rules)
    registry.register_game(attrs.evolve(SPEC, modes=(mode,)))
    try:
        yield mode
    finally:
        registry.unregister_game("toy")


def _cards() -> Any:
    return ct.load_cardset(game="toy")


def _played(state: Any, actions: int) -> Any:
    for _ in range(actions):
        legal = ct.legal_actions(state)
        if not legal:
            break
        state = ct.apply(state, legal[-1])
    return state


def test_TOY_TURN_03_the_rule_code_reads_the_option(limited: registry.ModeSpec) -> None:
    """TOY-TURN-03 with ``hand_limit=3``: a seat holding 3 cards may not draw; with the default it may."""
    state = ct.new_game(_cards(), seed=1, hand_limit=3)
    assert len(state.hands[state.turn]) == 3
    assert toy.ToyDraw() not in ct.legal_actions(state)
    before = ct.dumps(state)
    with pytest.raises(IllegalActionError, match="TOY-TURN-03"):
        ct.apply(state, toy.ToyDraw())
    assert ct.dumps(state) == before
    assert toy.ToyDraw() in ct.legal_actions(ct.new_game(_cards(), seed=1))
    with pytest.raises(ct.OptionError, match="hand_limit must be 3 to 5, not 9"):
        ct.new_game(_cards(), seed=1, hand_limit=9)


def test_the_option_is_a_flag_of_play_render_lab_run_and_a_table_option(
    limited: registry.ModeSpec, tmp_path: Path
) -> None:
    """The flag ``--hand-limit`` is made from the spec for ``play``, ``render`` and ``lab run``;
    the server lists the option and starts a table with it (its lobby's options are the specs)."""
    args, unknown = _parser().parse_known_args(
        ["play", "--game", "toy", "--agent", "random", "--hand-limit", "4"]
    )
    args.option_flags = unknown
    assert ct.options(open_table(args).state)["hand_limit"] == 4
    assert main(["play", "--game", "toy", "--agent", "random", "--quiet", "--hand-limit", "7"]) == 2

    args, unknown = _parser().parse_known_args(
        ["render", "--out", str(tmp_path / "t.svg"), "--hand-limit", "4"]
    )
    args.option_flags = unknown
    assert _render_options(args, _cards()) == {"hand_limit": 4}

    args, unknown = _parser().parse_known_args(
        ["lab", "run", "--out", str(tmp_path / "r"), "--hand-limit", "3"]
    )
    args.option_flags = unknown
    assert _option_flags(args, "toy", "duel") == (("hand_limit", 3),)

    from chaos_tower.server.app import _games
    from chaos_tower.server.config import CardSets
    from chaos_tower.server.tablespec import new_table

    served = CardSets(by_key={"toy": _cards()}, games={"toy": "toy"})
    listed = _games(types.SimpleNamespace(cardsets=served))
    (toy_game,) = [g for g in listed["games"] if g["name"] == "toy"]
    assert "hand_limit" in [o["name"] for o in toy_game["modes"][0]["options"]]
    request = {"game": "toy", "options": {"hand_limit": 4}, "seats": ["random", "random"]}
    spec, state, _, _ = new_table(request, served)
    assert ct.options(state)["hand_limit"] == 4 and spec.start.options["hand_limit"] == 4


def test_the_option_survives_saves_and_notation(limited: registry.ModeSpec) -> None:
    """The state's one options record is saved and notated by the kernel's helpers, read back by
    the specs; a value the spec refuses is refused on loading (and nothing is loaded)."""
    cards = _cards()
    state = _played(ct.new_game(cards, seed=3, players=3, hand_limit=4), 5)
    text = ct.dumps(state)
    assert ct.loads(text, cards) == state and ct.options(ct.loads(text, cards))["hand_limit"] == 4
    assert json.loads(text)["options"]["hand_limit"] == 4
    line = ct.to_notation(state)
    assert "hand_limit:4" in line and ct.from_notation(line, cards) == state
    with pytest.raises(ct.SaveError, match="hand_limit must be 3 to 5, not 9"):
        ct.loads(text.replace('"hand_limit":4', '"hand_limit":9'), cards)
    with pytest.raises(ct.SaveError, match="hand_limit must be int, not str"):
        ct.from_notation(line.replace("hand_limit:4", "hand_limit:four"), cards)
    data = json.loads(text)
    del data["options"]["hand_limit"]
    with pytest.raises(ct.SaveError, match="the options are an object of players, max_actions, hand_limit"):
        ct.loads(json.dumps(data), cards)  # every option is recorded


def test_the_option_is_in_replays(limited: registry.ModeSpec) -> None:
    """A replay records the option (the schema's options are open, the specs judge them), reads it
    back and replays it; a value out of the spec's range is refused when the replay is read."""
    cards = _cards()
    start = ct.new_game(cards, seed=5, hand_limit=3)
    actions = [ct.action_text(s, a) for s, a in _moves(start, 6)]
    recorded = replay.record(cards, actions, seed=5, mode="duel", hand_limit=3, log=True)
    text = recorded.dumps()
    data = json.loads(text)
    assert data["options"] == {"mode": "duel", "players": 2, "max_actions": None, "hand_limit": 3}
    again = replay.loads(text)  # the replay schema, then the mode's specs
    assert again.options["hand_limit"] == 3
    assert ct.options(replay.verify(again, cards))["hand_limit"] == 3  # every hash and event agrees
    data["options"]["hand_limit"] = 8
    with pytest.raises(replay.ReplayFormatError, match="hand_limit must be 3 to 5, not 8"):
        replay.loads(json.dumps(data))


def _moves(state: Any, count: int) -> list[tuple[Any, Any]]:
    moves = []
    for _ in range(count):
        legal = ct.legal_actions(state)
        if not legal:
            break
        moves.append((state, legal[0]))
        state = ct.apply(state, legal[0])
    return moves


def test_the_option_is_in_each_players_view(limited: registry.ModeSpec) -> None:
    """The options are public: each seat's view holds them, its save keeps them, and the seat's
    screen is built from that view."""
    cards = _cards()
    state = ct.new_game(cards, seed=2, hand_limit=4)
    view = ct.observation(state, 1)
    assert dict(view.options)["hand_limit"] == 4
    assert ct.loads(ct.dumps(view), cards) == view
    assert '"hand_limit":4' in ct.dumps(view)
    assert ct.seat_view(state, 1) == ct.render_text(view)


def test_the_option_is_an_adapter_parameter(limited: registry.ModeSpec) -> None:
    """OpenSpiel's game parameters and PettingZoo's keywords are the options the variant leaves open."""
    free = [spec.name for spec in adapter_mode("toy_duel_2").free_options()]
    assert free == ["max_actions", "hand_limit"]
    from chaos_tower.integrations.openspiel import ChaosTowerGame
    from chaos_tower.integrations.pettingzoo import env

    game = ChaosTowerGame("toy_duel_2", {"hand_limit": 3})
    assert dict(game.options)["hand_limit"] == 3
    assert game.get_parameters()["hand_limit"] == 3
    assert env("toy_duel_2", hand_limit=4).kwargs["hand_limit"] == 4


def test_the_option_is_typed_and_on_the_rule_pages(limited: registry.ModeSpec) -> None:
    """tools/gen_signatures.py derives a game's ``new_game`` overload from its specs (the built-in
    games' are written to signatures.py, fresh by test_public_surface); tools/docs/options.py
    writes each mode's options table from them."""
    overload = "\n".join(load_tool("gen_signatures")._game(registry.game("toy")))
    assert "        mode: str | None = None,\n" in overload
    assert "        hand_limit: int | None = None,\n    ) -> ToyState: ..." in overload
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    from docs.options import mode_table

    row = next(line for line in mode_table(limited).splitlines() if "`hand_limit`" in line)
    assert "`--hand-limit`" in row and "3 to 5" in row and "`5`" in row and "TOY-TURN-03" in row


def test_two_games_with_a_mode_of_one_name_keep_their_own_adapter_parameters(
    limited: registry.ModeSpec,
) -> None:
    """The toy's mode and Crest's are both called ``duel``: each adapter variant reads its own
    mode's specs (its ModeSpec), not whichever game's ``duel`` was registered last."""
    crest = [spec.name for spec in adapter_mode("crest_duel_2").free_options()]
    assert crest == ["teams", "max_actions"]
    assert "hand_limit" in [spec.name for spec in adapter_mode("toy_duel_2").free_options()]
