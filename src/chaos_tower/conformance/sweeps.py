"""The sweeps over a mode's options and its agents (issues 22, 23 and 14).

:func:`option_cases` lists, from a mode's option specs alone, each option at each value other
than its default that its spec admits; :func:`option_survives` plays one and checks that every
way a game is kept (save, one-line position, replay, each seat's view and its save, a world drawn
for a seat) gives back the same game under the same options. :func:`agent_plays` plays every agent
that claims the mode (:attr:`~chaos_tower.registry.ModeSpec.agents`, made by
:func:`chaos_tower.agents.make_agent`): legal choices only, the same game again from the same
seeds, and the same choice when what its seat cannot see is re-dealt.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from .. import api, registry
from ..app import replay
from ..kernel.errors import OptionError
from ..kernel.options import OptionSpec
from .checks import expect
from .modes import ConformanceMode, random_games, random_line

__all__ = [
    "AGENT_BUDGET",
    "agent_known",
    "agent_plays",
    "make_agent",
    "option_cases",
    "option_survives",
    "plain_values",
]

SMALL_RANGE = 8
"""An int option with at most this many values is tried at each of them."""
CUT = 3
STEPS = 12
AGENT_BUDGET = 4
"""Simulations a decision for an agent that takes a budget (MCTS): enough to build a tree."""
DECISIONS = 24


def plain_values(spec: OptionSpec) -> list[Any]:
    """The values the spec admits other than its default, read from it alone (each allowed value,
    a flag's two, an int range's ends and every value of a small range)."""
    values: list[Any] = []
    if spec.allowed is not None:
        values += spec.allowed
    if bool in spec.types:
        values += [True, False]
    if int in spec.types:
        low = spec.low if spec.low is not None else 0
        if spec.high is not None and spec.high - low < SMALL_RANGE:
            values += range(low, spec.high + 1)
        else:
            values += [low, low + CUT, *([spec.high] if spec.high is not None else [])]
    return [v for v in dict.fromkeys(values) if v != spec.default or type(v) is not type(spec.default)]


def _start(cards: Any, mode: registry.ModeSpec, chosen: dict[str, Any], seed: int) -> Any | None:
    try:
        return api.new_game(cards, mode=mode.name, seed=seed, **chosen)
    except OptionError:
        return None


def _companions(mode: registry.ModeSpec, name: str) -> list[dict[str, Any]]:
    """Nothing else, then each other option of the mode at each of its values, one at a time."""
    tries: list[dict[str, Any]] = [{}]
    for other in mode.options:
        if other.name != name:
            tries += [{other.name: v} for v in plain_values(other)]
    return tries


def with_companions(
    cards: Any, mode: registry.ModeSpec, name: str, value: Any, seed: int
) -> tuple[dict[str, Any], Any] | None:
    """Options with ``name`` at ``value`` that the mode starts with (a value the mode only takes
    with another option set, such as Crest's teams with 4 or 6 players), and the state; else ``None``."""
    for extra in _companions(mode, name):
        chosen = {**extra, name: value}
        state = _start(cards, mode, chosen, seed)
        if state is not None:
            return chosen, state
    return None


def option_cases(cards: Any, mode: registry.ModeSpec) -> Iterator[tuple[str, Any]]:
    """(option, value) for each option of ``mode`` at each other value; a list option at each
    layout the mode records for its other values (teams=True: (0, 1, 0, 1)), in each order."""
    for spec in mode.options:
        values = plain_values(spec)
        if tuple in spec.types:
            recorded = set()
            for value, extra in itertools.product(values, _companions(mode, spec.name)):
                state = _start(cards, mode, {**extra, spec.name: value}, 1)
                if state is not None and isinstance(api.options(state)[spec.name], tuple):
                    recorded.add(api.options(state)[spec.name])
            values += sorted({p for layout in recorded for p in itertools.permutations(layout)})
        for value in values:
            yield spec.name, value


def option_survives(cards: Any, mode: registry.ModeSpec, name: str, value: Any, seed: int = 5) -> None:
    """The game a state, its notation, its replay and its views give back is the one played, under
    the same options; a value no choice of the other options starts must be refused, typed."""
    started = with_companions(cards, mode, name, value, seed)
    if started is None:
        try:
            api.new_game(cards, mode=mode.name, seed=seed, **{name: value})
        except OptionError:
            return
        raise AssertionError(f"{name}={value!r} starts alone but with none of the other options")
    chosen, start = started
    options = api.options(start)
    expect(options.mode == mode.name, f"the options say mode {options.mode!r}, not {mode.name!r}")
    expect(
        options[name] == value or isinstance(value, bool | tuple),
        f"{name} is {options[name]!r}, not {value!r}",
    )
    states, actions = random_line(start, random.Random(seed), STEPS)
    rules = api.rules_of(start)
    for state in states:
        expect(api.options(state) == options, f"{name}={value!r}: the options changed in play")
        again = api.loads(api.dumps(state), cards)
        expect(again == state and api.options(again) == options, f"{name}={value!r}: the save loses it")
        if rules.to_notation is not None:
            noted = api.from_notation(api.to_notation(state), cards)
            expect(
                noted == state and api.options(noted) == options, f"{name}={value!r}: the notation loses it"
            )
        for seat in range(rules.players(state)) if rules.observation is not None else ():
            view = api.observation(state, seat)
            back = api.loads(api.dumps(view), cards)
            expect(
                back == view and api.dumps(back) == api.dumps(view),
                f"{name}={value!r}: seat {seat}'s view save",
            )
            if rules.determinize is not None:
                world = api.determinize(state, seat, 3)
                expect(api.options(world) == options, f"{name}={value!r}: a world drawn for seat {seat}")
    recorded = replay.record(cards, actions, seed=seed, mode=mode.name, **chosen)
    read = replay.loads(recorded.dumps())
    expect(read.options == options, f"{name}={value!r}: the replay records other options")
    final = replay.verify(read, cards)
    expect(
        final == states[-1] and api.options(final) == options, f"{name}={value!r}: the replay plays otherwise"
    )


def agent_known(name: str, mode: registry.ModeSpec | None = None) -> bool:
    """Whether :func:`chaos_tower.agents.make_agent` makes the agent called ``name`` (one of
    :data:`~chaos_tower.agents.AGENTS`, or one of ``mode``'s own players)."""
    from ..agents import AGENTS

    kit = None if mode is None else mode.agent_kit
    return name in AGENTS or (kit is not None and name in kit.own)


def make_agent(name: str, seat: int, seed: int, mode: registry.ModeSpec | None = None) -> Any:
    """``name``'s agent for ``seat`` (:func:`chaos_tower.agents.make_agent`, ``mode``'s own players
    too), with a small budget if it takes one (any searching agent does)."""
    from ..agents import make_agent as make

    try:
        return make(name, seat, seed, mode=mode, simulations=AGENT_BUDGET)
    except ValueError:  # an agent that takes no budget (random, a mode's own player, the oracle)
        return make(name, seat, seed, mode=mode)


def decide(agent: Any, state: Any) -> Any:
    """The agent's choice, given only its seat's decision (:func:`chaos_tower.agents.decide`)."""
    from ..agents import decide as ask

    return ask(agent, state)


def cheats(agent: Any) -> bool:
    """Whether the agent is a declared cheating baseline (:func:`chaos_tower.agents.cheats`)."""
    from ..agents import cheats as declared

    return declared(agent)


def _agent_game(name: str, mode: ConformanceMode, seed: int) -> list[tuple[Any, Any]]:
    state = mode.start(seed)
    agents: dict[int, Any] = {}
    moves: list[tuple[Any, Any]] = []
    while len(moves) < DECISIONS and (seat := api.current_player(state)) is not None:
        chooser = agents.setdefault(seat, make_agent(name, seat, seed * 10 + seat, mode.spec))
        action = decide(chooser, state)
        moves.append((state, action))
        state = api.apply(state, action)
    return moves


def agent_plays(name: str, mode: ConformanceMode) -> None:
    """Agent ``name`` in every seat: only legal choices; the same game from the same seeds; and, where
    the mode re-deals what a seat cannot see, the same choice in the state and in a re-deal."""
    for seed in (0, 1):
        moves = _agent_game(name, mode, seed)
        expect(moves, f"{name} made no choice")
        for state, action in moves:
            expect(
                action in api.legal_actions(state),
                f"{name} chose {action!r}, not a legal action (seed {seed})",
            )
    first = [action for _state, action in _agent_game(name, mode, 5)]
    expect(first == [action for _state, action in _agent_game(name, mode, 5)], f"{name} is not reproducible")
    if api.rules_of(mode.start(0)).determinize is None or cheats(make_agent(name, 0, 0, mode.spec)):
        return  # a declared cheat is handed the true state: it may choose otherwise in a re-deal
    rng = random.Random(14)
    compared = 0
    for game in random_games(mode, first_seed=3, budget=60, cap=60):
        for state in game.states[::5]:
            seat = api.current_player(state)
            if seat is None or compared >= 8:
                continue
            redealt = api.determinize(state, seat, rng.randrange(2**32))
            chosen = decide(make_agent(name, seat, compared, mode.spec), state)
            expect(
                chosen == decide(make_agent(name, seat, compared, mode.spec), redealt),
                f"{name} peeks: it chose otherwise in a re-deal",
            )
            compared += 1
