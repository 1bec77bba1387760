"""The solo game's one interpreter of the effect vocabulary (:mod:`chaos_tower.tower.vocabulary`).

Every effect a card or item text holds is carried out here, whatever triggers
it: entering a room or a step, placing a card, using a step (carried items),
using a set item (:func:`perform`); while it is in force, on a path's da, a
fight's cost or its damage (:func:`effective_da`, :func:`monster_cost`,
:func:`fight_da`); and whether a set item may be used so (:func:`use_reason`).
Each question is one ``match`` over the whole :data:`~chaos_tower.tower.vocabulary.Effect`
union ending in :func:`typing.assert_never`, so a term added to the vocabulary
without its handler here fails ``mypy --strict``; nothing is skipped in silence.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, assert_never

from ..cards import PLAIN, Da, Icon
from ..vocabulary import (
    LETTERS,
    CombatDa,
    DaAdd,
    DaNullify,
    Effect,
    ElementChoice,
    ElementsAdd,
    FloorUp,
    Life,
    MonsterElementAdd,
    MoveCard,
    Rearrange,
    RebrightValue,
    ResetCard,
    ResetUses,
    SummonRebright,
    Teleport,
    Trigger,
)
from .actions import Use
from .board import card_at, holds, matches, shows_normal_item
from .change import Change
from .moves import leave_step, relocate
from .prep import fall
from .reset import apply_reset, apply_reset_uses, reset_targets, reset_uses_targets, slot_of
from .state import EMPTY, Reason, State, card_of, is_flipped
from .tables import CardTable

__all__ = [
    "CARRY_RULE",
    "LASTING_TRIGGERS",
    "Timing",
    "effective_da",
    "enter_card",
    "fight_da",
    "monster_cost",
    "needs",
    "perform",
    "timing",
    "use_reason",
]

CARRY_RULE = {
    "normal": "TOC-NORMAL-05",
    "rare": "TOC-RARE-05",
    "monster": "TOC-ITEM-01A",
    "change": "TOC-ITEM-01B",
    "growth": "TOC-ITEM-01C",
}
"""The clause that gives each kind of item its effect while carried."""

Timing = Literal["at_once", "in_force", "both"]
"""When a term of the vocabulary can act: at once (:func:`perform`), while in force, or both."""

LASTING_TRIGGERS = frozenset({Trigger.WHILE_CARRIED, Trigger.WHILE_HERE, Trigger.WHILE_ON_FLOOR})
"""The triggers of effects in force (read by :func:`effective_da` and the like, never performed)."""


def timing(effect: Effect) -> Timing:
    """When ``effect`` can act; the card checks refuse a trigger that would never let it act."""
    match effect:
        case DaAdd() | DaNullify() | MonsterElementAdd():
            return "in_force"
        case CombatDa():
            return "both"  # at once from a slot (the next fight), or in force on fights (while here)
        case (
            Life()
            | ElementsAdd()
            | ElementChoice()
            | Teleport()
            | ResetCard()
            | ResetUses()
            | MoveCard()
            | Rearrange()
            | FloorUp()
            | SummonRebright()
            | RebrightValue()
        ):
            return "at_once"
        case _:
            assert_never(effect)


# -- effects that act at once ----------------------------------------------------


def perform(change: Change, effect: Effect, rule: str, why: str, *, use: Use | None = None) -> None:
    """Carry out one effect now (entering, placing, using a step or a set item).

    ``use`` is the slot action that triggered it: the choices it names (an
    element, a cell, a card) are the effect's. Effects that act only while in
    force (da and monster-element modifiers) do nothing at once. An effect whose
    ``when`` does not hold does nothing.
    """
    if effect.when is not None and not holds(change.now(), effect.when, change.player):
        return
    match effect:
        case Life(set=value) if value is not None:
            change.change_life(value, rule, why, absolute=True)
        case Life(add=amount):
            if amount is not None:
                change.change_life(amount, rule, why)
        case ElementsAdd(add=vector):
            change.add_elements(vector.as_tuple(), rule, why)
        case ElementChoice(add=amount):
            # Only a slot's use names the element; the set check refuses the op on any other
            # trigger (tower/checks.py, bad-trigger), so a use is here.
            assert use is not None and use.attribute is not None, "an element choice needs a use"
            change.add_element(use.attribute, amount, rule, why)
        case FloorUp(add=amount):
            level = change.level
            change.level = level + amount
            change.event(rule, "floor", f"floor {level} → {level + amount}: {why}", amount)
        case SummonRebright():
            if change.rebright is None:
                change.rebright, change.rebright_pending = change.original.game.rebright_values, True
                change.event(rule, "rebright", f"Rebright appears: {why}")
        case RebrightValue():
            _rebright_value(change, effect, rule, why)
        case CombatDa(add=amount):
            # Armor Of Gnom, set: the next fight against a monster (TOC-PROG2-03).
            change.combat_bonus = change.combat_bonus + amount
            change.event(rule, "combat", f"the next fight's da {amount:+d}", amount)
        case Teleport():
            assert use is not None and use.cell is not None, "a flight needs a chosen cell"
            _fly(change, use.cell)
        case MoveCard():
            assert use is not None and use.cell is not None and use.to is not None, "a card move needs cells"
            relocate(change, use.cell, use.to, None, "TOC-NORMAL-09E")
        case ResetCard():
            assert use is not None and use.target is not None, "a reset needs a chosen card"
            apply_reset(change, use.target)
        case ResetUses():
            apply_reset_uses(change, rule, why, using=-1 if use is None else slot_of(change, use))
        case Rearrange():
            change.rearranging = True
            change.event(
                "TOC-NORMAL-09E",
                "rearrange",
                "every card on the floor and the player may be laid out again; finish when done",
            )
        case DaAdd() | DaNullify() | MonsterElementAdd():
            pass  # in force while carried or on the floor: read by effective_da / monster_cost
        case _:
            assert_never(effect)


def _rebright_value(change: Change, effect: RebrightValue, rule: str, why: str) -> None:
    """Change Rebright's values (rare items' set-effects, `TOC-RARE-07`)."""
    values = change.rebright
    if values is None:
        return
    new = list(values)
    top = change.original.game.element_max
    for attribute in effect.attributes:
        i = LETTERS.index(attribute.value)
        value = effect.set if effect.set is not None else new[i] + (effect.add or 0)
        # Like every value a card shows, Rebright's stay within the sheet's
        # element bounds; otherwise Sword Of Black could lift one past what
        # any player can pay and leave the game unwinnable yet unending.
        new[i] = max(0, min(top, value))
    g, w, v, s, d = new
    change.rebright = (g, w, v, s, d)
    change.event(rule, "rebright", f"Rebright {values} → {change.rebright}: {why}")
    change.rebright_falls()


def enter_card(change: Change, cell: int, rule: str) -> None:
    """What entering a room does, however the player got in (`TOC-PROG1-02`, `TOC-START-G`, `TOC-START-J`).

    The room-element applies every time the room is entered ("入る度に"), then
    the r-text's effects on entering. Entering a monster does neither.
    """
    change.item_on_entry = False
    code = change.floor[cell]
    if code == EMPTY:
        return
    card = change.original.game.table[card_of(code)]
    if card.kind != "room":
        return
    face = card.back if is_flipped(code) else card.front
    change.add_elements(face.element, rule, f"room-element of {card.name}")
    for effect in face.effects:
        if effect.trigger is Trigger.ON_ENTER:
            perform(change, effect, "TOC-START-J", f"entering {card.name}")
    if is_flipped(code) and not change.over:
        change.item_on_entry = _normal_item_met(change, cell, face.icon)


def _normal_item_met(change: Change, cell: int, icon: Icon | None) -> bool:
    """The room's normal item has its condition met as the player enters (`TOC-ITEM-01D`:
    条件を揃えたそのroomに入る事で取得可能), after the room-element and the r-text have acted."""
    if icon is None or not shows_normal_item(change.original.game, icon):
        return False
    return icon.when is None or holds(change.now(), icon.when, cell)


def _fly(change: Change, cell: int) -> None:
    """Sack Of Fly, front: to any cell, da ignored; an empty cell is a fall (`TOC-ZAP-05`)."""
    if change.floor[cell] == EMPTY:
        fall(change, cell)
        return
    leave_step(change)
    change.player = cell
    grid = change.original.game.grid
    change.event("TOC-NORMAL-09D", "move", f"the player flies to {grid.name(cell)}, da ignored")
    enter_card(change, cell, "TOC-NORMAL-09D")


# -- using a set item ---------------------------------------------------------------


def needs(effects: Iterable[Effect]) -> tuple[bool, bool, bool, bool]:
    """Which choices a use needs: an element, a cell, a second cell, a target."""
    attribute = cell = to = target = False
    for effect in effects:
        match effect:
            case ElementChoice():
                attribute = True
            case Teleport():
                cell = True
            case MoveCard():
                cell = to = True
            case ResetCard():
                target = True
            case (
                Life()
                | ElementsAdd()
                | ResetUses()
                | DaAdd()
                | DaNullify()
                | MonsterElementAdd()
                | CombatDa()
                | Rearrange()
                | FloorUp()
                | SummonRebright()
                | RebrightValue()
            ):
                pass  # no choice to make
            case _:
                assert_never(effect)
    return attribute, cell, to, target


def use_reason(state: State, effect: Effect, action: Use, slot: int) -> Reason:
    """Why this effect of the item in ``slot`` cannot act as ``action`` says, or ``None``."""
    game = state.game
    match effect:
        case ElementChoice(choices=choices):
            if LETTERS[action.attribute or 0] not in {a.value for a in choices}:
                return ("TOC-NORMAL-09C", "that element cannot be chosen")
        case Teleport():
            assert action.cell is not None
            card = card_at(state, action.cell)
            if action.cell == state.player or (card is not None and card.kind == "rebright"):
                return ("TOC-NORMAL-09D", "the player cannot fly there")
        case MoveCard():
            assert action.cell is not None and action.to is not None
            if state.floor[action.cell] == EMPTY:
                return ("TOC-NORMAL-09E", f"no card lies at {game.grid.name(action.cell)}")
            if state.floor[action.to] != EMPTY:
                return ("TOC-NORMAL-09E", f"{game.grid.name(action.to)} is not empty")
        case ResetCard():
            if action.target == game.items[state.slots[slot]].id:
                why = "a use costs one use: the item cannot refill its own effect-counters"
                return ("TOC-NORMAL-08", why)
            if action.target not in set(reset_targets(state, slot)):
                return ("TOC-NORMAL-09D", f"{action.target!r} cannot be reset now")
        case RebrightValue():
            if state.rebright is None:
                return ("TOC-RARE-07", "Rebright has not appeared")
        case ResetUses():
            if next(reset_uses_targets(state, slot), None) is None:
                return ("TOC-STEP-05", "no other set item has used any of its effect-counters")
        case Life() | ElementsAdd() | CombatDa() | Rearrange() | FloorUp():
            pass
        case DaAdd() | DaNullify() | MonsterElementAdd() | SummonRebright():
            return ("TOC-NORMAL-06", f"the effect {effect.OP!r} cannot be used from a slot")
        case _:
            assert_never(effect)
    return None


# -- effects in force -------------------------------------------------------------


def effective_da(state: State, cell: int, raw: Da, effects: tuple[Effect, ...]) -> int:
    """What passing a path changes life by (`TOC-PROG1-01`, `TOC-ZAP-03`).

    ``-`` is 0 and takes no ± at all; a numeric da takes the floor's extra da
    and every da modifier in force; a nullified da does nothing.
    """
    if raw is None or raw == PLAIN:
        return 0
    assert isinstance(raw, int)
    card = card_at(state, cell)
    value = raw + state.game.extra_da(state.level)
    if card is not None:
        for effect in effects:
            match effect:
                case DaNullify(scope=scope):
                    if matches(scope, card):
                        return 0
                case DaAdd(scope=scope, add=amount):
                    if matches(scope, card):
                        value += amount
                case MonsterElementAdd() | CombatDa():
                    pass  # in force on a fight's cost or damage, not on a path
                case _:
                    _at_once(effect)
    return value


def monster_cost(state: State, card: CardTable, attribute: int, effects: tuple[Effect, ...]) -> int:
    """The element a fight costs with one attribute; 0 if that attribute cannot pay.

    The monster-element is the value referred to in a fight (`TOC-START-H`, `TOC-PROG2-03`).
    """
    base = card.front.element[attribute]
    if base <= 0:
        return 0
    for effect in effects:
        match effect:
            case MonsterElementAdd(scope=scope, add=amount):
                if matches(scope, card):
                    base += amount
            case DaAdd() | DaNullify() | CombatDa():
                pass  # in force on da, not on a cost
            case _:
                _at_once(effect)
    return max(base, 1)


def fight_da(effects: tuple[Effect, ...]) -> int:
    """The da that effects in force add to a fight (a room's "while here" fight da, `TOC-PROG2-03`)."""
    total = 0
    for effect in effects:
        match effect:
            case CombatDa(add=amount):
                total += amount
            case DaAdd() | DaNullify() | MonsterElementAdd():
                pass  # on paths' da and costs, which effective_da and monster_cost read
            case _:
                _at_once(effect)
    return total


def _at_once(
    effect: Life
    | ElementsAdd
    | ElementChoice
    | Teleport
    | ResetCard
    | ResetUses
    | MoveCard
    | Rearrange
    | FloorUp
    | SummonRebright
    | RebrightValue,
) -> None:
    """An effect that acts at once has nothing to add while in force (the card checks refuse a
    lasting trigger on it); naming every such term here keeps the matches above exhaustive."""
    match effect:
        case (
            Life()
            | ElementsAdd()
            | ElementChoice()
            | Teleport()
            | ResetCard()
            | ResetUses()
            | MoveCard()
            | Rearrange()
            | FloorUp()
            | SummonRebright()
            | RebrightValue()
        ):
            pass
        case _:
            assert_never(effect)
