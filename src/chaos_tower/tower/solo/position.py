"""The solo game's one-line position through the front door (``ct.from_notation(text, cards)``).

:func:`chaos_tower.tower.solo.notation.from_notation` reads the text against the
compiled table (``state.game``) and checks only its form, so that short
hand-written positions serve tests and puzzles. Through the front door a
position is read with the card set, like a save, and must be sound: the
invariants (:func:`sound`) are checked, and whatever is wrong ends in one
:class:`~chaos_tower.kernel.errors.SaveError`. The solo text keeps its form (the
golden games and perft files hold it): its first word, ``floor=``, names the
game; a leading ``tower-solo`` word is accepted too.
"""

from __future__ import annotations

from ...kernel.errors import SaveError
from ...kernel.notation_words import NotationError, reading
from ..cards import TowerCardSet
from .invariants import violations
from .notation import from_notation as _read
from .state import State
from .tables import Game, compile_game

__all__ = ["GAME", "WORDS", "from_notation", "sound"]

GAME = "tower-solo"
"""The word that may begin a solo position (it is not written: ``floor=`` begins it)."""
WORDS = (GAME, "floor")
"""The first words (or first fields) that name a solo position."""


def from_notation(text: str, cards: TowerCardSet | Game) -> State:
    """Read a solo position with the card set;
    :class:`~chaos_tower.kernel.errors.SaveError` if not a sound one.

    Given the compiled table (``state.game``, the argument of earlier
    releases) instead of the card set, the position is read as before, its form
    checked but not its soundness; that form goes in the next release.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    words = text.split()
    if words[:1] == [GAME]:
        text = " ".join(words[1:])
    if isinstance(cards, Game):
        return _read_words(text, cards)
    if not isinstance(cards, TowerCardSet):
        raise NotationError(f"a solo position is read with a Tower card set, not {type(cards).__name__}")
    with reading(GAME):
        state = _read_words(text, compile_game(cards))
        problems = sound(state)
    if problems:
        raise NotationError("the position is impossible: " + "; ".join(problems))
    return state


def _read_words(text: str, game: Game) -> State:
    try:
        return _read(text, game)
    except NotationError:
        raise
    except SaveError as exc:  # the solo reader's refusals, as the one error of every game's notation
        raise NotationError(str(exc)) from None


def sound(state: State) -> list[str]:
    """The checks a parsed solo position must pass: the invariants (where the save checks plug in)."""
    return violations(state)
