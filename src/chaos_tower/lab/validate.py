"""``chaos-tower validate --play N``: after the checks, N quick games per mode, and warnings to act on.

Each warning is a statistical claim, not a count: it fires only when the 95 % Clopper–Pearson
interval of its figure lies wholly outside the plausible range (issue 25 item 7), so that a few
games of an unchanged set say nothing that is only chance or the agents' weakness:

- a card that (almost) never does what it is there for (a room or monster placed, an item
  gained, a spell cast: each game's tracker says what it expects, ``Tracker.expected``) when
  the interval's upper bound of its share of games is below :data:`RARE` (1 %): "gained in
  0/400 games, 95 % upper bound 0.92 %", with the card's file and line;
- no game won, when the upper bound of the win rate is below :data:`RARE`;
- most games over at once, when the lower bound of the share shorter than :data:`SHORT`
  actions is above one half.

With N games a share of 0 has the upper bound 1 - 0.025^(1/N): 8.8 % at 40 games, so a card
can be warned about only from about 370 games on. Games are played in this process with the
mode's two weakest agents (half each; ``ModeSpec.agents``: random and greedy), from the lab's
derived seeds, so the same set gives the same warnings. Every mode of the set's game is played,
each at its fewest players; nothing here names a game (the registry says what each one has).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from chaos_tower import registry

from .facts import tracker_for
from .report import pct
from .spec import LabError, RunSpec
from .worker import play_game

__all__ = ["RARE", "SHORT", "clopper_pearson", "play_warnings"]

SHORT = 5
"""A game of fewer actions than this is "over at once"."""
RARE = 0.01
"""Below this share of games (with 95 % confidence) a card, or a win, is as good as never seen."""
MAX_ACTIONS = 1000


def _binomial_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    if p <= 0:
        return 1.0
    if p >= 1:
        return 1.0 if k >= n else 0.0
    log_p, log_q = math.log(p), math.log1p(-p)
    terms = [
        math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * log_p + (n - i) * log_q
        for i in range(k + 1)
    ]
    top = max(terms)
    return min(1.0, math.exp(top) * sum(math.exp(t - top) for t in terms))


def clopper_pearson(successes: int, trials: int, alpha: float = 0.05) -> tuple[float, float]:
    """The exact (Clopper–Pearson) two-sided ``1 - alpha`` interval of a binomial proportion."""
    if trials <= 0:
        return 0.0, 1.0

    def solve(target: float, k: int) -> float:
        # The p at which P(X <= k) = target (decreasing in p), by bisection.
        low, high = 0.0, 1.0
        for _ in range(60):
            mid = (low + high) / 2
            if _binomial_cdf(k, trials, mid) > target:
                low = mid
            else:
                high = mid
        return (low + high) / 2

    lower = 0.0 if successes == 0 else 1 - solve(alpha / 2, trials - successes)
    upper = 1.0 if successes == trials else solve(alpha / 2, successes)
    return lower, upper


def _specs(game: registry.GameSpec, games: int, agents: tuple[str, ...] | None) -> list[RunSpec]:
    specs = []
    for seed, mode in enumerate(game.modes):
        names = agents or mode.agents[:2]
        for number, agent in enumerate(names):
            share = games // len(names) + (1 if number < games % len(names) else 0)
            specs.append(
                RunSpec(
                    game=game.name,
                    mode=mode.name,
                    players=mode.players[0],
                    agents=(agent,),
                    games=share,
                    seed=seed,
                    max_actions=MAX_ACTIONS,
                )
            )
    return specs


def play_warnings(
    cards: Any, games: int, *, path: str | Path | None = None, agents: tuple[str, ...] | None = None
) -> list[str]:
    """Play ``games`` games per mode of the (valid) set ``cards`` and return the warnings, each one line.

    ``path``: where the set was read (its cards' files and lines are named); ``agents``: the agents
    instead of each mode's two weakest.
    """
    game = registry.game_of_cards(type(cards))
    if game is None:
        return []
    lines = _lines(path)
    warnings: list[str] = []
    for mode in game.modes:
        specs = [s for s in _specs(game, games, agents) if s.mode == mode.name and s.games]
        try:
            rows = [play_game(spec, cards, i) for spec in specs for i in range(spec.games)]
        except LabError as exc:  # two cards of one name: the games' facts cannot be kept by card ID
            return [f"no games played: {exc}"]
        if not rows:
            continue
        label = f"{mode.name}: " if len(game.modes) > 1 else ""
        names = " and ".join(s.agents[0] for s in specs)
        expected = tracker_for(mode.rules.name, cards, mode.players[0]).expected(cards)
        found = _warnings(rows, expected, lines, names)
        warnings.extend(label + w for w in found)
    return warnings


def _lines(path: str | Path | None) -> dict[str, tuple[str, int]]:
    if path is None:
        return {}
    from chaos_tower.cardsets.cardwhere import card_lines

    return card_lines(path)


def _figure(successes: int, trials: int) -> str:
    low, high = clopper_pearson(successes, trials)
    return f"{successes}/{trials} games, 95 % interval {pct(low)} to {pct(high)}"


def _warnings(
    rows: list[dict[str, Any]],
    expected: list[tuple[str, tuple[str, ...], str]],
    lines: dict[str, tuple[str, int]],
    agents: str,
) -> list[str]:
    n = len(rows)
    warnings = []
    won = sum(1 for r in rows if r["winners"])
    if clopper_pearson(won, n)[1] < RARE:
        warnings.append(f"(almost) no game won by {agents}: won {_figure(won, n)}, below {pct(RARE)}")
    short = sum(1 for r in rows if r["length"] < SHORT)
    if clopper_pearson(short, n)[0] > 0.5:
        warnings.append(f"most games end within {SHORT} actions: {_figure(short, n)}")
    for card, facts, verb in expected:
        seen = sum(1 for r in rows if any(card in r[fact] for fact in facts))
        if clopper_pearson(seen, n)[1] < RARE:
            file, line = lines.get(card, ("", 0))
            where = f"{file}:{line}: " if file else ""
            warnings.append(
                f"{where}{card} is (almost) never {verb}: {verb} in {_figure(seen, n)}, below {pct(RARE)} "
                f"(with {agents})"
            )
    return warnings
