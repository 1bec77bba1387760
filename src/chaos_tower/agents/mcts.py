"""Monte Carlo tree search for every game: single-observer information-set MCTS (SO-ISMCTS).

Why ISMCTS rather than plain UCT on a few determinisations: part of a game is
unseen (a deck's order, the other seats' hands and secrets). Determinised UCT builds one tree per guess and
averages them, which spends most of a small budget re-learning the same
shallow moves; SO-ISMCTS (Cowling, Powley and Whitehouse, 2012) draws a new
determinisation every simulation and grows *one* tree over the searching
seat's information sets, children keyed by action, each child's UCB counted
against how often it was available. So every simulation refines the same
statistics, and no simulation can favour what only the true deal would reveal.

The agent is handed a :class:`~chaos_tower.agents.Decision`, never the referee's state: every
determinisation is the decision's world redrawn from a seed of the agent's own generator
(``ct.determinize``). What it knows of the game comes from the mode's
:class:`~chaos_tower.kernel.agentkit.AgentKit` (``ModeSpec.agent_kit``): the heuristic player's
choice is the prior (tried first at the root, a progressive bias that fades with visits, the
winner of ties), so at the small budgets CI and a designer afford the search refines the rung
below instead of starting from nothing; playouts let each seat's heuristic player (or random
actions) play for ``rollout`` actions, then the kit's ``evaluate`` judges the position (the
returns when it is over). A mode with no kit is searched with random playouts, judged by its
result alone.

``mcts-cheat`` (:class:`MctsAgent` with ``cheat=True``) is the same search in the true state: a
cheating baseline, which measures what the hidden information is worth.

The budget is ``simulations`` or ``seconds`` (the first reached stops the
search); the search is anytime: stopped at any point, the most visited root
action is its answer. With a simulation budget a choice is reproducible from
the agent's seed; a time budget depends on the machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import chaos_tower as ct

from ..kernel.agentkit import AgentKit
from .base import Decision, Needs
from .params import PARAMETERS, AgentParameterError
from .tree import Bias, Node, Playout, mean, simulate, visits

__all__ = ["MctsAgent"]

_PLAYOUTS = ("heuristic", "random")
_NO_KIT = AgentKit(heuristic=lambda seed: _NoPlayer(), rollout=20)
"""A mode without a kit: random playouts, no prior, only the end counts."""


class _NoPlayer:
    def choose_in(self, world: Any) -> Any:
        raise AssertionError("a mode without a kit has no heuristic player")


class MctsAgent:
    """SO-ISMCTS with a budget in simulations or seconds; any game, any seat.

    ``simulations``: simulations per decision (default 200); ``seconds``: a
    time limit per decision instead or as well; ``rollout``: actions played
    after leaving the tree before the position is judged (default: the mode's,
    :class:`~chaos_tower.kernel.agentkit.AgentKit`); ``exploration``: the UCB
    constant; ``playout``: ``"heuristic"`` (each seat's heuristic player) or
    ``"random"``; ``prior``: the progressive bias of the heuristic player's
    choice at the root (0 turns the prior off); ``width``: sequential halving at
    the root over that many actions (:meth:`_halving`; 0: UCB over every action;
    default: the mode's ``AgentKit.root_width``, Crest 8, VS and solo 0, as
    measured by ``bench/bench_strength.py``); ``cheat``: search the true state
    (a declared cheating baseline, ``mcts-cheat``).
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
        width: int | None = None,
        cheat: bool = False,
    ) -> None:
        if simulations is None and seconds is None:
            raise AgentParameterError("MctsAgent needs a budget: simulations or seconds")
        given: dict[str, object] = {"simulations": simulations, "seconds": seconds, "rollout": rollout}
        given |= {"exploration": exploration, "playout": playout, "prior": prior, "width": width}
        for key, value in given.items():
            if value is not None:
                PARAMETERS["mcts"][key].check(key, value)  # nan, booleans, out of bounds: refused
        self.needs: Needs = "state" if cheat else "world"
        self._playout = playout
        self._prior = prior
        self._width = width
        self._rng = random.Random(seed)
        self._simulations = simulations
        self._seconds = seconds
        self._rollout = rollout
        self._c = exploration
        self._made: dict[Hashable, int] = {}
        self.last_simulations = 0
        """How many simulations the last decision ran (for time budgets)."""

    def choose(self, decision: Decision) -> Any:
        """The most visited root action after the search (the first legal one if it ran none)."""
        kit = decision.mode.agent_kit or _NO_KIT
        world = decision.world()
        legal = kit.tree_actions(world) if kit.tree_actions is not None else decision.legal
        restricted = False  # the way on only (below)
        if kit.revisit is not None:
            here = kit.revisit(world)
            self._made[here] = self._made.get(here, 0) + 1
            if self._made[here] >= 2 and kit.concession is not None:
                # Back where it has been: if no way on is left, take the loss now, rather than
                # walk in circles to the action cap (issue 24, item 3).
                way_out = kit.concession(world)
                if way_out is not None:
                    return way_out
            if self._made[here] >= 3 and kit.way_on is not None:
                # Back a third time, and not in a dead end: a loop the search likes (a room that
                # heals). It must take a way on: choose among the actions that change the game
                # here, or walk the shortest way to where some do (issue 24, item 3).
                way = kit.way_on(world)
                if way is not None:
                    if len(way) == 1:
                        return way[0]
                    legal = tuple(a for a in legal if a in way) or way
                    restricted = True
        if len(legal) == 1:
            return legal[0]
        seat = decision.seat
        rng = random.Random(self._rng.getrandbits(64))  # one draw per decision: reproducible
        heuristic = self._playout == "heuristic" and kit is not _NO_KIT
        if self._rollout is not None:
            rollout = self._rollout
        elif heuristic and kit.heuristic_rollout is not None:
            rollout = kit.heuristic_rollout
        else:
            rollout = kit.rollout
        root = Node(-1)
        # The prior: the heuristic player's own choice in the decision's world, tried first and
        # favoured until the search says otherwise.
        hint = None
        if self._prior > 0 and kit is not _NO_KIT:
            hint = kit.heuristic(rng.getrandbits(32)).choose_in(world)
            if restricted and hint not in legal:
                hint = legal[0]  # the way on's own choices only: the prior is the first of them
            elif hint not in legal:
                legal = (*legal, hint)  # the tree left the prior's action out (one cell per step)
        playout = Playout(rollout=rollout, seat=seat, kit=kit, heuristic=heuristic)
        bias = Bias(hint=hint, prior=self._prior, exploration=self._c)
        width = kit.root_width if self._width is None else self._width
        if hint is not None and width > 0:
            return self._halving(decision, world, legal, rng, width, playout, bias)
        deadline = time.perf_counter() + self._seconds if self._seconds is not None else None
        cheat = decision.cheats
        done = 0
        while self._simulations is None or done < self._simulations:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            sample = world if cheat else decision.world(rng.getrandbits(63))
            simulate(root, sample, rng, playout, bias)
            done += 1
        self.last_simulations = done
        return self._answer(decision, world, root, legal, hint, kit, rng)

    def _answer(
        self,
        decision: Decision,
        world: Any,
        root: Node,
        legal: tuple[Any, ...],
        hint: Any,
        kit: AgentKit,
        rng: random.Random,
    ) -> Any:
        options = legal
        if kit.revisit is not None:
            options = self._fresh(decision, kit.revisit, legal, rng)
        # Most visited; among equals the prior's choice, then the legal order (max and sorted keep it).
        if kit.dead_end is None:
            return max(options, key=lambda a: (visits(root, a), a == hint))
        ranked = sorted(options, key=lambda a: (-visits(root, a), a != hint))
        kept = set(options)
        return _open(world, [*ranked, *(a for a in legal if a not in kept)], kit)

    def _halving(
        self,
        decision: Decision,
        world: Any,
        legal: tuple[Any, ...],
        rng: random.Random,
        width: int,
        playout: Playout,
        bias: Bias,
    ) -> Any:
        """Sequential halving over the root's best few actions, each sweep's worlds shared.

        The candidates are the heuristic player's choice, then the other actions by the kit's
        one-step value in the decision's world, ``width`` of them (no more than the budget can try
        once each). The budget is split into ``ceil(log2(k))`` rounds; in a round every candidate
        left is searched in the same determinisations with the same playout seeds (common random
        numbers, so a comparison is not one world's luck against another's), and the better half
        by mean value goes on. Below the root it is the ISMCTS tree. With a time budget each round
        has its share of the time.
        """
        seat, kit, hint = decision.seat, playout.kit, bias.hint
        every = legal
        if kit.revisit is not None:
            legal = self._fresh(decision, kit.revisit, legal, rng)
        candidates = _ranked(world, legal, hint, kit, seat)
        while self._simulations is not None and width > 1 and _cost(width) > self._simulations:
            width -= 1  # every round must afford one sweep of what is left
        alive = candidates[: max(1, width)]
        order = {action: i for i, action in enumerate(alive)}
        rounds = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 1
        root = Node(-1)
        cheat = decision.cheats
        started = time.perf_counter()
        done = 0
        for r in range(rounds):
            if self._simulations is not None:
                sweeps = max(1, (self._simulations - done) // ((rounds - r) * len(alive)))
                deadline = None
            else:
                assert self._seconds is not None
                sweeps = None
                deadline = started + self._seconds * (r + 1) / rounds
            swept = 0
            while sweeps is None or swept < sweeps:
                if swept and deadline is not None and time.perf_counter() >= deadline:
                    break
                sample = world if cheat else decision.world(rng.getrandbits(63))
                seed = rng.getrandbits(64)
                for action in alive:
                    play = random.Random(seed)  # the same playout draws for every candidate
                    simulate(root, sample, play, playout, bias, first=action)
                done += len(alive)
                swept += 1
            if self._simulations is not None and (r == rounds - 1 or len(alive) == 1):
                # The budget's remainder (fewer than a sweep): the leaders so far, once more each.
                left = self._simulations - done
                sample = world if cheat else decision.world(rng.getrandbits(63))
                seed = rng.getrandbits(64)
                for action in sorted(alive, key=lambda a: (-mean(root, a), order[a]))[:left]:
                    play = random.Random(seed)
                    simulate(root, sample, play, playout, bias, first=action)
                    done += 1
            alive = sorted(alive, key=lambda a: (-mean(root, a), order[a]))[: max(1, (len(alive) + 1) // 2)]
            if len(alive) == 1:
                break
        self.last_simulations = done
        if kit.dead_end is None:
            return alive[0]
        # The winner, then the others by their means, then what the width left out.
        rest = sorted(
            (a for a in candidates if a != alive[0]), key=lambda a: (-mean(root, a), order.get(a, 0))
        )
        return _open(world, [alive[0], *rest, *(a for a in every if a not in candidates)], kit)

    def _fresh(
        self,
        decision: Decision,
        revisit: Callable[[Any], Hashable],
        legal: tuple[Any, ...],
        rng: random.Random,
    ) -> tuple[Any, ...]:
        """The actions that do not make, a third time, a position the agent was in.

        The manual sets no move limit: a search whose every leaf looks alike
        would shuttle between two rooms. Judged on a determinisation, not the
        true deck; all actions when none is fresh (nothing can change then).
        """
        sample = decision.world(rng.getrandbits(63))
        fresh = []
        for action in legal:
            after = ct.apply(sample, action)
            lost = ct.is_terminal(after) and max(ct.returns(after)) < 0
            if not lost and self._made.get(revisit(after), 0) < 2:
                fresh.append(action)
        return tuple(fresh) or legal


def _ranked(world: Any, legal: tuple[Any, ...], hint: Any, kit: AgentKit, seat: int) -> list[Any]:
    """``legal`` with the heuristic's choice first, then by the kit's value one action on (stable)."""
    rest = [a for a in legal if a != hint]
    if kit.evaluate is not None:
        evaluate = kit.evaluate
        value = {a: evaluate(ct.apply(world, a))[seat] for a in rest}
        rest.sort(key=lambda a: -value[a])
    return ([hint] if hint in legal else []) + rest


def _open(world: Any, ranked: Sequence[Any], kit: AgentKit) -> Any:
    """The first of ``ranked`` (best first) that does not lead into a dead end in ``world`` (the
    kit's ``dead_end``), or ``ranked[0]`` when every one does or the kit has no such test (its
    callers skip the ranking then: the VS and Crest Duel kits have none).

    The tree cannot see a dead end: a playout that walks back and forth between two rooms, with
    no card to place, ends on a position the leaf value may like. The rollout agent flipped the
    room next door and so closed the floor around itself in 9 of its 12 games at the action cap
    on solo seeds 0-142 (issue 24 item 3), each time beside a move that kept the game open.
    """
    test = kit.dead_end
    if test is None or len(ranked) < 2:
        return ranked[0]
    for action in ranked:
        after = ct.apply(world, action)
        if ct.is_terminal(after):
            if max(ct.returns(after)) > 0:
                return action  # a win
            continue
        if not test(after):
            return action
    return ranked[0]


def _cost(width: int) -> int:
    """The simulations of one sweep a round, ``width`` candidates halved to one."""
    total = 0
    while width > 1:
        total += width
        width = (width + 1) // 2
    return max(1, total)
