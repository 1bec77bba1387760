"""The games as data: one :class:`GameSpec` per game, one :class:`ModeSpec` per mode (issue 12).

A game describes itself in one spec module (``chaos_tower.tower.spec``, ``chaos_tower.crest.spec``,
or a package's own, named by an entry point of the group ``chaos_tower.games``) that builds a
:class:`GameSpec` and calls :func:`register_game`. Everything that needs a game reads it here: the
front door (:mod:`chaos_tower.api`: by state type, card-set type and mode name, save format and
notation word), card-set loading (the game's schema, checks, lints and built-in folder), the
converter, the adapters (:data:`chaos_tower.integrations.MODES`), the command line and terminal
play, and the docs tools (rule files and ID patterns). See docs/guides/adding-a-game.md.

>>> import chaos_tower as ct
>>> from chaos_tower import registry
>>> [game.name for game in registry.games()][:2]
['tower', 'crest']
>>> registry.mode_of(type(ct.new_game(ct.load_cardset(), seed=1))).name
'solo'
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from attrs import field, frozen

from .gamerules import GameRules, SeatScreen
from .kernel.agentkit import AgentKit
from .kernel.options import OptionSpec

__all__ = [
    "ENTRY_POINT_GROUP",
    "AgentKit",
    "GameRules",
    "GameSpec",
    "HandOver",
    "ModeSpec",
    "SeatScreen",
    "Variant",
    "ViewCodec",
    "default_game",
    "game",
    "game_of_cards",
    "games",
    "mode_of",
    "mode_of_format",
    "register_game",
    "unregister_game",
]

ENTRY_POINT_GROUP = "chaos_tower.games"
"""The entry-point group a package names its game's spec in: ``mygame = "mygame.spec:SPEC"``."""


@frozen(kw_only=True)
class Variant:
    """A mode with some options fixed, under one name: what the adapters register (OpenSpiel's
    ``pyspiel.load_game(name)``, PettingZoo's ``env(name)``)."""

    name: str
    options: Mapping[str, object] = field(factory=dict)
    """The keywords of ``new_game`` the name fixes (``players``, ``teams``)."""
    zero_sum: bool = False
    """Every ending's returns sum to 0 (two sides)."""


def _not_playable(view: object, *args: Any) -> Any:
    raise TypeError("an observation is one player's view, not a game to play; use the referee's state")


@frozen(kw_only=True)
class ViewCodec:
    """A player's view of one mode (``ct.observation(s, p)``): saved and read back, drawn, never played."""

    name: str
    """Its name in the front door (``ct.rules_of(view).name``): ``tower-vs-view``."""
    view_type: type
    format: str
    """The ``format`` of its player-safe save (``ct.dumps(ct.observation(s, p))``)."""
    dumps: Callable[[Any], str]
    loads: Callable[[Any, Any], Any]
    """``(text, cards)``: the view read back, :class:`~chaos_tower.kernel.errors.SaveError` if it is none."""
    players: Callable[[Any], int]
    decider: Callable[[Any], int | None]
    over: Callable[[Any], bool]
    render_text: Callable[[Any], str] = str

    def rules(self) -> GameRules:
        """The front door's record for the views: they save, load and draw; every function that
        would play one raises :class:`TypeError` (a view is one player's knowledge, not a position)."""
        return GameRules(
            name=self.name,
            save_format=self.format,
            players=self.players,
            legal_actions=_not_playable,
            apply=_not_playable,
            check_action=_not_playable,
            can_apply=_not_playable,
            outcome=_not_playable,
            is_terminal=self.over,
            current_player=self.decider,
            returns=_not_playable,
            dumps=self.dumps,
            loads=self.loads,
            action_text=_not_playable,
            parse_action=_not_playable,
            action_index=_not_playable,
            action_from_index=_not_playable,
            action_space=_not_playable,
            render_text=self.render_text,
        )


@frozen(kw_only=True)
class HandOver:
    """How terminal play hands the keyboard from one seat to the next (``chaos-tower play``)."""

    word: str = "seat"
    """What a seat is called in the loop's messages."""
    banner: str = "=== seat {p}: take the keyboard (others, look away) ==="
    every_decision: bool = False
    """Hand over before every decision of a person, not only when the seat changes."""
    news: str = "so far:"
    """What heads the public events a seat is shown at its first view."""


@frozen(kw_only=True)
class ModeSpec:
    """One mode of a game: what the front door, the adapters and terminal play need of it."""

    name: str
    """The ``mode=`` of ``new_game``: ``solo``, ``vs``, ``duel``."""
    state_type: type
    rules: GameRules
    """The front-door functions that play its states (legal actions, apply, saves, notation,
    renderers, observation and its layout, determinisation, the terminal's grammar and seat view)."""
    start: Callable[..., Any]
    """``(cards, seed=int, options=Options)``: the first state (``ct.new_game``)."""
    options: tuple[OptionSpec, ...] = ()
    """Its ``new_game`` keywords (:class:`~chaos_tower.kernel.options.OptionSpec`), checked before
    ``start``."""
    view: ViewCodec | None = None
    """Its player's view and that view's save, if it has one."""
    variants: tuple[Variant, ...] = ()
    hand_over: HandOver = field(factory=HandOver)
    agent_max_actions: int = 5000
    """The action limit of an agents-only game at the terminal when none is given."""
    secrets_between_seats: bool = False
    """Each seat holds what the others may not see (the VS attributes and items, the Crest hands):
    a referee's save or the seed written for one seat would give the others' away (issue 22)."""
    # The mode's facts, as data (OpenSpiel's GameType and GameInfo): read by the adapters, the lab
    # and the command line instead of tables of their own (issue 23).
    players: tuple[int, int] = (1, 1)
    """The fewest and the most players; a ``players`` option, if the mode has one, has these bounds."""
    team_players: tuple[int, ...] = ()
    """The player counts that may play in two teams (its ``teams`` option); none: no teams."""
    chance: bool = True
    """Chance plays a part (a shuffle, a draw): one chance node, the seed, for the adapters."""
    hidden_information: bool = True
    """A player does not see everything (a hand, the deck's order): imperfect information."""
    utility: tuple[float, float] = (-1.0, 1.0)
    """The least and the most a seat's returns (``ct.returns``) can be."""
    max_length: int | None = None
    """The rules' own bound on a game's actions; ``None``: the rules set none, and a tool that needs
    one (the adapters' ``max_actions``) uses its own default."""
    agents: tuple[str, ...] = ("random", "mcts", "mcts-cheat")
    """The agents (:data:`chaos_tower.agents.AGENTS` names, or a mode's own) that play it, weakest first;
    ``greedy`` and ``heuristic`` play the mode's own players, so they need :attr:`agent_kit`."""
    agent_kit: AgentKit | None = None
    """The mode's players and measures for the game-independent agents
    (:class:`~chaos_tower.kernel.agentkit.AgentKit`); ``None``: only random play and plain search."""
    # How ``chaos-tower play`` speaks of the mode (issue 23: the command line names no game).
    label: str | None = None
    """What the command line's messages call it (``Crest Duel``); ``None``: ``GAME's MODE mode``."""
    cli_flags: tuple[str, ...] = ()
    """Its options with a flag of their own in ``play``'s parser (kept from before the options' own
    flags, :mod:`chaos_tower.app.optionflags`); any other mode refuses them."""
    cli_aliases: tuple[str, ...] = ()
    """Other ``--mode`` words that choose it (kept for old command lines)."""
    stray_flags: str | None = None
    """The message when another mode's :attr:`cli_flags` are given; ``None``: one naming the flags."""

    def __attrs_post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(f"mode {self.name!r}: players {self.players} is no range of player counts")
        by_name = {option.name: option for option in self.options}
        players = by_name.get("players")
        if players is not None and (players.low, players.high) != self.players:
            raise ValueError(
                f"mode {self.name!r}: its players option takes {players.low} to {players.high}, "
                f"its facts say {low} to {high}"
            )
        teams_fit = set(self.team_players) <= set(range(low, high + 1))
        if bool(self.team_players) != ("teams" in by_name) or not teams_fit:
            raise ValueError(
                f"mode {self.name!r}: team_players {self.team_players} and its teams option disagree"
            )
        if self.utility[0] > self.utility[1]:
            raise ValueError(f"mode {self.name!r}: utility {self.utility} is no range")
        kit_agents = {"greedy", "heuristic"} & set(self.agents)
        if kit_agents and self.agent_kit is None:
            raise ValueError(
                f"mode {self.name!r}: the agents {', '.join(sorted(kit_agents))} play the mode's own "
                "players, and it has no agent_kit"
            )

    def plays(self, agent: str) -> bool:
        """Whether the agent called ``agent`` plays this mode."""
        return agent in self.agents

    @property
    def save_format(self) -> str:
        return self.rules.save_format

    @property
    def view_format(self) -> str | None:
        """The format of a player's view save (``ct.dumps(ct.observation(s, p))``), if it has one."""
        return None if self.view is None else self.view.format


StandIns = Callable[[str, dict[str, Any], dict[str, Any]], list[tuple[str, dict[str, Any]]] | None]
"""A game's stand-ins for the lab: ``(section, card data, set data) -> [(label, card data)]``."""


@frozen(kw_only=True)
class GameSpec:
    """One game: its name and title, its rule registry, its card sets and its modes."""

    name: str
    """The card-set header's ``game`` and ``load_cardset(game=...)``: ``tower``, ``crest``."""
    title: str
    rules_file: str
    """The rule registry: a file name under ``chaos_tower/rules/``, or a path of its own."""
    rule_pattern: str
    """A regular expression every rule ID of the game matches in full (the citation scanners' pattern)."""
    cardset_type: type
    schemas: tuple[str, ...]
    """The names of its JSON Schemas, the card set's first (``cardsets.schema.SCHEMA_FILES`` keys, or
    of :attr:`schema_files`)."""
    builtin: str
    """The built-in card set's folder: a name under ``carddata/``, or a path of its own."""
    modes: tuple[ModeSpec, ...]
    converter_hooks: Callable[[Any], None]
    """Adds the hooks of the game's records to the shared cattrs converter (given as its argument)."""
    checks: Callable[[Any], list[Any]]
    """What a schema cannot say: the typed card set's errors (``Issue`` records)."""
    lints: Callable[[Any], list[Any]] = lambda cards: []
    """Legal values that are most likely mistakes: the card set's warnings."""
    raw_references: Callable[..., list[Any]] | None = None
    """``(data, unread=, required=)``: misspelt ids of an untyped set, to report with its schema errors."""
    schema_files: Mapping[str, Path] = field(factory=dict)
    """A game's own schema files outside the package, by name."""
    standins: StandIns | None = None
    """``(section, card data, set data)``: the neutral stand-ins the lab's card experiments play for a card
    (``chaos-tower lab ablate``), each with a label (``[]``: none for that card; ``None``: not a card);
    ``None``: the game has none."""
    facts: Callable[[str, Any, int], Any] | None = None
    """``(mode, cards, players)``: a new tracker of one game's per-card facts for the lab
    (:class:`chaos_tower.kernel.facts.Tracker`: it reads each action's events and gives the row's
    facts and each seat's result); ``None``: the base tracker, which keeps no card fact."""
    rule_page: Callable[[str], str] | None = None
    """The docs page (``rules/PAGE.html``) of one of its rule IDs; ``None``: one page, its name."""
    mode_error: str | None = None
    """The command line's message for a ``--mode`` it has not (``{modes}``: its modes, ``{mode}``:
    the word given); ``None``: one naming its modes."""

    @property
    def cardset_schema(self) -> str:
        return self.schemas[0]

    def matches_rule(self, rule_id: str) -> bool:
        """Whether ``rule_id`` is written as this game's rule IDs are."""
        return re.fullmatch(self.rule_pattern, rule_id) is not None

    def mode(self, name: str) -> ModeSpec:
        found = next((m for m in self.modes if m.name == name), None)
        if found is None:
            raise KeyError(f"{self.name} has no mode {name!r}; its modes are {', '.join(self.mode_names)}")
        return found

    @property
    def mode_names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.modes)


_GAMES: dict[str, GameSpec] = {}
_BY_STATE: dict[type, tuple[GameSpec, ModeSpec]] = {}
_BY_FORMAT: dict[str, tuple[GameSpec, ModeSpec]] = {}
_BY_CARDS: dict[type, GameSpec] = {}
RULES: dict[type, GameRules] = {}
"""The front door's functions by the type of what they serve: each mode's states and views."""
LOADS: dict[str, Callable[[Any, Any], Any]] = {}
"""By save format, a state's or a view's: the ``loads`` that reads it, ``(text, cards)``."""
WORDS: dict[str, GameRules] = {}
"""By notation word (:func:`chaos_tower.from_notation`)."""


def register_game(spec: GameSpec) -> None:
    """Add a game; a second game of the same name, state type or save format is refused, changing nothing."""
    clashes = [spec.name] if spec.name in _GAMES else []
    formats = [m.save_format for m in spec.modes] + [m.view.format for m in spec.modes if m.view]
    types = [m.state_type for m in spec.modes] + [m.view.view_type for m in spec.modes if m.view]
    clashes += [t.__name__ for t in types if t in RULES]
    clashes += [f for f in formats if f in LOADS]
    clashes += [w for m in spec.modes for w in m.rules.notation_words if w in WORDS]
    if clashes:
        raise ValueError(f"game {spec.name!r}: already registered: {', '.join(clashes)}")
    _GAMES[spec.name] = spec
    _BY_CARDS[spec.cardset_type] = spec
    for mode in spec.modes:
        _BY_STATE[mode.state_type] = (spec, mode)
        _BY_FORMAT[mode.save_format] = (spec, mode)
        add_rules(mode.state_type, mode.rules)
        if mode.view is not None:
            RULES[mode.view.view_type] = mode.view.rules()
            LOADS[mode.view.format] = mode.view.loads


def unregister_game(name: str) -> None:
    """Take a game out again (a test's or a plugin's own game); its states are then no game's."""
    spec = _GAMES.pop(name)
    _BY_CARDS.pop(spec.cardset_type, None)
    for mode in spec.modes:
        _BY_STATE.pop(mode.state_type, None)
        _BY_FORMAT.pop(mode.save_format, None)
        RULES.pop(mode.state_type, None)
        LOADS.pop(mode.save_format, None)
        for word in mode.rules.notation_words:
            WORDS.pop(word, None)
        if mode.view is not None:
            RULES.pop(mode.view.view_type, None)
            LOADS.pop(mode.view.format, None)


def add_rules(state_type: type, rules: GameRules) -> None:
    """Index one record of front-door functions (what :func:`register_game` does for each mode)."""
    RULES[state_type] = rules
    LOADS[rules.save_format] = rules.loads
    for word in rules.notation_words:
        WORDS[word] = rules


_built_in_loaded = False


def _built_in() -> None:
    # The built-in games describe themselves on first need (chaos_tower.games), so that
    # `import chaos_tower` stays light (issue 13); by name, since their specs import this module.
    global _built_in_loaded
    if not _built_in_loaded:
        _built_in_loaded = True
        importlib.import_module("chaos_tower.games")


_installed_loaded = False


def installed() -> None:
    """Register the games of installed packages (entry points), once: when every game is asked for,
    or a lookup misses the built-in ones (so a program of built-in games never pays for the scan)."""
    global _installed_loaded
    _built_in()
    if not _installed_loaded:
        _installed_loaded = True
        importlib.import_module("chaos_tower.games").installed()


def _lookup(table: Mapping[Any, Any], key: Any) -> Any:
    _built_in()
    if key not in table:
        installed()
    return table.get(key)


def games() -> tuple[GameSpec, ...]:
    """Every registered game, in the order registered (the built-in ones, then installed packages')."""
    installed()
    return tuple(_GAMES.values())


def default_game() -> GameSpec:
    """The game a card set, a command or a file that names none is of: the first built-in game."""
    _built_in()
    return next(iter(_GAMES.values()))


def registered() -> tuple[GameSpec, ...]:
    """The games registered so far, the built-in ones included, without scanning installed packages."""
    _built_in()
    return tuple(_GAMES.values())


def game(name: str) -> GameSpec:
    """The game called ``name``; a :class:`KeyError` naming the registered games if none is."""
    found: GameSpec | None = _lookup(_GAMES, name)
    if found is None:
        raise KeyError(f"no game {name!r}; the games are {', '.join(sorted(_GAMES))}")
    return found


def mode_of(state_type: type) -> ModeSpec:
    """The mode whose states are of ``state_type``; :class:`KeyError` if none."""
    found = _lookup(_BY_STATE, state_type)
    if found is None:
        raise KeyError(f"no mode plays {state_type.__name__}")
    mode: ModeSpec = found[1]
    return mode


def mode_of_format(save_format: str) -> tuple[GameSpec, ModeSpec] | None:
    """The game and mode whose saves have the ``format`` ``save_format``, or ``None``."""
    found: tuple[GameSpec, ModeSpec] | None = _lookup(_BY_FORMAT, save_format)
    return found


def game_of_cards(cardset_type: type) -> GameSpec | None:
    """The game whose card sets are of ``cardset_type``, or ``None``."""
    found: GameSpec | None = _lookup(_BY_CARDS, cardset_type)
    return found


def rules_for(state_type: type) -> GameRules | None:
    """The front door's functions for states (or views) of ``state_type``, or ``None``."""
    found: GameRules | None = _lookup(RULES, state_type)
    return found


def loads_for(save_format: str) -> Callable[[Any, Any], Any] | None:
    """The ``loads`` of saves (or views' saves) of ``save_format``, or ``None``."""
    found: Callable[[Any, Any], Any] | None = _lookup(LOADS, save_format)
    return found


def rules_for_word(word: str) -> GameRules | None:
    """The front door's functions for positions whose notation begins with ``word``, or ``None``."""
    found: GameRules | None = _lookup(WORDS, word)
    return found
