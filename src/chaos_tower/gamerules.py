"""The record of front-door functions one game's mode supplies (:class:`GameRules`).

Its own module so that the registry (which holds one per mode) and the front door (which calls
them) both import it without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen

from .kernel.options import Options

__all__ = ["GameRules", "SeatScreen"]

# The states, actions and card sets of the games differ in shape; the
# registry holds each game's own, fully typed functions. ``Any`` is confined to
# this dispatch layer, where a state's type picks the functions that fit it.
_Fn = Callable[..., Any]


@frozen(kw_only=True)
class SeatScreen:
    """One way to draw a seat's view at the terminal, for terminal play's layout (issue 28: every
    mode's screen fits 80×24 and uses the room of a larger terminal).

    ``board`` is drawn as it is (a floor and its coordinates): the layout uses this drawing only
    where it fits the terminal's width, and may set the text beside it when there is room.
    ``text`` may be wrapped to the width; ``legend`` (what the abbreviations mean) is left out
    when the terminal has no room for it."""

    board: tuple[str, ...] = ()
    text: tuple[str, ...] = ()
    legend: tuple[str, ...] = ()


@frozen(kw_only=True)
class GameRules:
    """The functions one game or mode supplies to the front door.

    Every function takes the state first. ``observation`` and
    ``observation_tensor`` take ``(state, player)``; ``loads`` takes
    ``(text, cards)``. A game that has no use for one leaves it ``None`` and
    the front door says so with :class:`NotImplementedError`.
    """

    name: str
    """The game's name in saves and adapters: ``tower-solo``, ``tower-vs``, ``crest``."""
    save_format: str
    """The ``format`` value of this game's saves: ``loads`` picks the game by it."""
    players: Callable[[Any], int]
    legal_actions: Callable[[Any], tuple[Any, ...]]
    apply: _Fn
    check_action: Callable[[Any, Any], None]
    can_apply: Callable[[Any, Any], bool]
    outcome: _Fn
    is_terminal: Callable[[Any], bool]
    current_player: Callable[[Any], int | None]
    returns: Callable[[Any], tuple[float, ...]]
    dumps: Callable[[Any], str]
    loads: _Fn
    action_text: Callable[[Any, Any], str]
    parse_action: _Fn
    action_index: Callable[[Any, Any], int]
    action_from_index: Callable[[Any, int], Any]
    action_space: Callable[[Any], tuple[Any, ...]]
    render_text: Callable[[Any], str]
    observation: _Fn | None = None
    observation_tensor: Callable[[Any, int], tuple[float, ...]] | None = None
    render_svg: Callable[..., str] | None = None
    """The state drawn as an SVG document, called as ``(state, player=None|seat, scale=1.0)``;
    ``None`` for a game without pictures."""
    options: Callable[[Any], Options] | None = None
    """The options the state was started with (:func:`options`); ``None`` for a view."""
    to_notation: Callable[[Any], str] | None = None
    """The position as one line of text (:func:`to_notation`)."""
    from_notation: _Fn | None = None
    """``(text, cards)``: the position read back (:func:`from_notation`)."""
    notation_words: tuple[str, ...] = ()
    """The first words (or the key of the first ``key=value`` word) that name this game's positions."""
    observation_layout: Callable[[Any], Any] | None = None
    """The named slices of :func:`observation_tensor` (:func:`observation_layout`)."""
    determinize: Callable[[Any, int, int], Any] | None = None
    """``(state, player, seed)``: a full state consistent with what ``player`` sees (:func:`determinize`)."""
    action_grammar: tuple[tuple[str, str, str], ...] = ()
    """Each kind of action as ``(form, example, meaning)``, for ``help`` (:func:`action_grammar`)."""
    seat_view: Callable[[Any, int], str] | None = None
    """``(state, player)``: what that seat is shown at the terminal (:func:`seat_view`); ``None``: the
    text of its observation."""
    seat_screens: Callable[[Any, int], tuple[SeatScreen, ...]] | None = None
    """``(state, player)``: that seat's view drawn in several ways, the fullest first, for terminal
    play to pick the one that fits the terminal (:mod:`chaos_tower.app.screen`); built from the same
    knowledge as :attr:`seat_view`. ``None``: :attr:`seat_view`'s text, wrapped."""
    public_actions: bool = False
    """Every action's text may be shown to every player (no text names a hidden card)."""
