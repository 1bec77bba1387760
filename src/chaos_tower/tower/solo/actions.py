"""What a player can do, as frozen records with a stable text form.

Each action prints as a short command (``place 2,3 r90``, ``move n``,
``fight e V``) that :func:`parse_action` reads back. Cells are ``x,y`` from
the top left, counted from 0; rotations are written ``r0 r90 r180 r270``
(clockwise); directions ``n e s w``; attributes ``G W V S D``.
"""

from __future__ import annotations

import re

from attrs import frozen

from ...kernel.errors import MalformedActionError
from ..vocabulary import LETTERS
from .geometry import DIRECTIONS, Grid

__all__ = [
    "GRAMMAR",
    "Action",
    "Discard",
    "Fight",
    "Finish",
    "Flip",
    "Make",
    "MalformedActionError",
    "Move",
    "Place",
    "PlaceRebright",
    "PlaceStep",
    "Relocate",
    "SetItem",
    "Stand",
    "Take",
    "Use",
    "action_text",
    "parse_action",
]


@frozen(kw_only=True)
class Place:
    """Draw the top chaos card and place it (`TOC-START-B`, `TOC-PLAY-A` to `F`)."""

    cell: int
    rotation: int


@frozen(kw_only=True)
class PlaceStep:
    """Place a step from the step area; the player enters it at once (`TOC-STEP-01`)."""

    step: str
    cell: int
    rotation: int


@frozen(kw_only=True)
class PlaceRebright:
    """Place Rebright from Seqlrith, like a chaos card (`TOC-STEP-04`)."""

    cell: int
    rotation: int


@frozen(kw_only=True)
class Move:
    """Move through a path of the player's card (`TOC-PROG1-02`…`TOC-PROG4-02`, `TOC-ZAP-05`)."""

    direction: int


@frozen(kw_only=True)
class Flip:
    """Spend one element to flip a connected neighbouring room (`TOC-PROG1-03`)."""

    direction: int
    attribute: int


@frozen(kw_only=True)
class Fight:
    """Fight a connected neighbouring monster or Rebright with one element (`TOC-PROG2-03`)."""

    direction: int
    attribute: int


@frozen(kw_only=True)
class Take:
    """Take an item shown by an icon (`TOC-ITEM-01`); ``drop`` goes to lost if carry is full."""

    item: str
    drop: str | None = None


@frozen(kw_only=True)
class Make:
    """Consume a recipe's items to gain an item (`TOC-RARE-06`, `TOC-ITEM-01B`, `01C`).

    The consumed items leave carry first, so the new one always has room.
    """

    item: str


@frozen(kw_only=True)
class SetItem:
    """Set a normal or rare item from carry into a slot (`TOC-NORMAL-06`, `TOC-RARE-07`)."""

    item: str
    slot: str


@frozen(kw_only=True)
class Use:
    """Use the item set in a slot, once (`TOC-NORMAL-06` to `08`)."""

    slot: str
    attribute: int | None = None
    """For a choice of element (Ring Of Vulcan)."""
    cell: int | None = None
    """A destination (Sack Of Fly, front) or the card to move (Sword Of Light, front)."""
    to: int | None = None
    """Where the card moves (Sword Of Light, front)."""
    target: str | None = None
    """The card or item to reset (Sack Of Fly, rear)."""


@frozen(kw_only=True)
class Relocate:
    """While rearranging (Sword Of Light, rear): move a floor card to an empty cell, turned freely."""

    cell: int
    to: int
    rotation: int


@frozen(kw_only=True)
class Stand:
    """While rearranging: put the player on the card at ``cell``."""

    cell: int


@frozen(kw_only=True)
class Finish:
    """End the rearranging."""


@frozen(kw_only=True)
class Discard:
    """Put an unneeded carried item in the lost area (`TOC-CARRY-03`)."""

    item: str


Action = (
    Place
    | PlaceStep
    | PlaceRebright
    | Move
    | Flip
    | Fight
    | Take
    | Make
    | SetItem
    | Use
    | Discard
    | Relocate
    | Stand
    | Finish
)

GRAMMAR: tuple[tuple[str, str, str], ...] = (
    ("place X,Y RN", "place 2,3 r90", "place the chaos deck's top card on x,y turned RN"),
    ("step ID X,Y RN", "step step.marnit 1,2 r0", "place a step from the step area"),
    ("rebright X,Y RN", "rebright 2,2 r0", "place Rebright"),
    ("move D", "move n", "move through a path: D is n e s w"),
    ("flip D A", "flip e G", "spend element A (G W V S D) to flip the room toward D"),
    ("fight D A", "fight e V", "fight the monster toward D with element A"),
    ("take ID [drop ID]", "take normal.sack-of-fly", "take an item shown by an icon"),
    ("make ID", "make rare.power-of-robust", "make an item from its recipe"),
    ("set ID SLOT", "set normal.sack-of-fly front-0", "set a carried item into a slot"),
    ("use SLOT [A] [at X,Y] [to X,Y] [on ID]", "use front-0 at 2,2", "use a slot's item"),
    ("relocate X,Y to X,Y RN", "relocate 0,0 to 1,1 r90", "while rearranging: move a card (Sword Of Light)"),
    ("stand X,Y", "stand 1,1", "while rearranging: put yourself on a card"),
    ("finish", "finish", "end the rearranging"),
    ("discard ID", "discard normal.sack-of-fly", "put a carried item in the lost area"),
)
"""Each action's text form, an example and its meaning: what terminal play's ``help`` prints
(the rules themselves are cited where they are implemented).
Cells are ``x,y`` from the top left (from 0), as the board's labels show; RN is r0 r90 r180 r270."""


def _rot(rotation: int) -> str:
    return f"r{rotation * 90}"


def action_text(action: Action, grid: Grid) -> str:
    """The action's stable text form."""
    match action:
        case Place(cell=cell, rotation=rotation):
            return f"place {grid.name(cell)} {_rot(rotation)}"
        case PlaceStep(step=step, cell=cell, rotation=rotation):
            return f"step {step} {grid.name(cell)} {_rot(rotation)}"
        case PlaceRebright(cell=cell, rotation=rotation):
            return f"rebright {grid.name(cell)} {_rot(rotation)}"
        case Move(direction=d):
            return f"move {DIRECTIONS[d]}"
        case Flip(direction=d, attribute=a):
            return f"flip {DIRECTIONS[d]} {LETTERS[a]}"
        case Fight(direction=d, attribute=a):
            return f"fight {DIRECTIONS[d]} {LETTERS[a]}"
        case Take(item=item, drop=drop):
            return f"take {item}" + (f" drop {drop}" if drop else "")
        case Make(item=item):
            return f"make {item}"
        case SetItem(item=item, slot=slot):
            return f"set {item} {slot}"
        case Use(slot=slot, attribute=a, cell=cell, to=to, target=target):
            text = f"use {slot}"
            if a is not None:
                text += f" {LETTERS[a]}"
            if cell is not None:
                text += f" at {grid.name(cell)}"
            if to is not None:
                text += f" to {grid.name(to)}"
            if target is not None:
                text += f" on {target}"
            return text
        case Relocate(cell=cell, to=to, rotation=rotation):
            return f"relocate {grid.name(cell)} to {grid.name(to)} {_rot(rotation)}"
        case Stand(cell=cell):
            return f"stand {grid.name(cell)}"
        case Finish():
            return "finish"
        case Discard(item=item):
            return f"discard {item}"
    raise MalformedActionError(f"not an action: {action!r}")


_TOKEN = r"[a-z0-9][a-z0-9.-]*"
_CELL = r"(\d+),(\d+)"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern + r"\Z"))
    for name, pattern in (
        ("place", rf"place {_CELL} r(0|90|180|270)"),
        ("step", rf"step ({_TOKEN}) {_CELL} r(0|90|180|270)"),
        ("rebright", rf"rebright {_CELL} r(0|90|180|270)"),
        ("move", r"move ([nesw])"),
        ("flip", r"flip ([nesw]) ([GWVSD])"),
        ("fight", r"fight ([nesw]) ([GWVSD])"),
        ("take", rf"take ({_TOKEN})(?: drop ({_TOKEN}))?"),
        ("make", rf"make ({_TOKEN})"),
        ("set", rf"set ({_TOKEN}) ({_TOKEN})"),
        ("use", rf"use ({_TOKEN})(?: ([GWVSD]))?(?: at {_CELL})?(?: to {_CELL})?(?: on ({_TOKEN}))?"),
        ("relocate", rf"relocate {_CELL} to {_CELL} r(0|90|180|270)"),
        ("stand", rf"stand {_CELL}"),
        ("finish", r"finish"),
        ("discard", rf"discard ({_TOKEN})"),
    )
)


def parse_action(text: str, grid: Grid) -> Action:
    """Read an action's text form; :class:`MalformedActionError` if it is not one.

    Only the form is checked here; whether the action is legal is the rules' business.
    """
    if not isinstance(text, str):
        raise MalformedActionError(f"an action's text is a str, not {type(text).__name__}")
    words = " ".join(text.split())
    for name, pattern in _PATTERNS:
        found = pattern.match(words)
        if found is None:
            continue
        g = found.groups()
        try:
            if name == "place":
                return Place(cell=grid.cell(int(g[0]), int(g[1])), rotation=int(g[2]) // 90)
            if name == "step":
                return PlaceStep(step=g[0], cell=grid.cell(int(g[1]), int(g[2])), rotation=int(g[3]) // 90)
            if name == "rebright":
                return PlaceRebright(cell=grid.cell(int(g[0]), int(g[1])), rotation=int(g[2]) // 90)
        except ValueError as exc:
            raise MalformedActionError(f"{text!r}: {exc}") from None
        if name == "move":
            return Move(direction=DIRECTIONS.index(g[0]))
        if name == "flip":
            return Flip(direction=DIRECTIONS.index(g[0]), attribute=LETTERS.index(g[1]))
        if name == "fight":
            return Fight(direction=DIRECTIONS.index(g[0]), attribute=LETTERS.index(g[1]))
        if name == "take":
            return Take(item=g[0], drop=g[1])
        if name == "make":
            return Make(item=g[0])
        if name == "set":
            return SetItem(item=g[0], slot=g[1])
        try:
            if name == "use":
                cell = None if g[2] is None else grid.cell(int(g[2]), int(g[3]))
                to = None if g[4] is None else grid.cell(int(g[4]), int(g[5]))
                attribute = None if g[1] is None else LETTERS.index(g[1])
                return Use(slot=g[0], attribute=attribute, cell=cell, to=to, target=g[6])
            if name == "relocate":
                return Relocate(
                    cell=grid.cell(int(g[0]), int(g[1])),
                    to=grid.cell(int(g[2]), int(g[3])),
                    rotation=int(g[4]) // 90,
                )
            if name == "stand":
                return Stand(cell=grid.cell(int(g[0]), int(g[1])))
        except ValueError as exc:
            raise MalformedActionError(f"{text!r}: {exc}") from None
        if name == "finish":
            return Finish()
        return Discard(item=g[0])
    raise MalformedActionError(f"{text!r} is not an action; try e.g. 'place 2,3 r90', 'move n', 'fight e V'")
