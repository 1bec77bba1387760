"""Regenerate the golden replays and the perft counts of the solo Tower game.

    python tools/make_goldens.py            # rewrite tests/data/golden/ and tests/data/perft/
    python tools/make_goldens.py --search   # look for seeds for the cases (slow; prints a table)

The files are what ``tests/tower/test_golden.py`` and ``tests/tower/test_perft.py``
replay. Run this script on purpose when the rules change, then read the diff:
every changed file is a changed behaviour.

Everything here is deterministic: games are played by agents with their own
seeded generators (the agents of :mod:`chaos_tower.agents`, and the careful
random agent below), from fixed game seeds chosen with ``--search``. Each
case also names what it is meant to show (``life-zero``, ``zap-round-trip``,
…); the script checks that the game still shows it and stops with an error if
not, so a rule change that breaks a case is noticed rather than written down.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs

import chaos_tower as ct
from chaos_tower.agents import GreedyAgent, RandomAgent
from chaos_tower.tower.perft import divide, perft

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "data" / "golden"
PERFT = ROOT / "tests" / "data" / "perft"


# -- agents ---------------------------------------------------------------------------------------


class CarefulAgent:
    """Random, but never an action that loses at once while another one does not.

    "Loses at once": the position after the action is lost (life 0, walking
    off the floor, or no action left). Such games go on much longer than a
    uniformly random one, so they climb floors, fall into ZAP and come back,
    and pick up items.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: ct.State) -> ct.Action:
        actions = list(ct.legal_actions(state))
        self._rng.shuffle(actions)
        for action in actions:
            result = ct.outcome(ct.apply(state, action))
            if result is None or result.result != "lost":
                return action
        return actions[0]


AGENTS: dict[str, Callable[[int], Any]] = {
    "greedy": GreedyAgent,
    "random": RandomAgent,
    "careful": CarefulAgent,
}


# -- playing and describing a game ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Game:
    """One finished game: every state from the new game to the end, and the actions between."""

    states: tuple[ct.State, ...]
    actions: tuple[ct.Action, ...]

    @property
    def final(self) -> ct.State:
        return self.states[-1]

    def steps(self) -> Iterable[tuple[ct.State, ct.Action, ct.State]]:
        return zip(self.states[:-1], self.actions, self.states[1:], strict=True)


def play_game(cards: ct.TowerCardSet, agent: str, seed: int, max_actions: int) -> Game:
    """Play a new game with ``seed`` to its end; the agent's own seed is the game's seed."""
    state = ct.new_game(cards, seed=seed, max_actions=max_actions)
    player = AGENTS[agent](seed)
    states, actions = [state], []
    while ct.outcome(state) is None:
        action = player.choose(state)
        state = ct.apply(state, action)
        states.append(state)
        actions.append(action)
    return Game(tuple(states), tuple(actions))


def _zap_round_trip(game: Game) -> bool:
    zapped = False
    for before, _, after in game.steps():
        zapped = zapped or (after.level == 0 and before.level != 0)
        if zapped and before.level == 0 and after.level == 1:
            return True
    return False


def _slot_item_used(game: Game) -> bool:
    return any(isinstance(a, ct.SetItem) for a in game.actions) and any(
        isinstance(a, ct.Use) for a in game.actions
    )


def _cause(game: Game) -> str:
    result = ct.outcome(game.final)
    assert result is not None
    return result.cause


FEATURES: dict[str, Callable[[Game], bool]] = {
    "life-zero": lambda g: _cause(g) == "life-zero",
    "left-floor": lambda g: _cause(g) == "left-floor",
    "max-actions": lambda g: _cause(g) == "max-actions",
    "zap-round-trip": _zap_round_trip,
    "floor-3": lambda g: max(s.level for s in g.states) >= 3,
    "slot-item": _slot_item_used,
    "make": lambda g: any(isinstance(a, ct.Make) for a in g.actions),
    "rebright": lambda g: any(s.rebright is not None for s in g.states),
    "won": lambda g: _cause(g) == "rebright-fell",
}


@dataclasses.dataclass(frozen=True)
class Case:
    """A golden game: who plays, from which seed, and what the game must show."""

    name: str
    agent: str
    seed: int
    max_actions: int
    shows: tuple[str, ...]


# Chosen from the output of --search (greedy over seeds 0-299, careful and random over
# 0-599, max_actions 300): short games where they show what is wanted, and a few long
# ones. Only the greedy agent wins, rarely (Seqlrith wants the four other steps used and
# all five attributes on the floor at once): "greedy-won" is its first win over seeds 0-149
# with max_actions 600.
CASES: tuple[Case, ...] = (
    Case("random-life-zero", "random", 222, 300, ("life-zero",)),
    Case("random-left-floor-3", "random", 139, 300, ("left-floor", "floor-3")),
    Case("random-zap-round-trip", "random", 245, 300, ("zap-round-trip", "left-floor")),
    Case("greedy-climb", "greedy", 203, 300, ("life-zero", "floor-3")),
    Case("greedy-max-actions", "greedy", 2, 60, ("max-actions", "floor-3")),
    Case("greedy-slot-item", "greedy", 26, 300, ("slot-item", "floor-3", "life-zero")),
    Case("greedy-won", "greedy", 102, 600, ("won", "rebright", "floor-3")),
    Case("careful-slot-item", "careful", 112, 300, ("slot-item", "zap-round-trip", "left-floor")),
    Case("careful-zap-slot-item", "careful", 532, 300, ("slot-item", "zap-round-trip", "life-zero")),
    Case("careful-life-zero-long", "careful", 6, 300, ("life-zero", "zap-round-trip", "floor-3")),
    Case("careful-left-floor-4", "careful", 615, 300, ("left-floor", "zap-round-trip", "floor-3")),
    Case("careful-max-actions", "careful", 29, 150, ("max-actions", "zap-round-trip", "floor-3")),
)


# -- golden files ---------------------------------------------------------------------------------


def checkpoint(state: ct.State) -> str:
    """A short fingerprint of a position, stored per step so a replay names the first step that differs."""
    return hashlib.sha256(ct.to_notation(state).encode()).hexdigest()[:16]


def golden_record(case: Case, game: Game) -> dict[str, Any]:
    first = game.states[0]
    result = ct.outcome(game.final)
    return {
        "case": case.name,
        "agent": case.agent,
        "shows": list(case.shows),
        "seed": case.seed,
        "max_actions": case.max_actions,
        "actions": [ct.action_text(s, a) for s, a, _ in game.steps()],
        "final": ct.to_notation(game.final),
        "outcome": None if result is None else attrs.asdict(result),
        "events": [str(e) for _, _, after in game.steps() for e in after.events],
        "checkpoints": [checkpoint(s) for s in game.states[1:]],
        "start": ct.to_notation(first),
    }


def write_json(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


FALLBACK_SEEDS = 200
"""How many further seeds to try when a case's seed no longer shows what it should."""


def case_game(cards: ct.TowerCardSet, case: Case) -> tuple[Case, Game]:
    """The case's game; if the rules (or the agents) changed so that its seed no longer
    shows what the case is for, the game of the next seed that does, with a warning."""
    for seed in range(case.seed, case.seed + FALLBACK_SEEDS):
        game = play_game(cards, case.agent, seed, case.max_actions)
        if all(FEATURES[f](game) for f in case.shows):
            if seed != case.seed:
                print(f"warning: case {case.name}: seed {case.seed} no longer shows {case.shows}; "
                      f"seed {seed} does (update CASES)", file=sys.stderr)
            return dataclasses.replace(case, seed=seed), game
    sys.exit(f"golden case {case.name}: no seed from {case.seed} on shows {case.shows}; run --search")


def make_goldens(cards: ct.TowerCardSet) -> None:
    records = []
    for case in CASES:
        found, game = case_game(cards, case)
        records.append((found, golden_record(found, game)))
        print(f"golden {found.name}: seed {found.seed}, {len(game.actions)} actions, {_cause(game)}")
    # Only now that every game is made: nothing is half-rewritten if one fails.
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for old in GOLDEN.glob("*.json"):
        old.unlink()
    for found, record in records:
        write_json(GOLDEN / f"{found.name}.json", record)


# -- perft ----------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PerftCase:
    """A position reached by an agent: ``actions`` actions into the game of ``seed``
    (no action limit), which must pass the check named ``shows``."""

    name: str
    agent: str
    seed: int
    actions: int
    depth: int
    shows: str
    why: str


PERFT_CHECKS: dict[str, Callable[[ct.State, ct.Action | None], bool]] = {
    "start": lambda s, a: a is None and s.player == -1,
    "mid-floor": lambda s, a: s.level >= 2 and isinstance(a, ct.Move) and sum(c != -1 for c in s.floor) >= 4,
    "after-fight": lambda s, a: isinstance(a, ct.Fight) and s.result is None,
    "on-step": lambda s, a: isinstance(a, ct.PlaceStep) and s.level >= 2,
    "zap": lambda s, a: s.level == 0 and s.player != -1 and s.floor[s.player] != -1,
    "slot-item": lambda s, a: any(i != -1 for i in s.slots) and s.result is None,
}


# Found with --search-perft: the first careful-game position of each kind with 6 or more actions.
PERFT_CASES: tuple[PerftCase, ...] = (
    PerftCase("start", "careful", 0, 0, 4, "start", "a new game: the first card may go anywhere"),
    PerftCase("mid-floor", "careful", 73, 11, 4, "mid-floor", "floor 2 or more, cards laid, after a move"),
    PerftCase("after-fight", "careful", 2, 4, 4, "after-fight", "just after a monster was defeated"),
    PerftCase("on-step", "careful", 2, 2, 4, "on-step", "standing in a step just placed, the floor cleared"),
    PerftCase("zap", "careful", 2, 6, 4, "zap", "in ZAP, a card laid where the player fell"),
    PerftCase(
        "slot-item", "careful", 16, 22, 4, "slot-item", "an item set in a slot, usable in line with it"
    ),
)


def perft_position(cards: ct.TowerCardSet, case: PerftCase) -> ct.State:
    state = ct.new_game(cards, seed=case.seed)
    player = AGENTS[case.agent](case.seed)
    last: ct.Action | None = None
    for _ in range(case.actions):
        last = player.choose(state)
        state = ct.apply(state, last)
    if not PERFT_CHECKS[case.shows](state, last) or ct.outcome(state) is not None:
        sys.exit(f"perft case {case.name}: the position is no longer {case.shows!r}; run --search-perft")
    # Rebuilt from its notation, as the test will: no cached values, no events.
    return ct.from_notation(ct.to_notation(state), state.game)


def search_perft(cards: ct.TowerCardSet, seeds: range) -> None:
    """Print, per check, the first careful game position that passes it, with its perft counts."""
    for name, check in PERFT_CHECKS.items():
        for seed in seeds:
            state, player, last, found = ct.new_game(cards, seed=seed), CarefulAgent(seed), None, -1
            for count in range(200):
                if check(state, last) and ct.outcome(state) is None and len(ct.legal_actions(state)) >= 6:
                    found = count
                    break
                if ct.outcome(state) is not None:
                    break
                last = player.choose(state)
                state = ct.apply(state, last)
            if found >= 0:
                print(name, seed, found, [perft(state, d) for d in range(1, 5)], flush=True)
                break


def make_perft(cards: ct.TowerCardSet) -> None:
    records = []
    for case in PERFT_CASES:
        state = perft_position(cards, case)
        counts = {str(d): perft(state, d) for d in range(1, case.depth + 1)}
        data = {
            "name": case.name,
            "why": case.why,
            "made_by": f"{case.agent} agent, seed {case.seed}, {case.actions} actions",
            "position": ct.to_notation(state),
            "perft": counts,
            "divide": divide(state, case.depth),
        }
        records.append(data)
        print(f"perft {case.name}: {counts}")
    PERFT.mkdir(parents=True, exist_ok=True)
    for old in PERFT.glob("*.json"):
        old.unlink()
    for data in records:
        write_json(PERFT / f"{data['name']}.json", data)


# -- searching for cases --------------------------------------------------------------------------


def search(cards: ct.TowerCardSet, agents: list[str], seeds: range, max_actions: int) -> None:
    """Print, per agent and seed, the features the game shows."""
    for agent in agents:
        for seed in seeds:
            game = play_game(cards, agent, seed, max_actions)
            shows = [name for name, test in FEATURES.items() if test(game)]
            top = max(s.level for s in game.states)
            print(f"{agent} {seed} {len(game.actions)} top={top} {' '.join(shows)}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--search", action="store_true", help="print the features of many games instead")
    parser.add_argument("--search-perft", action="store_true", help="look for the perft positions instead")
    parser.add_argument("--agents", default="greedy,random,careful")
    parser.add_argument("--seeds", default="0:100", help="start:stop for --search")
    parser.add_argument("--max-actions", type=int, default=300)
    args = parser.parse_args(argv)
    cards = ct.load_cardset()
    if args.search_perft:
        start, _, stop = args.seeds.partition(":")
        search_perft(cards, range(int(start), int(stop)))
        return
    if args.search:
        start, _, stop = args.seeds.partition(":")
        search(cards, args.agents.split(","), range(int(start), int(stop)), args.max_actions)
        return
    make_goldens(cards)
    make_perft(cards)


if __name__ == "__main__":
    main()
