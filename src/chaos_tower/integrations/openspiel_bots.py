"""OpenSpiel's bots against this project's agents, on the same OpenSpiel game.

:func:`ismcts_bot` builds OpenSpiel's own information-set MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) on one of our modes, its
worlds drawn by the adapter's ``resample_from_infostate`` (that is,
:func:`chaos_tower.determinize`) from a seeded generator, so a game is
reproducible. :func:`play_match` plays one game between any mix of OpenSpiel
bots and our agents (any object with ``step(pyspiel_state)``, or with
``choose(decision)`` as :mod:`chaos_tower.agents` makes them, asked through
:func:`chaos_tower.agents.decide` with only its seat's :class:`~chaos_tower.agents.Decision`) and returns each
seat's result. ``bench/bench_openspiel.py`` plays a paired series with the
seats swapped and prints who wins.

>>> import pyspiel
>>> from chaos_tower.agents import make_agent
>>> from chaos_tower.integrations.openspiel_bots import ismcts_bot, play_match
>>> game = pyspiel.load_game("chaos_tower_vs2", {"seeds": 64})
>>> seats = [ismcts_bot(game, simulations=4, seed=1), make_agent("random", seat=1, seed=1)]
>>> result = play_match(game, seed=5, seats=seats)
>>> len(result.returns), result.actions > 0
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import attrs
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from .. import api
from ..agents import decide
from .openspiel import ChaosTowerState

__all__ = ["MatchResult", "OpenSpielBot", "ismcts_bot", "play_match"]


class OpenSpielBot(Protocol):
    """An OpenSpiel bot: it picks the action number to play in an OpenSpiel state."""

    def step(self, state: Any) -> int:
        """The action (its number) to play in ``state``."""
        ...


@attrs.frozen
class MatchResult:
    """How one game ended: each seat's return (1 won, -1 lost, 0 neither) and its length."""

    returns: tuple[float, ...]
    actions: int


def ismcts_bot(game: Any, *, simulations: int, seed: int, uct_c: float = 2.0, rollouts: int = 1) -> Any:
    """OpenSpiel's ``ISMCTSBot``: random-rollout evaluation, seeded worlds, ``simulations`` a move."""
    if type(simulations) is not int or simulations < 1:
        raise ValueError(f"simulations must be a positive int, not {simulations!r}")
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(rollouts, rng),
        uct_c,
        simulations,
        random_state=rng,
        child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,
    )

    def resample(state: ChaosTowerState, player: int) -> ChaosTowerState:
        return state.resample_from_infostate(player, rng.uniform)

    bot.set_resampler(resample)
    return bot


def play_match(game: Any, *, seed: int, seats: Sequence[Any]) -> MatchResult:
    """One game from the chance node's outcome ``seed``, seat ``p`` played by ``seats[p]``.

    An OpenSpiel bot is asked with the OpenSpiel state (``step``); one of our
    agents with our state (``choose``), its action turned into OpenSpiel's number.
    """
    state = game.new_initial_state()
    if len(seats) != game.num_players():
        raise ValueError(f"{len(seats)} seats for a game of {game.num_players()} players")
    state.apply_action(seed)
    actions = 0
    while not state.is_terminal():
        player = state.current_player()
        chooser = seats[player]
        if hasattr(chooser, "step"):
            number = int(chooser.step(state))
        else:
            ours = state.state
            number = api.action_index(ours, decide(chooser, ours))
        if number not in state.legal_actions():
            raise pyspiel.SpielError(f"seat {player} chose the illegal action {number}")
        state.apply_action(number)
        actions += 1
    return MatchResult(tuple(state.returns()), actions)
