"""The VS modes' entry in the front door (:mod:`chaos_tower.api`).

``ct.new_game(cards, mode="vs", players=N)`` starts one; the front door's functions then serve it.
"""

from __future__ import annotations

from typing import Any

from .. import api
from ..cards import TowerCardSet
from ..errors import SaveError
from . import actions, engine, observe, render, serial, setup
from .observe import VsObservation
from .state import VsState

__all__ = ["VS", "VS_VIEW"]


def _start(
    cards: TowerCardSet,
    *,
    seed: int,
    players: int | None,
    teams: Any,
    extra_rule: bool,
    max_actions: int | None,
) -> VsState:
    if players is None:
        raise ValueError("say how many play: players=2 to 5")
    if teams is not None:
        raise ValueError("teams belong to Crest Duel, not to the Tower's VS modes")
    return setup.new_game(cards, players=players, seed=seed, extra_rule=extra_rule, max_actions=max_actions)


VS = api.GameRules(
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
)


def _not_playable(view: VsObservation, *args: Any) -> Any:
    raise TypeError("an observation is one player's view, not a game to play; use the referee's VsState")


def _view_loads(text: str | bytes, cards: TowerCardSet) -> VsObservation:
    view = VsObservation.loads(text)
    from .state import compile_table

    if not isinstance(cards, TowerCardSet):
        raise SaveError("a Tower save is loaded with a Tower card set")

    if view.cardset != compile_table(cards).fingerprint:
        raise SaveError("the observation was made with another card set")
    return view


VS_VIEW = api.GameRules(
    name="tower-vs-view",
    save_format=observe.VIEW_FORMAT,
    players=lambda view: view.players,
    legal_actions=_not_playable,
    apply=_not_playable,
    check_action=_not_playable,
    can_apply=_not_playable,
    outcome=_not_playable,
    is_terminal=lambda view: view.phase == "over",
    current_player=lambda view: view.decider,
    returns=_not_playable,
    dumps=VsObservation.dumps,
    loads=_view_loads,
    action_text=_not_playable,
    parse_action=_not_playable,
    action_index=_not_playable,
    action_from_index=_not_playable,
    action_space=_not_playable,
    render_text=render.view_text,
)
"""A player's view goes through the front door too: ``ct.dumps(ct.observation(state, p))`` is a
player-safe save, and ``ct.loads`` reads it back as the :class:`VsObservation`."""

api.register(VsState, VS)
api.register(VsObservation, VS_VIEW)
api.register_start(TowerCardSet, "vs", _start)
