"""``chaos-tower play``: a solo game in the terminal, played by a person or by an agent.

With ``--mode vs`` it hands over to :mod:`chaos_tower.vs.play` (hot-seat VS games).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from .agents import AGENTS
from .choosing import pick
from .errors import CardSetError, ChaosTowerError
from .loading import load_cardset
from .tower.actions import action_text
from .tower.engine import apply, legal_actions, outcome
from .tower.prep import new_game
from .tower.render import render_text
from .tower.state import State

VS_FLAGS = ("extra_rule", "adjust_after_draw", "declare_when", "own_attribute_bluff")
"""The ``play`` flags only the VS modes take."""

__all__ = ["run"]

_AGENT_LIMIT = 2000


def _events(state: State, out: TextIO) -> None:
    for event in state.events:
        print(f"    {event}", file=out)


def _result(state: State, out: TextIO) -> int:
    final = outcome(state)
    assert final is not None
    print(
        f"result: {final.result} ({final.cause}, {final.rule}) after {state.actions} actions "
        f"on floor {'ZAP' if state.level == 0 else state.level}",
        file=out,
    )
    return 0


def _agent_game(
    state: State, name: str, seed: int, quiet: bool, out: TextIO, budget: int | None = None
) -> int:
    agent = AGENTS[name](0, seed, **({"simulations": budget} if budget is not None else {}))
    while outcome(state) is None:
        action = agent.choose(state)
        text = action_text(action, state.game.grid)
        state = apply(state, action)
        if not quiet:
            print(f"{state.actions:4d}. {text}", file=out)
            _events(state, out)
    if not quiet:
        print(render_text(state), file=out)
    return _result(state, out)


def _human_game(state: State, inp: TextIO, out: TextIO) -> int:
    while outcome(state) is None:
        print(render_text(state), file=out)
        actions = legal_actions(state)
        for number, action in enumerate(actions, 1):
            print(f"  {number:3d}  {action_text(action, state.game.grid)}", file=out)
        while True:
            print("action (number or text, q to quit)> ", end="", file=out, flush=True)
            line = inp.readline()
            if not line or line.strip() in ("q", "quit"):
                print("\nbye", file=out)
                return 0
            choice = line.strip()
            try:
                action = pick(state, actions, choice)
                state = apply(state, action)
                break
            except ChaosTowerError as exc:
                print(f"  not possible: {exc}", file=out)
        _events(state, out)
    print(render_text(state), file=out)
    return _result(state, out)


def run(args: argparse.Namespace, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run ``chaos-tower play`` with parsed arguments; returns the exit code."""
    if getattr(args, "game", "tower") == "crest":
        from .crest.play import run_crest

        return run_crest(args, inp, out)
    inp = inp or sys.stdin
    out = out or sys.stdout
    if getattr(args, "mode", "solo") == "vs":
        from .vs.play import run_vs

        if getattr(args, "players", None) == 6 or getattr(args, "teams", False):
            print("--mode vs is for 2 to 5 players, without teams", file=sys.stderr)
            return 2
        try:
            return run_vs(args, inp, out)
        except CardSetError as exc:
            print(exc, file=sys.stderr)
            return 1
    if getattr(args, "teams", False):
        print("--teams belongs to --game crest", file=sys.stderr)
        return 2
    if getattr(args, "players", None) not in (None, 1) or any(
        getattr(args, name, None) for name in VS_FLAGS
    ):
        print("--players, --extra-rule and the VS readings belong to --mode vs", file=sys.stderr)
        return 2
    if args.agent == "simple":
        print("the solo game is played by the agents random, greedy, heuristic and mcts", file=sys.stderr)
        return 2
    budget = getattr(args, "budget", None)
    if budget is not None and (args.agent != "mcts" or budget < 1):
        print("--budget is a number of simulations (1 or more) for --agent mcts", file=sys.stderr)
        return 2
    try:
        cards = load_cardset(args.cards)
    except CardSetError as exc:
        print(exc, file=sys.stderr)
        return 1
    limit = args.max_actions if args.max_actions is not None else (_AGENT_LIMIT if args.agent else None)
    state = new_game(cards, seed=args.seed, max_actions=limit)
    try:
        if args.agent:
            return _agent_game(state, args.agent, args.seed, args.quiet, out, budget)
        return _human_game(state, inp, out)
    except KeyboardInterrupt:
        print("\ninterrupted", file=out)
        return 130
