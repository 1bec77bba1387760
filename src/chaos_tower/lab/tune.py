"""Tuning to a target: the smallest change of chosen card fields whose measured metric meets it.

``chaos-tower lab tune --target win=0.25+-0.03 --vary rebright:values.G=3..8`` searches
the values the designer allows for the fewest fields moved the least, such that
the metric (:data:`.experiment.METRICS`) played on the changed set meets the
target, and writes the change as a YAML patch (:func:`.cardedit.write_patch`)
that ``chaos-tower lab patch`` applies.

*Meets the target* means: the estimate is within the tolerance of the target,
and its 95 % interval contains the target (the games do not contradict it).

The search is successive halving over common random numbers: every candidate
is first *screened* on the first ``games / 4`` seeds; those whose interval
still reaches the tolerance band are *confirmed* on all ``games`` seeds, in
order of the size of the change (fields moved, then the sum of the moves,
each as a share of its range), and the first confirmed one is the answer. One
field at a time first; if none meets the target, pairs of fields, each at the
values that came closest alone.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from .cardedit import Change, SetFiles, write_patch
from .experiment import Arm, Metric, metric, play_arms, pool
from .failure import LabError
from .intervals import mean_interval, wilson
from .spec import CardSource, RunSpec

__all__ = ["Knob", "Target", "TuneResult", "tune"]

CONFIRM = 8
"""At most this many screened candidates are played on all the games, the smallest changes first."""

_TARGET = re.compile(
    r"^\s*([\w:]+)\s*=\s*([-+]?\d+(?:\.\d+)?)(%?)\s*(?:\+-|±|\+/-)\s*(\d+(?:\.\d+)?)(%?)\s*$"
)
_KNOB = re.compile(r"^\s*(.+?)\s*=\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$")


@frozen
class Target:
    """The metric's wanted value and tolerance (rates as shares: 0.25, not 25)."""

    metric: str
    value: float
    tolerance: float

    @classmethod
    def parse(cls, text: str) -> Target:
        """``METRIC=VALUE+-TOL`` (or ``±``); a rate may be written in per cent: ``win=25%+-3%``."""
        match = _TARGET.match(text)
        if not match:
            raise LabError(
                f"target {text!r}: write METRIC=VALUE+-TOLERANCE, such as win=0.25+-0.03 or win=25%+-3%"
            )
        name, value, pct, tol, tol_pct = match.groups()
        scale = 0.01 if pct else 1.0
        tolerance = float(tol) * (0.01 if tol_pct or pct else 1.0)
        if tolerance <= 0:
            raise LabError(f"target {text!r}: the tolerance must be more than 0")
        return cls(name, float(value) * scale, tolerance)

    def meets(self, estimate: float, low: float, high: float) -> bool:
        """Whether an estimate and its interval meet the target (see the module's documentation)."""
        return abs(estimate - self.value) <= self.tolerance and low <= self.value <= high


@frozen
class Knob:
    """A card field the search may move, and its allowed whole values ``low .. high``."""

    field: str
    low: int
    high: int

    @classmethod
    def parse(cls, text: str) -> Knob:
        """``CARD:PATH=LOW..HIGH``, such as ``sheet:start_life=1..8``."""
        match = _KNOB.match(text)
        if not match:
            raise LabError(f"--vary {text!r}: write CARD:PATH=LOW..HIGH, such as rebright:values.G=3..8")
        field, low, high = match.group(1), int(match.group(2)), int(match.group(3))
        if low > high:
            raise LabError(f"--vary {text!r}: LOW is more than HIGH")
        if high - low > 200:
            raise LabError(f"--vary {text!r}: at most 201 values to try")
        return cls(field, low, high)


@frozen
class Trial:
    """One candidate change, and what it measured."""

    changes: tuple[tuple[str, int], ...]
    games: int
    estimate: float
    low: float
    high: float


@frozen
class TuneResult:
    """The answer (``found``, or ``None`` when no change in the ranges met the target) and every trial."""

    target: Target
    baseline: Trial
    found: Trial | None
    originals: tuple[tuple[str, Any], ...]
    trials: tuple[Trial, ...]

    def patch(self, note: str = "") -> str:
        """The found change as a YAML patch (an empty patch when the set already meets the target)."""
        if self.found is None:
            raise LabError("no change within the ranges meets the target: there is no patch to write")
        old = dict(self.originals)
        head = note or (
            f"chaos-tower lab tune: {self.target.metric} {self.found.estimate:.4g} "
            f"[{self.found.low:.4g}, {self.found.high:.4g}] over {self.found.games} games; "
            f"target {self.target.value:g} ± {self.target.tolerance:g}"
        )
        return write_patch([(Change(f, v), old[f]) for f, v in self.found.changes], head)

    def text(self) -> str:
        t = self.target
        lines = [f"target: {t.metric} = {t.value:g} ± {t.tolerance:g}"]
        b = self.baseline
        lines.append(f"  unchanged set: {b.estimate:.4g} [{b.low:.4g}, {b.high:.4g}] ({b.games} games)")
        if self.found is None:
            lines.append("  no change within the ranges meets the target")
        elif not self.found.changes:
            lines.append("  the unchanged set meets it: no change needed")
        else:
            f = self.found
            moves = ", ".join(
                f"{field}: {dict(self.originals)[field]} -> {value}" for field, value in f.changes
            )
            lines.append(f"  smallest change that meets it: {moves}")
            lines.append(f"  measured: {f.estimate:.4g} [{f.low:.4g}, {f.high:.4g}] ({f.games} games)")
        lines.append(f"  {len(self.trials)} trials")
        return "\n".join(lines)


def _measure(outcomes: Sequence[tuple[float, ...]], measure: Metric) -> tuple[float, float, float]:
    values = [measure.read(o) for o in outcomes]
    if measure.binary:
        return wilson(int(sum(values)), len(values))
    return mean_interval(values)


Changes = tuple[tuple[str, int], ...]


class _Search:
    """One tuning: the set, its fields' original values, the pool, and every trial played so far."""

    def __init__(self, spec: RunSpec, source: CardSource, target: Target, knobs: Sequence[Knob]) -> None:
        if not knobs:
            raise LabError("name at least one field to vary (--vary CARD:PATH=LOW..HIGH)")
        if len({k.field for k in knobs}) != len(knobs):
            raise LabError("each field may be named once")
        self.spec, self.source, self.target, self.knobs = spec, source, target, knobs
        self.measure = metric(target.metric, spec.players == 1)
        self.files = SetFiles(source)
        self.originals: list[tuple[str, Any]] = []
        for knob in knobs:
            value = self.files.get(knob.field)
            if not isinstance(value, int) or isinstance(value, bool):
                raise LabError(f"--vary {knob.field}: its value {value!r} is not a whole number")
            self.originals.append((knob.field, value))
        self.original = dict(self.originals)
        self.trials: list[Trial] = []
        self.executor: Any = None

    def run(self, changes: Changes, n: int) -> Trial:
        edited = self.files.copy()
        for field, value in changes:
            edited.set(Change(field, value))
        label = ", ".join(f"{f}={v}" for f, v in changes) or "unchanged"
        arm = Arm(label, edited.source_now(label) if changes else self.source, self.spec.seed)
        estimate, low, high = _measure(play_arms(self.spec, [arm], n, self.executor)[0], self.measure)
        trial = Trial(changes, n, estimate, low, high)
        self.trials.append(trial)
        return trial

    def size(self, changes: Changes) -> tuple[int, float]:
        """Fields moved, then the sum of the moves as shares of their ranges: smaller is a smaller change."""
        spans = {k.field: max(1, k.high - k.low) for k in self.knobs}
        return len(changes), sum(abs(v - self.original[f]) / spans[f] for f, v in changes)

    def search(self, candidates: list[Changes], screen: int, games: int) -> tuple[Trial | None, list[Trial]]:
        """Screen every candidate on few seeds, then confirm the plausible ones, the smallest change first."""
        target = self.target
        screened = [self.run(changes, screen) for changes in candidates]
        band_low, band_high = target.value - target.tolerance, target.value + target.tolerance
        plausible = [t for t in screened if t.high >= band_low and t.low <= band_high]
        ranked = sorted(plausible, key=lambda t: (self.size(t.changes), abs(t.estimate - target.value)))
        for trial in ranked[:CONFIRM]:
            confirmed = self.run(trial.changes, games)
            if target.meets(confirmed.estimate, confirmed.low, confirmed.high):
                return confirmed, screened
        return None, screened

    def result(self, baseline: Trial, found: Trial | None) -> TuneResult:
        return TuneResult(self.target, baseline, found, tuple(self.originals), tuple(self.trials))

    def solve(self, games: int, max_fields: int) -> TuneResult:
        target, original = self.target, self.original
        baseline = self.run((), games)
        if target.meets(baseline.estimate, baseline.low, baseline.high):
            return self.result(baseline, baseline)
        screen = max(20, games // 4)
        singles: list[Changes] = [
            ((k.field, v),) for k in self.knobs for v in range(k.low, k.high + 1) if v != original[k.field]
        ]
        found, screened = self.search(singles, screen, games)
        if found is None and max_fields >= 2 and len(self.knobs) >= 2:
            best: dict[str, list[int]] = {}  # each field's values that came closest alone, three at most
            for trial in sorted(screened, key=lambda t: abs(t.estimate - target.value)):
                ((field, value),) = trial.changes
                if len(best.setdefault(field, [])) < 3:
                    best[field].append(value)
            pairs: list[Changes] = [
                ((a, va), (b, vb))
                for a, b in itertools.combinations([k.field for k in self.knobs], 2)
                for va in best.get(a, [])
                for vb in best.get(b, [])
            ]
            found, _ = self.search(pairs, screen, games)
        return self.result(baseline, found)


def tune(
    spec: RunSpec,
    source: CardSource,
    target: Target,
    knobs: Sequence[Knob],
    *,
    games: int = 400,
    workers: int = 0,
    max_fields: int = 2,
) -> TuneResult:
    """Search the knobs' values for the smallest change that meets ``target`` (see the module)."""
    search = _Search(spec, source, target, knobs)
    search.executor = pool(workers)
    try:
        return search.solve(games, max_fields)
    finally:
        if search.executor is not None:
            search.executor.shutdown(cancel_futures=True)
