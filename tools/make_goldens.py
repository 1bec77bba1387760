"""Regenerate every golden game (solo, VS, Crest Duel) and the perft counts of the solo game.

    python tools/make_goldens.py            # rewrite tests/data/golden/ and tests/data/perft/
    python tools/make_goldens.py --check    # write nothing; say which golden files differ, and where
    python tools/make_goldens.py --search   # look for solo seeds for the cases (slow; prints a table)

Every golden file is a replay (``schemas/replay.schema.json``) with a state hash,
the events (``[rule ID] text``) of each step and the outcome, and notes in
``about`` (the case, its agents, what it shows): ``chaos-tower replay FILE
--verify`` checks one. ``tests/test_golden.py`` replays them and checks that
this script still writes each byte for byte; ``tests/tower/test_perft.py``
reads the perft counts. Run this script on purpose when the rules change, then
read the diff: every changed file is a changed behaviour.

Everything here is deterministic: games are played by agents with their own
seeded generators (one agent for every seat, seeded with the game's seed; or
one per seat, seeded with the game's seed plus the seat), from fixed game seeds.
Each case names what it is meant to show (an ending such as ``life-zero``, or
a feature such as ``zap-round-trip``); the script checks that the game still
shows it and stops with an error if not, so a rule change that breaks a case is
noticed rather than written down.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

import chaos_tower as ct
from chaos_tower.agents import RandomAgent, decide
from chaos_tower.app import replay
from chaos_tower.crest.agents import CrestGreedyAgent, CrestRandomAgent
from chaos_tower.tower.solo.agents import GreedyAgent
from chaos_tower.tower.solo.perft import divide, perft
from chaos_tower.tower.vs import RandomVsAgent, SimpleVsAgent

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "data" / "golden"
PERFT = ROOT / "tests" / "data" / "perft"
MADE_BY = "tools/make_goldens.py"


# -- agents ---------------------------------------------------------------------------------------
# The golden games are the referee's scripts: their players choose in the state itself
# (``choose_in``), as they did when the games were recorded; the random agent is asked as every
# agent is, through its decision (it needs only the legal actions, so it chooses as it always did).


class _Random:
    def __init__(self, seed: int = 0) -> None:
        self._agent = RandomAgent(seed)

    def choose_in(self, state: Any) -> Any:
        return decide(self._agent, state)


class CarefulAgent:
    """Random, but never an action that loses at once while another one does not.

    "Loses at once": the position after the action is lost (life 0, walking
    off the floor, or no action left). Such games go on much longer than a
    uniformly random one, so they climb floors, fall into ZAP and come back,
    and pick up items.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose_in(self, state: ct.State) -> ct.Action:
        actions = list(ct.legal_actions(state))
        self._rng.shuffle(actions)
        for action in actions:
            result = ct.outcome(ct.apply(state, action))
            if result is None or result.result != "lost":
                return action
        return actions[0]


# Per card set: the agents by the name the cases use.
AGENTS: dict[str, dict[str, Callable[[int], Any]]] = {
    # The greedy agent as it was when the games were recorded (it walked in circles: greedy-max-actions).
    "tower": {
        "greedy": lambda seed: GreedyAgent(seed, fresh=False),
        "random": _Random,
        "careful": CarefulAgent,
    },
    "tower-vs": {"simple": SimpleVsAgent, "random": RandomVsAgent},
    "crest": {"greedy": CrestGreedyAgent, "random": CrestRandomAgent},
}


# -- the golden games -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Golden:
    """A golden game: its file, card set, options, seed, agents, and what it must show."""

    path: str
    """Its file under tests/data/golden/."""
    cards: str
    """``tower`` or ``crest``: the built-in card set."""
    options: tuple[tuple[str, Any], ...]
    """The keywords of :func:`chaos_tower.new_game` but the seed."""
    seed: int
    agents: tuple[str, ...]
    """One name: that agent plays every seat, seeded with ``seed``; several: one a seat (``seed + seat``)."""
    shows: tuple[str, ...]

    @property
    def name(self) -> str:
        return Path(self.path).stem

    @property
    def agent_kinds(self) -> dict[str, Callable[[int], Any]]:
        return AGENTS["tower-vs" if dict(self.options).get("mode") == "vs" else self.cards]


def solo(name: str, agent: str, seed: int, max_actions: int, shows: tuple[str, ...]) -> Golden:
    return Golden(f"{name}.json", "tower", (("max_actions", max_actions),), seed, (agent,), shows)


def vs(name: str, players: int, seed: int, extra_rule: bool, seats: str, shows: str, **more: Any) -> Golden:
    """``seats``: one letter per seat, ``s`` the simple agent and ``r`` the random one."""
    options = {"mode": "vs", "players": players, "extra_rule": extra_rule, "adjust_after_draw": "drawer"}
    options.update(more)
    agents = tuple({"s": "simple", "r": "random"}[k] for k in seats)
    return Golden(f"vs/{name}.json", "tower", tuple(options.items()), seed, agents, (shows,))


def crest(
    name: str, players: int, seed: int, teams: bool, agent: str, shows: str, limit: int = 2000
) -> Golden:
    options = (("players", players), ("teams", teams or None), ("max_actions", limit))
    return Golden(f"crest/{name}.json", "crest", options, seed, (agent,), (shows,))


# Solo: chosen from the output of --search (greedy over seeds 0-299, careful and random
# over 0-599, max_actions 300): short games where they show what is wanted, and a few long
# ones. Only the greedy agent wins, rarely (Seqlrith wants the four other steps used and
# all five attributes on the floor at once): "greedy-won" is its first win over seeds 0-149
# with max_actions 600.
# VS: every case plays the default readings but the "all-adjust" ones, which play
# adjust_after_draw="all" (TOC-VS2-027), the reading played before it became an option;
# "3p-max-actions" (added with the replay format) is cut short by max_actions.
GAMES: tuple[Golden, ...] = (
    solo("random-life-zero", "random", 222, 300, ("life-zero",)),
    solo("random-left-floor-3", "random", 139, 300, ("left-floor", "floor-3")),
    solo("random-zap-round-trip", "random", 245, 300, ("zap-round-trip", "left-floor")),
    solo("greedy-climb", "greedy", 203, 300, ("life-zero", "floor-3")),
    solo("greedy-max-actions", "greedy", 2, 60, ("max-actions", "floor-3")),
    solo("greedy-slot-item", "greedy", 26, 300, ("slot-item", "floor-3", "life-zero")),
    solo("greedy-won", "greedy", 102, 600, ("rebright-fell", "rebright", "floor-3")),
    solo("careful-slot-item", "careful", 112, 300, ("slot-item", "zap-round-trip", "left-floor")),
    solo("careful-zap-slot-item", "careful", 532, 300, ("slot-item", "zap-round-trip", "life-zero")),
    solo("careful-life-zero-long", "careful", 6, 300, ("life-zero", "zap-round-trip", "floor-3")),
    solo("careful-left-floor-4", "careful", 615, 300, ("left-floor", "zap-round-trip", "floor-3")),
    solo("careful-max-actions", "careful", 29, 150, ("max-actions", "zap-round-trip", "floor-3")),
    vs("2p-simple-deck-out", 2, 13, False, "ss", "deck-out"),
    vs("2p-simple-extra-rule", 2, 13, True, "ss", "counters-zero"),
    vs("2p-simple-named", 2, 24, False, "ss", "named"),
    vs("3p-simple-extra-rule", 3, 40, True, "sss", "last-in"),
    vs("3p-mixed", 3, 14, False, "srs", "last-in"),
    vs("4p-simple-extra-rule", 4, 226, True, "ssss", "last-in"),
    vs("3p-simple-deck-out", 3, 0, False, "sss", "deck-out"),
    vs("4p-simple-named", 4, 51, False, "ssss", "named"),
    vs("5p-simple-named", 5, 33, False, "sssss", "named"),
    vs("5p-mixed", 5, 15, False, "srsrs", "last-in"),
    vs("2p-simple-all-adjust", 2, 13, False, "ss", "deck-out", adjust_after_draw="all"),
    vs("4p-simple-all-adjust", 4, 51, False, "ssss", "named", adjust_after_draw="all"),
    vs("3p-max-actions", 3, 1, False, "ssr", "max-actions", max_actions=20),
    crest("duel-2-random", 2, 1, False, "random", "last-standing"),
    crest("duel-2-greedy", 2, 2, False, "greedy", "last-standing"),
    crest("duel-3-random", 3, 3, False, "random", "last-standing"),
    crest("duel-4-teams-greedy", 4, 4, True, "greedy", "last-standing"),
    crest("duel-5-random", 5, 5, False, "random", "last-standing"),
    crest("duel-6-teams-random", 6, 6, True, "random", "last-standing"),
    # Added with the replay format: 4 and 6 seats without teams, and a game cut short.
    crest("duel-4-random", 4, 7, False, "random", "last-standing"),
    crest("duel-6-greedy", 6, 8, False, "greedy", "last-standing"),
    crest("duel-3-max-actions", 3, 9, False, "random", "max-actions", limit=40),
)


# -- playing and describing a game ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Game:
    """One finished game: every state from the new game to the end, and the actions between."""

    states: tuple[Any, ...]
    actions: tuple[Any, ...]

    @property
    def final(self) -> Any:
        return self.states[-1]

    def steps(self) -> Iterable[tuple[Any, Any, Any]]:
        return zip(self.states[:-1], self.actions, self.states[1:], strict=True)


@cache
def cardset(name: str) -> Any:
    return ct.load_cardset(game=name)


def play_game(golden: Golden) -> Game:
    """Play the golden's new game to its end with its agents."""
    state = ct.new_game(cardset(golden.cards), seed=golden.seed, **dict(golden.options))
    kinds = golden.agent_kinds
    if len(golden.agents) == 1:
        one = kinds[golden.agents[0]](golden.seed)
        seats = [one] * max(1, len(ct.returns(state)))
    else:
        seats = [kinds[name](golden.seed + seat) for seat, name in enumerate(golden.agents)]
    states, actions = [state], []
    while not ct.is_terminal(state):
        action = seats[ct.current_player(state) or 0].choose_in(state)
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


# Solo features; any other name a case shows is the cause of its ending.
SOLO_FEATURES: dict[str, Callable[[Game], bool]] = {
    "zap-round-trip": _zap_round_trip,
    "floor-3": lambda g: max(s.level for s in g.states) >= 3,
    "slot-item": _slot_item_used,
    "make": lambda g: any(isinstance(a, ct.Make) for a in g.actions),
    "rebright": lambda g: any(s.rebright is not None for s in g.states),
}


def shows(game: Game) -> set[str]:
    """What the game shows: the cause of its ending, and (solo) each feature it has."""
    result = ct.outcome(game.final)
    found = {result.cause} if result is not None else set()
    if isinstance(game.final, ct.State):
        found |= {name for name, test in SOLO_FEATURES.items() if test(game)}
    return found


def golden_replay(golden: Golden) -> replay.Replay:
    """Play the golden game and record it as a replay with hashes, events, outcome and notes."""
    game = play_game(golden)
    missing = set(golden.shows) - shows(game)
    if missing:
        sys.exit(f"golden {golden.path}: the game no longer shows {sorted(missing)}; choose another seed")
    about = {"case": golden.name, "agents": list(golden.agents), "shows": list(golden.shows)}
    about["made_by"] = MADE_BY
    return replay.record(
        cardset(golden.cards), game.actions, seed=golden.seed, log=True, about=about, **dict(golden.options)
    )


def golden_text(golden: Golden) -> str:
    """The golden file's text, as this script writes it."""
    return golden_replay(golden).dumps()


def first_difference(old: str, new: str) -> str:
    """Where two texts of a golden file part: the first step whose action, events or hash differ."""
    try:
        was, now = replay.loads(old), replay.loads(new)
    except replay.ReplayError as exc:
        return f"the file is not a replay ({exc})"

    def step(r: replay.Replay, i: int) -> tuple[Any, ...]:
        if i >= len(r.actions):
            return ("(the game has ended)",)
        return (r.actions[i], r.events[i] if r.events else None, r.hashes[i] if r.hashes else None)

    for i in range(max(len(was.actions), len(now.actions))):
        if step(was, i) != step(now, i):
            return f"step {i + 1} differs: recorded {step(was, i)[:2]}, now {step(now, i)[:2]}"
    return "the steps are the same; the header, the outcome or the notes differ"


def make_goldens(check: bool = False) -> int:
    """Write every golden file (or, with ``check``, say which differ); the number that differ."""
    texts = {}
    for golden in GAMES:
        texts[golden.path] = text = golden_text(golden)
        print(f"golden {golden.path}: seed {golden.seed}, {len(replay.loads(text).actions)} actions")
    changed = 0
    for path, text in texts.items():
        target = GOLDEN / path
        old = target.read_text(encoding="utf-8") if target.exists() else None
        if old != text:
            changed += 1
            print(f"{target.relative_to(ROOT)}: " + ("new" if old is None else first_difference(old, text)))
    if check:
        return changed
    # Only now that every game is made: nothing is half-rewritten if one fails.
    for old_file in GOLDEN.rglob("*.json"):
        if old_file.relative_to(GOLDEN).as_posix() not in texts:
            old_file.unlink()
    for path, text in texts.items():
        (GOLDEN / path).parent.mkdir(parents=True, exist_ok=True)
        (GOLDEN / path).write_text(text, encoding="utf-8")
    return changed


def write_json(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


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
    player = AGENTS["tower"][case.agent](case.seed)
    last: ct.Action | None = None
    for _ in range(case.actions):
        last = player.choose_in(state)
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
                last = player.choose_in(state)
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


def search(agents: list[str], seeds: range, max_actions: int) -> None:
    """Print, per solo agent and seed, what the game shows."""
    for agent in agents:
        for seed in seeds:
            game = play_game(solo("search", agent, seed, max_actions, ()))
            top = max(s.level for s in game.states)
            print(f"{agent} {seed} {len(game.actions)} top={top} {' '.join(sorted(shows(game)))}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a golden file differs")
    parser.add_argument("--search", action="store_true", help="print the features of many solo games instead")
    parser.add_argument("--search-perft", action="store_true", help="look for the perft positions instead")
    parser.add_argument("--agents", default="greedy,random,careful")
    parser.add_argument("--seeds", default="0:100", help="start:stop for --search")
    parser.add_argument("--max-actions", type=int, default=300)
    args = parser.parse_args(argv)
    start, _, stop = args.seeds.partition(":")
    if args.search_perft:
        search_perft(cardset("tower"), range(int(start), int(stop)))
        return 0
    if args.search:
        search(args.agents.split(","), range(int(start), int(stop)), args.max_actions)
        return 0
    changed = make_goldens(check=args.check)
    if args.check:
        return 1 if changed else 0
    make_perft(cardset("tower"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
