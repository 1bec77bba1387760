"""What one player may know: :class:`VsObservation`, its JSON and text forms, and a numeric vector.

A player sees what lies open on the table and in their own hand: their own
attributes, every counter (not what the others stand for), every face-up
attribute, what the adjustments and declarations seen have ruled out for each
counter, the declarations and gifts made, the cards drawn, the deck's size,
their own items and how many the others hold. They never see another's hidden
attribute, the attributes dealt to nobody (`TOC-VS2-020`, `TOC-VS3-040`), the
deck's order (`TOC-VS2-024`, `TOC-VS3-044`), another's items or the unused ones
(`TOC-VS3-043`), nor the seed that would give them all away.
"""

from __future__ import annotations

import json
from typing import Any

from attrs import asdict, frozen

from ...kernel import saves
from ...kernel.errors import SaveError
from ...kernel.saves import MAX_COUNT, as_float
from ..vocabulary import LETTERS
from .end import subtract_due
from .knowledge import letters
from .layout import observation_layout
from .setup import declaration_limit
from .state import VsState

__all__ = ["VIEW_FORMAT", "VsObservation", "check_seat", "observation", "observation_tensor", "tensor_size"]

VIEW_FORMAT = "chaos-tower/tower-vs-view/3"
"""2: the VS readings (adjust_after_draw, declare_when, own_attribute_bluff) joined the view.
3: ``possible``, what the table has learnt of each counter's attribute (issue 22)."""


@frozen(kw_only=True)
class VsObservation:
    """One player's view of a VS position: plain values only, nothing hidden from that player."""

    cardset: str
    """The card set's SHA-256 fingerprint."""
    player: int
    players: int
    extra_rule: bool
    adjust_after_draw: str
    """The game's options, public to all: the readings of `TOC-VS2-027` and `TOC-VS2-029`."""
    declare_when: str
    own_attribute_bluff: bool
    first: int
    round: int
    turn: int
    phase: str
    decider: int | None
    attributes: tuple[str, ...]
    """This player's own attributes, one per counter, as letters."""
    counters: tuple[tuple[int, ...], ...]
    face_up: tuple[tuple[str | None, ...], ...]
    """Per seat and counter, the attribute if named rightly, else ``None``."""
    possible: tuple[tuple[str, ...], ...]
    """Per seat and counter, the attributes (letters, in GWVSD order) that the adjustments and
    declarations seen have not ruled out (:mod:`~chaos_tower.tower.vs.knowledge`); public."""
    declarations: tuple[int, ...]
    declaration_limit: int
    named: tuple[tuple[int, int, str, bool], ...]
    """Every declaration: (declarer, target, attribute, right)."""
    out: tuple[bool, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    unused: int
    gifts: tuple[tuple[int, int, str], ...]
    """Every item handed over: (giver, recipient, item id)."""
    drawn: tuple[str, ...]
    deck: int
    """The number of chaos cards left; their order is hidden."""
    applying: str | None
    """The card or item being adjusted for, while adjustments are pending."""
    queue: tuple[int, ...]
    results: tuple[str, ...] | None
    cause: str | None

    def to_json(self) -> dict[str, Any]:
        """The observation as plain JSON data (with its ``format``)."""
        data = asdict(self)
        return {"format": VIEW_FORMAT, **data}

    def dumps(self) -> str:
        """The JSON text of :meth:`to_json`: a player-safe save."""
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))

    def __str__(self) -> str:
        return self.dumps()

    @classmethod
    def loads(cls, text: str | bytes) -> VsObservation:
        """Read the text of :meth:`dumps`; :class:`SaveError` if it is not one."""
        data = saves.parse(text)  # bounded, strict JSON, as for every save
        if not isinstance(data, dict) or data.pop("format", None) != VIEW_FORMAT:
            raise SaveError(f"not a VS observation (expected format {VIEW_FORMAT!r})")

        def tup(value: Any) -> Any:
            return tuple(tup(v) for v in value) if isinstance(value, list) else value

        try:
            obs = cls(**{k: tup(v) for k, v in data.items()})
        except TypeError as exc:
            raise SaveError(f"a bad observation: {exc}") from None
        problem = _malformed(obs)
        if problem is not None:
            raise SaveError(f"a bad observation: {problem}")
        return obs


def _int(value: Any, low: int = 0, high: int = MAX_COUNT) -> bool:
    # Every count bounded (saves.MAX_COUNT at most), so no number of a view overflows a float.
    return type(value) is int and low <= value <= high


def _row(value: Any, size: int | None, ok: Any) -> bool:
    return type(value) is tuple and (size is None or len(value) == size) and all(ok(v) for v in value)


def _letter(value: Any) -> bool:
    return isinstance(value, str) and value in LETTERS and len(value) == 1


def _attribute_set(value: Any) -> bool:
    # A non-empty set of attributes, written once each in the order of LETTERS (knowledge.letters).
    return isinstance(value, str) and value != "" and value == "".join(x for x in LETTERS if x in value)


def _malformed(o: VsObservation) -> str | None:
    """What makes a loaded observation one that :func:`observation` cannot give, or ``None``."""
    if not (_int(o.players, 2, 5) and _int(o.player, 0, o.players - 1)):
        return "players must be 2 to 5 and player one of their seats"
    n, k = o.players, 2 if o.players == 2 else 1

    def seat(v: Any) -> bool:
        return _int(v, 0, n - 1)

    def ids(v: Any) -> bool:
        return _row(v, None, lambda x: isinstance(x, str))

    checks = {
        "cardset": isinstance(o.cardset, str),
        "extra_rule": type(o.extra_rule) is bool,
        "adjust_after_draw": o.adjust_after_draw in ("drawer", "all"),
        "declare_when": o.declare_when in ("own_turn", "any_time"),
        "own_attribute_bluff": type(o.own_attribute_bluff) is bool,
        "first, turn": seat(o.first) and seat(o.turn),
        "round": _int(o.round, 1),
        "phase": o.phase in _PHASES,
        "decider": o.decider is None or seat(o.decider),
        "attributes": _row(o.attributes, k, _letter),
        "counters": _row(o.counters, n, lambda r: _row(r, k, lambda c: _int(c, -MAX_COUNT))),
        "face_up": _row(o.face_up, n, lambda r: _row(r, k, lambda x: x is None or _letter(x))),
        "possible": _row(o.possible, n, lambda r: _row(r, k, _attribute_set)),
        "declaration_limit": o.declaration_limit == declaration_limit(n),
        "declarations": _row(o.declarations, n, lambda d: _int(d, 0, declaration_limit(n))),
        "named": _row(
            o.named,
            None,
            lambda d: (
                type(d) is tuple
                and len(d) == 4
                and seat(d[0])
                and seat(d[1])
                and _letter(d[2])
                and type(d[3]) is bool
            ),
        ),
        "out": _row(o.out, n, lambda x: type(x) is bool),
        "hand": ids(o.hand),
        "hand_sizes": _row(o.hand_sizes, n, _int),
        "unused": _int(o.unused),
        "gifts": _row(
            o.gifts,
            None,
            lambda g: (
                type(g) is tuple and len(g) == 3 and seat(g[0]) and seat(g[1]) and isinstance(g[2], str)
            ),
        ),
        "drawn": ids(o.drawn),
        "deck": _int(o.deck),
        "applying": o.applying is None or isinstance(o.applying, str),
        "queue": _row(o.queue, None, seat),
        "results": o.results is None or _row(o.results, n, lambda r: r in ("won", "lost", "draw", "ended")),
        "cause": o.cause is None or isinstance(o.cause, str),
    }
    bad = [name for name, ok in checks.items() if not ok]
    if bad:
        return f"values of the wrong kind: {', '.join(bad)}"
    # TOC-VS2-026 / TOC-VS3-046: every turn is a draw, a gift or a declaration, and a round ends
    # after a turn; a game is over exactly when it has results.
    if o.round > 1 + len(o.drawn) + len(o.gifts) + len(o.named):
        return "round is past the turns the draws, gifts and declarations account for"
    if (o.phase == "over") != (o.results is not None) or (o.results is None) != (o.cause is None):
        return "a game is over exactly when it has results and a cause"
    return None


def check_seat(state: VsState, player: int) -> None:
    """Refuse (``ValueError``) a ``player`` who is not a seat of ``state``'s game."""
    if not (isinstance(player, int) and not isinstance(player, bool) and 0 <= player < state.players):
        raise ValueError(f"player {player!r} is not a seat of this game (0..{state.players - 1})")


def observation(state: VsState, player: int) -> VsObservation:
    """What ``player`` may know of ``state`` (see the module's docstring)."""
    check_seat(state, player)
    t = state.table
    face_up = tuple(
        tuple(LETTERS[a] if shown else None for a, shown in zip(attrs_, shown_, strict=True))
        for attrs_, shown_ in zip(state.attributes, state.revealed, strict=True)
    )
    applying = None
    if state.phase == "adjust":
        applying = t.chaos_ids[state.source] if state.source >= 0 else t.item_ids[-1 - state.source]
    return VsObservation(
        cardset=t.fingerprint,
        player=player,
        players=state.players,
        extra_rule=state.extra_rule,
        adjust_after_draw=state.adjust_after_draw,
        declare_when=state.declare_when,
        own_attribute_bluff=state.own_attribute_bluff,
        first=state.first,
        round=state.round,
        turn=state.turn,
        phase=state.phase,
        decider=state.decider(),
        attributes=tuple(LETTERS[a] for a in state.attributes[player]),
        counters=state.counters,
        face_up=face_up,
        possible=tuple(tuple(letters(m) for m in row) for row in state.possible),
        declarations=state.declarations,
        declaration_limit=declaration_limit(state.players),
        named=tuple((d.player, d.target, LETTERS[d.attribute], d.right) for d in state.named),
        out=state.out,
        hand=tuple(t.item_ids[i] for i in sorted(state.hands[player])),
        hand_sizes=tuple(len(h) for h in state.hands),
        unused=len(state.unused),
        gifts=tuple((g.giver, g.recipient, t.item_ids[g.item]) for g in state.gifts),
        drawn=tuple(t.chaos_ids[c] for c in state.drawn),
        deck=len(state.deck),
        applying=applying,
        queue=state.queue,
        results=state.result.results if state.result is not None else None,
        cause=state.result.cause if state.result is not None else None,
    )


_PHASES = ("turn", "adjust", "pay", "over")


def tensor_size(state: VsState) -> int:
    """The length of :func:`observation_tensor` for this card set and player count (its layout's end)."""
    return observation_layout(state)[-1].stop


def observation_tensor(state: VsState, player: int) -> tuple[float, ...]:
    """:func:`observation` as a fixed-length vector of floats, seats counted from ``player``.

    In order: own attributes (one-hot per counter); every counter (scaled to 0..1);
    face-up attributes (one-hot per seat and counter); per seat: out, declarations
    used (share of the limit), items held (share of all items), the decider, and
    the attributes named wrongly for it (known not to be its); own items; items
    given; chaos cards drawn; deck left and round (scaled); the phase (one-hot);
    the VS value being applied; the extra rule, the amount it takes now, and
    whether the game is over; the readings played (every player adjusts, any-time
    declarations, own-attribute bluffs).
    """
    obs = observation(state, player)
    t = state.table
    n = state.players
    seats = [(player + i) % n for i in range(n)]
    span = float(t.high - t.low) or 1.0
    out: list[float] = []
    for letter in obs.attributes:
        out += [1.0 if letter == x else 0.0 for x in LETTERS]
    for s in seats:
        out += [as_float(c - t.low) / span for c in obs.counters[s]]
    for s in seats:
        for shown in obs.face_up[s]:
            out += [1.0 if shown == x else 0.0 for x in LETTERS]
    items = len(t.item_ids)
    for s in seats:
        out += [
            float(obs.out[s]),
            as_float(obs.declarations[s]) / obs.declaration_limit,
            obs.hand_sizes[s] / items if items else 0.0,
            1.0 if obs.decider == s else 0.0,
            1.0 if obs.turn == s else 0.0,
        ]
    for s in seats:
        wrong = {a for (_p, target, a, right) in obs.named if target == s and not right}
        out += [1.0 if x in wrong else 0.0 for x in LETTERS]
    hand, given = set(obs.hand), {g[2] for g in obs.gifts}
    out += [1.0 if i in hand else 0.0 for i in t.item_ids]
    out += [1.0 if i in given else 0.0 for i in t.item_ids]
    drawn = set(obs.drawn)
    out += [1.0 if c in drawn else 0.0 for c in t.chaos_ids]
    chaos = len(t.chaos_ids) or 1
    # as_float: a state built by hand may hold a round no save loads (saves.MAX_COUNT)
    out += [as_float(obs.deck) / chaos, as_float(obs.round) / chaos]
    out += [1.0 if obs.phase == p else 0.0 for p in _PHASES]
    vs = state.source_vs() if state.phase == "adjust" else (0, 0, 0, 0, 0)
    out += [v / span for v in vs]
    out += [float(obs.extra_rule), subtract_due(state) / span, float(obs.results is not None)]
    out += [
        float(obs.adjust_after_draw == "all"),
        float(obs.declare_when == "any_time"),
        float(obs.own_attribute_bluff),
    ]
    return tuple(out)
