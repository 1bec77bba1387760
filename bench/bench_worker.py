"""One engine's side of a comparison between two versions of the package (bench_search.py).

Run as a process whose ``sys.path`` finds one version of ``chaos_tower`` (the checkout's, or a
frozen copy of an earlier commit's ``src``). It reads one JSON request a line on stdin and
answers one JSON line on stdout, so the caller can give the two versions alternate short
rounds in one run, each in its own process, with the imports paid before timing:

* ``{"work": "mcts", "mode": name, "seconds": s}``: MCTS decisions (random playouts, no prior:
  a fixed tree policy) on a fixed list of positions of the mode, round robin; answers
  ``{"count": simulations, "spent": seconds, "digest": ...}``, the digest naming the actions
  chosen by one search of each position, so the two versions can be seen to search alike.
The time is the process's CPU time (``time.process_time``), which other jobs on a shared machine
do not inflate as they do the wall clock.

* ``{"work": "playout", "mode": name, "seconds": s}``: random playouts through
  ``ct.legal_actions`` / ``ct.apply``; ``count`` is actions.

* ``{"work": "trace", "mode": name, "actions": n}``: the digest of :func:`trace` (untimed).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import chaos_tower as ct
from chaos_tower.agents import MctsAgent
from chaos_tower.integrations import MODES

try:
    from chaos_tower.agents import decide
except ImportError:  # a base before agents.decide (ff04353): the agent chose from the state itself

    def decide(agent: Any, state: Any) -> Any:
        return agent.choose(state)


def _searcher(seed: int) -> Any:
    """The fixed tree policy both versions search with: the prior off, random playouts, and UCB over
    every root action (``width=0``, where the version has sequential halving at the root: a Crest
    search now halves by default, which the earlier commits do not)."""
    if _HALVES:
        return MctsAgent(seed, simulations=SIMULATIONS, prior=0.0, playout="random", width=0)
    return MctsAgent(seed, simulations=SIMULATIONS, prior=0.0, playout="random")


_HALVES = "width" in inspect.signature(MctsAgent).parameters
"""Whether this version's MCTS has root halving (asked once, not per agent made in the timed loop)."""


SIMULATIONS = 100
"""Simulations per decision."""
POSITIONS = 8
"""Positions per mode, each a few random actions into a game."""


def _mode(name: str) -> Any:
    return next(m for m in MODES if m.name == name)


def positions(name: str) -> list[Any]:
    """The positions searched: a few random actions into successive seeds' games, each with a choice."""
    mode = _mode(name)
    cards = mode.cards()
    rng = random.Random(5)
    out: list[Any] = []
    for game in range(1000):
        state = ct.new_game(cards, seed=game, **mode.options)
        for _ in range(rng.randrange(6)):
            legal = ct.legal_actions(state)
            if not legal:
                break
            state = ct.apply(state, rng.choice(legal))
        if len(ct.legal_actions(state)) > 1:
            out.append(state)
        if len(out) == POSITIONS:
            return out
    raise RuntimeError(f"too few positions with a choice in {name}")


def mcts_runner(name: str) -> Callable[[float], tuple[int, float, str]]:
    states = positions(name)
    # The same first decisions in both versions: one search of each position, seeded by its number.
    digest = hashlib.sha256()
    for number, state in enumerate(states):
        digest.update(repr(decide(_searcher(number), state)).encode())
    choices = digest.hexdigest()[:12]
    done = 0

    def run(seconds: float) -> tuple[int, float, str]:
        nonlocal done
        count = 0
        began = time.process_time()
        while time.process_time() - began < seconds:
            agent = _searcher(done)
            decide(agent, states[done % len(states)])
            count += agent.last_simulations
            done += 1
        return count, time.process_time() - began, choices

    return run


def playout_runner(name: str) -> Callable[[float], tuple[int, float, str]]:
    mode = _mode(name)
    cards = mode.cards()
    rng = random.Random(1)
    game = 1
    state = ct.new_game(cards, seed=game, max_actions=500, **mode.options)

    def run(seconds: float) -> tuple[int, float, str]:
        nonlocal state, game
        steps = 0
        began = time.process_time()
        while time.process_time() - began < seconds:
            for _ in range(50):
                actions = ct.legal_actions(state)
                if not actions:
                    game += 1
                    state = ct.new_game(cards, seed=game, max_actions=500, **mode.options)
                    continue
                state = ct.apply(state, rng.choice(actions))
                steps += 1
        return steps, time.process_time() - began, ""

    return run


def trace(name: str, actions: int) -> str:
    """A digest of ``actions`` random actions of the mode (successive seeds' games, capped at 200
    actions): every state's legal actions, save, events and outcome, and every tenth state's world
    for the player to move (``ct.determinize``). Two versions of the engine with the same digest
    played the same games alike (bench_same.py)."""
    mode = _mode(name)
    cards = mode.cards()
    rng = random.Random(name)
    digest = hashlib.sha256()
    game = 0
    state = ct.new_game(cards, seed=game, max_actions=200, **mode.options)
    for number in range(actions):
        legal = ct.legal_actions(state)
        events = [(e.rule, e.kind, e.text, e.amount) for e in state.events]
        seen = (repr(legal), ct.dumps(state), repr(events), repr(ct.outcome(state)))
        if number % 10 == 0 and legal:
            seat = ct.current_player(state)
            seen += (ct.dumps(ct.determinize(state, seat, number)),)
        digest.update(repr(seen).encode())
        if not legal:
            game += 1
            state = ct.new_game(cards, seed=game, max_actions=200, **mode.options)
            continue
        state = ct.apply(state, rng.choice(legal))
    return digest.hexdigest()[:16]


def main() -> None:
    runners: dict[tuple[str, str], Callable[[float], tuple[int, float, str]]] = {}
    makers = {"mcts": mcts_runner, "playout": playout_runner}
    for line in sys.stdin:
        request = json.loads(line)
        if request["work"] == "trace":
            began = time.process_time()
            digest = trace(request["mode"], int(request["actions"]))
            spent = time.process_time() - began
            print(json.dumps({"count": request["actions"], "spent": spent, "digest": digest}), flush=True)
            continue
        key = (request["work"], request["mode"])
        if key not in runners:
            runners[key] = makers[key[0]](key[1])
            runners[key](0.05)  # warm: the card set compiled, the first tables made
        count, spent, digest = runners[key](float(request["seconds"]))
        print(json.dumps({"count": count, "spent": spent, "digest": digest}), flush=True)


if __name__ == "__main__":
    main()
