"""The ``chaos-tower`` command line.

Exit codes: 0 success, 1 a card set (or a replay) is invalid, 2 the command line is wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import warnings
from collections.abc import Sequence
from typing import TextIO

from .. import __version__
from ..cardsets.schema import SCHEMA_FILES, bundle, load_schema
from ..kernel.errors import Problem
from . import scaffold
from .commands import add_parsers, run_render, run_replay

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chaos-tower",
        description="Rules engine and card-set tools for Tower of CHAOS and Crest Duel.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    validate = commands.add_parser(
        "validate",
        help="check card-set files or directories",
        description="Check each PATH (a YAML/JSON card file or a directory of them) "
        "and report every problem, of every file in one run, as file:line:col: path: message. "
        "Errors make the exit code 1; warnings (lints: legal values that are most likely "
        "mistakes) are shown and leave it 0, unless --strict.",
    )
    validate.add_argument("paths", nargs="+", metavar="PATH")
    validate.add_argument(
        "--format", choices=("text", "json"), default="text", help="text for people (default), json for tools"
    )
    validate.add_argument("--strict", action="store_true", help="treat warnings as errors (exit code 1)")
    validate.add_argument(
        "--play", type=int, default=0, metavar="N", help="then play N quick games of each valid set and warn"
    )
    play = commands.add_parser(
        "play",
        help="play a solo, VS or Crest Duel game in the terminal, or watch agents play one",
        description="Play Tower of CHAOS solo, a VS game (--mode vs --players N) or Crest Duel "
        "(--game crest --players N [--teams]) hot-seat at one keyboard, each player shown only their "
        "own view. Without --agent you choose each action by its number or its text in any case "
        "(? or help at the prompt: the grammar, list, undo, save FILE; q or end-of-input quits); "
        "with --agent agents play every seat and the explained log is printed; --seat P=NAME "
        "gives one seat to an agent. Every option of the chosen mode is a flag too "
        "(--step-on-road, --da-order sequential; the rule pages list them).",
    )
    play.add_argument(
        "--seed", type=int, default=None, help="the game's seed (default: a fresh one, kept by --record)"
    )
    # No argparse choices for --game and --mode: the games come from the registry (and from installed
    # packages' entry points), which --help must not import (issue 13); play checks them and lists them.
    play.add_argument(
        "--mode",
        default=None,
        help="the Tower: solo (default) or vs; another game: one of its modes (default: its first)",
    )
    # No choices for --players and --agent either: each mode's facts (registry.ModeSpec: its
    # player counts, the agents that play it) decide, when the game is set up.
    play.add_argument(
        "--players",
        type=int,
        help="with --mode vs: 2 to 5; with --game crest: 2 to 6 (default 2)",
    )
    play.add_argument(
        "--extra-rule", action="store_true", help="with --mode vs: play with the extra rule (TOC-VS2-032)"
    )
    # The VS readings the manual leaves open (chaos_tower.tower.vs.front.OPTIONS); None: the default.
    play.add_argument(
        "--adjust-after-draw",
        choices=("drawer", "all"),
        help="with --mode vs: who adjusts after a draw (TOC-VS2-027; default drawer)",
    )
    play.add_argument(
        "--declare-when",
        choices=("own_turn", "any_time"),
        help="with --mode vs: when one may declare (TOC-VS2-029; default own_turn)",
    )
    play.add_argument(
        "--own-attribute-bluff",
        action="store_true",
        default=None,
        help="with --mode vs: a declaration may name one's own attribute, as a bluff (TOC-VS2-029)",
    )
    play.add_argument(
        "--agent",
        help="let agents play every seat: random, greedy, heuristic or mcts (and simple for --mode vs; "
        "each mode lists the agents that play it)",
    )
    play.add_argument(
        "--budget",
        type=int,
        default=None,
        help="with --agent mcts: simulations per decision (default 200)",
    )
    play.add_argument(
        "--max-actions",
        type=int,
        default=None,
        help="end the game after this many actions (default: none for people, 2000 for agents)",
    )
    play.add_argument("--cards", metavar="PATH", help="a card set (default: the built-in one)")
    play.add_argument("--quiet", action="store_true", help="with --agent: print only the result")
    play.add_argument(
        "--game",
        default=None,  # the registry's default game (registry.default_game())
        help="tower (solo, default), crest (Crest Duel), or a game an installed package registers "
        "(entry point group chaos_tower.games)",
    )
    play.add_argument("--teams", action="store_true", help="with --game crest and 4 or 6 players: two teams")
    play.add_argument(
        "--seat",
        action="append",
        metavar="P=NAME",
        help="seat P is played by agent NAME (or human); repeatable, e.g. --seat 1=mcts",
    )
    play.add_argument("--record", metavar="FILE", help="write a replay of the game to FILE when it ends")
    play.add_argument(
        "--resume", metavar="FILE", help="go on with the game in FILE (a replay, or a save from ct.dumps)"
    )
    schema = commands.add_parser(
        "schema",
        help="print a JSON Schema",
        description="Print one of the JSON Schemas shipped with the package (schemas/*.schema.json). "
        "They refer to each other by file name; --bundle prints one with every schema it uses inside "
        "it, as a single file that refers to nothing else.",
    )
    schema.add_argument("name", nargs="?", default="tower-cardset", choices=sorted(SCHEMA_FILES))
    schema.add_argument("--bundle", action="store_true", help="one self-contained file")
    add_parsers(commands)  # replay, render
    scaffold.add_parser(commands)  # init
    from ..lab.cli import add_lab_parser

    add_lab_parser(commands)
    from ..server.serve import add_parser as add_serve_parser  # imports no web stack

    add_serve_parser(commands)
    return parser


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _validate(paths: Sequence[str], fmt: str, *, strict: bool = False, play: int = 0) -> int:
    from ..cardsets.loading import check_cardset  # here: --help and --version import no game (issue 13)


    results: list[tuple[str, list[Problem], int, bool]] = []
    cards_of: dict[str, object] = {}
    for path in paths:
        cards, problems = check_cardset(path)
        count = sum(1 for _ in cards.all_cards()) if cards is not None else 0
        failed = cards is None or (strict and bool(problems))
        cards_of[path] = None if failed else cards  # a set with only warnings is played too
        results.append((path, problems, count, failed))
    warnings_of: dict[str, list[str]] = {}
    if play > 0:
        from ..lab.validate import play_warnings

        warnings_of = {p: play_warnings(cards, play, path=p) for p, cards in cards_of.items() if cards}
    if fmt == "json":
        report = [
            {"path": path, "valid": not failed, "cards": count, "problems": [p.as_json() for p in problems]}
            | ({"warnings": warnings_of.get(path, [])} if play > 0 else {})
            for path, problems, count, failed in results
        ]
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        for path, problems, count, failed in results:
            for problem in problems:
                print(problem)
            errors = sum(p.is_error for p in problems)
            warnings = len(problems) - errors
            noted = f", {_plural(warnings, 'warning')}" if warnings else ""
            if failed:
                strictly = " (--strict)" if strict and warnings else ""
                print(f"{path}: invalid, {_plural(errors, 'problem')}{noted}{strictly}", file=sys.stderr)
            else:
                print(f"{path}: valid ({count} cards){noted}")
                for warning in warnings_of.get(path, []):
                    print(f"{path}: warning: {warning}")
    return 1 if any(failed for *_, failed in results) else 0


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    # A game plugin left out (chaos_tower.games.PluginWarning, not imported here: importing it
    # would load every game) is one line for a person; other warnings are shown as Python shows them.
    if category.__name__ == "PluginWarning" and category.__module__ == "chaos_tower.games":
        print(f"chaos-tower: warning: {message}", file=sys.stderr)
    else:
        (file or sys.stderr).write(warnings.formatwarning(message, category, filename, lineno, line))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            return _main(argv)
    except BrokenPipeError:
        # The reader went away (``chaos-tower play … | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None) -> int:
    parser = _parser()
    # play, render and lab run keep the flags they do not know: a mode's options (app.optionflags).
    args, unknown = parser.parse_known_args(argv)
    takes_options = args.command in ("play", "render") or getattr(args, "lab_command", None) == "run"
    if unknown and not takes_options:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    args.option_flags = unknown
    if args.command == "validate":
        if args.play < 0:
            print("chaos-tower validate: --play N needs N of 0 or more", file=sys.stderr)
            return 2
        return _validate(args.paths, args.format, strict=args.strict, play=args.play)
    if args.command == "play":
        from .play import run

        return run(args)
    if args.command == "replay":
        return run_replay(args)
    if args.command == "render":
        return run_render(args)
    if args.command == "init":
        return scaffold.run_init(args)
    if args.command == "lab":
        from ..lab.cli import run_lab

        return run_lab(args)
    if args.command == "serve":
        from ..server.serve import run_serve

        return run_serve(args)
    schema = bundle(args.name) if args.bundle else load_schema(args.name)
    print(json.dumps(schema, ensure_ascii=False, indent=2))
    return 0
