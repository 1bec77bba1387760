"""Tower of CHAOS, VS modes: 2 players (`TOC-VS2-01`) and 3 to 5 players (`TOC-VS3-01`).

The aim: keep one's own attributes hidden, gain high values on them, and name the
others'. The modules follow the manual: :mod:`chaos_tower.tower.vs.start` (the deal, `TOC-VS2-020` to
`025`), :mod:`.turn` (draw, adjust, give, `026` to `028`), :mod:`.declare`
("見えた", `029`), :mod:`.end` (winning, losing, scoring and the extra rule, `030`
to `032`), :mod:`.observe` (what each player may see), :mod:`.serial` (saves),
:mod:`.render` (text), :mod:`.agents`. The 3–5 player clauses `TOC-VS3-040` to
`052` are carried by the same code.

>>> import chaos_tower as ct
>>> state = ct.new_game(ct.load_cardset(), mode="vs", players=3, seed=1)
>>> ct.current_player(state), ct.action_text(state, ct.legal_actions(state)[0])
(1, 'draw')
"""

from __future__ import annotations

from .actions import Adjust, Declare, Draw, Give, Subtract, VsAction
from .agents import RandomVsAgent, SimpleVsAgent, play_game
from .engine import (
    apply,
    can_apply,
    check_action,
    current_player,
    is_terminal,
    legal_actions,
    outcome,
    returns,
)
from .invariants import violations
from .observe import VsObservation, observation, observation_tensor, tensor_size
from .render import render_text, view_text
from .serial import FORMAT, dumps, loads
from .start import declaration_limit, new_game
from .state import Declaration, Gift, VsOutcome, VsState

__all__ = [
    "FORMAT",
    "Adjust",
    "Declaration",
    "Declare",
    "Draw",
    "Gift",
    "Give",
    "RandomVsAgent",
    "SimpleVsAgent",
    "Subtract",
    "VsAction",
    "VsObservation",
    "VsOutcome",
    "VsState",
    "apply",
    "can_apply",
    "check_action",
    "current_player",
    "declaration_limit",
    "dumps",
    "is_terminal",
    "legal_actions",
    "loads",
    "new_game",
    "observation",
    "observation_tensor",
    "outcome",
    "play_game",
    "render_text",
    "returns",
    "tensor_size",
    "view_text",
    "violations",
]
