"""``chaos-tower lab run | report | metrics | compare | depth | ...``: light parsers; they need ``[lab]``.

Exit codes: 0 done, 1 a run failed or its inputs are wrong, 2 the command line
is wrong or the ``[lab]`` extra is missing, 130 interrupted by Ctrl-C (SIGINT) and
143 by SIGTERM (what was played is kept, and ``run.json`` says so).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

__all__ = ["add_lab_parser", "run_lab"]


def _count(low: int) -> Any:
    # An argparse type: a whole number of at least ``low``; anything else is a usage error (exit 2).
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number of at least {low}, not {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"a whole number of at least {low}, not {value}")
        return value

    return read


def _scheduler(text: str) -> str:
    # An argparse type: a Dask scheduler's address, PROTOCOL://HOST:PORT; anything else is a usage error.
    from .spec import SCHEDULER

    if not SCHEDULER.match(text):
        raise argparse.ArgumentTypeError(f"a Dask scheduler's address, tcp://HOST:PORT, not {text!r}")
    return text


def add_lab_parser(commands: Any) -> None:
    """Add ``lab`` and its subcommands to the CLI's subparsers."""
    lab = commands.add_parser(
        "lab",
        help="play a card set many times and report what it does",
        description="Play N games of a card set with chosen agents, in parallel, into a results "
        "directory (Parquet rows and a run record); report on them; compare two sets on the same seeds.",
    )
    sub = lab.add_subparsers(dest="lab_command", required=True, metavar="SUBCOMMAND")
    run = sub.add_parser("run", help="play a run (or resume one) into a results directory")
    run.add_argument(
        "--out", required=True, metavar="RESULTS", help="the results directory (resumed if it holds this run)"
    )
    run.add_argument("--games", "-n", type=_count(0), default=1000, help="games to play (default 1000)")
    run.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    run.add_argument("--cards", metavar="PATH", help="a card set (default: the game's built-in one)")
    run.add_argument(
        "--game", help="a registered game: tower (default: the first registered), crest, a plugin's"
    )
    run.add_argument("--mode", help="one of the game's modes (default its first: tower solo, crest duel)")
    run.add_argument("--players", type=int, help="players of the mode (default its fewest: vs 2, crest 2)")
    run.add_argument("--teams", action="store_true", help="crest with 4 or 6 players: two teams")
    run.add_argument("--extra-rule", action="store_true", help="vs: the extra rule (TOC-VS2-032)")
    run.add_argument(
        "--agent",
        action="append",
        metavar="NAME",
        help="an agent (random, greedy, heuristic, mcts, or NAME:KEY=VALUE,... such as mcts:simulations=50); "
        "give it once for every seat or once per seat",
    )
    run.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="another option of the mode, such as a VS reading (adjust_after_draw=all); repeatable",
    )
    run.add_argument(
        "--max-actions",
        type=_count(1),
        default=2000,
        help="end a game after this many actions (default 2000)",
    )
    run.add_argument(
        "--workers", type=_count(0), help="local processes (default: one per core; 0: this process)"
    )
    run.add_argument(
        "--scheduler", type=_scheduler, metavar="tcp://HOST:PORT", help="play on this Dask cluster instead"
    )
    run.add_argument("--chunk", type=_count(1), help="games per job (default: about a second of play)")
    run.add_argument("--quiet", action="store_true", help="no progress bar and no summary")
    rep = sub.add_parser("report", help="the statistics of a results directory")
    rep.add_argument("results", metavar="RESULTS")
    rep.add_argument("--html", metavar="FILE", help="also write the self-contained HTML report here")
    from .cli_metrics import add_metrics_parsers

    add_metrics_parsers(sub, _output)
    from .cli_design import add_design_parsers

    add_design_parsers(sub)


def run_lab(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run a ``chaos-tower lab`` subcommand."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        import matplotlib  # noqa: F401
        import pyarrow  # noqa: F401
        import rich  # noqa: F401
    except ImportError as exc:
        print(
            f"chaos-tower lab needs the [lab] extra ({exc.name} is missing): pip install 'chaos-tower[lab]'",
            file=err,
        )
        return 2
    import chaos_tower as ct

    from .spec import LabError

    try:
        if args.lab_command == "run":
            return _run(args, out, err)
        if args.lab_command == "report":
            return _report(args, out)
        from .cli_design import COMMANDS, run_design

        if args.lab_command in COMMANDS:
            return run_design(args, out, err)
        from .cli_metrics import run_metrics

        return run_metrics(args, out, err)
    except (LabError, ct.CardSetError) as exc:
        print(f"error: {exc}", file=err)
        return 1


def _value(text: str) -> Any:
    # An option's value as written: a boolean, a whole number, a number or a word (the option checks it).
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _readings(given: list[str]) -> tuple[tuple[str, Any], ...]:
    from .spec import LabError

    pairs: list[tuple[str, Any]] = []
    for text in given:
        name, eq, value = (part.strip() for part in text.partition("="))
        if not eq or not name or not value:
            raise LabError(f"--option {text!r}: write NAME=VALUE")
        if any(name == seen for seen, _ in pairs):
            raise LabError(f"--option {name} is given twice")
        pairs.append((name, _value(value)))
    return tuple(pairs)


def _option_flags(args: argparse.Namespace, game: str, mode: str) -> tuple[tuple[str, Any], ...]:
    # The mode's other options as flags made from its specs (app.optionflags), as play takes them.
    from .. import registry
    from ..app.optionflags import FlagError, option_flags
    from .spec import LabError

    named = {"players", "teams", "extra_rule", "max_actions"}
    try:
        specs = [s for s in registry.game(game).mode(mode).options if s.name not in named]
        given = option_flags(
            getattr(args, "option_flags", None) or (), specs, prog=f"chaos-tower lab run ({mode})"
        )
    except (KeyError, FlagError) as exc:
        raise LabError(str(exc).strip("'\"")) from None
    return tuple(given.items())


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from .runner import run
    from .spec import CardSource, RunSpec, mode_defaults

    game, mode, players = mode_defaults(args.game, args.mode, args.players)
    agents = tuple(args.agent or ["random"])  # the agent every mode plays
    spec = RunSpec(
        game=game,
        mode=mode,
        players=players,
        teams=args.teams,
        extra_rule=args.extra_rule,
        max_actions=args.max_actions,
        agents=agents,
        readings=_readings(args.option) + _option_flags(args, game, mode),
        games=args.games,
        seed=args.seed,
    ).check()
    cards = CardSource.read(args.cards, game)
    console = Console(file=err)
    bar = Progress(
        TextColumn("[bold]games"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        disable=args.quiet or not console.is_terminal,
    )
    with bar:
        task = bar.add_task("games", total=spec.games, rate="")
        start: list[tuple[float, int]] = []

        def progress(done: int, total: int) -> None:
            import time

            now = time.perf_counter()
            start.append((now, done))
            first_time, first_done = start[0]
            rate = (done - first_done) / (now - first_time) if now > first_time else 0.0
            bar.update(task, completed=done, rate=f"{rate:,.0f} games/s")

        result = run(
            spec,
            args.out,
            cards=cards,
            workers=args.workers,
            scheduler=args.scheduler,
            chunk=args.chunk,
            progress=progress,
            command=["chaos-tower", *sys.argv[1:]],
        )
    if result.replayed:
        print(f"{args.out}: damaged chunk files played again: {', '.join(result.replayed)}", file=err)
    rate = result.played / result.seconds if result.seconds else 0.0
    status = "interrupted" if result.interrupted else "done"
    print(
        f"{args.out}: {status}, {result.games}/{result.total} games ({result.played} played now, "
        f"{rate:,.0f} games/s)",
        file=err,
    )
    if result.interrupted:
        print("the games played are kept; run the same command again to resume", file=err)
        return 143 if result.signal == "SIGTERM" else 130
    if not args.quiet:
        _print_summary(Path(args.out), out)
    return 0


def _print_summary(results: Path, out: TextIO) -> None:
    from .report import summary_text
    from .results import read_games, read_record
    from .stats import summarize

    record = read_record(results)
    summary = _fitting(str(results), lambda: summarize(read_games(results), record["spec"]))
    print(summary_text(summary, record), file=out)


def _fitting(results: str, work: Any) -> Any:
    # The rows of a results directory read under its record: a record edited to say another run
    # (more players than the rows have) is a message naming it, not a traceback from the statistics.
    from .spec import LabError

    try:
        return work()
    except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError) as exc:
        detail = f"{type(exc).__name__}: {exc}"
        raise LabError(f"{results}: run.json does not describe its games ({detail})") from None


def _report(args: argparse.Namespace, out: TextIO) -> int:
    from .html import html_report
    from .report import summary_text
    from .results import read_games, read_record
    from .stats import summarize

    if args.html:  # before the results are read: a report that cannot be written is said at once
        _output(args.html)
    record = read_record(args.results)
    summary = _fitting(args.results, lambda: summarize(read_games(args.results), record["spec"]))
    print(summary_text(summary, record), file=out)
    if args.html:
        from .metrics import game_metrics

        games = read_games(args.results)
        found = _fitting(args.results, lambda: game_metrics(games, record["spec"]))
        summary["turn_values"] = [t for t in games.column("turns").to_pylist() if t is not None]
        _output(args.html, html_report(summary, record, metrics=found))
        print(f"wrote {args.html}", file=out)
    return 0


def _output(path: str, text: str | None = None) -> None:
    """Check that ``path`` can be written (``text`` None), or write ``text`` there; a
    :class:`~chaos_tower.lab.spec.LabError` if not (issue 22: the one check of chaos_tower.app.outputs)."""
    from ..app.outputs import check_writable, write_output
    from ..kernel.errors import OutputError
    from .spec import LabError

    try:
        if text is None:
            check_writable(path)
        else:
            write_output(path, text)
    except OutputError as exc:
        raise LabError(str(exc)) from None
