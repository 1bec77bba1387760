"""Crest Duel actions: frozen records, their stable text forms and the dense action space.

A card is named by its kind's id: two copies of a crest in a hand are the same
choice, so an action never depends on which copy is played (the lowest-numbered
instance in the hand is). Marks are numbered from 0 in the order the monster
card lists them; seats from 0.

=========================  ========================================================================
text                       action
=========================  ========================================================================
``place ID mK new``        a crest on empty mark K (`CRD-WIELD-D`, `CRD-START-D`)
``place ID mK stack``      a crest on top of mark K's stack
``place ID mK replace``    a crest replacing mark K's whole stack
``wear ID``                a chaos ring, replacing the worn one (`CRD-WIELD-E`)
``cast ID [@T]``           a spell, at enemy seat T when it has one (`CRD-WIELD-F`)
``discard ID [ID]``        one or two cards (`CRD-WIELD-G`)
``use mK [@T]``            mark K's whole stack, at enemy seat T (`CRD-BEAST-A`)
``recover``                recover RG instead of using crests (`CRD-BEAST-B`)
``swap mD mK``             the dead monster's mark D with one's own mark K (`CRD-DEATH-A`)
``swap hands``             the dead wielder's hand with one's own (`CRD-DEATH-A`)
``done``                   end the step: setup, wielder or beast phase, or decline the choice
=========================  ========================================================================
"""

from __future__ import annotations

import re
from typing import Literal

from attrs import frozen

from ..kernel.errors import MalformedActionError
from ..kernel.memo import remember
from .cards import CrestCard, RingCard, SpellCard
from .state import MAX_PLAYERS, CrestGame

__all__ = [
    "GRAMMAR",
    "MODES",
    "Cast",
    "CrestAction",
    "Discard",
    "Done",
    "Place",
    "Recover",
    "SwapHands",
    "SwapMarks",
    "Use",
    "Wear",
    "action_table",
    "action_text",
    "build_action_space",
    "parse_action",
]

Mode = Literal["new", "stack", "replace"]
MODES: tuple[Mode, ...] = ("new", "stack", "replace")


@frozen(kw_only=True)
class Place:
    """Put a crest on one's own monster's mark (`CRD-WIELD-D`; face down in setup, `CRD-START-D`)."""

    card: str
    mark: int
    mode: Mode


@frozen(kw_only=True)
class Wear:
    """Put a chaos ring on one's own monster (`CRD-WIELD-E`)."""

    card: str


@frozen(kw_only=True)
class Cast:
    """Cast a spell from the hand (`CRD-WIELD-F`); ``target`` is an enemy seat for a one-enemy spell."""

    card: str
    target: int | None = None


@frozen(kw_only=True)
class Discard:
    """Discard one or two cards (`CRD-WIELD-G`); the ids are sorted."""

    cards: tuple[str, ...]


@frozen(kw_only=True)
class Use:
    """Use a mark's whole stack (`CRD-BEAST-A`); ``target`` is an enemy seat when its effects reach one."""

    mark: int
    target: int | None = None


@frozen(kw_only=True)
class Recover:
    """Recover HP by RG instead of using crests (`CRD-BEAST-B`)."""


@frozen(kw_only=True)
class SwapMarks:
    """The killer's choice ①: the dead monster's mark ``theirs`` for one's own ``mine`` (`CRD-DEATH-A`)."""

    theirs: int
    mine: int


@frozen(kw_only=True)
class SwapHands:
    """The killer's choice ②: exchange hands with the dead wielder (`CRD-DEATH-A`)."""


@frozen(kw_only=True)
class Done:
    """End the step: one's setup, the wielder phase, the beast phase, or decline the killer's choice."""


CrestAction = Place | Wear | Cast | Discard | Use | Recover | SwapMarks | SwapHands | Done
ACTION_TYPES = (Place, Wear, Cast, Discard, Use, Recover, SwapMarks, SwapHands, Done)


def _at(target: int | None) -> str:
    return "" if target is None else f" @{target}"

GRAMMAR: tuple[tuple[str, str, str], ...] = (
    (
        "place ID mK new|stack|replace",
        "place moon-crest m0 new",
        "a crest on mark K: on an empty mark, on its stack, or replacing it",
    ),
    ("wear ID", "wear ring-of-clarity", "wear a chaos ring, replacing the worn one"),
    ("cast ID [@T]", "cast slumber @1", "cast a spell, at enemy seat T when it has one"),
    ("discard ID [ID]", "discard mind-rend", "discard one or two cards"),
    ("use mK [@T]", "use m0 @1", "use mark K's whole stack, at enemy seat T"),
    ("recover", "recover", "recover instead of using crests"),
    ("swap mD mK", "swap m0 m1", "the dead monster's mark D with your mark K"),
    ("swap hands", "swap hands", "the dead wielder's hand with yours"),
    ("done", "done", "end the step: setup, wielder or beast phase, or decline the choice"),
)
"""Each action's text form, an example and its meaning: what terminal play's ``help`` prints
(the rules themselves are cited where they are implemented)."""


def action_text(action: CrestAction) -> str:
    """The action's stable text form (see the table above)."""
    match action:
        case Place(card=card, mark=mark, mode=mode):
            return f"place {card} m{mark} {mode}"
        case Wear(card=card):
            return f"wear {card}"
        case Cast(card=card, target=target):
            return f"cast {card}{_at(target)}"
        case Discard(cards=cards):
            return "discard " + " ".join(cards)
        case Use(mark=mark, target=target):
            return f"use m{mark}{_at(target)}"
        case Recover():
            return "recover"
        case SwapMarks(theirs=theirs, mine=mine):
            return f"swap m{theirs} m{mine}"
        case SwapHands():
            return "swap hands"
        case Done():
            return "done"
    raise MalformedActionError(f"not a Crest Duel action: {action!r}")


_MARK = re.compile(r"m([0-9]{1,2})")
_TARGET = re.compile(r"@([0-9]{1,2})")


def _mark(word: str, game: CrestGame) -> int:
    match = _MARK.fullmatch(word)
    if match is None or int(match[1]) >= game.max_marks:
        raise MalformedActionError(f"{word!r} is not a mark m0..m{game.max_marks - 1}")
    return int(match[1])


def _target(words: list[str]) -> int | None:
    if not words:
        return None
    match = _TARGET.fullmatch(words[0]) if len(words) == 1 else None
    if match is None:
        raise MalformedActionError(f"{' '.join(words)!r} is not a target @0..@5")
    seat = int(match[1])
    if seat >= MAX_PLAYERS:
        raise MalformedActionError(f"@{seat}: seats are 0 to {MAX_PLAYERS - 1}")
    return seat


def _kind(card_id: str, game: CrestGame, kind: type | None = None) -> str:
    index = game.kind_ids.get(card_id)
    if index is None:
        raise MalformedActionError(f"this card set has no card {card_id!r}")
    if kind is not None and not isinstance(game.kinds[index], kind):
        raise MalformedActionError(f"{card_id!r} is not a {kind.__name__.removesuffix('Card').lower()}")
    return card_id


def parse_action(text: str, game: CrestGame) -> CrestAction:
    """Read an action from its text form; :class:`MalformedActionError` if it is not one."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action's text is a str, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise MalformedActionError("an empty action")
    verb, rest = words[0], words[1:]
    if verb == "place" and len(rest) == 3 and rest[2] in MODES:
        mode: Mode = rest[2]
        return Place(card=_kind(rest[0], game, CrestCard), mark=_mark(rest[1], game), mode=mode)
    if verb == "wear" and len(rest) == 1:
        return Wear(card=_kind(rest[0], game, RingCard))
    if verb == "cast" and 1 <= len(rest) <= 2:
        return Cast(card=_kind(rest[0], game, SpellCard), target=_target(rest[1:]))
    if verb == "discard" and 1 <= len(rest) <= 2:
        return Discard(cards=tuple(sorted(_kind(word, game) for word in rest)))
    if verb == "use" and 1 <= len(rest) <= 2:
        return Use(mark=_mark(rest[0], game), target=_target(rest[1:]))
    if verb == "swap" and rest == ["hands"]:
        return SwapHands()
    if verb == "swap" and len(rest) == 2:
        return SwapMarks(theirs=_mark(rest[0], game), mine=_mark(rest[1], game))
    if words == ["recover"]:
        return Recover()
    if words == ["done"]:
        return Done()
    raise MalformedActionError(f"{text!r} is not a Crest Duel action")


def build_action_space(game: CrestGame) -> tuple[CrestAction, ...]:
    """Every action this card set can express, in a fixed order (for learning code)."""
    targets: tuple[int | None, ...] = (None, *range(MAX_PLAYERS))
    marks = range(game.max_marks)
    space: list[CrestAction] = []
    ids = [kind.id for kind in game.kinds]
    space += [
        Place(card=kind.id, mark=mark, mode=mode)
        for kind in game.kinds
        if isinstance(kind, CrestCard)
        for mark in marks
        for mode in MODES
    ]
    space += [Wear(card=kind.id) for kind in game.kinds if isinstance(kind, RingCard)]
    space += [
        Cast(card=kind.id, target=t) for kind in game.kinds if isinstance(kind, SpellCard) for t in targets
    ]
    space += [Discard(cards=(a,)) for a in ids]
    space += [Discard(cards=tuple(sorted((a, b)))) for i, a in enumerate(ids) for b in ids[i:]]
    space += [Use(mark=mark, target=t) for mark in marks for t in targets]
    space += [Recover()]
    space += [SwapMarks(theirs=d, mine=k) for d in marks for k in marks]
    space += [SwapHands(), Done()]
    return tuple(space)


def action_table(game: CrestGame) -> tuple[tuple[CrestAction, ...], dict[CrestAction, int]]:
    """The dense action space and each action's index, built once per card set.

    Kept on the card set (``cards._memo``), so freed with it; it lives here rather than on
    :class:`~.state.CrestGame` so that the state module does not import the actions.
    """

    def build() -> tuple[tuple[CrestAction, ...], dict[CrestAction, int]]:
        space = build_action_space(game)
        return space, {action: index for index, action in enumerate(space)}

    return remember(game.cards._memo, ("crest.actions", game.fingerprint), build)


DONE = Done()
"""The one ``Done`` record every phase lists (issue 13: shared, as :func:`shared_records`)."""


def shared_records(game: CrestGame) -> dict[tuple[object, ...], CrestAction]:
    """The action records listed so far for this card set, by choice: one record per choice,
    shared by every state that lists it, so cached legal lists hold pointers, not fresh
    records (issue 13). Kept on the card set, freed with it."""
    records: dict[tuple[object, ...], CrestAction] = remember(game.cards._memo, "crest.records", dict)
    return records
