"""Saving and loading a VS game as JSON: the referee's whole state, hidden parts included.

A save names the card set by its SHA-256 fingerprint and holds every field of
the position. ``loads`` reads it strictly (exact keys, integers that are
integers, no duplicate keys) and refuses, with :class:`~chaos_tower.kernel.errors.SaveError`,
one made with another card set or holding an impossible position
(:func:`~chaos_tower.tower.vs.invariants.violations`). A player-safe save is the
observation's own JSON (:meth:`VsObservation.dumps <chaos_tower.tower.vs.observe.VsObservation.dumps>`).
"""

from __future__ import annotations

from typing import Any

import attrs

from ...kernel import saves
from ...kernel.errors import SaveError
from ...kernel.events import Event
from ...kernel.options import options_data, read_options
from ..cards import TowerCardSet
from .invariants import violations
from .options import carried, registered
from .state import Declaration, Gift, VsOutcome, VsState, compile_table

__all__ = ["FORMAT", "dumps", "loads"]

FORMAT = "chaos-tower/tower-vs/3"
"""2: the options adjust_after_draw, declare_when and own_attribute_bluff joined the position.
3: ``possible``, what the table has learnt of each counter's attribute (issue 22).
An older save, made before they existed, is refused as of an unknown format (the project is 0.1)."""

_INTS = ("seed", "rng", "players", "first", "turn", "round", "source", "actions")
_INT_TUPLES = ("leftover", "declarations", "unused", "deck", "drawn", "queue")
_INT_ROWS = ("attributes", "counters", "hands", "possible")
_RESULTS = ("won", "lost", "draw", "ended")


def dumps(state: VsState) -> str:
    """The whole state as JSON text; ``loads(dumps(s), cards) == s``."""
    position: dict[str, Any] = {name: getattr(state, name) for name in (*_INTS, *_INT_TUPLES, *_INT_ROWS)}
    position.update(
        extra_rule=state.extra_rule,
        revealed=state.revealed,
        out=state.out,
        phase=state.phase,
        max_actions=state.max_actions,
        adjust_after_draw=state.adjust_after_draw,
        declare_when=state.declare_when,
        own_attribute_bluff=state.own_attribute_bluff,
        **options_data(state.more),  # the mode's other options, each by its name (vs.options.MORE)
        gifts=[[g.giver, g.recipient, g.item] for g in state.gifts],
        named=[[d.player, d.target, d.attribute, d.right] for d in state.named],
        result=attrs.asdict(state.result) if state.result is not None else None,
    )
    return saves.write(
        FORMAT,
        name=state.table.cards.header.name,
        version=None,
        fingerprint=state.table.fingerprint,
        position=position,
        events=state.events,
    )


def _is_int(value: Any) -> bool:
    return type(value) is int


def _ints(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        raise SaveError(f"{name} must be a list of integers")
    return tuple(value)


def _bools(value: Any, name: str) -> tuple[bool, ...]:
    if not isinstance(value, list) or not all(type(v) is bool for v in value):
        raise SaveError(f"{name} must be a list of true/false")
    return tuple(value)


def _rows(value: Any, name: str, read: Any) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise SaveError(f"{name} must be a list of lists")
    return tuple(read(row, name) for row in value)


def _position(p: dict[str, Any]) -> dict[str, Any]:
    specs = registered()
    more = carried(specs)
    expected = {
        *_INTS,
        *_INT_TUPLES,
        *_INT_ROWS,
        "extra_rule",
        "revealed",
        "out",
        "phase",
        "max_actions",
        "adjust_after_draw",
        "declare_when",
        "own_attribute_bluff",
        *more,
        "gifts",
        "named",
        "result",
    }
    if set(p) != expected:
        raise SaveError(f"a position has the keys {sorted(expected)}; found {sorted(p)}")
    fields: dict[str, Any] = {}
    for name in _INTS:
        if not _is_int(p[name]):
            raise SaveError(f"{name} must be an integer")
        fields[name] = p[name]
    if not 0 <= p["rng"] < 1 << 64:
        raise SaveError("rng must be a 64-bit state")
    for name in _INT_TUPLES:
        fields[name] = _ints(p[name], name)
    for name in _INT_ROWS:
        fields[name] = _rows(p[name], name, _ints)
    fields["revealed"] = _rows(p["revealed"], "revealed", _bools)
    fields["out"] = _bools(p["out"], "out")
    if type(p["extra_rule"]) is not bool:
        raise SaveError("extra_rule must be true or false")
    fields["extra_rule"] = p["extra_rule"]
    if p["phase"] not in ("turn", "adjust", "pay", "over"):
        raise SaveError("phase must be turn, adjust, pay or over")
    fields["phase"] = p["phase"]
    if p["max_actions"] is not None and not _is_int(p["max_actions"]):
        raise SaveError("max_actions must be an integer or null")
    fields["max_actions"] = p["max_actions"]
    if p["adjust_after_draw"] not in ("drawer", "all"):
        raise SaveError("adjust_after_draw must be drawer or all")
    if p["declare_when"] not in ("own_turn", "any_time"):
        raise SaveError("declare_when must be own_turn or any_time")
    if type(p["own_attribute_bluff"]) is not bool:
        raise SaveError("own_attribute_bluff must be true or false")
    for name in ("adjust_after_draw", "declare_when", "own_attribute_bluff"):
        fields[name] = p[name]
    fields["more"] = read_options("vs", specs, {name: p[name] for name in more}, only=more)
    gifts = _rows(p["gifts"], "gifts", _ints)
    if any(len(g) != 3 for g in gifts):
        raise SaveError("a gift is [giver, recipient, item]")
    fields["gifts"] = tuple(Gift(giver=g[0], recipient=g[1], item=g[2]) for g in gifts)
    named = p["named"]
    if not isinstance(named, list) or not all(
        isinstance(d, list) and len(d) == 4 and all(_is_int(x) for x in d[:3]) and type(d[3]) is bool
        for d in named
    ):
        raise SaveError("a declaration is [player, target, attribute, right]")
    fields["named"] = tuple(Declaration(player=d[0], target=d[1], attribute=d[2], right=d[3]) for d in named)
    result = p["result"]
    if result is None:
        fields["result"] = None
    elif (
        isinstance(result, dict)
        and set(result) == {"results", "cause", "rule"}
        and isinstance(result["results"], list)
        and all(r in _RESULTS for r in result["results"])
        and isinstance(result["cause"], str)
        and isinstance(result["rule"], str)
    ):
        fields["result"] = VsOutcome(
            results=tuple(result["results"]), cause=result["cause"], rule=result["rule"]
        )
    else:
        raise SaveError("a bad result")
    return fields


def loads(text: str | bytes, cards: TowerCardSet) -> VsState:
    """Read a save made by :func:`dumps` for the same card set."""
    if not isinstance(cards, TowerCardSet):
        raise SaveError(f"a VS save needs a Tower of CHAOS card set, not a {type(cards).__name__}")
    table = compile_table(cards)
    position, events = saves.read(text, fmt=FORMAT, what="VS", fingerprint=table.fingerprint)
    if not isinstance(position, dict):
        raise SaveError("the position must be an object")
    fields = _position(position)
    if not 2 <= fields["players"] <= 5:
        raise SaveError("a VS game has 2 to 5 players")
    state = VsState(table=table, **fields)
    try:
        problems = violations(state)
    except (IndexError, ValueError, TypeError) as exc:
        problems = [f"inconsistent values ({exc})"]
    if problems:
        raise SaveError("the saved position is impossible: " + "; ".join(problems))
    return attrs.evolve(state, events=saves.read_events(events, Event))
