"""The ``chaos-tower replay`` and ``chaos-tower render`` commands (the parsers live in :mod:`.cli`).

Exit codes: 0 success, 1 the replay is corrupt or does not replay, 2 the
command line is wrong (or asks for what is not installed).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Any, TextIO

from ..kernel.errors import CardSetError, OutputError, PictureFormatError
from . import replay
from .outputs import check_writable, write_output

# api, replay and svgkit are imported inside the commands that use them: building the
# parsers (--help, --version) must not import the games' rules (issue 13).

__all__ = ["add_parsers", "run_render", "run_replay"]


def add_parsers(commands: Any) -> None:
    """Add the ``replay`` and ``render`` subcommands to the CLI's subparsers."""
    rep = commands.add_parser(
        "replay",
        help="step through or verify a replay file",
        description="Replay a game recorded as JSON (schemas/replay.schema.json). By default every "
        "action is printed with what it did; --step K draws the state after action K; --verify "
        "only checks the replay (card set, each action, each state hash) and says so.",
    )
    rep.add_argument("file", metavar="FILE")
    rep.add_argument("--verify", action="store_true", help="check the replay; print one line")
    rep.add_argument("--step", type=int, metavar="K", help="draw the state after action K (0: the start)")
    rep.add_argument(
        "--cards", metavar="PATH", help="the card set (default: the built-in one of the replay's game)"
    )
    rep.add_argument("--html", metavar="OUT", help="write a self-contained HTML viewer of the game to OUT")
    rep.add_argument(
        "--seat", type=int, metavar="P", help="with --html: seat P's view only (no referee data in the file)"
    )
    rep.add_argument(
        "--docs-base", default="", metavar="URL", help="with --html: docs URL for rule links"
    )
    ren = commands.add_parser(
        "render",
        help="draw a state as SVG or PNG",
        description="Draw a position of any game as a picture: the state after N actions of a "
        "random agent from --seed, or after action K of a replay (--replay FILE --step K). "
        "The format is --out's extension: .svg, or .png when the optional cairosvg library is "
        "installed; any other is refused. --player P draws what seat P may see.",
    )
    ren.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    ren.add_argument("--actions", type=int, default=0, metavar="N", help="random actions to play first")
    ren.add_argument("--replay", metavar="FILE", help="draw a state of this replay instead")
    ren.add_argument(
        "--step", type=int, metavar="K", help="with --replay: the state after action K (default: last)"
    )
    ren.add_argument(
        "--cards", metavar="PATH", help="the card set (default: the built-in one, or the replay's game's)"
    )
    ren.add_argument("--out", metavar="FILE", required=True, help="the picture to write: .svg or .png")
    ren.add_argument("--player", type=int, metavar="P", help="seat P's picture (default: the referee's)")
    ren.add_argument("--scale", type=float, default=1.0, metavar="S", help="size, 0.1 to 10 (default 1)")


def _cards(path: str | None, err: TextIO, game: str | None = None) -> Any:
    """The card set at ``path``; without one, the built-in set of ``game`` (a replay's game name)."""
    from .. import registry
    from ..cardsets.loading import load_cardset

    # A replay's game name is a mode's front-door name (tower-solo, crest, …): its game's built-in set.
    named = [g.name for g in registry.games() for m in g.modes if game is not None and m.rules.name == game]
    try:
        if path is None and named and named[0] != registry.default_game().name:
            return load_cardset(game=named[0])
        return load_cardset(path)
    except CardSetError as exc:
        print(exc, file=err)
        return None


def _replay_game(path: str) -> str | None:

    # Which built-in card set a replay needs; an unreadable replay is reported when it is read in earnest.
    try:
        return replay.load(path).game
    except replay.ReplayError:
        return None


def run_replay(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``chaos-tower replay``."""
    from .. import api

    out = out or sys.stdout
    err = err or sys.stderr
    if args.html is not None and not _can_write(args.html, err):
        return 2
    cards = _cards(args.cards, err, None if args.cards else _replay_game(args.file))
    if cards is None:
        return 2
    if args.html is not None:
        return _write_viewer(args, cards, out, err)
    if args.seat is not None:
        print("--seat belongs with --html", file=err)
        return 2
    try:
        game = replay.load(args.file)
        if args.step is not None and not 0 <= args.step <= len(game.actions):
            print(f"{args.file}: --step must be 0 to {len(game.actions)}", file=err)
            return 2
        last = None
        for step in replay.steps(game, cards):
            last = step.state
            if args.verify:
                continue
            if args.step is not None:
                if step.number == args.step:
                    title = f": {step.action}" if step.action else " (start)"
                    print(f"step {step.number}{title}", file=out)
                    print(api.render_text(step.state), file=out)
                    return 0
                continue
            if step.action is not None:
                print(f"{step.number:4d}. {step.action}", file=out)
                for event in getattr(step.state, "events", ()):
                    print(f"      {event}", file=out)
    except replay.ReplayError as exc:
        print(f"{args.file}: {exc}", file=err)
        return 1
    checked = "" if game.hashes is None else ", every state hash matches"
    summary = f"valid replay of {game.game}, {len(game.actions)} actions{checked}; {_ending(last)}"
    print(f"{args.file}: {summary}", file=out)
    return 0


def _ending(state: Any) -> str:
    from .. import api

    # One player: one line. Several: the cause, then one line per seat, not the raw outcome record.
    results, outcome = replay.seat_results(state), api.outcome(state)
    if results is None:
        return "game goes on"
    if len(results) == 1:
        return f"result: {results[0]}"
    seats = "".join(f"\n  player {seat}: {word}" for seat, word in enumerate(results))
    return f"ended by {outcome.cause} ({outcome.rule}){seats}"


def _write_viewer(args: argparse.Namespace, cards: Any, out: TextIO, err: TextIO) -> int:
    from .viewer import viewer_html

    try:
        page = viewer_html(replay.load(args.file), cards, seat=args.seat, docs_base=args.docs_base)
    except replay.ReplayError as exc:
        print(f"{args.file}: {exc}", file=err)
        return 1
    except ValueError as exc:  # a seat the game does not have
        print(f"{args.file}: {exc}", file=err)
        return 2
    try:
        write_output(args.html, page)
    except OutputError as exc:
        print(exc, file=err)
        return 1
    print(f"wrote {args.html}", file=out)
    return 0


def _can_write(path: str, err: TextIO) -> bool:
    """Whether the output ``path`` can be written, checked before any work (issue 22); else says why."""
    try:
        check_writable(path)
    except OutputError as exc:
        print(exc, file=err)
        return False
    return True


def _render_options(args: argparse.Namespace, cards: Any) -> dict[str, Any]:
    from .. import registry
    from .optionflags import option_flags

    words = getattr(args, "option_flags", None) or ()
    game = registry.game_of_cards(type(cards))
    if not words or game is None:
        return option_flags(words, (), prog="chaos-tower render")
    specs = [s for s in game.modes[0].options if not s.required]
    return option_flags(words, specs, prog=f"chaos-tower render ({game.name} {game.modes[0].name})")


_NO_PNG = "writing PNG needs the cairosvg library: pip install cairosvg (or write .svg)"


def _has_cairosvg() -> bool:
    try:
        importlib.import_module("cairosvg")
    except ImportError:  # an optional extra: the caller says how to get it
        return False
    return True


def run_render(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``chaos-tower render``."""
    from .. import api, svgkit

    out = out or sys.stdout
    err = err or sys.stderr
    try:  # refuse a format or a scale we cannot give before any work, and write nothing
        fmt = svgkit.picture_format(args.out)
        svgkit.check_scale(args.scale)
    except PictureFormatError as exc:
        print(exc, file=err)
        return 2
    if fmt == "png" and not _has_cairosvg():
        print(_NO_PNG, file=err)
        return 2
    if not _can_write(args.out, err):
        return 2
    game_name = None if args.cards or args.replay is None else _replay_game(args.replay)
    cards = _cards(args.cards, err, game_name)
    if cards is None:
        return 2
    if args.replay is not None:
        try:
            game = replay.load(args.replay)
            number = len(game.actions) if args.step is None else args.step
            state = replay.state_at(game, cards, number)
        except replay.ReplayError as exc:
            print(f"{args.replay}: {exc}", file=err)
            return 1
        except IndexError as exc:
            print(f"{args.replay}: {exc}", file=err)
            return 2
    else:
        from ..agents import RandomAgent, decide

        try:  # the default mode's options, as flags made from its specs (app.optionflags)
            options = _render_options(args, cards)
            state = api.new_game(cards, seed=args.seed, **options)
        except ValueError as exc:
            print(exc, file=err)
            return 2
        agent = RandomAgent(args.seed)
        for _ in range(args.actions):
            if api.is_terminal(state):
                break
            state = api.apply(state, decide(agent, state))
    try:
        svg = api.render_svg(state, player=args.player, scale=args.scale)
    except (NotImplementedError, ValueError) as exc:  # no pictures, or no such seat
        print(exc, file=err)
        return 2
    path = Path(args.out)
    try:
        svgkit.write_picture(svg, path)
    except ImportError:
        print(_NO_PNG, file=err)
        return 2
    except OSError as exc:  # gone since the check (a directory removed, a disk full)
        print(f"cannot write {path}: {exc.strerror or exc}", file=err)
        return 1
    print(f"wrote {path}", file=out)
    return 0
