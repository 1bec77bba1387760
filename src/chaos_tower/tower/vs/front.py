"""The VS modes' functions for the front door, registered with the mode in :mod:`chaos_tower.tower.spec`.

``ct.new_game(cards, mode="vs", players=N)`` starts one; the front door's functions then serve it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ...kernel.errors import SaveError
from ...kernel.options import Options
from ...registry import GameRules, SeatScreen, ViewCodec
from ..cards import TowerCardSet
from ..vocabulary import LETTERS
from . import actions, determinize, engine, layout, notation, observe, render, serial, svg
from .observe import VsObservation
from .options import OPTIONS, OWN_FIELDS, registered
from .start import new_game as dealt
from .state import VsState

__all__ = ["OPTIONS", "VS", "VS_VIEW", "start"]


def start(cards: TowerCardSet, *, seed: int, options: Options) -> VsState:
    own, more = _split(options.values)
    return dealt(cards, seed=seed, more=more, **own)


@functools.lru_cache(maxsize=256)
def _split(values: tuple[tuple[str, Any], ...]) -> tuple[dict[str, Any], Options]:
    """The options a state holds as its own fields (keywords of the deal), and its ``more`` record:
    the same for every game started with these options (issue 27: a random VS game lasts about
    eight actions, so its start is paid often). The keywords are read, never changed."""
    own = {name: value for name, value in values if name in OWN_FIELDS}
    more = tuple((name, value) for name, value in values if name not in OWN_FIELDS)
    return own, Options(mode="vs", values=more)


def _options(state: VsState) -> Options:
    return Options(
        mode="vs",
        values=tuple(
            (s.name, getattr(state, s.name) if s.name in OWN_FIELDS else state.more[s.name])
            for s in registered()
        ),
    )


def _seat_view(state: VsState, player: int) -> str:
    """The player's view (:func:`~chaos_tower.tower.vs.observe.observation` only), with card and
    item names."""
    t = state.table
    # An item with its VS values, so that the adjustments a gift offers make sense (issue 28).
    items = [f"{name} ({_values(vs)})" for name, vs in zip(t.item_names, t.item_vs, strict=True)]
    names = dict(zip((*t.chaos_ids, *t.item_ids), (*t.chaos_names, *items), strict=True))
    return f"{render.view_text(observe.observation(state, player), names)}\n  ({LEGEND})"


def _seat_screens(state: VsState, player: int) -> tuple[SeatScreen, ...]:
    """The view for terminal play's layout: its text, wrapped to the terminal, and the legend,
    left out when there is no room for it (issue 28)."""
    *text, legend = _seat_view(state, player).splitlines()
    return (SeatScreen(text=tuple(text), legend=(legend,)),)


LEGEND = "G W V S D: the elements 地水火風闇, earth water fire wind dark (TOC-START-F); #K: counter K"
"""The VS view's abbreviations, explained once (issue 28)."""


def _values(vs: tuple[int, ...]) -> str:
    return " ".join(f"{LETTERS[i]}{v:+d}" for i, v in enumerate(vs) if v) or "no VS value"


VS = GameRules(
    name="tower-vs",
    save_format=serial.FORMAT,
    players=lambda state: state.players,
    legal_actions=engine.legal_actions,
    apply=engine.apply,
    check_action=engine.check_action,
    can_apply=engine.can_apply,
    outcome=engine.outcome,
    is_terminal=engine.is_terminal,
    current_player=engine.current_player,
    returns=engine.returns,
    dumps=serial.dumps,
    loads=serial.loads,
    action_text=actions.action_text,
    parse_action=actions.parse_action,
    action_index=actions.action_index,
    action_from_index=actions.action_from_index,
    action_space=actions.action_space,
    render_text=render.render_text,
    observation=observe.observation,
    observation_tensor=observe.observation_tensor,
    options=_options,
    determinize=determinize.determinize,
    observation_layout=layout.observation_layout,
    to_notation=notation.to_notation,
    from_notation=notation.from_notation,
    notation_words=(notation.GAME,),
    render_svg=svg.render_svg,
    action_grammar=actions.GRAMMAR,
    seat_view=_seat_view,
    seat_screens=_seat_screens,
    public_actions=True,  # counters are named by place, never by attribute (vs.actions)
)


def _is_int(value: Any, low: int, high: int | None = None) -> bool:
    return type(value) is int and low <= value and (high is None or value <= high)


def _view_problem(view: VsObservation) -> str | None:
    """What makes a loaded view impossible to draw (its shape, not its rules), if anything."""
    n = view.players
    if not _is_int(n, 2, 5):
        return "players must be 2 to 5"
    k = 2 if n == 2 else 1  # counters per player (`TOC-VS2-021`, `TOC-VS3-041`)
    letters = tuple(LETTERS)  # compared with ==, so that any JSON value can be tested

    def seat(value: Any) -> bool:
        return _is_int(value, 0, n - 1)

    def per_seat(value: Any, fits: Callable[[Any], bool]) -> bool:
        return isinstance(value, tuple) and len(value) == n and all(fits(v) for v in value)

    def counters(value: Any, fits: Callable[[Any], bool]) -> bool:
        return isinstance(value, tuple) and len(value) == k and all(fits(v) for v in value)

    def texts(value: Any) -> bool:
        return isinstance(value, tuple) and all(isinstance(v, str) for v in value)

    checks = {
        "player, first and turn are seats": all(seat(v) for v in (view.player, view.first, view.turn)),
        "decider is a seat or null": view.decider is None or seat(view.decider),
        "round, deck, unused and declaration_limit are counts": _is_int(view.round, 1)
        and all(_is_int(v, 0) for v in (view.deck, view.unused, view.declaration_limit)),
        "extra_rule is true or false": isinstance(view.extra_rule, bool),
        "phase is one of the phases": view.phase in observe._PHASES,
        "attributes: one letter per counter": counters(view.attributes, lambda a: a in letters),
        "counters: per seat, one number per counter": per_seat(
            view.counters, lambda c: counters(c, lambda x: type(x) is int)
        ),
        "face_up: per seat, a letter or null per counter": per_seat(
            view.face_up, lambda c: counters(c, lambda x: x is None or x in letters)
        ),
        "declarations and hand_sizes: a count per seat": per_seat(view.declarations, lambda v: _is_int(v, 0))
        and per_seat(view.hand_sizes, lambda v: _is_int(v, 0)),
        "out: true or false per seat": per_seat(view.out, lambda v: isinstance(v, bool)),
        "named: (declarer, target, letter, right) each": isinstance(view.named, tuple)
        and all(
            isinstance(d, tuple)
            and len(d) == 4
            and seat(d[0])
            and seat(d[1])
            and d[2] in letters
            and isinstance(d[3], bool)
            for d in view.named
        ),
        "gifts: (giver, recipient, item) each": isinstance(view.gifts, tuple)
        and all(
            isinstance(g, tuple) and len(g) == 3 and seat(g[0]) and seat(g[1]) and isinstance(g[2], str)
            for g in view.gifts
        ),
        "hand and drawn are ids": texts(view.hand) and texts(view.drawn),
        "applying is an id or null": view.applying is None or isinstance(view.applying, str),
        "queue holds seats": isinstance(view.queue, tuple) and all(seat(q) for q in view.queue),
        "results: null, or won/lost/draw/ended per seat": view.results is None
        or per_seat(view.results, lambda r: r in ("won", "lost", "draw", "ended")),
        "cause is text or null": view.cause is None or isinstance(view.cause, str),
    }
    broken = [what for what, ok in checks.items() if not ok]
    return "; ".join(broken) if broken else None


def _view_loads(text: str | bytes, cards: TowerCardSet) -> VsObservation:
    view = VsObservation.loads(text)
    from .state import compile_table

    if not isinstance(cards, TowerCardSet):
        raise SaveError("a Tower save is loaded with a Tower card set")
    if view.cardset != compile_table(cards).fingerprint:
        raise SaveError("the observation was made with another card set")
    problem = _view_problem(view)
    if problem is not None:
        raise SaveError(f"a bad observation: {problem}")
    return view


VS_VIEW = ViewCodec(
    name="tower-vs-view",
    view_type=VsObservation,
    format=observe.VIEW_FORMAT,
    players=lambda view: view.players,
    over=lambda view: view.phase == "over",
    decider=lambda view: view.decider,
    dumps=VsObservation.dumps,
    loads=_view_loads,
    render_text=render.view_text,
)
"""A player's view goes through the front door too: ``ct.dumps(ct.observation(state, p))`` is a
player-safe save, and ``ct.loads`` reads it back as the :class:`VsObservation`."""
