"""The envelope every game's save shares: format, card set, position, events.

Each game writes its own position; this module writes and reads what is around
it, the same way for all. Reading is strict and refuses with
:class:`~chaos_tower.kernel.errors.SaveError`: input over :data:`MAX_SAVE_BYTES`,
text that is not JSON, duplicate keys, ``NaN`` and ``Infinity``, another
format, other top-level keys, a save made with another card set (told by the
SHA-256 fingerprint of its content, not by its name), and malformed events.

>>> fmt = "chaos-tower/example/1"
>>> text = write(fmt, name="demo", version="1", fingerprint="ab12", position="p", events=())
>>> read(text, fmt=fmt, what="demo", fingerprint="ab12")
('p', [])
>>> read(text, fmt=fmt, what="demo", fingerprint="ff00")
Traceback (most recent call last):
chaos_tower.kernel.errors.SaveError: the save was made with another card set ('demo'); load it with that set
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs

from .errors import SaveError

__all__ = [
    "KEYS",
    "MAX_COUNT",
    "MAX_SAVE_BYTES",
    "action_count_problem",
    "as_float",
    "parse",
    "read",
    "read_events",
    "strict_json",
    "write",
]

MAX_SAVE_BYTES = 1_048_576
"""No save of any game is larger than this (1 MiB); larger input is refused unread."""

MAX_COUNT = (1 << 63) - 1
"""The largest count a save holds where the rules set no bound (actions, ``max_actions``): more
actions than any machine plays, and small enough for every float the observations make of it."""



def as_float(value: int | float) -> float:
    """``value`` as a float for an observation vector, clamped to ``±MAX_COUNT``.

    A loaded state's numbers are within their bounds already; a state built by hand
    may hold any integer, and ``float(10**400)`` would raise ``OverflowError``.
    """
    return float(max(-MAX_COUNT, min(MAX_COUNT, value)))


KEYS = frozenset({"format", "cardset", "position", "events"})
"""The top-level keys of every save."""

E = TypeVar("E")


def action_count_problem(actions: int, max_actions: object, rule: str = "") -> str | None:
    """What is wrong with a saved action count and its limit, if anything (every game's saves).

    ``max_actions`` is ``None`` or a count from 1 to :data:`MAX_COUNT`; ``actions``
    (already known to be an int) lies from 0 to that limit. ``rule`` is added to the
    second message, for a game that cites one.
    """
    if max_actions is not None and not (type(max_actions) is int and 1 <= max_actions <= MAX_COUNT):
        return f"max_actions is not a count from 1 to {MAX_COUNT}"
    if not 0 <= actions <= (MAX_COUNT if max_actions is None else max_actions):
        return "the action count is negative or past max_actions" + (f" ({rule})" if rule else "")
    return None


def write(
    fmt: str, *, name: str, version: str | None, fingerprint: str, position: Any, events: Iterable[Any]
) -> str:
    """A save as JSON text: ``position`` is the game's own JSON value, ``events`` attrs records."""
    cardset: dict[str, Any] = {"name": name, "sha256": fingerprint}
    if version is not None:
        cardset["version"] = version
    data = {
        "format": fmt,
        "cardset": cardset,
        "position": position,
        "events": [_event_json(e) for e in events],
    }
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def _event_json(event: Any) -> dict[str, Any]:
    # An event's fields; ``card`` only where the event names one, so the saves of games whose events
    # carry no card ID (and the states' hashes a replay records) are as they were before it was kept.
    data: dict[str, Any] = attrs.asdict(event)
    if data.get("card", 0) is None:
        del data["card"]
    return data


def strict_json(text: str | bytes, error: type[Exception] = SaveError, what: str = "save") -> Any:
    """``json.loads`` refusing a key given twice and ``NaN``/``Infinity``, each as ``error`` naming ``what``.

    Saves and replays are read by it: ``json.loads`` alone would keep the last of two keys.
    """

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise error(f"duplicate key {key!r} in the {what}")
            out[key] = value
        return out

    def refuse_constant(name: str) -> Any:
        raise error(f"{name} is not allowed in a {what}")

    try:
        return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=refuse_constant)
    except error:
        raise
    except (ValueError, RecursionError) as exc:
        raise error(f"the {what} is not valid JSON: {exc}") from None


def parse(text: str | bytes) -> Any:
    """Strict JSON of a save: bounded in size, no duplicate keys, no ``NaN`` or ``Infinity``.

    A leading byte order mark is read past, in text as in bytes (``json.loads`` of bytes does), as
    replays and card files read it.
    """
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"the save is larger than {MAX_SAVE_BYTES} bytes")
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")
    return strict_json(text)


def read(text: str | bytes, *, fmt: str, what: str, fingerprint: str) -> tuple[Any, list[Any]]:
    """The position and the raw events of a save of format ``fmt`` made with the card set ``fingerprint``.

    ``what`` names the game in the error for a save of another format.
    """
    data = parse(text)
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SaveError(f"not a {what} save (expected format {fmt!r})")
    if set(data) != KEYS:
        raise SaveError(f"a save has the keys format, cardset, position, events; found {sorted(data)}")
    cardset = data["cardset"]
    if not isinstance(cardset, dict) or cardset.get("sha256") != fingerprint:
        name = cardset.get("name") if isinstance(cardset, dict) else None
        raise SaveError(f"the save was made with another card set ({name!r}); load it with that set")
    events = data["events"]
    if not isinstance(events, list):
        raise SaveError("events must be a list")
    return data["position"], events


_EVENT_KEYS = frozenset({"rule", "kind", "text", "amount"})


def read_events(raw: list[Any], make: Callable[..., E]) -> tuple[E, ...]:
    """Events of the shape ``{rule, kind, text, amount}`` or ``{rule, kind, text, amount, card}``
    (amount an integer or null, card a card ID), made by ``make``: :func:`write` leaves ``card``
    out where the event names no card."""
    for event in raw:
        if not (
            isinstance(event, dict)
            and (set(event) == _EVENT_KEYS or set(event) == _EVENT_KEYS | {"card"})
            and isinstance(event["rule"], str)
            and isinstance(event["kind"], str)
            and isinstance(event["text"], str)
            and (event["amount"] is None or type(event["amount"]) is int)
            and isinstance(event.get("card", ""), str)
        ):
            raise SaveError("a bad event in the save")
    return tuple(make(**event) for event in raw)
