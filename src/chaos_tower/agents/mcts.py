"""Monte Carlo tree search for every game: single-observer information-set MCTS (SO-ISMCTS).

Why ISMCTS rather than plain UCT on a few determinisations: the solo deck
below its top card, and in VS and Crest Duel the others' attributes, hands
and the deck, are unseen. Determinised UCT builds one tree per guess and
averages them, which spends most of a small budget re-learning the same
shallow moves; SO-ISMCTS (Cowling, Powley and Whitehouse, 2012) draws a new
determinisation every simulation and grows *one* tree over the searching
seat's information sets, children keyed by action, each child's UCB counted
against how often it was available. So every simulation refines the same
statistics, and no simulation can favour what only the true deal would reveal.

Every determinisation comes from :func:`~chaos_tower.agents.determinize`
(the kernel's ``ct.determinize`` hook), applied to the state the agent is
given with a seed from the agent's own generator: it sees only the searching
seat's observation. The heuristic agent's choice is the prior (tried first at
the root, a progressive bias that fades with visits, the winner of ties): at
the small budgets CI and a designer afford, the search refines the rung below
instead of starting from nothing. Playouts let each seat's one-step agent
play (or random actions) for ``rollout`` actions, then the
position is judged: by the game's result when it is over, otherwise by a
per-game heuristic squashed to 0..1 (the solo game: the heuristic agent's
measure; VS: the highest counter, which wins when the deck runs out,
`TOC-VS2-030`; Crest Duel: HP and power on the board).

The budget is ``simulations`` or ``seconds`` (the first reached stops the
search); the search is anytime: stopped at any point, the most visited root
action is its answer. With a simulation budget a choice is reproducible from
the agent's seed; a time budget depends on the machine.
"""

from __future__ import annotations

import functools
import math
import random
import time
from typing import Any

import chaos_tower as ct

from .deadend import concession
from .determinize import determinize
from .greedy import _position, _step_prospects
from .heuristic import HeuristicAgent, quick_score
from .params import PARAMETERS, AgentParameterError

__all__ = ["MctsAgent", "evaluate"]

_DEFAULT_ROLLOUT = {"solo": 0, "vs": 40, "crest": 20}
# Heuristic playouts cost one one-step evaluation per action: shorter, and each action worth more.
_HEURISTIC_ROLLOUT = {"solo": 0, "vs": 40, "crest": 8}
_PLAYOUTS = ("heuristic", "random")


class _Node:
    """Statistics of one action from one information set, and the actions tried below it."""

    __slots__ = ("available", "children", "player", "visits", "wins")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action that leads here
        self.visits = 0
        self.available = 0
        self.wins = 0.0
        self.children: dict[Any, _Node] = {}


class MctsAgent:
    """SO-ISMCTS with a budget in simulations or seconds; any game, any seat.

    ``simulations``: simulations per decision (default 200); ``seconds``: a
    time limit per decision instead or as well; ``rollout``: random actions
    played after leaving the tree before the position is judged (default: 0
    in the solo game, whose random play falls off the floor at once; 40 in VS;
    20 in Crest Duel, 8 with heuristic playouts); ``exploration``: the UCB
    constant; ``playout``: ``"heuristic"`` (each seat's one-step agent) or
    ``"random"``; ``prior``: the progressive bias of the heuristic agent's
    choice at the root (0 turns the prior off).
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        simulations: int | None = 200,
        seconds: float | None = None,
        rollout: int | None = None,
        exploration: float = 0.2,
        playout: str = "heuristic",
        prior: float = 5.0,
    ) -> None:
        if simulations is None and seconds is None:
            raise AgentParameterError("MctsAgent needs a budget: simulations or seconds")
        given: dict[str, object] = {"simulations": simulations, "seconds": seconds, "rollout": rollout}
        given |= {"exploration": exploration, "playout": playout, "prior": prior}
        for key, value in given.items():
            if value is not None:
                PARAMETERS["mcts"][key].check(key, value)  # nan, booleans, out of bounds: refused
        self._playout = playout
        self._prior = prior
        self._rng = random.Random(seed)
        self._simulations = simulations
        self._seconds = seconds
        self._rollout = rollout
        self._c = exploration
        self._made: dict[tuple[object, ...], int] = {}
        self._hint: Any = None
        self.last_simulations = 0
        """How many simulations the last decision ran (for time budgets)."""

    def choose(self, state: Any) -> Any:
        """The most visited root action after the search (the first legal one if it ran none)."""
        legal = _tree_actions(state)
        if isinstance(state, ct.State):
            here = _position(state)
            self._made[here] = self._made.get(here, 0) + 1
            if self._made[here] >= 2:
                # Back where it has been: if no way on is left, take the loss now (agents.deadend),
                # rather than walk in circles to the action cap (issue 24, item 3).
                way_out = concession(state)
                if way_out is not None:
                    return way_out
        if len(legal) == 1:
            return legal[0]
        seat = ct.current_player(state)
        assert seat is not None, "the game is over"
        rng = random.Random(self._rng.getrandbits(64))  # one draw per decision: reproducible
        kind = _kind(state)
        lengths = _HEURISTIC_ROLLOUT if self._playout == "heuristic" else _DEFAULT_ROLLOUT
        rollout = self._rollout if self._rollout is not None else lengths[kind]
        root = _Node(-1)
        # The prior: the heuristic agent's own choice in the true state (it sees only what the
        # seat sees, like every agent) is tried first and favoured until the search says otherwise.
        hint = HeuristicAgent(rng.getrandbits(32)).choose(state) if self._prior > 0 else None
        if hint is not None and hint not in legal:
            hint = _tree_twin(hint, legal)
        self._hint = hint
        deadline = time.perf_counter() + self._seconds if self._seconds is not None else None
        done = 0
        while self._simulations is None or done < self._simulations:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            world = determinize(state, seat, rng.getrandbits(63))
            self._simulate(root, world, rng, rollout, seat, legal)
            done += 1
        self.last_simulations = done
        options = legal
        if isinstance(state, ct.State):
            options = self._fresh(state, seat, legal, rng)
        # Most visited; among equals the prior's choice, then the legal order (max keeps the first).
        return max(options, key=lambda a: (_visits(root, a), a == hint))

    def _fresh(
        self, state: ct.State, seat: int, legal: tuple[Any, ...], rng: random.Random
    ) -> tuple[Any, ...]:
        """The solo actions that do not make, a third time, a position the agent was in.

        The manual sets no move limit: a search whose every leaf looks alike
        would shuttle between two rooms. Judged on a determinisation, not the
        true deck; all actions when none is fresh (nothing can change then).
        """
        sample = determinize(state, seat, rng.getrandbits(63))
        fresh = []
        for action in legal:
            after = ct.apply(sample, action)
            lost = after.result is not None and after.result.result == "lost"
            if not lost and self._made.get(_position(after), 0) < 2:
                fresh.append(action)
        return tuple(fresh) or legal

    def _simulate(
        self, root: _Node, state: Any, rng: random.Random, rollout: int, seat: int, at_root: tuple[Any, ...]
    ) -> None:
        # The game's rules are looked up once (ct.rules_of): a simulation's states are all of one
        # type, and the front door's functions would look them up at every call.
        rules = ct.rules_of(state)
        legal_actions, apply, is_terminal, current_player = (
            rules.legal_actions,
            rules.apply,
            rules.is_terminal,
            rules.current_player,
        )
        solo = isinstance(state, ct.State)
        node = root
        path = [root]
        # Selection and expansion in this determinisation.
        # The root's actions are the same in every world (what the seat may do never depends on
        # what it cannot see): made once per decision (``at_root``), not in every simulation.
        legal = at_root
        while node is root or not is_terminal(state):
            if node is not root:
                legal = _tree_actions(state) if solo else legal_actions(state)
            mover = current_player(state)
            assert mover is not None
            children = node.children
            untried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                if node is root and self._hint in untried:
                    action = self._hint
                else:
                    action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node(mover)
                child.available = 1
                state = apply(state, action)
                path.append(child)
                break
            log_c = self._c
            best_value = -math.inf
            chosen = legal[0]
            log, sqrt = math.log, math.sqrt
            hint = self._hint if node is root else None
            for action in legal:
                child = children[action]
                visits = child.visits
                value = child.wins / visits + log_c * sqrt(log(child.available) / visits)
                if hint is not None and action == hint:
                    value += self._prior / (1 + visits)  # progressive bias: fades as visits grow
                if value > best_value:
                    best_value, chosen = value, action
            node = children[chosen]
            state = apply(state, chosen)
            path.append(node)
        # Playout: each seat's one-step agent (the rung below; it plays in the determinisation
        # drawn for this simulation), or uniformly random actions.
        policies: dict[int, Any] = {}
        heuristic = self._playout == "heuristic"
        for _ in range(rollout):
            mover = current_player(state)
            if mover is None:
                break
            if heuristic:
                policy = policies.get(mover)
                if policy is None:
                    policy = policies[mover] = HeuristicAgent(rng.getrandbits(32))
                state = apply(state, policy.choose(state))
            else:
                legal = legal_actions(state)
                state = apply(state, legal[rng.randrange(len(legal))])
        rewards = evaluate(state, seat)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                visited.wins += rewards[visited.player]


def _tree_actions(state: Any) -> tuple[Any, ...]:
    """The actions the tree branches on: all of them, but in the solo game one cell per step.

    A step placed anywhere clears the floor alike (`TOC-STEP-03`); its hundreds
    of cells and rotations would take the whole budget. The tree keeps, per
    step, the placements on the cell nearest the middle (any rotation): from
    there the new floor has room on every side.
    """
    legal = ct.legal_actions(state)
    if not isinstance(state, ct.State):
        return legal
    place_step = ct.PlaceStep
    if not any(type(a) is place_step for a in legal):
        return legal
    grid = state.game.grid
    off_centre = _off_centre(grid.columns, grid.rows)
    nearest: dict[str, float] = {}
    inf = math.inf
    for action in legal:
        if type(action) is place_step:
            distance = off_centre[action.cell]
            if distance < nearest.get(action.step, inf):
                nearest[action.step] = distance
    return tuple(a for a in legal if type(a) is not place_step or off_centre[a.cell] == nearest[a.step])


@functools.lru_cache(maxsize=16)
def _off_centre(columns: int, rows: int) -> tuple[float, ...]:
    """Each cell's distance from the middle of the floor (city blocks), cells numbered row by row."""
    middle_x, middle_y = (columns - 1) / 2, (rows - 1) / 2
    return tuple(abs(x - middle_x) + abs(y - middle_y) for y in range(rows) for x in range(columns))


def _tree_twin(action: Any, legal: tuple[Any, ...]) -> Any:
    """The tree's placement of the same step when the prior lays it on a cell the tree left out."""
    if type(action) is ct.PlaceStep:
        return next((a for a in legal if type(a) is ct.PlaceStep and a.step == action.step), None)
    return None


def _visits(root: _Node, action: Any) -> int:
    child = root.children.get(action)
    return child.visits if child is not None else -1


def _kind(state: Any) -> str:
    if isinstance(state, ct.State):
        return "solo"
    if isinstance(state, ct.VsState):
        return "vs"
    if isinstance(state, ct.CrestState):
        return "crest"
    raise TypeError(f"not a game state: {type(state).__name__}")


def evaluate(state: Any, seat: int) -> tuple[float, ...]:
    """Each seat's value of a position, 0 (lost) to 1 (won): the result if over, else a heuristic.

    ``seat`` is the searching seat; in the solo game the value is measured
    against a fixed scale of the heuristic agent's measure.
    """
    if isinstance(state, ct.State):
        return (_solo_value(state),)
    if ct.is_terminal(state):
        return tuple((r + 1.0) / 2.0 for r in ct.returns(state))
    if isinstance(state, ct.VsState):
        return _vs_values(state)
    return _crest_values(state)


def _solo_value(state: ct.State) -> float:
    result = state.result
    if result is not None:
        return 1.0 if result.result == "won" else 0.0 if result.result == "lost" else 0.05
    # About 400 a step used (the heuristic's weights): each step moves the value a good deal.
    # The heuristic agent's look-ahead too (which unused steps became placeable): without it a
    # leaf one action short of a step looks no better than any other.
    value = quick_score(state) + _step_prospects(state)
    return 1.0 / (1.0 + math.exp(-(value - 1000.0) / 600.0))


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def _vs_values(state: ct.VsState) -> tuple[float, ...]:
    # The highest single counter wins when the deck runs out (TOC-VS2-030); a counter named
    # rightly is half way to losing (TOC-VS2-031), one out is lost (TOC-VS3-051).
    raw = []
    for p in range(state.players):
        if state.out[p]:
            raw.append(-10.0)
        else:
            raw.append(max(state.counters[p]) - 4.0 * sum(state.revealed[p]))
    values = []
    for p in range(state.players):
        others = [raw[q] for q in range(state.players) if q != p]
        values.append(_logistic((raw[p] - max(others)) / 3.0))
    return tuple(values)


def _crest_values(state: ct.CrestState) -> tuple[float, ...]:
    from ..crest.agents import crest_score

    return tuple(_logistic(crest_score(state, p) / 20.0) for p in range(state.players))
