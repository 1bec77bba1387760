"""The conformance suite, shipped in the package: ``chaos_tower.conformance.check(game)`` (issue 23, item 8).

Like pgx's ``api_test`` and OpenSpiel's ``api_test``: a game's author calls it from their own
tests, and it checks every promise of the front door on random games of every mode of the game,
every variant of its options and every agent that claims it::

    from chaos_tower import conformance
    from mygame.spec import SPEC

    def test_my_game_conforms() -> None:
        conformance.check(SPEC)  # raises ConformanceError, a report of every failure

What it sweeps, for each mode (:class:`~chaos_tower.registry.ModeSpec`) of the game:

* **play** (:data:`~.checks.CHECKS`), on random games of each variant (the adapter variants, each
  free option at each other value): offered actions are legal; bad actions (other games', no
  action at all, own ones with impossible fields) are refused with a typed error and change
  nothing; ``apply`` is pure; saves, the one-line notation and each seat's view save round-trip;
  pictures (``render_text``, ``seat_view``, ``render_svg``) draw, and a seat's screen shows
  nothing its seat cannot see; action numbers and texts round-trip; the tensor fits its layout;
  ``determinize`` keeps the seat's view and legal actions; games are reproducible from their seed
  and replay; endings are consistent (returns within the mode's utility, zero-sum where declared);
* **options** (:func:`~.sweeps.option_survives`): each option at each value its spec admits
  survives saves, notation, replays, views and determinisation;
* **agents** (:func:`~.sweeps.agent_plays`): every agent the mode names
  (:attr:`~chaos_tower.registry.ModeSpec.agents`) chooses only legal actions, reproducibly, and
  does not peek at what its seat cannot see.

A check that needs an optional front-door function the mode does not offer (no notation, no
observation, no ``determinize``) is listed in :attr:`Report.skipped`, not failed. See
docs/guides/conformance.md.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from attrs import frozen

from .. import registry
from .checks import CHECKS, NEEDS, Check
from .modes import ConformanceMode, Game, conformance_modes, random_games
from .sweeps import agent_known, agent_plays, option_cases, option_survives

__all__ = [
    "CHECKS",
    "DEPTHS",
    "ConformanceError",
    "ConformanceMode",
    "Depth",
    "Failure",
    "Game",
    "Report",
    "check",
    "conformance_modes",
    "random_games",
]

Depth = Literal["smoke", "quick", "deep"]
DEPTHS: dict[str, dict[str, int]] = {
    "smoke": {"first_seed": 1, "budget": 40, "cap": 60},
    "quick": {"first_seed": 1, "budget": 150, "cap": 160},
    "deep": {"first_seed": 1000, "budget": 1000, "cap": 2000},
}
"""How much each variant is played: ``budget`` random actions in games of at most ``cap``."""


@frozen(kw_only=True)
class Failure:
    """One broken promise: the check, the mode variant and seed, the error and where it was raised."""

    check: str
    mode: str
    seed: int | None
    error: str
    where: str

    def __str__(self) -> str:
        seed = "" if self.seed is None else f", seed {self.seed}"
        return f"{self.check} [{self.mode}{seed}]: {self.error}\n      at {self.where}"


@frozen(kw_only=True)
class Report:
    """What :func:`check` did: each check run (``check [mode]``), each not offered, each failure."""

    game: str
    passed: tuple[str, ...]
    skipped: tuple[str, ...]
    failures: tuple[Failure, ...]

    @property
    def ok(self) -> bool:
        return not self.failures

    def text(self) -> str:
        """The report as text: a count, then every failure with where it was raised."""
        head = (
            f"conformance of {self.game}: {len(self.passed)} passed, {len(self.failures)} failed, "
            f"{len(self.skipped)} not offered by the mode"
        )
        return "\n".join([head, *(f"  - {f}" for f in self.failures)])


class ConformanceError(AssertionError):
    """The game breaks promises of the front door; :attr:`report` lists each (``str`` shows them)."""

    def __init__(self, report: Report) -> None:
        super().__init__(report.text())
        self.report = report


def _where(exc: BaseException) -> str:
    """The check's line that failed and, if the error came from deeper (the game's own code), where."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "?"
    here = str(Path(__file__).resolve().parent)
    ours = [f for f in frames if str(Path(f.filename).resolve()).startswith(here)]
    last = frames[-1]
    text = f"{last.filename}:{last.lineno} in {last.name}"
    if ours and ours[-1] is not last:
        text = f"{ours[-1].filename}:{ours[-1].lineno} in {ours[-1].name}, raised at {text}"
    return text


@contextmanager
def _registered(game: registry.GameSpec) -> Iterator[None]:
    """``game`` registered for the duration, if it is not already."""
    known = {g.name: g for g in registry.registered()}
    if known.get(game.name) is game:
        yield
        return
    registry.register_game(game)  # ValueError if another game of its name or formats is registered
    try:
        yield
    finally:
        registry.unregister_game(game.name)


class _Run:
    def __init__(self) -> None:
        self.passed: list[str] = []
        self.skipped: list[str] = []
        self.failures: list[Failure] = []

    def attempt(
        self, label: str, mode: str, seed: int | None, work: Callable[..., object], *args: Any
    ) -> bool:
        """Run ``work(*args)``; a failure is recorded (every broken promise, not the first only)."""
        try:
            work(*args)
        except Exception as exc:
            error = f"{type(exc).__name__}: {exc}"
            self.failures.append(Failure(check=label, mode=mode, seed=seed, error=error, where=_where(exc)))
            return False
        return True

    def sweep(self, label: str, mode: str, seed: int | None, work: Callable[..., object], *args: Any) -> None:
        """One check of its own: passed, or failed."""
        if self.attempt(label, mode, seed, work, *args):
            self.passed.append(f"{label} [{mode}]")


def _offered(check_: Check, mode: ConformanceMode) -> list[str]:
    rules = mode.spec.rules
    return [name for name in NEEDS.get(check_.__name__, ()) if getattr(rules, name) is None]


def _extend(into: list[Any], make: Callable[..., Any], *args: Any) -> None:
    into.extend(make(*args))


def _play(run: _Run, mode: ConformanceMode, depth: Depth) -> None:
    """Every check of :data:`CHECKS` on the random games of one variant; a check fails at its first
    failing game (one is enough to report)."""
    games: list[Game] = []
    if not run.attempt("plays", mode.name, None, _extend, games, random_games, mode, *DEPTHS[depth].values()):
        return
    for check_ in CHECKS:
        missing = _offered(check_, mode)
        if missing:
            run.skipped.append(f"{check_.__name__} [{mode.name}]: no {', '.join(missing)}")
            continue
        if all(run.attempt(check_.__name__, mode.name, played.seed, check_, played) for played in games):
            run.passed.append(f"{check_.__name__} [{mode.name}]")


def check(
    game: registry.GameSpec | str,
    *,
    depth: Depth = "quick",
    cards: Callable[[], object] | None = None,
    modes: Sequence[str] | None = None,
    options: bool = True,
    agents: bool = True,
) -> Report:
    """Run the conformance suite on ``game`` (its spec, registered for the run if it is not yet,
    or a registered game's name); the :class:`Report` if every check passes, else
    :class:`ConformanceError` (an :class:`AssertionError`) listing every failure.

    ``depth`` is how long each variant is played (:data:`DEPTHS`); ``cards`` returns the card set
    to play with (default: the game's built-in one); ``modes`` limits the run to those modes;
    ``options`` and ``agents`` turn the option and agent sweeps off when false.
    """
    spec = registry.game(game) if isinstance(game, str) else game
    if depth not in DEPTHS:
        raise ValueError(f"depth is one of {', '.join(DEPTHS)}, not {depth!r}")
    unknown = sorted(set(modes or ()) - set(spec.mode_names))
    if unknown:
        raise ValueError(
            f"{spec.name} has no mode {', '.join(unknown)}; its modes are {', '.join(spec.mode_names)}"
        )
    run = _Run()
    with _registered(spec):
        chosen = [m for m in conformance_modes(spec, cards) if modes is None or m.spec.name in modes]
        for mode in chosen:
            _play(run, mode, depth)
        firsts = {m.spec.name: m for m in reversed(chosen)}  # each mode once, at its first variant
        for mode in firsts.values() if options else ():
            cases: list[tuple[str, Any]] = []
            run.sweep(
                "option values", mode.spec.name, None, _extend, cases, option_cases, mode.cards(), mode.spec
            )
            for name, value in cases:
                label = f"{mode.spec.name} {name}={value!r}"
                run.sweep("options", label, 5, option_survives, mode.cards(), mode.spec, name, value)
        for mode in (m for m in chosen if "[" not in m.name) if agents else ():
            for agent in mode.spec.agents:
                if agent_known(agent):
                    run.sweep(f"agent {agent}", mode.name, None, agent_plays, agent, mode)
                else:  # a mode's own agent that chaos_tower.agents.make_agent does not make
                    run.skipped.append(f"agent {agent} [{mode.name}]: not in chaos_tower.agents.AGENTS")
    report = Report(
        game=spec.name, passed=tuple(run.passed), skipped=tuple(run.skipped), failures=tuple(run.failures)
    )
    if not report.ok:
        raise ConformanceError(report)
    return report
