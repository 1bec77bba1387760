"""Regenerate the Crest Duel golden replays in ``tests/data/golden/crest``.

    python tools/make_crest_goldens.py

Each golden file holds a game's seed, players, teams and the text of every
action (played by the random or greedy agent with the game's seed), and the
exact final save. ``tests/crest/test_golden.py`` replays the actions and fails
when the final save differs by one byte: rerun this script only when a change
of the rules or of the card set is meant to change play, and say so in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import chaos_tower as ct
from chaos_tower.crest.agents import CrestGreedyAgent, CrestRandomAgent

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "golden" / "crest"

GAMES: list[tuple[str, int, int, bool, str]] = [
    # name, players, seed, teams, agent
    ("duel-2-random", 2, 1, False, "random"),
    ("duel-2-greedy", 2, 2, False, "greedy"),
    ("duel-3-random", 3, 3, False, "random"),
    ("duel-4-teams-greedy", 4, 4, True, "greedy"),
    ("duel-5-random", 5, 5, False, "random"),
    ("duel-6-teams-random", 6, 6, True, "random"),
]


def record(players: int, seed: int, teams: bool, agent_name: str) -> dict[str, object]:
    """Play one game and return its golden record."""
    cards = ct.load_cardset(game="crest")
    state = ct.new_game(cards, players=players, teams=teams or None, seed=seed, max_actions=2000)
    agent = CrestGreedyAgent(seed) if agent_name == "greedy" else CrestRandomAgent(seed)
    actions = []
    while not ct.is_terminal(state):
        action = agent.choose(state)
        actions.append(ct.action_text(state, action))
        state = ct.apply(state, action)
    return {
        "players": players,
        "seed": seed,
        "teams": teams,
        "agent": agent_name,
        "max_actions": 2000,
        "actions": actions,
        "final": json.loads(ct.dumps(state)),
    }


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, players, seed, teams, agent in GAMES:
        data = record(players, seed, teams, agent)
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        (OUT / f"{name}.json").write_text(text, encoding="utf-8")
        print(f"{name}: {len(data['actions'])} actions")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
