"""Card effects by experiment: each card replaced by a neutral stand-in, on the same seeds.

``chaos-tower lab ablate`` answers "what does this card do to my game?" with a
controlled experiment instead of a correlation: for each card, the set is played
again with the card replaced by its game's neutral stand-in
(:attr:`chaos_tower.registry.GameSpec.standins`; the Tower's are in
:mod:`chaos_tower.tower.standins`, Crest Duel's in :mod:`chaos_tower.crest.standins`),
game for game on the same seeds as the unchanged set. A card's *effect* is the
metric with the card minus the metric with its stand-in, with a paired 95 %
interval; the p-values of all the cards are corrected together
(Benjamini–Hochberg), and a card is marked *significant* when its corrected
q-value is at most 0.05. Cards the rules need to win (Tower: the steps and
Rebright) are moved within their ranges instead, so the ranking is not topped
by cards without which no game can be won.

An A/A run (``aa=True``) checks the method itself: every "variant" is the
unchanged set played on other seeds, so no card may come out significant.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from attrs import frozen

from .cardedit import SetFiles
from .experiment import Arm, Comparison, bh, metric, paired, play_arms, pool
from .failure import LabError
from .spec import CardSource, RunSpec

__all__ = ["Ablation", "AblationRow", "ablate", "variants"]

Q_LEVEL = 0.05
"""The false discovery rate at which a card's effect is called significant."""


@frozen
class AblationRow:
    """One card's stand-in and what the change did."""

    card: str
    name: str
    section: str
    standin: str
    result: Comparison
    q: float

    @property
    def significant(self) -> bool:
        """Whether the corrected q-value is at most :data:`Q_LEVEL` (its interval then excludes 0 too)."""
        return self.q <= Q_LEVEL and (self.result.low > 0 or self.result.high < 0)


@frozen
class Ablation:
    """An ablation's rows, most helpful card first (largest effect), and the cards it could not vary."""

    spec: RunSpec
    metric: str
    games: int
    aa: bool
    rows: tuple[AblationRow, ...]
    skipped: tuple[tuple[str, str], ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "spec": self.spec.as_json(),
            "metric": self.metric,
            "games": self.games,
            "aa": self.aa,
            "q_level": Q_LEVEL,
            "rows": [
                {
                    "card": r.card,
                    "name": r.name,
                    "section": r.section,
                    "standin": r.standin,
                    "with": r.result.baseline,
                    "without": r.result.arm,
                    "effect": r.result.effect,
                    "low": r.result.low,
                    "high": r.result.high,
                    "p": r.result.p,
                    "q": r.q,
                    "significant": r.significant,
                }
                for r in self.rows
            ],
            "skipped": [{"card": c, "why": why} for c, why in self.skipped],
        }

    def text(self, most: int = 10) -> str:
        """The ranking as text: the top and the bottom ``most`` rows (both tails), the rest counted."""
        unit = "points" if metric(self.metric, self.spec.players == 1).binary else ""
        scale = 100.0 if unit else 1.0
        head = (
            f"{'A/A check' if self.aa else 'card effects'} on {self.metric} ({self.spec.rules}, "
            f"{self.spec.seat_agents()[0]}, {self.games} paired games per card; effect = with card - without)"
        )
        lines = [head]
        rows = list(self.rows)
        shown = rows if len(rows) <= 2 * most else [*rows[:most], None, *rows[-most:]]
        for row in shown:
            if row is None:
                lines.append(f"  ... {len(rows) - 2 * most} cards in between ...")
                continue
            r = row.result
            mark = " *" if row.significant else ""
            lines.append(
                f"  {row.name} [{row.card}] ({row.standin}): {r.effect * scale:+.1f} {unit}"
                f" [{r.low * scale:+.1f}, {r.high * scale:+.1f}] q={row.q:.3g}{mark}".replace("  [", " [")
            )
        found = sum(1 for r in rows if r.significant)
        lines.append(
            f"{found} of {len(rows)} significant (*: Benjamini-Hochberg q <= {Q_LEVEL}, interval excludes 0)"
        )
        for card, why in self.skipped:
            lines.append(f"  not varied: {card}: {why}")
        return "\n".join(lines)


def variants(
    source: CardSource, cards: list[str] | None = None
) -> tuple[list[tuple[str, str, str, str, CardSource]], list[tuple[str, str]]]:
    """(card, name, section, stand-in label, variant set) for each card, and (card, why) of those skipped."""
    from chaos_tower.registry import game

    standins = game(source.game).standins
    if standins is None:
        raise LabError(f"the game {source.game!r} gives the lab no stand-ins for its cards")
    files = SetFiles(source)
    data = files.data()
    every = {ident: (section, card) for section, ident, card in files.cards()}
    wanted = cards if cards else list(every)
    unknown = [c for c in wanted if c not in every]
    if unknown:
        raise LabError(f"no card {', '.join(map(repr, unknown))} in the set")
    found: list[tuple[str, str, str, str, CardSource]] = []
    skipped: list[tuple[str, str]] = []
    for ident in wanted:
        section, card = every[ident]
        options = standins(section, _plain(card), data)
        if options is None:  # not a card
            if cards:
                skipped.append((ident, f"not a card: {section} holds no cards the lab varies"))
            continue
        if not options:
            skipped.append((ident, "no stand-in (it is the plainest card of its kind, or does nothing)"))
        for label, replacement in options:
            edited = files.copy()
            edited.replace(ident, replacement)
            try:
                found.append((ident, str(card.get("name", ident)), section, label, edited.source_now(label)))
            except LabError as exc:
                skipped.append((ident, f"{label}: {exc}"))
    return found, skipped


@contextlib.contextmanager
def _inline() -> Iterator[None]:
    yield None


def _plain(node: Any) -> Any:
    # ruamel's commented maps and sequences as plain dicts and lists, for the games' stand-in rules.
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    return node


def ablate(
    spec: RunSpec,
    source: CardSource,
    *,
    cards: list[str] | None = None,
    games: int = 200,
    workers: int = 0,
    measure: str | None = None,
    aa: bool = False,
) -> Ablation:
    """Play the set and each card's stand-in ``games`` times on the same seeds; rank the effects."""
    solo = spec.players == 1
    name = measure or ("win" if solo else "draw")
    chosen = metric(name, solo)
    found, skipped = variants(source, cards)
    if aa:  # the method's own check: the unchanged set, on other seeds, for every "card"
        arms = [Arm(label, source, spec.seed + 1 + k) for k, (_, _, _, label, _) in enumerate(found)]
    else:
        arms = [Arm(label, variant, spec.seed) for _, _, _, label, variant in found]
    with pool(workers) or _inline() as executor:
        outcomes = play_arms(spec, [Arm("baseline", source, spec.seed), *arms], games, executor)
    base, rest = outcomes[0], outcomes[1:]
    results = [paired(base, arm, chosen) for arm in rest]
    qs = bh([r.p for r in results])
    rows = [
        AblationRow(card=ident, name=title, section=section, standin=label, result=result, q=q)
        for (ident, title, section, label, _), result, q in zip(found, results, qs, strict=True)
    ]
    rows.sort(key=lambda r: (-r.result.effect, r.card))
    return Ablation(spec=spec, metric=name, games=games, aa=aa, rows=tuple(rows), skipped=tuple(skipped))
