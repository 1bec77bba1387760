"""A wielder's view as a player-safe save: ``ct.dumps(ct.observation(s, p))``, read by ``ct.loads``.

The save is the observation's own fields (:class:`~chaos_tower.crest.observe.CrestObservation`)
as JSON, with a ``format``: the player's own hand, the others' hand sizes,
what lies face up; never another hand, the deck's order, a card put out face
down by another during setup, nor the chance state. Reading it is strict (the
card set's fingerprint, every id, every key and every kind of value) and
refuses anything else with :class:`~chaos_tower.kernel.errors.SaveError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..kernel import saves
from ..kernel.errors import SaveError
from ..kernel.options import read_options
from .cards import CrestCardSet
from .observe import CrestObservation
from .options import carried, registered
from .state import NO_MORE, CrestOutcome, compile_game

__all__ = ["VIEW_FORMAT", "dumps", "loads"]

VIEW_FORMAT = "chaos-tower/crest-view/2"
"""The ``format`` of a saved Crest view. 2: what the player keeps knowing of a remade deck and of
its hand taken by its killer (``remade``, ``drawn``, ``drawn_sizes``, ``shown``, ``passed``,
``passed_to``, issue 22)."""

_PHASES = ("setup", "wield", "beast", "death", "over")


def dumps(view: CrestObservation) -> str:
    """The view as compact JSON text with its ``format``."""
    data = {"format": VIEW_FORMAT, **view.data()}
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _int(v: Any) -> bool:
    return type(v) is int


def _seq(ok: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, list) and all(ok(x) for x in v)


def _tuple(value: Any) -> Any:
    return tuple(_tuple(v) for v in value) if isinstance(value, list) else value


def loads(text: str | bytes, cards: CrestCardSet) -> CrestObservation:
    """Read a view written by :func:`dumps` for the same card set."""
    if not isinstance(cards, CrestCardSet):
        raise SaveError("a Crest view is loaded with a Crest card set")
    game = compile_game(cards)
    data = saves.parse(text)
    if not isinstance(data, dict) or data.pop("format", None) != VIEW_FORMAT:
        raise SaveError(f"not a Crest view (expected format {VIEW_FORMAT!r})")
    if data.get("cardset") != game.fingerprint:
        raise SaveError("the view was made with another card set")
    kinds = {k.id for k in game.kinds}
    monsters = {m.id for m in cards.monsters}

    def card(v: Any) -> bool:
        return isinstance(v, str) and v in kinds

    def outcome(v: Any) -> bool:
        return v is None or (
            isinstance(v, dict)
            and set(v) == {"winners", "cause", "rule"}
            and _seq(_int)(v["winners"])
            and v["cause"] in ("last-standing", "max-actions")
            and isinstance(v["rule"], str)
        )

    checks: dict[str, Callable[[Any], bool]] = {
        "cardset": lambda v: isinstance(v, str),
        "player": _int,
        "players": lambda v: _int(v) and 2 <= v <= 6,
        "teams": _seq(lambda t: t in (0, 1) and _int(t)),
        "phase": lambda v: v in _PHASES,
        "seat": _int,
        "first": _int,
        "monsters": _seq(lambda v: isinstance(v, str) and v in monsters),
        "hp": _seq(_int),
        "alive": _seq(lambda v: type(v) is bool),
        "hand": _seq(card),
        "hand_sizes": _seq(lambda v: _int(v) and v >= 0),
        "marks": _seq(_seq(_seq(card))),
        "rings": _seq(lambda v: v is None or card(v)),
        "face_down": _seq(lambda v: _int(v) and v >= 0),
        "statuses": _seq(_seq(_int)),
        "deck_size": lambda v: _int(v) and v >= 0,
        "discard": _seq(card),
        "used": _seq(lambda v: type(v) is bool),
        "dying": _seq(_int),
        "resume": lambda v: v in _PHASES,
        "turns": _int,
        "rounds": _int,
        "result": outcome,
        "remade": _seq(card),
        "drawn": _seq(card),
        "drawn_sizes": _seq(lambda v: _int(v) and v >= 0),
        "shown": _seq(lambda v: v is None or _seq(card)(v)),
        "passed": _seq(card),
        "passed_to": _int,
    }
    specs = registered()
    more = carried(specs)
    if set(data) != {*checks, *more}:
        raise SaveError(f"a bad view: the keys are {sorted({*checks, *more})}")
    options = read_options("duel", specs, {k: data.pop(k) for k in more}, only=more) if more else NO_MORE
    bad = [name for name, ok in checks.items() if not ok(data[name])]
    if bad:
        raise SaveError(f"a bad view: values of the wrong kind: {', '.join(bad)}")
    n = data["players"]
    per_seat = ("monsters", "hp", "alive", "hand_sizes", "marks", "rings", "face_down", "statuses")
    if not 0 <= data["player"] < n or any(len(data[k]) != n for k in per_seat):
        raise SaveError("a bad view: the player and every per-seat value must fit the seats")
    if len(data["drawn_sizes"]) not in (0, n) or len(data["shown"]) != len(data["drawn_sizes"]):
        raise SaveError("a bad view: the draws from the remade deck must fit the seats")
    if not -1 <= data["passed_to"] < n or bool(data["passed"]) != (data["passed_to"] >= 0):
        raise SaveError("a bad view: cards passed to a seat, and only then a seat")
    values = {k: _tuple(v) for k, v in data.items() if k != "result"}
    result = data["result"]
    values["result"] = (
        None
        if result is None
        else CrestOutcome(winners=tuple(result["winners"]), cause=result["cause"], rule=result["rule"])
    )
    return CrestObservation(**values, more=options)
