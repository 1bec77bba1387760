"""``chaos-tower play --mode vs``: hot-seat VS games at one keyboard, or agents playing every seat.

Hot seat (:class:`~chaos_tower.hotseat.HotSeat`): before each decision the screen and
its scrollback are wiped and the deciding player is announced; the view appears only
after they press Enter, and it shows only what
:func:`~chaos_tower.vs.observe.observation` gives that player, never another's
hidden attributes, items or the deck. Actions are chosen by number or text;
``q``, end of input or Ctrl-C quit cleanly.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from ..choosing import pick
from ..errors import ChaosTowerError
from ..hotseat import HotSeat
from ..loading import load_cardset
from .actions import action_text
from .agents import RandomVsAgent, SimpleVsAgent
from .engine import apply, current_player, legal_actions, outcome
from .observe import observation
from .render import render_text, view_text
from .setup import new_game
from .state import VsState

__all__ = ["run_vs"]

_AGENT_LIMIT = 5000


def _names(state: VsState) -> dict[str, str]:
    t = state.table
    return dict(zip((*t.chaos_ids, *t.item_ids), (*t.chaos_names, *t.item_names), strict=True))


def _public_events(state: VsState, out: TextIO) -> None:
    # Every VS event text is public by construction: none names a hidden attribute or item.
    for event in state.events:
        print(f"    {event}", file=out)


def _result(state: VsState, out: TextIO) -> int:
    final = outcome(state)
    assert final is not None
    summary = ", ".join(f"player {p}: {r}" for p, r in enumerate(final.results))
    print(f"result: {summary} ({final.cause}, {final.rule}) after {state.actions} actions", file=out)
    return 0


def _agent_game(state: VsState, name: str, seed: int, quiet: bool, out: TextIO) -> int:
    kind = SimpleVsAgent if name == "simple" else RandomVsAgent
    agents = [kind(seed * 10 + p) for p in range(state.players)]
    if not quiet:
        _public_events(state, out)
        print(render_text(state), file=out)
    while (me := current_player(state)) is not None:
        action = agents[me].choose(state)
        text = action_text(state, action)
        state = apply(state, action)
        if not quiet:
            print(f"{state.actions:4d}. player {me}: {text}", file=out)
            _public_events(state, out)
    if not quiet:
        print(render_text(state), file=out)
    return _result(state, out)


def _human_game(state: VsState, seat: HotSeat) -> int:
    names = _names(state)
    out = seat.out
    log: list[str] = [str(e) for e in state.events]
    """Everything public that happened; each player is shown what happened since their last view."""
    seen = [0] * state.players
    while (me := current_player(state)) is not None:
        banner = f"=== player {me}, your turn (everyone else, look away) ==="
        if not seat.hand_over(banner, f"player {me}: press Enter to see your view> "):
            return 0
        print("since your last view:" if seen[me] else "the deal:", file=out)
        for line in log[seen[me] :]:
            print(f"    {line}", file=out)
        seen[me] = len(log)
        print(view_text(observation(state, me), names), file=out)
        actions = legal_actions(state)
        for number, action in enumerate(actions, 1):
            print(f"  {number:3d}  {action_text(state, action)}", file=out)
        while True:
            choice = seat.read("action (number or text, q to quit)> ")
            if choice is None:
                return 0
            try:
                action = pick(state, actions, choice)
                state = apply(state, action)
                break
            except ChaosTowerError as exc:
                print(f"  not possible: {exc}", file=out)
        log += [f"player {me}: {action_text(state, action)}", *(str(e) for e in state.events)]
    # The game is over: the last view goes with the private screen; the result is for all.
    seat.end()
    print("\n=== game over ===", file=out)
    for line in log[min(seen) :]:
        print(f"    {line}", file=out)
    print(render_text(state), file=out)
    return _result(state, out)


def run_vs(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    """Run ``chaos-tower play --mode vs`` with parsed arguments; returns the exit code."""
    players = args.players if args.players is not None else 2
    if args.agent not in (None, "random", "simple"):
        print(f"the VS modes are played by the agents random and simple, not {args.agent}", file=out)
        return 2
    cards = load_cardset(args.cards)
    limit = args.max_actions if args.max_actions is not None else (_AGENT_LIMIT if args.agent else None)
    readings = {
        name: getattr(args, name)
        for name in ("adjust_after_draw", "declare_when", "own_attribute_bluff")
        if getattr(args, name, None) is not None
    }
    state = new_game(
        cards, players=players, seed=args.seed, extra_rule=args.extra_rule, max_actions=limit, **readings
    )
    try:
        if args.agent:
            return _agent_game(state, args.agent, args.seed, args.quiet, out)
        with HotSeat(inp, out) as seat:
            return _human_game(state, seat)
    except KeyboardInterrupt:
        print("\ninterrupted", file=out)
        return 130
