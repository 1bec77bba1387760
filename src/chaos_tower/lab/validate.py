"""``chaos-tower validate --play N``: after the checks, N quick games and warnings.

The warnings: no game won by any agent; every game shorter than a few
actions; a card never placed; an item never gained. Games are played in this
process with the lab's agents (half random, half the game's greedy one), from
the lab's derived seeds, so the same set gives the same warnings.
"""

from __future__ import annotations

from typing import Any

from .spec import LabError, RunSpec
from .worker import play_game

__all__ = ["SHORT", "play_warnings"]

SHORT = 5
"""A game of fewer actions than this is "shorter than a few actions"."""


def _specs(cards: Any, games: int) -> list[RunSpec]:
    crest = type(cards).__name__ == "CrestCardSet"
    first, rest = games - games // 2, games // 2
    if crest:
        return [
            RunSpec(game="crest", mode="duel", players=2, max_actions=1000, agents=("random",), games=first),
            RunSpec(game="crest", mode="duel", players=2, max_actions=1000, agents=("greedy",), games=rest),
        ]
    return [
        RunSpec(agents=("random",), games=first, max_actions=1000),
        RunSpec(agents=("greedy",), games=games // 2, seed=1, max_actions=1000),
    ]


def play_warnings(cards: Any, games: int) -> list[str]:
    """Play ``games`` games of the (valid) set ``cards`` and return the warnings, each one line."""
    try:
        rows = [play_game(spec, cards, i) for spec in _specs(cards, games) for i in range(spec.games)]
    except LabError as exc:  # two cards of one name: the games' facts cannot be kept by card ID
        return [f"no games played: {exc}"]
    if not rows:
        return []
    warnings = []
    if not any(r["winners"] for r in rows):
        warnings.append(f"no game won by any agent ({len(rows)} games, random and greedy)")
    if all(r["length"] < SHORT for r in rows):
        warnings.append(f"every game was shorter than {SHORT} actions")
    placed = {card for r in rows for card in r["placed"]}
    held = {card for r in rows for card in r["held"]} | {card for r in rows for card in r["used"]}
    if type(cards).__name__ == "CrestCardSet":
        placeable = [*cards.crests, *cards.rings]
        never = [c.id for c in placeable if c.id not in placed]
        unused = [c.id for c in cards.spells if c.id not in held]
        if unused:
            warnings.append(f"spell never cast: {', '.join(unused)}")
        items: list[str] = []
    else:
        never = [c.id for c in (*cards.rooms, *cards.monsters) if c.id not in placed]
        items = [c.id for c in (*cards.items, *cards.normal_items, *cards.rare_items) if c.id not in held]
    if never:
        warnings.append(f"card never placed: {', '.join(never)}")
    if items:
        warnings.append(f"item never gained: {', '.join(items)}")
    return warnings
