"""Saving and loading a duel as JSON (``dumps`` / ``loads``), format ``chaos-tower/crest/1``.

A save names the card set by name, version and SHA-256 fingerprint and holds
the whole referee's position (hands included: a save is not an observation),
the generator state and the last action's events. Loading refuses anything
malformed, for another set, or impossible, with
:class:`~chaos_tower.kernel.errors.SaveError`; nothing is half-loaded.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..kernel import saves
from ..kernel.errors import SaveError
from ..kernel.events import Event
from ..kernel.options import options_data, read_options
from .cards import CrestCardSet
from .invariants import violations
from .knowledge import chain_of
from .options import carried, registered
from .reach import counted
from .start import _compiled
from .state import NO_MORE, CrestOutcome, CrestState

__all__ = ["FORMAT", "dumps", "loads"]

FORMAT = "chaos-tower/crest/1"
_INTS = ("seed", "rng", "players", "seat", "setup_count", "first", "turns", "rounds", "actions")
_POSITION = (
    *_INTS,
    "max_actions",
    "teams",
    "monsters",
    "hp",
    "alive",
    "hands",
    "marks",
    "rings",
    "statuses",
    "deck",
    "discard",
    "phase",
    "used",
    "dying",
    "resume",
    "result",
)
_KNOWN = ("remade", "drawn", "shown", "passed")
"""What the table keeps knowing (:mod:`.knowledge`): saved only when there is any, so a save made
before the deck is first remade or a hand is taken is as it was before these records existed."""


def dumps(state: CrestState) -> str:
    """The whole state as JSON text; ``loads(dumps(s), cards) == s``."""
    header = state.game.cards.header
    position: dict[str, Any] = {name: getattr(state, name) for name in _POSITION}
    position["result"] = None if state.result is None else attrs.asdict(state.result)
    position.update({name: getattr(state, name) for name in _KNOWN if getattr(state, name)})
    position.update(options_data(state.more))  # the mode's other options, each by its name
    return saves.write(
        FORMAT,
        name=header.name,
        version=header.version,
        fingerprint=state.game.fingerprint,
        position=position,
        events=state.events,
    )


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveError(f"{name} must be an integer")
    return value


def _ints(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise SaveError(f"{name} must be a list of integers")
    return tuple(_int(v, name) for v in value)


def _bools(value: Any, name: str) -> tuple[bool, ...]:
    if not isinstance(value, list) or not all(isinstance(v, bool) for v in value):
        raise SaveError(f"{name} must be a list of booleans")
    return tuple(value)


def _nested(value: Any, name: str) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list):
        raise SaveError(f"{name} must be a list of lists")
    return tuple(_ints(v, name) for v in value)


def _outcome(value: Any) -> CrestOutcome | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"winners", "cause", "rule"}:
        raise SaveError("result must be null or an object with winners, cause, rule")
    if value["cause"] not in ("last-standing", "max-actions") or not isinstance(value["rule"], str):
        raise SaveError("a bad result in the save")
    return CrestOutcome(winners=_ints(value["winners"], "winners"), cause=value["cause"], rule=value["rule"])


def _state(position: Any, cards: CrestCardSet) -> CrestState:
    specs = registered()
    more = carried(specs)
    needed = {*_POSITION, *more}
    if not isinstance(position, dict) or not needed <= set(position) <= {*needed, *_KNOWN}:
        raise SaveError(
            f"the position has the keys {', '.join(sorted(needed))}, and may have {', '.join(_KNOWN)}"
        )
    p = position
    values = {name: _int(p[name], name) for name in _INTS}
    if p["max_actions"] is not None:
        _int(p["max_actions"], "max_actions")
    marks = p["marks"]
    if not isinstance(marks, list):
        raise SaveError("marks must be a list per seat")
    phases = ("setup", "wield", "beast", "death", "over")
    if p["phase"] not in phases or p["resume"] not in phases:
        raise SaveError("phase and resume are setup, wield, beast, death or over")
    if values["rng"] < 0 or values["rng"] >= 1 << 64:
        raise SaveError("rng is a 64-bit generator state")
    return CrestState(
        game=_compiled(cards),
        seed=values["seed"],
        rng=values["rng"],
        players=values["players"],
        seat=values["seat"],
        setup_count=values["setup_count"],
        first=values["first"],
        turns=values["turns"],
        rounds=values["rounds"],
        actions=values["actions"],
        max_actions=p["max_actions"],
        teams=_ints(p["teams"], "teams"),
        monsters=_ints(p["monsters"], "monsters"),
        hp=_ints(p["hp"], "hp"),
        alive=_bools(p["alive"], "alive"),
        hands=_nested(p["hands"], "hands"),
        marks=tuple(_nested(seat, "marks") for seat in marks),
        rings=_ints(p["rings"], "rings"),
        statuses=_nested(p["statuses"], "statuses"),
        deck=_ints(p["deck"], "deck"),
        discard=_ints(p["discard"], "discard"),
        phase=p["phase"],
        used=_bools(p["used"], "used"),
        dying=_ints(p["dying"], "dying"),
        resume=p["resume"],
        result=_outcome(p["result"]),
        more=read_options("duel", specs, {n: p[n] for n in more}, only=more) if more else NO_MORE,
        known=chain_of(
            values["players"],
            _ints(p.get("remade", []), "remade"),
            _nested(p.get("drawn", []), "drawn"),
            _nested(p.get("shown", []), "shown"),
            _nested(p.get("passed", []), "passed"),
        ),
    )


def loads(text: str | bytes, cards: CrestCardSet) -> CrestState:
    """Read a save made by :func:`dumps` for the same card set."""
    if not isinstance(cards, CrestCardSet):
        raise SaveError(f"a Crest Duel save needs a Crest Duel card set, not a {type(cards).__name__}")
    game = _compiled(cards)
    position, events = saves.read(text, fmt=FORMAT, what="Crest Duel", fingerprint=game.fingerprint)
    state = _state(position, cards)
    try:
        problems = violations(state) or counted(state)
    except (IndexError, TypeError, ValueError, KeyError) as exc:
        raise SaveError(f"the saved position is impossible: {exc}") from None
    if problems:
        raise SaveError("the saved position is impossible: " + "; ".join(problems))
    return attrs.evolve(state, events=saves.read_events(events, Event))
