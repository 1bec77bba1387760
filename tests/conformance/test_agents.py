"""Agent conformance: every agent each registered mode lists, in that mode (issues 14 and 24).

Generated from each mode's list of agents (``ModeSpec.agents``) times
:func:`.modes.registered_modes`, so a new agent or a new mode is checked with
no edit here. Each agent must (1) choose only legal actions, (2) play the same
game again from the same seeds, and (3) not peek: its choice is unchanged when
what its seat cannot see is re-dealt with :func:`chaos_tower.agents.determinize`
(`TOC-PREP-03`: the solo deck below its top card; `TOC-VS2-020`,
`TOC-VS2-024`: VS attributes and deck; `CRD-START-C`, `CRD-START-D`: Crest
hands, deck and face-down cards). (3) holds by construction (issue 24 item 8): an
agent is handed a :class:`~chaos_tower.agents.Decision`, equal in a position and
its re-deal, from which the true state cannot be reached (checked here by walking
every object a decision refers to). Only declared cheating baselines (``-cheat``)
are handed the state; they are exempt from (3), and the walk finds the state in
their decisions.

The quick run keeps searches small (an agent that takes a ``budget`` gets
:data:`BUDGET` simulations a decision) and probes :data:`PROBES` positions per
mode; the slow run :data:`DEEP_PROBES`.
"""

from __future__ import annotations

import gc
import random
import types
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.agents import (
    CHEAT_SUFFIX,
    Decision,
    cheats,
    decide,
    decision,
    determinize,
    make_agent,
    needs,
)

from .modes import ConformanceMode, random_games, registered_modes

BUDGET = 4
"""Simulations a decision for every agent that takes a budget (MCTS), in the quick run."""
DECISIONS = 24
"""Decisions per agent game: enough to leave the opening in every mode, few enough for CI."""
PROBES = 12
"""Positions per mode the quick no-peeking check compares an agent's choice in."""
DEEP_PROBES = 120
"""Positions per mode in the slow run (each mode at its default options: every player count)."""


@cache
def _spec(name: str) -> registry.ModeSpec:
    """The registry's entry of conformance mode ``name``."""
    return registry.mode_of(type(_mode(name).start(0)))


def agent(name: str, seat: int, seed: int, mode: str) -> Any:
    """``name``'s agent for ``seat`` in ``mode``, with a small budget if it takes one (a search does)."""
    try:
        return make_agent(name, seat, seed, mode=_spec(mode), budget=BUDGET)
    except ValueError as error:
        if "no parameter budget" not in str(error) and "takes no" not in str(error):
            raise
        return make_agent(name, seat, seed, mode=_spec(mode))


@cache
def _mode(name: str) -> ConformanceMode:
    return next(m for m in registered_modes() if m.name == name)


def agent_game(name: str, mode: ConformanceMode, seed: int) -> list[tuple[Any, Any]]:
    """(state, action chosen) for up to :data:`DECISIONS` decisions, agent ``name`` in every seat."""
    state = mode.start(seed)
    agents: dict[int, Any] = {}
    moves = []
    while len(moves) < DECISIONS and (seat := ct.current_player(state)) is not None:
        chooser = agents.setdefault(seat, agent(name, seat, seed * 10 + seat, mode.name))
        action = decide(chooser, state)
        moves.append((state, action))
        state = ct.apply(state, action)
    return moves


@cache
def _probes(name: str, count: int = PROBES) -> tuple[tuple[Any, int, Any], ...]:
    """(state, seat to move, a re-deal of what that seat cannot see) from random games of a mode."""
    rng = random.Random(14)
    probes = []
    for game in random_games(_mode(name), first_seed=3, budget=6 * count, cap=60):
        for state in game.states[::5]:
            seat = ct.current_player(state)
            if seat is not None:
                probes.append((state, seat, determinize(state, seat, rng.randrange(2**32))))
    return tuple(probes[:count])


def peeks(make: Callable[[int, int], Any], name: str, count: int = PROBES) -> tuple[int, int]:
    """(choices compared, choices changed by the re-deal): a fresh agent in the state and in its re-deal."""
    compared = changed = 0
    for number, (state, seat, redealt) in enumerate(_probes(name, count)):
        changed += decide(make(seat, number), state) != decide(make(seat, number), redealt)
        compared += 1
    return compared, changed


CASES = [
    pytest.param(agent_name, mode.name, id=f"{agent_name}-{mode.name}")
    for mode in registered_modes()
    for agent_name in _spec(mode.name).agents
]
HONEST = [case for case in CASES if not case.values[0].endswith(CHEAT_SUFFIX)]


@pytest.mark.parametrize(("agent_name", "name"), CASES)
def test_agent_chooses_only_legal_actions(agent_name: str, name: str) -> None:
    """Every choice of the agent, in every seat, is among the legal actions of the state it was given."""
    for seed in (0, 1):
        moves = agent_game(agent_name, _mode(name), seed)
        assert moves
        for state, action in moves:
            assert action in ct.legal_actions(state), (seed, action)


@pytest.mark.parametrize(("agent_name", "name"), CASES)
def test_agent_is_reproducible_from_its_seed(agent_name: str, name: str) -> None:
    """The same game seed and agent seeds give the same game, action by action."""
    first = [action for _state, action in agent_game(agent_name, _mode(name), 5)]
    again = [action for _state, action in agent_game(agent_name, _mode(name), 5)]
    assert first and first == again


@pytest.mark.parametrize(("agent_name", "name"), HONEST)
def test_agent_does_not_peek(agent_name: str, name: str) -> None:
    """A fresh agent chooses the same in a state and in a re-deal of what its seat cannot see."""
    compared, changed = peeks(lambda seat, seed: agent(agent_name, seat, seed, name), name)
    assert compared >= PROBES // 2
    assert changed == 0


@pytest.mark.slow
@pytest.mark.parametrize(("agent_name", "name"), [case for case in HONEST if "[" not in case.values[1]])
def test_agent_does_not_peek_deep(agent_name: str, name: str) -> None:
    """The no-peeking check on :data:`DEEP_PROBES` positions per mode."""
    compared, changed = peeks(lambda seat, seed: agent(agent_name, seat, seed, name), name, DEEP_PROBES)
    assert compared >= DEEP_PROBES * 3 // 4
    assert changed == 0


@pytest.mark.parametrize("name", [m.name for m in registered_modes()])
def test_the_redeal_is_drawn_from_the_view_alone(name: str) -> None:
    """Re-dealing a re-deal with one seed gives what re-dealing the state gives: nothing hidden leaks in.

    This is what makes the searching agents' determinisations blind to the true
    deal (the no-peeking check above relies on it); somewhere the re-deal differs
    from the state, or the check would compare a state with itself.
    """
    differs = 0
    for state, seat, redealt in _probes(name):
        assert ct.observation(redealt, seat) == ct.observation(state, seat)
        assert determinize(redealt, seat, 99) == determinize(state, seat, 99)
        assert ct.legal_actions(redealt) == ct.legal_actions(state)
        differs += redealt != state
    assert differs > 0


@pytest.mark.parametrize("name", [m.name for m in registered_modes()])
def test_a_decision_is_the_same_in_positions_its_seat_cannot_tell_apart(name: str) -> None:
    """Issue 24 item 8, by construction: the decision an agent is handed (seat, legal actions,
    observation, world) is equal in a position and in any re-deal of what its seat cannot see, so
    no agent, however written, can choose differently in them (with the same seed)."""
    for state, _seat, redealt in _probes(name):
        for asked in ("legal", "world"):
            assert decision(state, asked) == decision(redealt, asked)
        assert decision(state).world() is not state


def _reachable(root: object) -> Iterator[object]:
    """Every object ``root`` refers to, and so on (gc.get_referents), but not into code, classes,
    modules or the registry's static entries (a function's globals reach the whole program, which
    any code can import; what is checked is what the agent is *handed*)."""
    stop = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)
    seen = {id(root)}
    todo = [root]
    while todo:
        found = todo.pop()
        yield found
        for child in gc.get_referents(found):
            if isinstance(child, (*stop, registry.ModeSpec)) or id(child) in seen:
                continue
            seen.add(id(child))
            todo.append(child)


class _Recorder:
    """Wraps an agent and keeps everything it is handed (its decisions), passing them on."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.needs = needs(inner)
        self.given: list[Decision] = []

    def choose(self, given: Decision) -> Any:
        self.given.append(given)
        return self.inner.choose(given)


def _handed(agent_name: str, name: str, seed: int = 2) -> list[tuple[Any, Decision]]:
    """(true state, decision handed) for a short game of recorded agents of ``agent_name``."""
    state = _mode(name).start(seed)
    seats: dict[int, _Recorder] = {}
    out = []
    for _ in range(DECISIONS // 2):
        seat = ct.current_player(state)
        if seat is None:
            break
        recorder = seats.setdefault(seat, _Recorder(agent(agent_name, seat, seed * 10 + seat, name)))
        action = decide(recorder, state)
        out.append((state, recorder.given[-1]))
        state = ct.apply(state, action)
    return out


CONSTRUCTION = [
    pytest.param(agent_name, name, id=f"{agent_name}-{name}")
    for name in ("chaos_tower_solo", "chaos_tower_vs3", "crest_duel_4_teams")
    for agent_name in _spec(name).agents
]


@pytest.mark.parametrize(("agent_name", "name"), CONSTRUCTION)
def test_no_object_an_agent_is_handed_is_the_true_state(agent_name: str, name: str) -> None:
    """Issue 24 item 8: walking everything each recorded decision refers to finds neither the true
    state nor the hidden part of it that differs from the decision's own world (the solo deck's
    order, the others' VS attributes, the Crest hands); a declared cheat's decisions do hold it."""
    handed = _handed(agent_name, name)
    assert handed
    for state, given in handed:
        hidden = _hidden(state, given.seat)
        reached = list(_reachable(given))
        holds_state = any(found is state for found in reached)
        # The hidden parts themselves (identity), and any copy of a long one (a deck's order, by value:
        # a short one, such as one seat's attribute, may equal a public count by chance).
        long = [part for part in hidden if isinstance(part, tuple) and len(part) >= 4]
        holds_hidden = any(found is part for part in hidden for found in reached) or any(
            found == part for part in long for found in reached
        )
        if agent_name.endswith(CHEAT_SUFFIX):
            assert given.cheats and holds_state
        else:
            assert not given.cheats and not holds_state
            assert not holds_hidden, (agent_name, given)


def _hidden(state: Any, seat: int) -> list[object]:
    """The parts of ``state`` its ``seat`` cannot see that its decision's world drew otherwise (the
    generator's state too: the world has its own; not the seed, a small number any count may be)."""
    world = decision(state).world()
    parts = []
    for field in getattr(type(state), "__attrs_attrs__", ()):
        true, drawn = getattr(state, field.name), getattr(world, field.name)
        if field.eq and true != drawn and field.name not in ("events", "seed"):  # eq=False: a memo
            if isinstance(true, tuple) and any(isinstance(x, tuple) for x in true):
                # per seat: only the others' rows are hidden (the seat's own row is its own)
                parts += [row for p, row in enumerate(true) if p != seat and row != drawn[p]]
            else:
                parts.append(true)
    return parts


def test_the_walk_finds_a_state_in_a_decision_that_holds_one() -> None:
    """The construction check is not vacuous: a decision made for a cheat holds the state, the walk
    finds it; and the honest decision of the same position does not."""
    state = _mode("chaos_tower_solo").start(1)
    assert any(found is state for found in _reachable(decision(state, "state")))
    assert not any(found is state for found in _reachable(decision(state)))
    assert _hidden(state, 0), "the solo deck below its top card is hidden and drawn otherwise"


def test_cheating_baselines_are_declared_and_labelled() -> None:
    """Only agents whose name ends in -cheat are handed the state, and every one of them says so."""
    for mode in {_spec(m.name).name: _spec(m.name) for m in registered_modes()}.values():
        for agent_name in mode.agents:
            made = make_agent(agent_name, 0, 0, mode=mode)
            assert cheats(made) == agent_name.endswith(CHEAT_SUFFIX), (mode.name, agent_name)


def test_an_agent_a_mode_does_not_list_is_a_typed_error() -> None:
    """Issue 24 item 6: asking a mode for an agent it does not list is refused, naming its agents."""
    vs = _spec("chaos_tower_vs2")
    with pytest.raises(ct.ChaosTowerError, match="no agent 'oracle-cheat' plays the vs mode"):
        make_agent("oracle-cheat", mode=vs)
    with pytest.raises(ValueError, match="its agents: random"):
        make_agent("oracle-cheat", mode=vs)


class _DeckReader:
    """A cheat: its choice depends on the order of the deck, which no seat sees."""

    needs = "state"

    def choose(self, given: Decision) -> Any:
        return given.legal[hash(given.world().deck) % len(given.legal)]


@pytest.mark.parametrize("name", ["chaos_tower_solo", "chaos_tower_vs2", "crest_duel_2"])
def test_the_peeking_check_catches_an_agent_that_reads_the_deck(name: str) -> None:
    """The no-peeking check is not vacuous: an agent reading the hidden deck order fails it."""
    _compared, changed = peeks(lambda seat, seed: _DeckReader(), name)
    assert changed > 0


def test_every_agent_and_mode_is_in_the_suite() -> None:
    """The agent checks cover each registered mode's agents, nothing hand-listed; every honest one is
    checked for peeking."""
    assert {(p.values[0], p.values[1]) for p in CASES} == {
        (a, m.name) for m in registered_modes() for a in _spec(m.name).agents
    }
    declared = {p.values for p in CASES if not cheats(agent(p.values[0], 0, 0, p.values[1]))}
    assert {p.values for p in HONEST} == declared


def test_the_quick_run_gives_searching_agents_a_small_budget() -> None:
    """MCTS runs at :data:`BUDGET` simulations a decision here, not its default of hundreds."""
    searcher = agent("mcts", 0, 0, "chaos_tower_vs2")
    decide(searcher, _mode("chaos_tower_vs2").start(0))
    assert searcher.last_simulations == BUDGET
