"""What every agent is, the random agent, and the loop that lets one play a game.

Agents are outside the rules: they only call the front door
(``import chaos_tower as ct``) and keep their own seeded generator, so a game
between a game seed and the agent seeds is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice
from typing import Any, Protocol

import chaos_tower as ct

__all__ = ["Agent", "RandomAgent", "advance", "play", "play_seats"]


class Agent(Protocol):
    """Anything that picks one of the legal actions."""

    def choose(self, state: Any) -> Any:
        """The action to play in ``state`` (which has at least one legal action)."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions, in any game (it asks the front door)."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        """A uniformly random legal action of whoever is to decide."""
        return self._rng.choice(ct.legal_actions(state))


def play(state: Any, agent: Agent) -> Iterator[tuple[Any, Any]]:
    """Let ``agent`` play from ``state`` to the end, yielding each action and the state it made.

    Any game's state will do (the front door applies the actions); in games of
    several players the one agent decides for every seat.
    """
    while not ct.is_terminal(state):
        action = agent.choose(state)
        state = ct.apply(state, action)
        yield action, state


def advance(state: Any, agent: Agent, actions: int) -> Any:
    """The state after ``agent`` has played ``actions`` actions from ``state`` (fewer if the game ends).

    >>> import chaos_tower as ct
    >>> start = ct.new_game(ct.load_cardset(), seed=1)
    >>> advance(start, RandomAgent(1), 0) == start, advance(start, RandomAgent(1), 3).actions
    (True, 3)
    """
    for _action, after in islice(play(state, agent), actions):
        state = after
    return state


def play_seats(state: Any, agents: list[Agent]) -> Iterator[tuple[Any, Any]]:
    """Like :func:`play`, seat ``p`` choosing with ``agents[p]``."""
    while (seat := ct.current_player(state)) is not None:
        action = agents[seat].choose(state)
        state = ct.apply(state, action)
        yield action, state
