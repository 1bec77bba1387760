"""Crest Duel's functions for the front door, registered with its mode in :mod:`chaos_tower.crest.spec`.

>>> import chaos_tower as ct
>>> state = ct.new_game(ct.load_cardset(game="crest"), players=4, teams=True, seed=3)
>>> ct.rules_of(state).name, ct.current_player(state), state.teams
('crest', 0, (0, 1, 0, 1))
"""

from __future__ import annotations

from ..kernel.errors import MalformedActionError
from ..kernel.options import Options
from ..registry import GameRules, ViewCodec
from . import determinize, engine, layout, notation, observe, render, serial, svg, terminal, view_codec
from .actions import GRAMMAR, CrestAction, action_text, parse_action
from .cards import CrestCardSet
from .options import OPTIONS, OWN_FIELDS, registered
from .start import new_game
from .state import NO_MORE, CrestState

__all__ = ["CREST", "CREST_VIEW", "OPTIONS", "start"]


def _players(state: CrestState) -> int:
    return state.players


def _action_text(state: CrestState, action: CrestAction) -> str:
    problem = engine.malformed(state, action)
    if problem is not None:
        raise MalformedActionError(problem)
    return action_text(action)


def _parse_action(state: CrestState, text: str) -> CrestAction:
    action = parse_action(text, state.game)
    problem = engine.malformed(state, action)
    if problem is not None:
        raise MalformedActionError(f"{text!r}: {problem}")
    return action


def start(cards: CrestCardSet, *, seed: int, options: Options) -> CrestState:
    more = tuple((name, value) for name, value in options.values if name not in OWN_FIELDS)
    return new_game(
        cards,
        players=options["players"],
        teams=options["teams"],
        seed=seed,
        max_actions=options["max_actions"],
        more=Options(mode="duel", values=more) if more else NO_MORE,
    )


def _own(state: CrestState, name: str) -> object:
    # The teams as the layout the state holds: given back to new_game, they start the same game.
    return state.teams or None if name == "teams" else getattr(state, name)


def _options(state: CrestState) -> Options:
    return Options(
        mode="duel",
        values=tuple(
            (s.name, _own(state, s.name) if s.name in OWN_FIELDS else state.more[s.name])
            for s in registered()
        ),
    )


CREST = GameRules(
    name="crest",
    save_format=serial.FORMAT,
    players=_players,
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
    action_text=_action_text,
    parse_action=_parse_action,
    action_index=engine.action_index,
    action_from_index=engine.action_from_index,
    action_space=engine.action_space,
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
    action_grammar=GRAMMAR,
    seat_view=terminal.seat_view,
    seat_screens=terminal.seat_screens,
)

CREST_VIEW = ViewCodec(
    name="crest-view",
    view_type=observe.CrestObservation,
    format=view_codec.VIEW_FORMAT,
    players=lambda view: view.players,
    decider=lambda view: None if view.phase == "over" else view.seat,
    over=lambda view: view.phase == "over",
    dumps=view_codec.dumps,
    loads=view_codec.loads,
)
"""A wielder's view: ``ct.dumps(ct.observation(state, p))`` saves it, ``ct.loads`` reads it."""
