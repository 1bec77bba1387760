"""``chaos-tower lab metrics | compare | depth``: a run's game metrics, runs compared, skill depth.

* ``metrics RUN``: every figure of :mod:`.metrics`, each with its 95 % interval;
* ``compare A B [C ...]``: B (and C, ...) against A on the seeds they share, per
  seat, per agent when two agents swap seats; ``--html`` writes the side-by-side
  page, with a heatmap of every pair when more than two runs are given;
* ``depth``: the strong agent's gain over the weak one on the same seeds (:mod:`.depth`).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["COMMANDS", "add_metrics_parsers", "run_metrics"]

COMMANDS = ("metrics", "compare", "depth")

_OUTPUT: list[Callable[..., None]] = []


def add_metrics_parsers(sub: Any, output: Callable[..., None]) -> None:
    """Add ``metrics``, ``compare`` and ``depth`` to the ``lab`` subcommands.

    ``output(path, text=None)``: the CLI's one check (and writer) of an output file."""
    _OUTPUT[:] = [output]
    metrics = sub.add_parser("metrics", help="a run's game metrics, each with its 95 % interval")
    metrics.add_argument("results", metavar="RESULTS")
    metrics.add_argument(
        "--late", type=int, default=2, metavar="N", help="decisiveness: decided in the last N turns (2)"
    )
    metrics.add_argument("--json", metavar="FILE", help="also write the metrics as JSON here")
    cmp = sub.add_parser(
        "compare", help="compare runs on the seeds they share (B minus A; per seat; per agent)"
    )
    cmp.add_argument("a", metavar="A")
    cmp.add_argument("b", metavar="B")
    cmp.add_argument("more", nargs="*", metavar="C", help="more runs: every pair is compared")
    cmp.add_argument(
        "--html", metavar="FILE", help="write the side-by-side page (a heatmap for 3 runs or more)"
    )
    depth = sub.add_parser("depth", help="skill depth: a strong agent's gain over a weak one, same seeds")
    depth.add_argument(
        "--strong", required=True, metavar="AGENT", help="such as heuristic or mcts:simulations=50"
    )
    depth.add_argument("--weak", required=True, metavar="AGENT", help="such as random")
    depth.add_argument(
        "--metric",
        default="points",
        choices=("points", "floor"),
        help="points (a win; default) or floor (solo)",
    )
    depth.add_argument("--cards", metavar="PATH", help="a card set (default: the game's built-in one)")
    depth.add_argument(
        "--game", help="a registered game: tower (default: the first registered), crest, a plugin's"
    )
    depth.add_argument("--mode", help="one of the game's modes (default its first: tower solo, crest duel)")
    depth.add_argument("--players", type=int, help="players of the mode (default its fewest: vs 2, crest 2)")
    depth.add_argument("--teams", action="store_true", help="crest with 4 or 6 players: two teams")
    depth.add_argument("--games", "-n", type=int, default=200, help="game seeds (default 200)")
    depth.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    depth.add_argument(
        "--max-actions", type=int, default=600, help="end a game after this many actions (600)"
    )
    depth.add_argument("--workers", type=int, default=0, help="local processes (default 0: this process)")
    depth.add_argument("--json", metavar="FILE", help="also write the result as JSON here")


def run_metrics(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``lab metrics``, ``lab compare`` or ``lab depth``; LabError reaches the caller."""
    output = _OUTPUT[0]
    if getattr(args, "json", None):
        output(args.json)
    if args.lab_command == "metrics":
        from .metrics import game_metrics, metrics_text
        from .report import title
        from .results import read_games, read_record

        if args.late < 1:
            from .failure import LabError

            raise LabError("--late is 1 turn or more")
        record = read_record(args.results)
        found = game_metrics(read_games(args.results), record["spec"], late=args.late)
        print(title({"games": found["rows"][0]["value"]}, record), file=out)
        print(metrics_text(found), file=out)
        if args.json:
            output(args.json, json.dumps(found, indent=2) + "\n")
        return 0
    if args.lab_command == "depth":
        return _depth(args, out, output)
    return _compare(args, out, output)


def _depth(args: argparse.Namespace, out: TextIO, output: Callable[..., None]) -> int:
    from .depth import depth
    from .failure import LabError
    from .spec import CardSource, RunSpec, mode_defaults

    if args.workers < 0 or args.max_actions < 1:
        raise LabError("--max-actions is 1 or more, --workers 0 or more")
    game, mode, players = mode_defaults(args.game, args.mode, args.players)
    spec = RunSpec(
        game=game,
        mode=mode,
        players=players,
        teams=args.teams,
        agents=(args.weak,),
        games=args.games,
        seed=args.seed,
        max_actions=args.max_actions,
    ).check()
    found = depth(
        spec,
        CardSource.read(args.cards, game),
        args.strong,
        args.weak,
        games=args.games,
        metric=args.metric,
        workers=args.workers,
    )
    print(found.text(), file=out)
    if args.json:
        output(args.json, json.dumps(found.as_json(), indent=2) + "\n")
    return 0


def _compare(args: argparse.Namespace, out: TextIO, output: Callable[..., None]) -> int:
    from .failure import LabError
    from .metrics import game_metrics
    from .report import compare_text
    from .results import read_games, read_record
    from .stats import compare

    if args.html:
        output(args.html)
    names = [args.a, args.b, *args.more]
    records = [read_record(name) for name in names]
    tables = [read_games(name) for name in names]
    pairs: dict[tuple[int, int], dict[str, Any]] = {}
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            try:
                pairs[i, j] = compare(tables[i], records[i]["spec"], tables[j], records[j]["spec"])
            except LabError:
                raise
            except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError) as exc:
                raise LabError(
                    f"{names[i]} or {names[j]}: run.json does not describe its games ({exc})"
                ) from None
    for (i, j), result in pairs.items():
        if i == 0:
            print(compare_text(result, names[i], names[j]), file=out)
    if args.html:
        from .compare_html import compare_page

        metrics = [game_metrics(t, r["spec"]) for t, r in zip(tables, records, strict=True)]
        output(args.html, compare_page(names, records, metrics, pairs, tables))
        print(f"wrote {args.html}", file=out)
    return 0
