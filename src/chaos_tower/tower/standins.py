"""Neutral stand-ins for Tower cards: what the lab's card experiments play instead of a card.

A complete Tower set has exactly 25 rooms, 20 monsters and 5 steps, and its
items are referred to by icons and recipes, so no card can simply be taken out
(the set checks refuse it). Instead each card is kept in place, with its paths,
its icons and its recipes, and what it *does* is taken away:

* a room gives no element, its paths cost no da, its r-text does nothing;
* a monster costs 1 of one attribute to fight, its paths and blows cost no da,
  and its defeat gives no element; its texts do nothing;
* an item's uses do nothing (its counters, icons and recipes are kept);
* the cards the rules need to win (the steps, TOC-STEP-01; Rebright, whom
  the last step brings, TOC-STEP-11E) are not blanked, which would make every game a loss, but moved
  within their ranges: a step costs 1 more (or 1 less) of its step-element, and
  Rebright's every value is 1 more (or 1 less).

Every stand-in is a card the schema and the set checks accept; the lab refuses
a variant that is not (a set of one's own may need its own stand-ins).
"""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["tower_standins"]

_KEEP_OPS = frozenset({"floor", "summon_rebright"})
"""Effects a game needs to be winnable at all: they stay when a card is blanked."""


def _no_effects(node: Any) -> None:
    # Every `effects` list loses its effects but those the game needs to be won.
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "effects" and isinstance(value, list):
                kept = [e for e in value if isinstance(e, dict) and e.get("op") in _KEEP_OPS]
                value[:] = kept
            else:
                _no_effects(value)
    elif isinstance(node, list):
        for item in node:
            _no_effects(item)


def _no_da(sides: Any) -> None:
    if isinstance(sides, dict):
        for side, value in sides.items():
            if isinstance(value, int) and not isinstance(value, bool):
                sides[side] = 0


def _clear(elements: Any) -> None:
    if isinstance(elements, dict):
        for attribute in list(elements):
            del elements[attribute]


def _shift(elements: Any, by: int, low: int, high: int) -> bool:
    """Move every listed amount by ``by`` within [low, high]; whether anything moved."""
    moved = False
    if isinstance(elements, dict):
        for attribute, value in list(elements.items()):
            if isinstance(value, int) and low <= value + by <= high:
                elements[attribute] = value + by
                moved = True
    return moved


def _room(card: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    blank = copy.deepcopy(card)
    for face in ("front", "back"):
        if isinstance(blank.get(face), dict):
            _clear(blank[face].get("room_element"))
            _no_da(blank[face].get("da"))
    _no_effects(blank)
    return [("blank", blank)]


def _monster(card: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    blank = copy.deepcopy(card)
    front, back = blank.get("front"), blank.get("back")
    if isinstance(front, dict):
        cost = front.get("monster_element")
        if isinstance(cost, dict) and cost:
            first = next(iter(cost))
            _clear(cost)
            cost[first] = 1
        _no_da(front.get("da"))
    if isinstance(back, dict):
        _clear(back.get("mg_element"))
        _no_da(back.get("da"))
    _no_effects(blank)
    return [("blank", blank)]


def _item(card: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    blank = copy.deepcopy(card)
    _no_effects(blank)
    return [("no effect", blank)] if blank != card else []


def _moved(card: dict[str, Any], key: str, high: int) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for by, label in ((1, "+1"), (-1, "-1")):
        moved = copy.deepcopy(card)
        if _shift(moved.get(key), by, 1 if key == "step_element" else 0, high):
            out.append((f"{key.replace('_', '-')} {label}", moved))
    return out


def tower_standins(
    section: str, card: dict[str, Any], data: dict[str, Any]
) -> list[tuple[str, dict[str, Any]]] | None:
    """(label, card data) of each stand-in the lab plays for ``card`` of ``section``.

    ``data`` is the whole set's data (for its bounds: the sheet's greatest element). ``[]``: the
    card has no stand-in (it does nothing to take away); ``None``: ``section`` holds no cards.
    """
    sheet = data.get("sheet")
    bounds = sheet.get("element") if isinstance(sheet, dict) else None
    greatest = bounds.get("max", 99) if isinstance(bounds, dict) else 99
    if section == "rooms":
        return _room(card)
    if section == "monsters":
        return _monster(card)
    if section in ("normal_items", "rare_items", "items"):
        return _item(card)
    if section == "steps":
        return _moved(card, "step_element", greatest)
    if section == "rebright":
        return _moved(card, "values", greatest)
    return None  # not a card (the sheet, the marks, ...)
