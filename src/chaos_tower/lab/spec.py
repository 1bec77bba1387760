"""What a lab run is: its games, agents and card set, and the seeds derived from one master seed.

A run is described by a :class:`RunSpec`; game ``i`` of a run is played from
:func:`game_seed` (master seed, ``i``) and its seats' agents from
:func:`agent_seed`, so a game's row depends on nothing but the spec and ``i``:
not on the number of workers, the chunking, or the order games finish in.
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
from pathlib import Path
from typing import Any

from attrs import asdict, field, frozen

import chaos_tower as ct
from chaos_tower import registry

from .failure import LabError

__all__ = [
    "SCHEDULER",
    "CardSource",
    "LabError",
    "RunSpec",
    "agent_seed",
    "game_seed",
]


SCHEDULER = re.compile(r"^(tcp|tls|ws|wss|ucx)://[^\s/:]+:\d{1,5}$")
"""A Dask scheduler's address as ``--scheduler`` takes it: ``PROTOCOL://HOST:PORT``."""

_SEED_BITS = 63  # fits a signed 64-bit Parquet column


def _derive(*parts: object) -> int:
    digest = hashlib.blake2b(":".join(str(p) for p in parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - _SEED_BITS)


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run with this master seed (a hash: neighbours are unrelated)."""
    return _derive("game", master, index)


def agent_seed(master: int, index: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for game ``index``."""
    return _derive("agent", master, index, seat)


_LOADED: dict[tuple[str, bytes], Any] = {}  # per process: a worker loads each set once


@frozen(kw_only=True)
class CardSource:
    """A card set as workers receive it: the built-in set of a game, or the files' bytes.

    Workers get this, never a loaded set or a pickled state; they load and
    validate it themselves, once per process.
    """

    game: str
    """A registered game's name (``tower``, ``crest``): which built-in set when ``files`` is empty, and
    which game a file must be."""
    files: tuple[tuple[str, bytes], ...] = ()
    """(name, bytes) of each card file; ``()`` for the built-in set."""
    path: str | None = None
    """Where the files were read (for the run record only)."""
    checked: str | None = None
    """The hash of the set as :func:`~chaos_tower.load_cardset` read it from ``path`` (``None``: built-in)."""

    def _key(self) -> tuple[str, bytes]:
        digest = hashlib.sha256()
        for name, data in sorted(self.files):
            digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
        return self.game, digest.digest()

    def load(self) -> Any:
        """The validated card set (:class:`~chaos_tower.CardSetError` if it is not one).

        A worker loads the files' bytes from a private copy; that the copy is the
        set the user's files were checked as (``checked``) is verified, so no
        message ever names the copy.
        """
        key = self._key()
        if key not in _LOADED:
            if not self.files:
                _LOADED[key] = ct.load_cardset(game=self.game)
            else:
                with tempfile.TemporaryDirectory(prefix="chaos-tower-lab-") as folder:
                    for name, data in self.files:
                        (Path(folder) / Path(name).name).write_bytes(data)
                    where = Path(folder) / self.files[0][0] if len(self.files) == 1 else Path(folder)
                    try:
                        cards = ct.load_cardset(where, game=self.game)
                    except ct.CardSetError:
                        cards = None
                if cards is None or (self.checked is not None and _digest(cards) != self.checked):
                    raise LabError(f"{self.path}: the card files changed while they were read; run again")
                _LOADED[key] = cards
        return _LOADED[key]

    @property
    def sha256(self) -> str:
        """The hash of the set as loaded: reformatting a file keeps it, changing a card does not."""
        return _digest(self.load())

    @classmethod
    def read(cls, path: str | Path | None, game: str | None = None) -> CardSource:
        """The card set at ``path`` (a file or a directory of them); ``None``: the built-in ``game``'s
        (the registry's default game when ``game`` is ``None``).

        The user's own files are read exactly as ``chaos-tower validate`` reads
        them (:func:`~chaos_tower.cardsets.loading.check_cardset`: its limits,
        its refusal of special files, its messages naming each file), and only
        then copied, byte for byte, for the workers.
        """
        game = game or registry.default_game().name
        if path is None:
            return cls(game=game)
        from chaos_tower.cardsets.loading import CARD_FILE_SUFFIXES, check_cardset
        from chaos_tower.cardsets.safefile import FileRefusal, read_limited
        from chaos_tower.cardsets.safeload import LIMITS

        cards, problems = check_cardset(path, game=game)
        if cards is None:
            raise ct.CardSetError(p for p in problems if p.is_error)
        where = Path(path)
        found = (
            sorted(p for p in where.iterdir() if p.suffix.lower() in CARD_FILE_SUFFIXES)
            if where.is_dir()
            else [where]
        )
        try:
            files = tuple((p.name, read_limited(p, LIMITS.max_file_bytes)) for p in found)
        except FileRefusal as refusal:
            raise LabError(
                f"{path}: the card files changed while they were read ({refusal.reason})"
            ) from None
        source = cls(game=game, files=files, path=str(path), checked=_digest(cards))
        source.load()  # the copy is the set checked, or LabError now, before any work
        return source


def mode_defaults(game: str | None, mode: str | None, players: int | None) -> tuple[str, str, int]:
    """The game (default: the first registered), mode (default: the game's first) and players (default:
    the mode's fewest) of a command line; :class:`LabError` for a game no one registered."""
    game = game or registry.games()[0].name
    try:
        spec = registry.game(game)
    except KeyError:
        names = ", ".join(g.name for g in registry.games())
        raise LabError(f"game is one of {names}, not {game!r}") from None
    chosen = mode or spec.modes[0].name
    if players is None and chosen in spec.mode_names:
        players = spec.mode(chosen).players[0]
    return game, chosen, players or 1


def _digest(cards: Any) -> str:
    return hashlib.sha256(repr(cards).encode()).hexdigest()


_KINDS: dict[str, type] = {
    "game": str,
    "mode": str,
    "players": int,
    "teams": bool,
    "extra_rule": bool,
    "max_actions": int,
    "games": int,
    "seed": int,
}
_WORDS = {str: "text", int: "a whole number", bool: "true or false"}
MAX_GAMES = 10**15
"""The most games a run may ask for (far more than any machine plays: the run starts at once)."""


@frozen(kw_only=True)
class RunSpec:
    """Everything that decides a run's rows."""

    game: str = field(factory=lambda: registry.default_game().name)
    """A registered game's name (:func:`chaos_tower.registry.games`): ``tower``, ``crest``, a plugin's;
    by default the registry's default game."""
    mode: str = field()
    """One of the game's modes (``GameSpec.mode_names``): the Tower's ``solo`` or ``vs``, Crest's
    ``duel``; by default the game's first."""
    players: int = 1
    teams: bool = False
    extra_rule: bool = False
    max_actions: int = 2000
    """The manuals set no move limit; a simulation needs one (`TOC-OVER-01`'s ``max-actions`` ending)."""
    agents: tuple[str, ...] = ("random",)
    """One name per seat; one name alone plays every seat."""
    readings: tuple[tuple[str, Any], ...] = ()
    """The mode's other options as (name, value) pairs, such as the VS readings
    (``adjust_after_draw``, ``declare_when``, ``own_attribute_bluff``): ``ct.option_specs`` lists them."""
    games: int = 1000
    seed: int = 0
    """The master seed every game's and agent's seed derives from."""

    @mode.default
    def _first_mode(self) -> str:
        try:
            return registry.game(self.game).mode_names[0]
        except (KeyError, LookupError, ValueError):
            return ""  # an unknown game: mode_spec() names the known ones

    @property
    def rules(self) -> str:
        """The front door's name for the mode (``ModeSpec.rules.name``): ``tower-solo``, ``crest``."""
        return self.mode_spec().rules.name

    def mode_spec(self) -> registry.ModeSpec:
        """The mode's facts (:class:`chaos_tower.registry.ModeSpec`); :class:`LabError` if no game has it."""
        try:
            game = registry.game(self.game)
        except KeyError:
            names = ", ".join(g.name for g in registry.games())
            raise LabError(f"game is one of {names}, not {self.game!r}") from None
        if self.mode not in game.mode_names:
            raise LabError(f"{self.game} plays the modes {', '.join(game.mode_names)}, not {self.mode!r}")
        return game.mode(self.mode)

    def new_game_options(self) -> dict[str, Any]:
        """The keywords of ``new_game`` for this spec: only the options the mode has (each mode
        refuses the others'), the mode's readings included."""
        has = {option.name for option in self.mode_spec().options}
        given: dict[str, Any] = {
            "players": self.players,
            "teams": True if self.teams else None,
            "extra_rule": self.extra_rule,
            "max_actions": self.max_actions,
        }
        chosen = {name: value for name, value in given.items() if name in has}
        return {"mode": self.mode, **chosen, **dict(self.readings)}

    def seat_agents(self) -> tuple[str, ...]:
        """The agent of each seat."""
        return self.agents * self.players if len(self.agents) == 1 else self.agents

    def check(self, *, agents: bool = True) -> RunSpec:
        """This spec, or :class:`LabError` saying what is wrong with it.

        ``agents=False`` leaves the agents' names unchecked (a recorded run is
        reported in a process where an agent the lab was given is not registered).
        """
        from .agents import factory_for

        self._check_types()
        facts = self.mode_spec()  # the mode's facts (registry.ModeSpec)
        low, high = facts.players
        if not low <= self.players <= high:
            raise LabError(f"{self.rules} has {low} to {high} players, not {self.players}")
        if self.teams and self.players not in facts.team_players:
            counts = " or ".join(map(str, facts.team_players)) or "no number of"
            raise LabError(f"{self.rules} plays in teams with {counts} players, not {self.players}")
        if self.extra_rule and "extra_rule" not in {option.name for option in facts.options}:
            raise LabError(f"{self.rules} has no extra rule (it is for the VS modes)")
        if not 0 <= self.games <= MAX_GAMES or self.max_actions < 1:
            raise LabError(f"games is 0 to {MAX_GAMES:.0e} and max_actions 1 or more")
        if len(self.agents) not in (1, self.players):
            raise LabError(
                f"name one agent for every seat or one per seat ({self.players}), not {self.agents}"
            )
        for name in self.agents if agents else ():
            factory_for(name, self.rules)  # LabError for an unknown agent or parameter
        self._check_readings()
        return self

    def _check_types(self) -> None:
        # A spec read back from an edited run.json: every field of its kind, before any comparison.
        for name, kind in _KINDS.items():
            value = getattr(self, name)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise LabError(f"{name} is {_WORDS[kind]}, not {value!r}")
        if not all(isinstance(name, str) for name in self.agents):
            raise LabError(f"agents are names (text), not {list(self.agents)!r}")

    def _check_readings(self) -> None:
        fixed = {"players", "teams", "extra_rule", "max_actions", "mode"}
        specs = {s.name: s for s in self.mode_spec().options}
        for name, value in self.readings:
            if name in fixed or name not in specs:
                others = ", ".join(sorted(set(specs) - fixed)) or "none"
                raise LabError(f"{self.rules} has no option {name!r} to set here (its others: {others})")
            try:
                specs[name].check(self.mode, value)
            except ct.OptionError as exc:
                raise LabError(str(exc)) from None

    def options(self) -> dict[str, Any]:
        """The game options (what ``new_game`` is called with), for rows and the record."""
        return {
            "game": self.game,
            "mode": self.mode,
            "players": self.players,
            "teams": self.teams,
            "extra_rule": self.extra_rule,
            "max_actions": self.max_actions,
            **dict(self.readings),
        }

    def as_json(self) -> dict[str, Any]:
        """The spec as JSON values (the run record's ``spec``)."""
        data = asdict(self)
        data["agents"] = list(self.agents)
        data["readings"] = [list(pair) for pair in self.readings]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunSpec:
        """The spec of a run record; :class:`LabError` if it is not one."""
        try:
            readings = tuple((str(k), v) for k, v in data.get("readings", ()))
            return cls(**{**data, "agents": tuple(data["agents"]), "readings": readings})
        except (TypeError, KeyError, ValueError, AttributeError) as exc:
            raise LabError(f"not a run spec: {json.dumps(data)[:200]}") from exc
