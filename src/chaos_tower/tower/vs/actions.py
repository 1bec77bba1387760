"""The VS actions: frozen, hashable records, their stable text forms and a dense numbering.

A turn (`TOC-VS2-026`, `TOC-VS3-046`) is :class:`Draw` or :class:`Give`, after any
number of :class:`Declare` within the limit; a draw or a gift is followed by
:class:`Adjust` decisions (`TOC-VS2-027`), and with the extra rule a turn may
end with :class:`Subtract` (`TOC-VS2-032`).

Counters are named by their place (``pay 0``, ``pay 1``), never by their
attribute: at the table everyone sees which step r card moves, not what it
stands for, so an action's text can be shown to every player.
"""

from __future__ import annotations

import itertools

from attrs import frozen

from ...kernel.errors import MalformedActionError
from ...kernel.memo import remember
from ...kernel.shapes import field, is_index, is_int, show
from ..vocabulary import LETTERS
from .state import VsState

__all__ = [
    "GRAMMAR",
    "Adjust",
    "Declare",
    "Draw",
    "Give",
    "Subtract",
    "VsAction",
    "action_from_index",
    "action_index",
    "action_space",
    "action_text",
    "parse_action",
]


@frozen(kw_only=True)
class Draw:
    """Draw the top chaos card and show it to all (`TOC-VS2-027`, `TOC-VS3-047`)."""


@frozen(kw_only=True)
class Give:
    """Hand ``item`` to seat ``to``, paying 1 from own counter ``pay`` (`TOC-VS2-028`, `TOC-VS3-048`)."""

    item: str
    to: int
    pay: int


@frozen(kw_only=True)
class Declare:
    """ "見えた": name ``attribute`` (a letter of GWVSD) for seat ``target``, paying 1 from counter ``pay``
    (`TOC-VS2-029`, `TOC-VS3-049`)."""

    target: int
    attribute: str
    pay: int


@frozen(kw_only=True)
class Adjust:
    """Change each own counter by ``deltas`` (one per counter) after a draw or a gift (`TOC-VS2-027`)."""

    deltas: tuple[int, ...]


@frozen(kw_only=True)
class Subtract:
    """The extra rule's da at a turn's end, shared across own counters (`TOC-VS2-032`, `TOC-VS3-052`)."""

    amounts: tuple[int, ...]


VsAction = Draw | Give | Declare | Adjust | Subtract


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)

GRAMMAR: tuple[tuple[str, str, str], ...] = (
    ("draw", "draw", "draw the top chaos card"),
    ("give ITEM to P pay K", "give normal.sack-of-fly to 1 pay 0", "give an item to P, paying counter K"),
    (
        "seen P A pay K",
        "seen 1 G pay 0",
        "declare player P's attribute A (G W V S D or 地水火風闇), paying counter K",
    ),
    ("adjust D [D]", "adjust +1 -1", "change your counters by D each after a draw or gift"),
    ("subtract N [N]", "subtract 1 0", "with the extra rule: subtract at the end of a turn"),
)
"""Each action's text form, an example and its meaning: what terminal play's ``help`` prints
(the rules themselves are cited where they are implemented)."""


def action_text(state: VsState, action: VsAction) -> str:
    """The action's stable text form: ``draw``, ``give <item> to 1 pay 0``, ``seen 1 G pay 0``,
    ``adjust +2 -1``, ``subtract 1 0``.

    :class:`MalformedActionError` if it is not a VS action of this game.
    """
    problem = malformed(state, action)
    if problem is not None:
        raise MalformedActionError(problem)
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Give):
        return f"give {action.item} to {action.to} pay {action.pay}"
    if isinstance(action, Declare):
        return f"seen {action.target} {action.attribute} pay {action.pay}"
    if isinstance(action, Adjust):
        return "adjust " + " ".join(_signed(d) for d in action.deltas)
    return "subtract " + " ".join(str(a) for a in action.amounts)


_KANJI = "地水火風闇"
"""The attributes' names in the manual's other form, in the order of ``LETTERS``."""


def _int(word: str, text: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise MalformedActionError(f"{text!r}: {word!r} is not a number") from None


def parse_action(state: VsState, text: str) -> VsAction:
    """Read an action from its text form; :class:`MalformedActionError` if it is not one of this game.

    A declaration may name the attribute by its kanji as well (``seen 1 地 pay 0``), as the manual allows.
    """
    if not isinstance(text, str):
        raise MalformedActionError(f"an action's text is a str, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise MalformedActionError("an empty action")
    head, rest = words[0].lower(), words[1:]
    action: VsAction
    if head == "draw" and not rest:
        action = Draw()
    elif head == "give" and len(rest) == 5 and rest[1] == "to" and rest[3] == "pay":
        action = Give(item=rest[0], to=_int(rest[2], text), pay=_int(rest[4], text))
    elif head == "seen" and len(rest) == 4 and rest[2] == "pay":
        # TOC-VS2-029 / TOC-VS3-049: a name is given as G W V S D or as 地 水 火 風 闇.
        name = rest[1].upper()
        attribute = LETTERS[_KANJI.index(name)] if len(name) == 1 and name in _KANJI else name
        action = Declare(target=_int(rest[0], text), attribute=attribute, pay=_int(rest[3], text))
    elif head == "adjust" and rest:
        action = Adjust(deltas=tuple(_int(w, text) for w in rest))
    elif head == "subtract" and rest:
        action = Subtract(amounts=tuple(_int(w, text) for w in rest))
    else:
        raise MalformedActionError(
            f"{text!r} is not a VS action (draw | give ITEM to SEAT pay N | seen SEAT G pay N | "
            "adjust D [D] | subtract N [N])"
        )
    problem = malformed(state, action)
    if problem is not None:
        raise MalformedActionError(f"{text!r}: {problem}")
    return action


def malformed(state: VsState, action: object) -> str | None:
    """What is wrong with the form of ``action`` for this game (not its legality), or ``None``.

    The one check of an action's shape, asked first by ``apply``, ``check_action``, ``can_apply``,
    ``action_text`` and ``action_index``: a VS action class, every field set and of its type (a bool
    is not a number), every number in range, the item one of this card set's.
    """
    kind = type(action)
    if kind is Draw:
        return None
    n, slots = state.players, state.slots()
    if kind is Give:
        item, to, pay = field(action, "item"), field(action, "to"), field(action, "pay")
        if type(item) is not str or item not in state.table.item_ids:
            return f"no item {show(item)} in this card set"
        if not is_index(to, n):
            return f"seat {show(to)} is not one of 0..{n - 1}"
        return None if is_index(pay, slots) else f"counter {show(pay)} is not one of 0..{slots - 1}"
    if kind is Declare:
        target, attribute, pay = field(action, "target"), field(action, "attribute"), field(action, "pay")
        if not is_index(target, n):
            return f"seat {show(target)} is not one of 0..{n - 1}"
        if not (type(attribute) is str and len(attribute) == 1 and attribute in LETTERS):
            return f"{show(attribute)} is not one of G W V S D"
        return None if is_index(pay, slots) else f"counter {show(pay)} is not one of 0..{slots - 1}"
    if kind is Adjust or kind is Subtract:
        span = state.table.high - state.table.low
        values = field(action, "deltas" if kind is Adjust else "amounts")
        low = -span if kind is Adjust else 0
        if type(values) is not tuple or len(values) != slots:
            return f"give one number per counter ({slots})"
        for v in values:
            if not is_int(v, low, span):
                return f"{show(v)} is not a number in {low}..{span}"
        return None
    return f"a {kind.__name__} is not a VS action"


def _sizes(state: VsState) -> tuple[int, int, int, int, int]:
    n, k, items = state.players, state.slots(), len(state.table.item_ids)
    span = state.table.high - state.table.low
    return 1, items * n * k, n * 5 * k, (2 * span + 1) ** k, (span + 1) ** k


def action_space(state: VsState) -> tuple[VsAction, ...]:
    """Every VS action for this card set and player count, in the fixed order of :func:`action_index`.

    Built once per card set and player count and kept on the card set's VS table (freed with it):
    with wide element bounds it holds tens of thousands of actions.
    """
    return remember(state.table._memo, ("space", state.players), lambda: _build_space(state))


def _build_space(state: VsState) -> tuple[VsAction, ...]:
    n, k = state.players, state.slots()
    span = state.table.high - state.table.low
    out: list[VsAction] = [Draw()]
    out += [
        Give(item=item, to=to, pay=pay)
        for item in state.table.item_ids
        for to in range(n)
        for pay in range(k)
    ]
    out += [Declare(target=t, attribute=a, pay=pay) for t in range(n) for a in LETTERS for pay in range(k)]
    out += [Adjust(deltas=d) for d in itertools.product(range(-span, span + 1), repeat=k)]
    out += [Subtract(amounts=a) for a in itertools.product(range(span + 1), repeat=k)]
    return tuple(out)


def _digits(values: tuple[int, ...], offset: int, base: int) -> int:
    index = 0
    for v in values:
        index = index * base + (v + offset)
    return index


def action_index(state: VsState, action: VsAction) -> int:
    """The action's number in :func:`action_space`, computed without building the space."""
    problem = malformed(state, action)
    if problem is not None:
        raise MalformedActionError(problem)
    n, k = state.players, state.slots()
    span = state.table.high - state.table.low
    sizes = _sizes(state)
    if isinstance(action, Draw):
        return 0
    if isinstance(action, Give):
        item = state.table.item_ids.index(action.item)
        return 1 + (item * n + action.to) * k + action.pay
    if isinstance(action, Declare):
        return sum(sizes[:2]) + (action.target * 5 + LETTERS.index(action.attribute)) * k + action.pay
    if isinstance(action, Adjust):
        return sum(sizes[:3]) + _digits(action.deltas, span, 2 * span + 1)
    assert isinstance(action, Subtract)
    return sum(sizes[:4]) + _digits(action.amounts, 0, span + 1)


def _undigits(number: int, offset: int, base: int, count: int) -> tuple[int, ...]:
    values: list[int] = []
    for _ in range(count):
        number, digit = divmod(number, base)
        values.append(digit - offset)
    return tuple(reversed(values))


def action_from_index(state: VsState, index: int) -> VsAction:
    """The action with that number in :func:`action_space`, computed without building the space.

    The inverse of :func:`action_index`: adapters call it on every step, and the space of a card
    set with wide element bounds holds tens of thousands of actions.
    """
    sizes = _sizes(state)
    total = sum(sizes)
    if not is_index(index, total):
        raise MalformedActionError(f"{show(index)} is not an action number (0..{total - 1})")
    n, k = state.players, state.slots()
    span = state.table.high - state.table.low
    if index == 0:
        return Draw()
    rest = index - 1
    if rest < sizes[1]:
        rest, pay = divmod(rest, k)
        item, to = divmod(rest, n)
        return Give(item=state.table.item_ids[item], to=to, pay=pay)
    rest -= sizes[1]
    if rest < sizes[2]:
        rest, pay = divmod(rest, k)
        target, letter = divmod(rest, 5)
        return Declare(target=target, attribute=LETTERS[letter], pay=pay)
    rest -= sizes[2]
    if rest < sizes[3]:
        return Adjust(deltas=_undigits(rest, span, 2 * span + 1, k))
    return Subtract(amounts=_undigits(rest - sizes[3], 0, span + 1, k))
