"""Setting up a terminal game from ``chaos-tower play``'s arguments: the game, its seats, the files.

A :class:`Table` is everything the loop (:mod:`chaos_tower.app.play`) needs: the card set, the
game's first state (``None`` when resumed from a plain save, which does not
hold it), the actions already played, the state now, and who plays each seat:
a person (``None``) or an agent from :data:`chaos_tower.agents.AGENTS`.
Problems with the command line give exit code 2, with a file 1, and a
message; nothing is started then.
"""

from __future__ import annotations

import argparse
import json
from itertools import pairwise
from typing import Any

from attrs import frozen

from .. import api, registry
from ..agents import AGENTS, PARAMETERS, Agent, AgentParameterError, make_agent, parse_agent
from ..cardsets.loading import load_cardset
from ..cardsets.safefile import FileRefusal, read_limited
from ..kernel.errors import CardSetError, ChaosTowerError, OutputError
from ..registry import GameSpec, ModeSpec
from . import replay
from .optionflags import FlagError, option_flags
from .outputs import check_writable

__all__ = ["VS_FLAGS", "Played", "SetupError", "Table", "legacy_flags", "open_table"]


def legacy_flags() -> tuple[str, ...]:
    """The options with a flag of their own in ``play``'s parser: every registered mode's
    :attr:`~chaos_tower.registry.ModeSpec.cli_flags`, in the order registered."""
    found = (flag for spec in registry.games() for mode in spec.modes for flag in mode.cli_flags)
    return tuple(dict.fromkeys(found))


VS_FLAGS = ("extra_rule", "adjust_after_draw", "declare_when", "own_attribute_bluff")
"""The ``play`` flags only the VS modes take (kept for the old entry point's re-export;
:func:`legacy_flags` reads them from the registry)."""


def _game_flags() -> tuple[str, ...]:
    """What ``--resume`` takes from its file instead (given with it, they are refused)."""
    return ("mode", "players", "teams", "seed", "max_actions", *legacy_flags())


_MAX_FILE = replay.MAX_REPLAY_BYTES


class SetupError(Exception):
    """The game cannot be set up; ``code`` is the exit code (2: the command line, 1: a file)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


@frozen(kw_only=True)
class Played:
    """One action of the game: the state it was taken in, the seat that took it, its text."""

    before: Any
    seat: int
    text: str


@frozen(kw_only=True)
class Table:
    """A game ready to play at the terminal."""

    cards: Any
    start: Any | None
    """The game's first state; ``None`` after resuming a save (so no replay can be written)."""
    played: tuple[Played, ...]
    state: Any
    agents: tuple[Agent | None, ...]
    """Per seat: ``None`` for a person, else the agent that plays it."""
    record: str | None
    quiet: bool


def _flag(args: argparse.Namespace, name: str) -> Any:
    return getattr(args, name, None)


def _check_game_flags(args: argparse.Namespace) -> tuple[GameSpec, ModeSpec]:
    """The game and mode asked for, after the checks of the flags (the games from the registry)."""
    try:
        spec = registry.game(_flag(args, "game") or registry.default_game().name)
    except KeyError as exc:
        raise SetupError(f"--game: {exc.args[0]}") from None
    name = _flag(args, "mode") or spec.modes[0].name
    mode = next((m for m in spec.modes if name == m.name or name in m.cli_aliases), None)
    if mode is None:
        if spec.mode_error is not None:
            raise SetupError(spec.mode_error.format(modes=" or ".join(spec.mode_names), mode=name))
        raise SetupError(f"--mode: {spec.name} plays {', '.join(spec.mode_names)}, not {name!r}")
    known = {option.name for option in mode.options}
    label = mode.label or f"{spec.name}'s {mode.name} mode"
    if mode.stray_flags is not None:  # the mode's own message; --players and --teams: its facts'
        if any(_flag(args, n) for n in legacy_flags() if n not in mode.cli_flags):
            raise SetupError(mode.stray_flags)
        return spec, _checked_facts(args, mode, label)
    stray = [n for n in ("players", "teams", *legacy_flags()) if _flag(args, n) and n not in known]
    if stray:
        flags = ", ".join("--" + n.replace("_", "-") for n in stray)
        options = ", ".join(sorted(known))
        raise SetupError(f"{spec.name}'s {mode.name} mode has no {flags}; its options are {options}")
    return spec, _checked_facts(args, mode, label)


def _checked_facts(args: argparse.Namespace, mode: ModeSpec, label: str) -> ModeSpec:
    """``mode``, after checking --players, --teams and --agent against its facts (registry.ModeSpec)."""
    low, high = mode.players
    players = _flag(args, "players")
    if players is not None and not low <= players <= high:
        counts = "1 player" if high == 1 else f"{low} players" if low == high else f"{low} to {high} players"
        raise SetupError(f"--players: {label} is for {counts}, not {players}")
    if _flag(args, "teams") and (players or low) not in mode.team_players:
        counts = " or ".join(map(str, mode.team_players))
        teams = f"plays in teams with {counts} players" if counts else "has no teams"
        raise SetupError(f"--teams: {label} {teams}")
    _check_agent(_flag(args, "agent"), mode, label)
    return mode


def _check_agent(agent: str | None, mode: ModeSpec, label: str) -> None:
    if agent is not None and not mode.plays(agent):
        raise SetupError(f"--agent {agent}: {label} is played by the agents {', '.join(mode.agents)}")


def _cards(path: str | None, game: str) -> Any:
    load: Any = load_cardset  # any registered game's name, not only the typed ones
    try:
        # The default game's set as before: from its header when a file is given, so a set of
        # another game is read as what it is.
        return load(path) if game == registry.default_game().name else load(path, game=game)
    except CardSetError as exc:
        raise SetupError(str(exc), 1) from None


def _game_of_rules(name: str) -> str:
    """The registered game one of whose modes' (or views') front-door name is ``name``."""
    for spec in registry.games():
        for mode in spec.modes:
            if name in (mode.rules.name, mode.view.name if mode.view else None):
                return spec.name
    return registry.default_game().name


def _game_of_format(fmt: object) -> str:
    """The registered game whose saves (or views' saves) have the format ``fmt``."""
    for spec in registry.games():
        if any(fmt in (m.save_format, m.view_format) for m in spec.modes):
            return spec.name
    return registry.default_game().name


def _seat_names(args: argparse.Namespace, players: int, mode: ModeSpec) -> list[str | None]:
    """Who plays each seat: ``--agent`` for every seat, then ``--seat P=NAME`` for one."""
    names: list[str | None] = [_flag(args, "agent")] * players
    given: set[int] = set()
    for spec in _flag(args, "seat") or ():
        seat_text, sep, name = spec.partition("=")
        if not sep or not seat_text.strip().isdigit():
            raise SetupError(f"--seat takes P=NAME (e.g. --seat 1=mcts), not {spec!r}")
        seat = int(seat_text)
        if not 0 <= seat < players:
            raise SetupError(f"--seat {spec}: this game has seats 0 to {players - 1}")
        if seat in given:
            raise SetupError(f"--seat {seat} is given twice")
        given.add(seat)
        known = (*mode.agents, "human")  # the agents of the mode's facts (registry.ModeSpec)
        try:  # NAME or NAME:KEY=VALUE,... (mcts:seconds=0.1), read and checked as the lab reads --agent
            base, params = parse_agent(name.strip())
        except AgentParameterError as exc:
            raise SetupError(f"--seat {spec}: {exc}") from None
        base = base.lower()
        if base not in known:
            raise SetupError(f"--seat {spec}: {base!r} is not one of {', '.join(known)}")
        if params and base not in AGENTS:
            raise SetupError(f"--seat {spec}: {base} takes no parameters")
        names[seat] = None if base == "human" else base + name.strip()[len(base) :]
    return names


def _agent(name: str, seat: int, seed: int, budget: int | None, mode: ModeSpec) -> Agent:
    base, given = parse_agent(name)
    params: dict[str, Any] = dict(given)
    searches = base in AGENTS and "simulations" in PARAMETERS[base]
    if searches and budget is not None and not {"simulations", "seconds", "budget"} & set(params):
        params["simulations"] = budget
    # Seat 0 keeps the seed itself, so a solo agent game is the one it was before; a mode's own
    # player (VS's simple) took the seed times ten plus the seat, and still does.
    own = base not in AGENTS
    try:
        return make_agent(base, seat, seed * 10 + seat if own else seed + 1000 * seat, mode=mode, **params)
    except AgentParameterError as exc:
        raise SetupError(f"--seat {seat}={name}: {exc}") from None


def _read(path: str) -> tuple[str, Any]:
    try:
        text = read_limited(path, _MAX_FILE).decode("utf-8-sig")  # a BOM read past, as every reader does
        data = json.loads(text)
    except FileRefusal as refusal:
        raise SetupError(f"{path}: cannot read it: {refusal.reason}", 1) from None
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SetupError(f"{path}: not a save or replay (not JSON text: {exc})", 1) from None
    return text, data


def _resume(path: str, cards_path: str | None) -> tuple[Any, Any | None, tuple[Played, ...], Any]:
    """The card set, first state, actions played and state now of a replay or save file."""
    text, data = _read(path)
    fmt = data.get("format") if isinstance(data, dict) else None
    try:
        if isinstance(fmt, str) and fmt.startswith("chaos-tower/replay/"):
            game = replay.loads(text)
            cards = _cards(cards_path, _game_of_rules(game.game))
            states = list(replay.steps(game, cards))
            played = tuple(
                Played(before=a.state, seat=api.current_player(a.state) or 0, text=b.action or "")
                for a, b in pairwise(states)
            )
            return cards, states[0].state, played, states[-1].state
        cards = _cards(cards_path, _game_of_format(fmt))
        state = api.loads(text, cards)
        api.legal_actions(state)  # a player's view is no game to play on: TypeError
        return cards, None, (), state
    except TypeError:
        raise SetupError(
            f"{path}: a player's view cannot be played on; resume a full save or a replay", 1
        ) from None
    except ChaosTowerError as exc:
        raise SetupError(f"{path}: {exc}", 1) from None


def _new(args: argparse.Namespace, spec: GameSpec, mode: ModeSpec, people: bool) -> tuple[Any, Any]:
    cards = _cards(_flag(args, "cards"), spec.name)
    limit = _flag(args, "max_actions")
    if limit is None and not people:
        limit = mode.agent_max_actions
    # No --seed: a fresh one, drawn and kept in the state as ct.new_game(seed=None) does, so that
    # no two default games deal the same secrets (issue 22); a replay recorded of it holds it.
    options: dict[str, Any] = {"seed": _flag(args, "seed"), "max_actions": limit}
    # The mode, and each of its options given as a flag (_check_game_flags checked them).
    known = {option.name for option in mode.options}
    options |= {"mode": mode.name}
    flags = ("players", "teams", *legacy_flags())
    options |= {n: _flag(args, n) for n in flags if n in known and _flag(args, n) not in (None, False)}
    if "players" in known:  # none given: the fewest the mode takes (as before: 2 for VS and Crest)
        options.setdefault("players", mode.players[0])
    try:
        options |= _mode_flags(args, mode)
        return cards, api.new_game(cards, **options)
    except ValueError as exc:
        raise SetupError(f"chaos-tower play: {exc}") from None


def _mode_flags(args: argparse.Namespace, mode: ModeSpec) -> dict[str, Any]:
    """The mode's options given as flags the parser left aside (:mod:`chaos_tower.app.optionflags`)."""
    named = ("players", "teams", "max_actions", *legacy_flags())  # flags of their own in the parser
    specs = [spec for spec in mode.options if spec.name not in named]
    try:
        return option_flags(_flag(args, "option_flags") or (), specs, prog=f"chaos-tower play ({mode.name})")
    except FlagError as exc:
        known = " ".join(f"--{s.name.replace('_', '-')}" for s in specs) or "none"
        raise SetupError(f"{exc} (this mode's option flags: {known})") from None


def _people_only(args: argparse.Namespace) -> bool:
    return not _flag(args, "agent") and not any(
        spec.partition("=")[2].strip().lower() not in ("", "human") for spec in _flag(args, "seat") or ()
    )


def open_table(args: argparse.Namespace) -> Table:
    """The game ``args`` ask for, its seats and files; :class:`SetupError` if it cannot be."""
    resume = _flag(args, "resume")
    budget = _flag(args, "budget")
    if resume is not None:
        default = registry.default_game()
        given = [n for n in _game_flags() if _flag(args, n) not in (None, False, default.modes[0].name)]
        given += [w.removeprefix("--") for w in _flag(args, "option_flags") or () if w.startswith("--")]
        if _flag(args, "game") not in (None, default.name):
            given.append("game")
        if given:
            flags = ", ".join("--" + n.replace("_", "-") for n in given)
            raise SetupError(f"--resume takes the game, its seed and options from the file; drop {flags}")
        cards, start, played, state = _resume(resume, _flag(args, "cards"))
        mode = registry.mode_of(type(state))
        _check_agent(_flag(args, "agent"), mode, f"the {api.rules_of(state).name} game")
    else:
        spec, mode = _check_game_flags(args)
        cards, start = _new(args, spec, mode, _people_only(args))
        played, state = (), start
    if _flag(args, "record") is not None and start is None:
        raise SetupError(
            "--record needs the game from its start: resume a replay (a save holds only the position)"
        )
    if _flag(args, "record") is not None:
        try:  # before the game: a record that cannot be written must not lose a game played (issue 22)
            check_writable(_flag(args, "record"))
        except OutputError as exc:
            raise SetupError(f"--record: {exc}") from None
    players = api.rules_of(state).players(state)
    names = _seat_names(args, players, mode)
    if budget is not None and (not any(n and n.partition(":")[0] == "mcts" for n in names) or budget < 1):
        raise SetupError("--budget is a number of simulations (1 or more) for --agent mcts")
    seed = _flag(args, "seed")
    seed = int(getattr(state, "seed", 0)) if seed is None else seed
    agents = tuple(None if n is None else _agent(n, p, seed, budget, mode) for p, n in enumerate(names))
    return Table(
        cards=cards,
        start=start,
        played=played,
        state=state,
        agents=agents,
        record=_flag(args, "record"),
        quiet=bool(_flag(args, "quiet")),
    )
