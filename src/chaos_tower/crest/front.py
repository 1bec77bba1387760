"""Crest Duel's entry in the front door (:mod:`chaos_tower.api`).

>>> import chaos_tower as ct
>>> state = ct.new_game(ct.load_cardset(game="crest"), players=4, teams=True, seed=3)
>>> ct.rules_of(state).name, ct.current_player(state), state.teams
('crest', 0, (0, 1, 0, 1))
"""

from __future__ import annotations

from typing import Any

from .. import api
from ..errors import MalformedActionError
from . import engine, observe, render, serial, svg
from .actions import CrestAction, action_text, parse_action
from .cards import CrestCardSet
from .start import new_game
from .state import CrestState

__all__ = ["CREST"]


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


def _start(
    cards: CrestCardSet,
    *,
    seed: int,
    players: int | None,
    teams: Any,
    extra_rule: bool,
    max_actions: int | None,
) -> CrestState:
    if extra_rule:
        raise ValueError("extra_rule belongs to the Tower's VS mode, not to Crest Duel")
    return new_game(
        cards, players=2 if players is None else players, teams=teams, seed=seed, max_actions=max_actions
    )


CREST = api.GameRules(
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
    render_svg=svg.render_svg,
)

api.register(CrestState, CREST)
api.register_start(CrestCardSet, "duel", _start)
