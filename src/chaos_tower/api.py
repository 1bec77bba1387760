"""The one front door to every game and mode: the top-level functions dispatch on the state's type.

Each game (the solo Tower, the Tower's VS modes, Crest Duel, or a package's own)
keeps its rules in its own package and describes each mode with one
:class:`GameRules` record in its spec (:mod:`chaos_tower.registry`); the front
door finds it by the state's type, the card set's type and the mode's name,
the save's format or the notation's first word. The functions below are
what :mod:`chaos_tower` exports; they add nothing to the rules, they only find
the right ones, so a state of any game goes through the same calls.

>>> import chaos_tower as ct
>>> state = ct.new_game(ct.load_cardset(), seed=7)
>>> ct.current_player(state), ct.rules_of(state).name
(0, 'tower-solo')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen

from . import registry
from .gamerules import GameRules
from .kernel import saves, transition
from .kernel.errors import MalformedActionError, OptionError, SaveError
from .kernel.options import Options, OptionSpec, check_options, check_seed

_RULES = registry.RULES  # the registry's table itself: legal_actions and apply look it up inline

__all__ = [
    "GameRules",
    "action_from_index",
    "action_grammar",
    "action_index",
    "action_space",
    "action_text",
    "apply",
    "can_apply",
    "check_action",
    "current_player",
    "determinize",
    "dumps",
    "from_notation",
    "is_terminal",
    "legal_actions",
    "loads",
    "new_game",
    "observation",
    "observation_layout",
    "observation_tensor",
    "option_specs",
    "options",
    "outcome",
    "parse_action",
    "register",
    "register_start",
    "render_svg",
    "render_text",
    "returns",
    "rules_of",
    "seat_view",
    "to_notation",
]


def _built_in() -> None:
    """Register the built-in games (and those of installed packages), once, when first needed.

    By name, through the registry: ``import chaos_tower`` stays light (issue 13).
    """
    registry._built_in()


def register(state_type: type, rules: GameRules) -> None:
    """Make the front door serve states of ``state_type`` with ``rules``.

    Kept for one release: a game now registers its modes, each with its rules, through
    :func:`chaos_tower.registry.register_game`.
    """
    registry.add_rules(state_type, rules)


@frozen(kw_only=True)
class _Start:
    cards_type: type
    mode: str
    start: Callable[..., Any]
    specs: tuple[OptionSpec, ...]


_STARTS: list[_Start] = []
"""Starts added by :func:`register_start` (the old way); a game's modes bring their own."""


def register_start(
    cards_type: type, mode: str, start: Callable[..., Any], specs: tuple[OptionSpec, ...] = ()
) -> None:
    """Make :func:`new_game` start ``mode`` for card sets of ``cards_type`` with ``start``.

    ``specs`` are the mode's options (:class:`~chaos_tower.kernel.options.OptionSpec`);
    ``start`` is called with the card set, ``seed`` (an int) and ``options``, the
    checked :class:`~chaos_tower.kernel.options.Options`. Kept for one release: a
    :class:`~chaos_tower.registry.ModeSpec` carries its ``start`` and ``options``.
    """
    _STARTS[:] = [s for s in _STARTS if (s.cards_type, s.mode) != (cards_type, mode)]
    _STARTS.append(_Start(cards_type=cards_type, mode=mode, start=start, specs=specs))


def _starts() -> list[_Start]:
    """Every way to start a game: each registered game's modes, then the old-style starts."""
    found = [
        _Start(cards_type=game.cardset_type, mode=mode.name, start=mode.start, specs=mode.options)
        for game in registry.games()
        for mode in game.modes
    ]
    return found + _STARTS


_OWN: dict[int, tuple[object, tuple[_Start, ...]]] = {}
"""Each registered game's starts, made once (by the spec's identity; the spec is kept, so its id
is not reused): a short solo game spent a tenth of its time in ``new_game`` (issue 27)."""


def _starts_of(cards: Any) -> list[_Start]:
    """The starts for this card set: its game's modes (found by its type), else any that fits."""
    game = registry.game_of_cards(type(cards))
    if game is None:
        return [s for s in _starts() if isinstance(cards, s.cards_type)]
    kept = _OWN.get(id(game))
    if kept is None or kept[0] is not game:
        made = tuple(
            _Start(cards_type=game.cardset_type, mode=m.name, start=m.start, specs=m.options)
            for m in game.modes
        )
        kept = _OWN[id(game)] = (game, made)
    return [*kept[1], *(s for s in _STARTS if isinstance(cards, s.cards_type))]


def option_specs(cards: Any = None, mode: str | None = None) -> dict[str, tuple[OptionSpec, ...]]:
    """Each mode's options, by mode name (``solo``, ``vs``, ``duel``); only those of ``cards`` or ``mode``."""
    return {
        s.mode: s.specs
        for s in (_starts() if cards is None else _starts_of(cards))
        if mode is None or s.mode == mode
    }


def new_game(
    cards: Any,
    *,
    seed: int | None = None,
    mode: str | None = None,
    players: int | None = None,
    teams: Any = None,
    extra_rule: bool | None = None,
    max_actions: int | None = None,
    adjust_after_draw: str | None = None,
    declare_when: str | None = None,
    own_attribute_bluff: bool | None = None,
    **unknown: Any,
) -> Any:
    """A new game for this card set, set up from ``seed``.

    A Tower set plays ``mode="solo"`` (the default) or ``mode="vs"``
    (``players`` 2 to 5, ``extra_rule`` and the VS readings
    ``adjust_after_draw``, ``declare_when``, ``own_attribute_bluff``); a Crest
    Duel set plays its only mode (``players`` 2 to 6, ``teams`` for 4 or 6).
    ``max_actions`` ends a game after that many actions, with its own outcome:
    the manuals set no limit, simulations need one. :func:`option_specs` lists
    each mode's options; an option left out or ``None`` takes its default.

    ``seed=None`` draws a fresh seed, recorded in the state (``state.seed``), so
    the game still replays exactly. :class:`~chaos_tower.kernel.errors.OptionError`
    (a :class:`ValueError`) for an option the mode does not have (the message
    lists those it has) or a value of the wrong type: ``True`` is not a number.

    >>> import chaos_tower as ct
    >>> ct.new_game(ct.load_cardset(), seed=7).level
    1
    """
    starts = _starts_of(cards)
    if not starts:
        raise TypeError(f"not a card set: {type(cards).__name__}")
    # A game of one mode plays it; of several, its first (the Tower's solo game).
    chosen = mode if mode is not None else starts[0].mode
    found = next((s for s in starts if s.mode == chosen), None)
    if found is None:
        modes = ", ".join(sorted(s.mode for s in starts))
        raise OptionError(f"this card set plays the modes {modes}, not {chosen!r}")
    given = {
        "players": players,
        "teams": teams,
        "extra_rule": extra_rule,
        "max_actions": max_actions,
        "adjust_after_draw": adjust_after_draw,
        "declare_when": declare_when,
        "own_attribute_bluff": own_attribute_bluff,
        **unknown,
    }
    # Both checked before anything is set up: a refused option changes nothing.
    checked = check_options(chosen, found.specs, given)
    return found.start(cards, seed=check_seed(seed), options=checked)


def options(state: Any) -> Options:
    """The options the game was started with, as the state holds them (the seed is ``state.seed``)."""
    fn = rules_of(state).options
    if fn is None:
        raise NotImplementedError(f"{rules_of(state).name} has no options")
    result: Options = fn(state)
    return result


def rules_of(state: object) -> GameRules:
    """The registered rules for this state; :class:`TypeError` if it is not a game state."""
    try:
        return _RULES[type(state)]
    except KeyError:
        # A state made by a game's own module before the front door was used, or an installed game's.
        found = registry.rules_for(type(state))
        if found is not None:
            return found
        raise TypeError(f"not a game state: {type(state).__name__}") from None


def legal_actions(state: Any) -> tuple[Any, ...]:
    """Every action the player to move may take, in a stable order; ``()`` once the game is over."""
    rules = _RULES.get(type(state))  # inlined rules_of: this and apply are a search's inner loop
    return (rules or rules_of(state)).legal_actions(state)


def apply(state: Any, action: Any) -> Any:
    """The state after ``action``; ``state`` itself is unchanged.

    :class:`~chaos_tower.kernel.errors.IllegalActionError` if the rules forbid it,
    :class:`~chaos_tower.kernel.errors.MalformedActionError` if it is not an action
    of this game at all; either way nothing has changed.
    """
    rules = _RULES.get(type(state))
    return (rules or rules_of(state)).apply(state, action)


def check_action(state: Any, action: Any) -> None:
    """Raise :class:`~chaos_tower.kernel.errors.IllegalActionError` naming the rule that forbids
    ``action``."""
    rules_of(state).check_action(state, action)


def can_apply(state: Any, action: Any) -> bool:
    """Whether ``action`` is legal now (:func:`check_action` without the exception)."""
    return bool(rules_of(state).can_apply(state, action))


def outcome(state: Any) -> Any:
    """How the game ended, or ``None`` while it goes on."""
    return rules_of(state).outcome(state)


def is_terminal(state: Any) -> bool:
    """The game is over."""
    return bool(rules_of(state).is_terminal(state))


def current_player(state: Any) -> int | None:
    """The seat (from 0) whose decision it is, or ``None`` once the game is over."""
    return rules_of(state).current_player(state)


def returns(state: Any) -> tuple[float, ...]:
    """Each player's result as a number: 1 won, -1 lost, 0 neither (or not over yet)."""
    return rules_of(state).returns(state)


def dumps(state: Any) -> str:
    """The whole (referee's) state as JSON text; ``loads(dumps(s), cards) == s``."""
    return rules_of(state).dumps(state)


def loads(text: str | bytes, cards: Any) -> Any:
    """Read a save made by :func:`dumps`; the save's ``format`` picks the game.

    :class:`~chaos_tower.kernel.errors.SaveError` for a save that is not one, is for
    another card set, or holds an impossible position (also for ``None`` or
    anything else that is not text).
    """
    if not isinstance(text, str | bytes | bytearray):
        raise SaveError(f"a save is JSON text (str or bytes), not {type(text).__name__}")
    fmt = _format_of(text)
    _built_in()
    read = registry.loads_for(fmt)
    if read is None:
        known = ", ".join(sorted(registry.LOADS))
        raise SaveError(f"unknown save format {fmt!r} (known: {known})")
    return read(text, cards)


def _format_of(text: str | bytes) -> str:
    # A first look at the format only; the game's own loads reads the rest.
    data = saves.parse(text)
    fmt = data.get("format") if isinstance(data, dict) else None
    if not isinstance(fmt, str):
        raise SaveError("a save is a JSON object with a string 'format'")
    return fmt


def observation(state: Any, player: int) -> Any:
    """What ``player`` may know of the state: a frozen value with its own JSON and string forms."""
    fn = rules_of(state).observation
    if fn is None:
        raise NotImplementedError(f"{rules_of(state).name} has no observation yet")
    return fn(state, player)


def observation_tensor(state: Any, player: int) -> tuple[float, ...]:
    """:func:`observation` as a fixed-length vector of numbers, for learning code."""
    fn = rules_of(state).observation_tensor
    if fn is None:
        raise NotImplementedError(f"{rules_of(state).name} has no observation tensor yet")
    result: tuple[float, ...] = fn(state, player)
    return result


def _capability(state: Any, name: str, what: str) -> Any:
    fn = getattr(rules_of(state), name)
    if fn is None:
        raise NotImplementedError(f"{rules_of(state).name} has no {what}")
    return fn


def to_notation(state: Any) -> str:
    """The position as one line of text, like FEN for chess; :func:`from_notation` reads it back.

    The first word names the game (``tower-vs``, ``crest``; the solo text begins
    with its ``floor=`` field); every field of the position follows, the chance
    state, the options, the action counter and the result included.
    """
    result: str = _capability(state, "to_notation", "one-line position")(state)
    return result


def from_notation(text: str, cards: Any) -> Any:
    """Read a position written by :func:`to_notation`, with the card set it was written for.

    Its first word picks the game. :class:`~chaos_tower.kernel.errors.SaveError` (a
    :class:`~chaos_tower.kernel.notation_words.NotationError`) for text that is not a
    position, names what the card set does not have, or is impossible (it must
    pass the game's save checks). The solo game still accepts ``state.game``
    in place of the card set, for one release.
    """
    from .kernel.notation_words import NotationError

    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    first = text.split(maxsplit=1)[0].partition("=")[0] if text.strip() else ""
    _built_in()
    rules = registry.rules_for_word(first)
    if rules is None or rules.from_notation is None:
        known = ", ".join(sorted(registry.WORDS))
        raise NotationError(f"a position begins with the name of its game ({known}), not {first!r}")
    return rules.from_notation(text, cards)


def observation_layout(state: Any) -> Any:
    """The named slices of :func:`observation_tensor` for this state's game, card set and players.

    A tuple of :class:`~chaos_tower.kernel.layout.Slice` (name, start, stop, low, high,
    scaling, meaning) covering the tensor exactly, in order.
    """
    return _capability(state, "observation_layout", "observation layout")(state)


def determinize(state: Any, player: int, seed: int) -> Any:
    """A full state that ``player`` cannot tell from ``state``, its hidden parts drawn from ``seed``.

    ``observation(determinize(s, p, seed), p) == observation(s, p)``; the
    result passes the game's checks and plays on; it is built from
    ``observation(s, p)`` and the public record alone, so states that ``p``
    cannot tell apart give the same result for the same seed (information-set
    search samples its worlds with it).
    """
    if type(seed) is not int:
        raise TypeError(f"a seed is an int, not {type(seed).__name__}")
    if type(player) is not int:
        # Here, not only in each game's own check: a compiled build takes True for the seat 1.
        raise ValueError(f"a player is a seat number, not {player!r}")
    world = _capability(state, "determinize", "determinisation")(state, player, seed)
    # What one may do never depends on what one cannot see (the conformance suite checks it):
    # the world's legal actions are the state's, so a list made already is carried over, and a
    # search does not list its root again in every world (issue 27). Asked only of a state
    # listed already: the solo game's current player would list it.
    if transition.listed(state) and player == rules_of(state).current_player(state):
        transition.carry_listing(state, world)
    return world


def action_text(state: Any, action: Any) -> str:
    """The action's stable text form (``place 2,3 r90``, ``move n``, ``fight e V``)."""
    return rules_of(state).action_text(state, action)


def parse_action(state: Any, text: str) -> Any:
    """Read an action from its text form.

    :class:`~chaos_tower.kernel.errors.MalformedActionError` if it is not one or
    names something this card set does not have.
    """
    return rules_of(state).parse_action(state, text)


def action_space(state: Any) -> tuple[Any, ...]:
    """Every action the game can ever express with this card set, in a fixed order."""
    return rules_of(state).action_space(state)


def action_index(state: Any, action: Any) -> int:
    """The action's number in :func:`action_space` (fixed per card set and mode)."""
    return rules_of(state).action_index(state, action)


def action_from_index(state: Any, index: int) -> Any:
    """The action with that number in :func:`action_space`.

    :class:`~chaos_tower.kernel.errors.MalformedActionError` for a number out of range
    or anything but an ``int`` (``True`` is not the number 1 here).
    """
    if type(index) is not int:
        raise MalformedActionError(f"an action number is an int, not {type(index).__name__}")
    return rules_of(state).action_from_index(state, index)


def render_text(state: Any) -> str:
    """The state drawn as plain text, for terminals and logs."""
    return rules_of(state).render_text(state)


def render_svg(state: Any, *, player: int | None = None, scale: float = 1.0) -> str:
    """The state drawn as a standalone SVG document, ``scale`` times its natural size.

    Without ``player`` it is the referee's picture, hidden parts included; with
    a seat it is that seat's picture, drawn from :func:`observation` (and the
    public card set) only, so it cannot show what the seat may not know.
    :class:`NotImplementedError` for a game that has no pictures.
    """
    fn = rules_of(state).render_svg
    if fn is None:
        raise NotImplementedError(f"{rules_of(state).name} has no SVG pictures yet")
    result: str = fn(state, player=player, scale=scale)
    return result


def action_grammar(state: Any) -> tuple[tuple[str, str, str], ...]:
    """The game's action texts as ``(form, example, meaning)``: what terminal play's ``help`` prints."""
    return rules_of(state).action_grammar


def seat_view(state: Any, player: int) -> str:
    """What ``player`` is shown at the terminal: built from :func:`observation` only, so it hides
    what that seat may not know (the solo game adds coordinates and the top card's paths)."""
    fn = rules_of(state).seat_view
    if fn is not None:
        return fn(state, player)
    return render_text(observation(state, player))
