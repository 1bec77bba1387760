"""``chaos-tower play --game crest``: a duel in the terminal, for people at one keyboard or for agents.

People: when the keyboard passes to another seat, the screen is cleared (on a
terminal) and that seat's view waits until it presses Enter; the view shows
only what the seat may see (its own hand, never the others', `CRD-START-C`)
and the public events since its last view. Agents: every seat is played by
the agent and the explained log (each action and the events it caused, with
their rules) is printed.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from ..choosing import pick
from ..errors import CardSetError, ChaosTowerError
from ..loading import load_cardset
from . import engine
from .actions import action_text
from .agents import CrestGreedyAgent, CrestRandomAgent
from .observe import observation
from .render import render_text
from .start import new_game
from .state import CrestState

__all__ = ["run_crest"]

_AGENT_LIMIT = 5000


def _events(state: CrestState, out: TextIO) -> None:
    for event in state.events:
        print(f"    {event}", file=out)


def _result(state: CrestState, out: TextIO) -> int:
    final = engine.outcome(state)
    assert final is not None
    winners = ", ".join(f"seat {s}" for s in final.winners) or "nobody"
    print(
        f"result: {winners} won ({final.cause}, {final.rule}) "
        f"after {state.actions} actions, {state.rounds} rounds",
        file=out,
    )
    return 0


def _agent_game(state: CrestState, name: str, seed: int, quiet: bool, out: TextIO) -> int:
    agent = CrestGreedyAgent(seed) if name == "greedy" else CrestRandomAgent(seed)
    while not engine.is_terminal(state):
        seat = state.seat
        action = agent.choose(state)
        text = action_text(action)
        state = engine.apply(state, action)
        if not quiet:
            print(f"{state.actions:4d}. seat {seat}: {text}", file=out)
            _events(state, out)
    if not quiet:
        print(render_text(state), file=out)
    return _result(state, out)


_CLEAR = "\033[2J\033[H"


def _human_game(state: CrestState, inp: TextIO, out: TextIO, clear: bool = False) -> int:
    last_seat = -1
    # Every event text is public (face-down cards are only counted), so each seat is shown
    # the events since its last view; action texts are not, since a setup action names its card.
    log: list[str] = [str(e) for e in state.events]
    seen = [0] * state.players
    while not engine.is_terminal(state):
        seat = state.seat
        if seat != last_seat:
            # `CRD-START-C`: the seat that just acted still faces the screen, so the next
            # seat's hand waits until that seat has the keyboard and presses Enter.
            print(
                (_CLEAR if clear else "\n") + f"==== seat {seat}: take the keyboard (others, look away) ====",
                file=out,
            )
            print(f"seat {seat}: press Enter to see your view> ", end="", file=out, flush=True)
            if not inp.readline():
                print("\nbye", file=out)
                return 0
            last_seat = seat
            print("since your last view:" if seen[seat] else "so far:", file=out)
            for line in log[seen[seat] :]:
                print(f"    {line}", file=out)
            seen[seat] = len(log)
        print(observation(state, seat), file=out)
        actions = engine.legal_actions(state)
        for number, action in enumerate(actions, 1):
            print(f"  {number:3d}  {action_text(action)}", file=out)
        while True:
            print(f"seat {seat}, action (number or text, q to quit)> ", end="", file=out, flush=True)
            line = inp.readline()
            if not line or line.strip() in ("q", "quit"):
                print("\nbye", file=out)
                return 0
            choice = line.strip()
            try:
                action = pick(state, actions, choice)
                state = engine.apply(state, action)
                break
            except ChaosTowerError as exc:
                print(f"  not possible: {exc}", file=out)
        _events(state, out)
        log += [str(e) for e in state.events]
        seen[seat] = len(log)
    print(render_text(state), file=out)
    return _result(state, out)


def run_crest(args: argparse.Namespace, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run ``chaos-tower play --game crest`` with parsed arguments; returns the exit code."""
    inp = inp or sys.stdin
    out = out or sys.stdout
    if (
        getattr(args, "mode", "solo") != "solo"
        or any(
            getattr(args, name, None)
            for name in ("extra_rule", "adjust_after_draw", "declare_when", "own_attribute_bluff")
        )
        or args.agent == "simple"
    ):
        print(
            "Crest Duel has no --mode, --extra-rule or VS readings; its agents are random and greedy",
            file=sys.stderr,
        )
        return 2
    try:
        cards = load_cardset(args.cards, game="crest")
    except CardSetError as exc:
        print(exc, file=sys.stderr)
        return 1
    limit = args.max_actions if args.max_actions is not None else (_AGENT_LIMIT if args.agent else None)
    try:
        state = new_game(
            cards,
            players=2 if args.players is None else args.players,
            teams=True if args.teams else None,
            seed=args.seed,
            max_actions=limit,
        )
    except ValueError as exc:
        print(f"chaos-tower play: {exc}", file=sys.stderr)
        return 2
    try:
        if args.agent:
            return _agent_game(state, args.agent, args.seed, args.quiet, out)
        return _human_game(state, inp, out, clear=out.isatty())
    except KeyboardInterrupt:
        print("\ninterrupted", file=out)
        return 130
