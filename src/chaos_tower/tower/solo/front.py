"""The solo game's functions for the front door, registered with its mode in :mod:`chaos_tower.tower.spec`."""

from __future__ import annotations

from ...kernel.errors import MalformedActionError
from ...kernel.options import Options
from ...registry import GameRules, ViewCodec
from ..cards import TowerCardSet
from . import (
    actions,
    determinize,
    engine,
    layout,
    notation,
    observe,
    position,
    prep,
    render,
    serial,
    svg,
    terminal,
    view_codec,
)
from .actions import GRAMMAR, Action
from .options import OPTIONS, OWN_FIELDS, registered
from .state import DA_ORDERS, NO_MORE, State

__all__ = ["OPTIONS", "SOLO", "SOLO_VIEW", "start"]


def _players(state: State) -> int:
    return 1


def _current_player(state: State) -> int | None:
    return None if engine.is_terminal(state) else 0


def _returns(state: State) -> tuple[float, ...]:
    result = engine.outcome(state)
    if result is None or result.result == "ended":
        return (0.0,)
    return (1.0,) if result.result == "won" else (-1.0,)


def _action_text(state: State, action: Action) -> str:
    problem = engine.malformed(state, action)
    if problem is not None:
        raise MalformedActionError(problem)
    return actions.action_text(action, state.game.grid)


def _parse_action(state: State, text: str) -> Action:
    action = actions.parse_action(text, state.game.grid)
    problem = engine.malformed(state, action)
    if problem is not None:
        raise MalformedActionError(f"{text!r}: {problem}")
    return action


def start(cards: TowerCardSet, *, seed: int, options: Options) -> State:
    order = options["da_order"]
    assert order in DA_ORDERS  # checked against the OptionSpec's allowed values
    more = tuple((name, value) for name, value in options.values if name not in OWN_FIELDS)
    return prep.new_game(
        cards,
        seed=seed,
        max_actions=options["max_actions"],
        step_on_road=options["step_on_road"],
        da_order=order,
        more=Options(mode="solo", values=more) if more else NO_MORE,
    )


def _options(state: State) -> Options:
    return Options(
        mode="solo",
        values=tuple(
            (s.name, getattr(state, s.name) if s.name in OWN_FIELDS else state.more[s.name])
            for s in registered()
        ),
    )


SOLO = GameRules(
    name="tower-solo",
    save_format=serial.FORMAT,
    players=_players,
    legal_actions=engine.legal_actions,
    apply=engine.apply,
    check_action=engine.check_action,
    can_apply=engine.can_apply,
    outcome=engine.outcome,
    is_terminal=engine.is_terminal,
    current_player=_current_player,
    returns=_returns,
    dumps=serial.dumps,
    loads=serial.loads,
    action_text=_action_text,
    parse_action=_parse_action,
    action_index=engine.action_index,
    action_from_index=engine.action_from_index,
    action_space=engine.action_space,
    render_text=render.render_text,
    observation=observe.observation,
    observation_tensor=observe.observation_tensor,
    render_svg=svg.render_svg,
    options=_options,
    determinize=determinize.determinize,
    observation_layout=layout.observation_layout,
    to_notation=notation.to_notation,
    from_notation=position.from_notation,
    notation_words=position.WORDS,
    action_grammar=GRAMMAR,
    seat_view=terminal.seat_view,
    seat_screens=terminal.seat_screens,
    public_actions=True,
)

SOLO_VIEW = ViewCodec(
    name="tower-solo-view",
    view_type=observe.Observation,
    format=view_codec.VIEW_FORMAT,
    players=lambda view: 1,
    decider=lambda view: None if view.result is not None else 0,
    over=lambda view: view.result is not None,
    dumps=view_codec.dumps,
    loads=view_codec.loads,
)
"""The solo player's view: ``ct.dumps(ct.observation(state, 0))`` saves it, ``ct.loads`` reads it."""
