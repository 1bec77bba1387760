"""``chaos-tower lab ablate | tune | patch``: the designer's experiments on a card set.

* ``ablate``: each card replaced by its neutral stand-in, paired games on the same
  seeds, the effects ranked with intervals and corrected q-values (:mod:`.ablate`);
* ``tune``: the smallest change of chosen fields that meets a target (:mod:`.tune`),
  written as a YAML patch;
* ``patch``: a patched copy of a set, to validate and play.

Exit codes as ``lab run``: 0 done, 1 its inputs are wrong or no change meets the
target, 2 the command line is wrong, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

__all__ = ["add_design_parsers", "run_design"]

COMMANDS = ("ablate", "tune", "patch")


def _play_options(parser: argparse.ArgumentParser, games: int) -> None:
    parser.add_argument("--cards", metavar="PATH", help="a card set (default: the game's built-in one)")
    parser.add_argument("--game", help="a registered game (default: the first registered, tower)")
    parser.add_argument("--mode", help="one of the game's modes (default its first: tower solo)")
    parser.add_argument("--players", type=int, help="players of the mode (default its fewest)")
    parser.add_argument("--teams", action="store_true", help="crest with 4 or 6 players: two teams")
    parser.add_argument(
        "--agent",
        default=None,
        metavar="NAME",
        help="the agent of every seat (default: heuristic where the mode plays it; NAME:KEY=VALUE)",
    )
    parser.add_argument("--games", "-n", type=int, default=games, help=f"games per arm (default {games})")
    parser.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    parser.add_argument(
        "--max-actions", type=int, default=600, help="end a game after this many actions (600)"
    )
    parser.add_argument("--workers", type=int, default=0, help="local processes (default 0: this process)")
    parser.add_argument("--json", metavar="FILE", help="also write the result as JSON here")


def add_design_parsers(sub: Any) -> None:
    """Add ``ablate``, ``tune`` and ``patch`` to the ``lab`` subcommands."""
    ablate = sub.add_parser(
        "ablate", help="each card against a neutral stand-in, on the same seeds: effects ranked"
    )
    ablate.add_argument("card", nargs="*", metavar="CARD", help="card ids to vary (default: every card)")
    ablate.add_argument(
        "--metric", help="win (default solo), draw (default multiplayer), floor, length, points:N"
    )
    ablate.add_argument("--aa", action="store_true", help="an A/A check: the unchanged set on other seeds")
    ablate.add_argument("--most", type=int, default=10, help="rows shown at each end of the ranking (10)")
    _play_options(ablate, 200)
    tune = sub.add_parser(
        "tune", help="the smallest change of card fields that meets a target, as a YAML patch"
    )
    tune.add_argument("--target", required=True, metavar="METRIC=VALUE+-TOL", help="such as win=0.25+-0.03")
    tune.add_argument(
        "--vary",
        action="append",
        required=True,
        metavar="CARD:PATH=LOW..HIGH",
        help="a whole-number field the search may move, such as rebright:values.G=3..8 (repeatable)",
    )
    tune.add_argument("--patch-out", metavar="FILE", help="write the patch here (default: print it)")
    tune.add_argument("--max-fields", type=int, default=2, choices=(1, 2), help="fields changed at most (2)")
    _play_options(tune, 400)
    patch = sub.add_parser("patch", help="write a patched copy of a card set (then validate it)")
    patch.add_argument("set", metavar="SET", help="the card set (a file or directory), or 'builtin'")
    patch.add_argument("patch", metavar="PATCH", help="a patch from `lab tune`")
    patch.add_argument("--out", required=True, metavar="DIR", help="a new or empty directory for the copy")
    patch.add_argument("--game", help="the set's game (default: the first registered, tower)")


def _default_agent(game: str, mode: str) -> str:
    # The heuristic agent where the mode's facts say it plays, else the mode's first (weakest) agent.
    from chaos_tower import registry

    modes = registry.game(game)
    facts = modes.mode(mode) if mode in modes.mode_names else modes.modes[0]
    return "heuristic" if facts.plays("heuristic") else facts.agents[0]


def _spec_and_source(args: argparse.Namespace) -> tuple[Any, Any]:
    from .failure import LabError
    from .spec import CardSource, RunSpec, mode_defaults

    if args.games < 1 or args.workers < 0 or args.max_actions < 1:
        raise LabError("--games and --max-actions are 1 or more, --workers 0 or more")
    game, mode, players = mode_defaults(args.game, args.mode, args.players)
    agent = args.agent or _default_agent(game, mode)
    spec = RunSpec(
        game=game,
        mode=mode,
        players=players,
        teams=args.teams,
        agents=(agent,),
        games=args.games,
        seed=args.seed,
        max_actions=args.max_actions,
    ).check()
    return spec, CardSource.read(args.cards, game)


def run_design(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``lab ablate``, ``lab tune`` or ``lab patch``; LabError and CardSetError reach the caller."""
    if args.lab_command == "patch":
        return _patch(args, out)
    spec, source = _spec_and_source(args)
    if args.json:
        _writable(Path(args.json))
    if args.lab_command == "ablate":
        from .ablate import ablate

        result = ablate(
            spec,
            source,
            cards=args.card or None,
            games=args.games,
            workers=args.workers,
            measure=args.metric,
            aa=args.aa,
        )
        print(result.text(most=args.most), file=out)
        if args.json:
            Path(args.json).write_text(json.dumps(result.as_json(), indent=2) + "\n", encoding="utf-8")
        return 0
    from .tune import Knob, Target, tune

    target = Target.parse(args.target)
    knobs = [Knob.parse(text) for text in args.vary]
    if args.patch_out:
        _writable(Path(args.patch_out))
    found = tune(
        spec, source, target, knobs, games=args.games, workers=args.workers, max_fields=args.max_fields
    )
    print(found.text(), file=out)
    if args.json:
        data = {
            "target": [target.metric, target.value, target.tolerance],
            "found": found.found is not None,
            "trials": [
                [list(map(list, t.changes)), t.games, t.estimate, t.low, t.high] for t in found.trials
            ],
        }
        Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if found.found is None:
        print("no change within the ranges meets the target", file=err)
        return 1
    text = found.patch()
    if args.patch_out:
        Path(args.patch_out).write_text(text, encoding="utf-8")
        print(f"patch written to {args.patch_out}", file=out)
    else:
        print(text, file=out, end="")
    return 0


def _writable(path: Path) -> None:
    from .failure import LabError

    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir() or not folder.is_dir():
        raise LabError(f"{path}: cannot write a file there")
    existed = path.exists()
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise LabError(f"{path}: cannot write it: {exc.strerror or exc}") from None
    if not existed:
        path.unlink()  # checked before the games, written after them


def _patch(args: argparse.Namespace, out: TextIO) -> int:
    from .cardedit import apply_patch, read_patch
    from .spec import CardSource, mode_defaults

    game = mode_defaults(args.game, None, None)[0]
    source = CardSource.read(None if args.set == "builtin" else args.set, game)
    changes = read_patch(args.patch)
    apply_patch(source, changes, Path(args.out))
    print(
        f"{args.out}: the set with {len(changes)} change(s); check it with chaos-tower validate {args.out}",
        file=out,
    )
    return 0
