"""What the server sends: each frame built only from what its receiver may know.

A seat's ``view`` is built from the seat's observation (``ct.observation``: its player-safe save,
and its picture, which ``ct.render_svg(state, player=seat)`` draws from that observation), its
legal actions when it is to move (which depend on its own view only), and its log: per action,
the events (which the games write as public facts), and the action's text when every action of
the mode is public (``GameRules.public_actions``) or the seat took it itself; otherwise
"seat N acted". A spectator's ``view`` holds only what every seat may know: the public log, whose
turn it is, and the results; the referee's picture only once the game is over, if the table
allows. Errors about an action are judged on the seat's own view (:func:`action_error`).

So a frame to seat *i* is a function of what seat *i* may know: two states that seat *i* cannot
tell apart give byte-identical frames (``tests/server/test_secrecy.py`` checks it on every
registered mode).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from .. import api
from ..app import replay
from ..app.viewer import rule_link
from ..kernel.errors import ChaosTowerError

__all__ = [
    "Meta",
    "StepRecord",
    "action_error",
    "encode",
    "error_frame",
    "legal_texts",
    "record_step",
    "view",
]


@frozen(kw_only=True)
class StepRecord:
    """One action of the game as the log keeps it (step 0: the start)."""

    number: int
    actor: int | None
    text: str | None
    events: tuple[tuple[str, str], ...]
    """(rule ID, text) of each event."""


@frozen(kw_only=True)
class Meta:
    """The public facts of a table that every frame may carry."""

    table: str
    game: str
    mode: str
    players: int
    seats: tuple[str, ...]
    """Per seat: ``person`` or the agent's text."""
    public_actions: bool
    reveal: bool
    docs_base: str | None = None


def record_step(number: int, actor: int | None, text: str | None, state: Any) -> StepRecord:
    return StepRecord(
        number=number,
        actor=actor,
        text=text,
        events=tuple((e.rule, e.text) for e in getattr(state, "events", ())),
    )


def _href(meta: Meta, rule: str) -> str | None:
    if meta.docs_base is not None:
        return rule_link(rule, meta.docs_base)
    return f"/rules/{rule}"


def log_entry(meta: Meta, record: StepRecord, seat: int | None) -> dict[str, Any]:
    """One step of the log as ``seat`` (``None``: a spectator) may see it."""
    shown = record.text is not None and (meta.public_actions or (seat is not None and record.actor == seat))
    return {
        "step": record.number,
        "seat": record.actor,
        "action": record.text if shown else None,
        "events": [{"rule": r, "text": t, "href": _href(meta, r)} for r, t in record.events],
    }


def legal_texts(state: Any) -> list[str]:
    return [api.action_text(state, a) for a in api.legal_actions(state)]


def _grouped(texts: Sequence[str]) -> list[dict[str, Any]]:
    groups: dict[str, list[str]] = {}
    for text in texts:
        groups.setdefault(text.split(" ", 1)[0], []).append(text)
    return [{"kind": kind, "actions": actions} for kind, actions in groups.items()]


def _end(state: Any) -> dict[str, Any] | None:
    final = api.outcome(state)
    if final is None:
        return None
    return {
        "results": list(replay.seat_results(state) or ()),
        "returns": list(api.returns(state)),
        "cause": str(getattr(final, "cause", "")),
        "rule": getattr(final, "rule", None),
    }


def view(
    meta: Meta,
    state: Any,
    seat: int | None,
    log: Sequence[StepRecord],
    *,
    step: int,
    deadline: float | None = None,
    first: bool = False,
) -> dict[str, Any]:
    """The ``view`` frame to ``seat`` (``None``: a spectator): its picture, legal actions and the
    log entries of ``log`` (the steps since its last view on this connection; all at ``first``)."""
    turn = api.current_player(state)
    over = turn is None
    frame: dict[str, Any] = {
        "type": "view",
        "table": meta.table,
        "seat": seat,
        "step": step,
        "turn": turn,
        "your_turn": seat is not None and turn == seat,
        "deadline": deadline if not over else None,
        "first": first,
        "events": [log_entry(meta, r, seat) for r in log],
        "actions": [],
        "end": _end(state),
    }
    if seat is not None:
        frame["observation"] = json.loads(api.dumps(api.observation(state, seat)))
        frame["svg"] = api.render_svg(state, player=seat)
        if turn == seat:
            frame["actions"] = _grouped(legal_texts(state))
    elif meta.players == 1:
        # A game of one: the player has nothing to hide from onlookers; they see the player's view.
        frame["observation"] = None
        frame["svg"] = api.render_svg(state, player=0)
    else:
        frame["observation"] = None
        frame["svg"] = None
    if over and meta.reveal:
        frame["referee_svg"] = api.render_svg(state)
    return frame


def action_error(state: Any, seat: int, text: str) -> str:
    """Why ``text`` is not one of ``seat``'s legal actions now, judged on a world drawn from the
    seat's own view (``ct.determinize``), so the reason cannot name what the seat may not know."""
    try:
        world = api.determinize(state, seat, 0)
    except NotImplementedError:
        return f"{text!r} is not one of your legal actions now"
    try:
        action = api.parse_action(world, text)
        api.check_action(world, action)
    except ChaosTowerError as exc:
        return f"{text!r} is not possible: {exc}"
    return f"{text!r} is not one of your legal actions now"


def error_frame(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        frame["ref"] = ref
    return frame


def encode(frame: dict[str, Any]) -> str:
    """A frame as the text sent: compact JSON, keys in the order built."""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
