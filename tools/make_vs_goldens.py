"""Regenerate the golden replays of the VS modes (2 to 5 players).

    python tools/make_vs_goldens.py       # rewrite tests/data/golden/vs/

The files are what ``tests/vs/test_golden.py`` replays. Run this script on
purpose when the VS rules change, then read the diff: every changed file is a
changed behaviour. Games are played by the VS agents (their own seeded
generators) from fixed game seeds; each case names what it must show, and the
script stops with an error if the game no longer shows it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import chaos_tower as ct
from chaos_tower.vs import RandomVsAgent, SimpleVsAgent, VsState

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "data" / "golden" / "vs"

# name: (players, seed, extra_rule, agents per seat ("s" simple, "r" random), the cause it shows)
# Every case plays the default readings; OLD_READING below names those that play
# adjust_after_draw="all" (TOC-VS2-027), the reading played before it became an option.
CASES: dict[str, tuple[int, int, bool, str, str]] = {
    "2p-simple-deck-out": (2, 13, False, "ss", "deck-out"),
    "2p-simple-extra-rule": (2, 13, True, "ss", "counters-zero"),
    "2p-simple-named": (2, 24, False, "ss", "named"),
    "3p-simple-extra-rule": (3, 40, True, "sss", "last-in"),
    "3p-mixed": (3, 14, False, "srs", "last-in"),
    "4p-simple-extra-rule": (4, 226, True, "ssss", "last-in"),
    "3p-simple-deck-out": (3, 0, False, "sss", "deck-out"),
    "4p-simple-named": (4, 51, False, "ssss", "named"),
    "5p-simple-named": (5, 33, False, "sssss", "named"),
    "5p-mixed": (5, 15, False, "srsrs", "last-in"),
    "2p-simple-all-adjust": (2, 13, False, "ss", "deck-out"),
    "4p-simple-all-adjust": (4, 51, False, "ssss", "named"),
}
OLD_READING = {"2p-simple-all-adjust", "4p-simple-all-adjust"}


def checkpoint(state: VsState) -> str:
    """A short fingerprint of the whole saved state."""
    return hashlib.sha256(ct.dumps(state).encode("utf-8")).hexdigest()[:16]


def record(name: str) -> dict[str, Any]:
    """Play one case and return its file's content."""
    players, seed, extra_rule, kinds, shows = CASES[name]
    adjust = "all" if name in OLD_READING else "drawer"
    state = ct.new_game(
        ct.load_cardset(),
        mode="vs",
        players=players,
        seed=seed,
        extra_rule=extra_rule,
        adjust_after_draw=adjust,
    )
    agents = [SimpleVsAgent(seed + p) if k == "s" else RandomVsAgent(seed + p) for p, k in enumerate(kinds)]
    actions, events, checkpoints = [], [], []
    while (me := ct.current_player(state)) is not None:
        action = agents[me].choose(state)
        actions.append(ct.action_text(state, action))
        state = ct.apply(state, action)
        events.append([str(e) for e in state.events])
        checkpoints.append(checkpoint(state))
    outcome = ct.outcome(state)
    assert outcome is not None
    if outcome.cause != shows:
        sys.exit(f"{name}: the game now ends by {outcome.cause}, not {shows}; choose another seed")
    return {
        "case": name,
        "players": players,
        "seed": seed,
        "extra_rule": extra_rule,
        "adjust_after_draw": adjust,
        "shows": shows,
        "actions": actions,
        "events": events,
        "checkpoints": checkpoints,
        "final": json.loads(ct.dumps(state)),
        "outcome": {"results": list(outcome.results), "cause": outcome.cause, "rule": outcome.rule},
    }


def main() -> None:
    """Write every case's file."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in CASES:
        data = record(name)
        path = GOLDEN / f"{name}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(data['actions'])} actions, {data['outcome']}")


if __name__ == "__main__":
    main()
