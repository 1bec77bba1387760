"""What an agent is given (a :class:`Decision`), what it is, the random agent, and the play loops.

An agent never holds the referee's state (issue 24, item 8): the loops below hand it a
:class:`Decision`, the seat's own knowledge and nothing more. A decision's world is drawn for the
seat from what it has seen (``ct.determinize`` with a fixed seed), so two positions the seat cannot
tell apart give equal decisions, and no object reachable from one is the true state. Only an agent
that declares itself a cheating baseline (``needs = "state"``; its registry name ends in
``-cheat``) is handed the true state, in its decision's world.

Agents are outside the rules: they only call the front door (``import chaos_tower as ct``) and
keep their own seeded generator, so a game between a game seed and the agent seeds is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice
from typing import Any, Literal, Protocol

from attrs import field, frozen

import chaos_tower as ct

from .. import registry
from ..kernel.agentkit import WorldPlayer
from ..kernel.errors import ChaosTowerError

__all__ = [
    "Agent",
    "Decision",
    "Needs",
    "NoWorldError",
    "PlayerAgent",
    "RandomAgent",
    "advance",
    "decide",
    "decision",
    "play",
    "play_seats",
]

Needs = Literal["legal", "world", "state"]
"""What an agent asks of its decisions: the legal actions only; those, the seat's observation and a
world drawn for the seat (the default); or, for a declared cheat, the true state as the world."""

_WORLD_SEED = 0
"""The seed of a decision's world: fixed, so a decision is a function of the seat's knowledge."""


class NoWorldError(ChaosTowerError, TypeError):
    """A decision made for an agent that asked only for the legal actions has no world."""


@frozen
class Decision:
    """What the seat to move knows when it must choose: all an agent is ever handed.

    ``seat`` is the seat to move, ``mode`` its mode's registry entry (public: the rules in force),
    ``legal`` its legal actions, ``observation`` its view (``ct.observation``), and
    :meth:`world` a full state consistent with that view, drawn for the seat, or a fresh one
    from a seed (``ct.determinize``): never the referee's, unless :attr:`cheats`.
    """

    seat: int
    mode: registry.ModeSpec = field(eq=False, repr=False)
    legal: tuple[Any, ...]
    _world: Any = field(default=None, alias="world", repr=False)
    cheats: bool = False
    """The world is the true state (an agent that declared ``needs = "state"``)."""
    _seen: Any = field(default=None, eq=False, repr=False, alias="seen")

    @property
    def observation(self) -> Any:
        """The seat's view (``ct.observation``), read from the world on first need (the same as the
        true state's); ``None`` in a decision of the legal actions only."""
        if self._seen is None and self._world is not None:
            object.__setattr__(self, "_seen", ct.observation(self._world, self.seat))
        return self._seen

    def world(self, seed: int | None = None) -> Any:
        """The decision's world (``seed=None``), or a new one drawn for the seat from ``seed``."""
        if self._world is None:
            raise NoWorldError("this decision has no world: its agent asked for the legal actions only")
        if seed is None:
            return self._world
        return ct.determinize(self._world, self.seat, seed)


class Agent(Protocol):
    """Anything that picks one of the legal actions of a :class:`Decision`.

    An agent may say what it needs (``needs``: ``"legal"``, ``"world"``, the default, or ``"state"``,
    which makes it a cheating baseline): :func:`decide` reads it.
    """

    def choose(self, decision: Decision) -> Any:
        """One of ``decision.legal``."""
        ...


def decision(state: Any, needs: Needs = "world") -> Decision:
    """The :class:`Decision` of the seat to move in ``state``, with what ``needs`` asks for."""
    seat = ct.current_player(state)
    if seat is None:
        raise ValueError("the game is over: no seat is to move")
    mode = registry.mode_of(type(state))
    legal = ct.legal_actions(state)
    if needs == "legal":
        return Decision(seat, mode, legal)
    if needs == "state":
        return Decision(seat, mode, legal, state, cheats=True)
    if needs != "world":
        raise ValueError(f"an agent needs 'legal', 'world' or 'state', not {needs!r}")
    return Decision(seat, mode, legal, ct.determinize(state, seat, _WORLD_SEED))


def needs(agent: Agent) -> Needs:
    """What ``agent`` asks of its decisions (``"world"`` unless it says otherwise)."""
    found: Needs = getattr(agent, "needs", "world")
    return found


def cheats(agent: object) -> bool:
    """Whether ``agent`` is a declared cheating baseline (it is handed the true state)."""
    return getattr(agent, "needs", "world") == "state"


def decide(agent: Agent, state: Any) -> Any:
    """``agent``'s choice for the seat to move in ``state``, given only that seat's :class:`Decision`."""
    return agent.choose(decision(state, needs(agent)))


class PlayerAgent:
    """A mode's player (``choose_in(world)``, :class:`~chaos_tower.kernel.agentkit.WorldPlayer`) as an
    agent: it chooses in the decision's world. ``cheat``: in the true state (a declared baseline)."""

    def __init__(self, player: WorldPlayer, *, cheat: bool = False) -> None:
        self.needs: Needs = "state" if cheat else "world"
        self.player = player

    def choose(self, decision: Decision) -> Any:
        """The player's choice in the decision's world."""
        return self.player.choose_in(decision.world())


class RandomAgent:
    """Picks uniformly among the legal actions, in any game."""

    needs: Needs = "legal"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, decision: Decision) -> Any:
        """A uniformly random legal action."""
        return self._rng.choice(decision.legal)


def play(state: Any, agent: Agent) -> Iterator[tuple[Any, Any]]:
    """Let ``agent`` play from ``state`` to the end, yielding each action and the state it made.

    Any game's state will do (the front door applies the actions); in games of
    several players the one agent decides for every seat.
    """
    while not ct.is_terminal(state):
        action = decide(agent, state)
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
        action = decide(agents[seat], state)
        state = ct.apply(state, action)
        yield action, state
