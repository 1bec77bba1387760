"""``chaos-tower play --game crest``: a duel in the terminal, for people at one keyboard or for agents.

People: when the keyboard passes to another seat, the screen and its scrollback
are wiped (on a terminal, :class:`~chaos_tower.hotseat.HotSeat`) and that seat's
view waits until it presses Enter; the view shows
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
from ..hotseat import HotSeat
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


def _human_game(state: CrestState, seat: HotSeat) -> int:
    out = seat.out
    last_seat = -1
    # Every event text is public (face-down cards are only counted), so each seat is shown
    # the events since its last view; action texts are not, since a setup action names its card.
    log: list[str] = [str(e) for e in state.events]
    seen = [0] * state.players
    while not engine.is_terminal(state):
        me = state.seat
        if me != last_seat:
            # `CRD-START-C`: the seat that just acted still faces the screen, so the next
            # seat's hand waits until that seat has the keyboard and presses Enter.
            banner = f"==== seat {me}: take the keyboard (others, look away) ===="
            if not seat.hand_over(banner, f"seat {me}: press Enter to see your view> "):
                return 0
            last_seat = me
            print("since your last view:" if seen[me] else "so far:", file=out)
            for line in log[seen[me] :]:
                print(f"    {line}", file=out)
            seen[me] = len(log)
        print(observation(state, me), file=out)
        actions = engine.legal_actions(state)
        for number, action in enumerate(actions, 1):
            print(f"  {number:3d}  {action_text(action)}", file=out)
        while True:
            choice = seat.read(f"seat {me}, action (number or text, q to quit)> ")
            if choice is None:
                return 0
            try:
                action = pick(state, actions, choice)
                state = engine.apply(state, action)
                break
            except ChaosTowerError as exc:
                print(f"  not possible: {exc}", file=out)
        _events(state, out)
        log += [str(e) for e in state.events]
        seen[me] = len(log)
    # `CRD-DEATH-C`: the duel is over; the last view goes with the private screen, and the
    # events that ended it, the whole table and the result are shown to all.
    seat.end()
    print("\n==== game over ====", file=out)
    for line in log[min(seen) :]:
        print(f"    {line}", file=out)
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
        or args.agent not in (None, "random", "greedy")
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
        with HotSeat(inp, out) as seat:
            return _human_game(state, seat)
    except KeyboardInterrupt:
        print("\ninterrupted", file=out)
        return 130
