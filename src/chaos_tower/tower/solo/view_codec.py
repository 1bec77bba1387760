"""The solo player's view as a player-safe save: ``ct.dumps(ct.observation(s, 0))``, read by ``ct.loads``.

The save is the observation's own JSON (:meth:`Observation.to_json
<chaos_tower.tower.solo.observe.Observation.to_json>`) with a ``format``; it holds
nothing the observation does not, so neither the deck's order below its top
card nor the chance state. Reading it is strict: the card set's fingerprint,
every id, every key and every kind of value are checked, and anything else is
refused with :class:`~chaos_tower.kernel.errors.SaveError`.
"""

from __future__ import annotations

import json
from typing import Any

from ...kernel import saves
from ...kernel.errors import SaveError
from ...kernel.options import read_options
from ..cards import TowerCardSet
from ..vocabulary import LETTERS
from .observe import Cell, Observation
from .options import carried, registered
from .state import DA_ORDERS, NO_MORE
from .tables import compile_game

__all__ = ["VIEW_FORMAT", "dumps", "loads"]

VIEW_FORMAT = "chaos-tower/tower-solo-view/2"
"""The ``format`` of a saved solo view. 2: the reading options step_on_road and da_order joined it."""


def dumps(view: Observation) -> str:
    """The view as compact JSON text with its ``format``."""
    return json.dumps(
        {"format": VIEW_FORMAT, **view.to_json()}, ensure_ascii=False, sort_keys=True, separators=(",", ":")
    )


def _int(value: Any) -> int:
    if type(value) is not int:
        raise SaveError(f"a bad view: {value!r} is not an integer")
    return value


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise SaveError(f"a bad view: {value!r} is not true or false")
    return value


def _da_order(value: Any) -> str:
    if isinstance(value, str) and value in DA_ORDERS:
        return value
    raise SaveError(f"a bad view: da_order is one of {', '.join(DA_ORDERS)}, not {value!r}")


def _letters(value: Any) -> tuple[int, int, int, int, int]:
    if not isinstance(value, dict) or set(value) != set(LETTERS):
        raise SaveError("a bad view: five values by attribute letter are needed")
    g, w, v, s, d = (_int(value[x]) for x in LETTERS)
    return (g, w, v, s, d)


def loads(text: str | bytes, cards: TowerCardSet) -> Observation:
    """Read a view written by :func:`dumps` for the same card set."""
    if not isinstance(cards, TowerCardSet):
        raise SaveError("a Tower view is loaded with a Tower card set")
    game = compile_game(cards)
    data = saves.parse(text)
    if not isinstance(data, dict) or data.pop("format", None) != VIEW_FORMAT:
        raise SaveError(f"not a solo view (expected format {VIEW_FORMAT!r})")
    if data.get("cardset") != game.fingerprint:
        raise SaveError("the view was made with another card set")
    cards_ = {c.id for c in game.table}
    items = {i.id for i in game.items}

    def known(value: Any, ids: set[str], nullable: bool = False) -> Any:
        if (value is None and nullable) or (isinstance(value, str) and value in ids):
            return value
        raise SaveError(f"a bad view: {value!r} is not an id of this card set")

    def listed(value: Any, ids: set[str]) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise SaveError("a bad view: a list of ids is needed")
        return tuple(known(v, ids) for v in value)

    def cell(value: Any) -> Cell | None:
        if value is None:
            return None
        if not isinstance(value, dict) or set(value) != {"card", "rotation", "back"}:
            raise SaveError("a bad view: a floor cell is {card, rotation, back} or null")
        return Cell(
            card=known(value["card"], cards_), rotation=_int(value["rotation"]), back=_bool(value["back"])
        )

    def slot(value: Any) -> tuple[str, str | None, int]:
        if not isinstance(value, dict) or set(value) != {"slot", "item", "counters"}:
            raise SaveError("a bad view: a slot is {slot, item, counters}")
        return (
            known(value["slot"], set(game.slot_ids)),
            known(value["item"], items, True),
            _int(value["counters"]),
        )

    specs = registered()
    more = carried(specs)
    try:
        floor, slots = data["floor"], data["slots"]
        if not isinstance(floor, list) or not isinstance(slots, list):
            raise SaveError("a bad view: floor and slots are lists")
        max_actions, player, result = data["max_actions"], data["player"], data["result"]
        view = Observation(
            cardset=data["cardset"],
            columns=_int(data["columns"]),
            rows=_int(data["rows"]),
            floor=tuple(cell(c) for c in floor),
            player=None
            if player is None
            else known(player, {game.grid.name(i) for i in range(game.grid.cells)}),
            life=_int(data["life"]),
            elements=_letters(data["elements"]),
            level=_int(data["level"]),
            deck_top=known(data["deck_top"], cards_, True),
            deck_size=_int(data["deck_size"]),
            step_area=listed(data["step_area"], cards_),
            used_steps=listed(data["used_steps"], cards_),
            carry=listed(data["carry"], items),
            slots=tuple(slot(s) for s in slots),
            lost=listed(data["lost"], items),
            rebright=None if data["rebright"] is None else _letters(data["rebright"]),
            rebright_pending=_bool(data["rebright_pending"]),
            rearranging=_bool(data["rearranging"]),
            step_returns=_bool(data["step_returns"]),
            item_on_entry=_bool(data["item_on_entry"]),
            combat_bonus=_int(data["combat_bonus"]),
            actions=_int(data["actions"]),
            max_actions=None if max_actions is None else _int(max_actions),
            result=known(result, {"won", "lost", "ended"}, True),
            step_on_road=_bool(data["step_on_road"]),
            da_order=_da_order(data["da_order"]),
            more=read_options("solo", specs, {n: data[n] for n in more}, only=more) if more else NO_MORE,
        )
    except KeyError as exc:
        raise SaveError(f"a bad view: the key {exc.args[0]!r} is missing") from None
    if view.to_json() != data:
        raise SaveError("a bad view: unexpected keys, or values out of shape")
    if (view.columns, view.rows, len(view.floor)) != (game.grid.columns, game.grid.rows, game.grid.cells):
        raise SaveError("a bad view: the floor is not this card set's sheet")
    return view
