"""What the solo player may know of a position: an :class:`Observation`, and the same as numbers.

The player sees everything on the table: the floor with every card's face and
turn, their own values, the number card, the steps, every item's place, and the
chaos deck's face-up top card and size (`TOC-PREP-03`: the deck lies face up).
What they cannot see is the order of the deck below its top card, nor the
chance state (seed and generator) that will order it again at a ZAP; those stay
out of the observation, so two positions that differ only there look the same.

>>> import chaos_tower as ct
>>> state = ct.new_game(ct.load_cardset(), seed=7)
>>> seen = ct.observation(state, 0)
>>> seen.deck_top, seen.deck_size, seen.player
('monster.vulcan', 45, None)
>>> len(ct.observation_tensor(state, 0)) == tensor_size(state.game)
True
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ...kernel.options import Options, options_data
from ...kernel.saves import as_float
from ..vocabulary import LETTERS
from .layout import ACTIONS_SCALE, BONUS_SCALE, LEVEL_SCALE, layout, most_counters
from .state import EMPTY, NO_MORE, State, card_of, is_flipped, rotation_of
from .tables import Game

__all__ = ["Cell", "Observation", "observation", "observation_tensor", "tensor_size"]


@frozen(kw_only=True)
class Cell:
    """A card on the floor as the player sees it."""

    card: str
    """The card's id."""
    rotation: int
    """Quarter turns clockwise, 0..3."""
    back: bool
    """The card shows its back face (a flipped room, a defeated monster)."""


@frozen(kw_only=True)
class Observation:
    """One player's view of a solo position: a frozen value with :meth:`to_json` and ``str``."""

    cardset: str
    """The card set's SHA-256 fingerprint (public: the player knows the cards played with)."""
    columns: int
    rows: int
    floor: tuple[Cell | None, ...]
    """Row by row from the top left; ``None`` for an empty cell."""
    player: str | None
    """The player's cell as ``x,y``, or ``None`` before the first card is placed."""
    life: int
    elements: tuple[int, int, int, int, int]
    level: int
    """The number card's floor; 0 is ZAP."""
    deck_top: str | None
    """The id of the chaos deck's top card (face up), ``None`` when the deck is empty."""
    deck_size: int
    step_area: tuple[str, ...]
    used_steps: tuple[str, ...]
    carry: tuple[str, ...]
    slots: tuple[tuple[str, str | None, int], ...]
    """Per slot: its id, the item set there (or ``None``) and effect-counters left (-1: no limit)."""
    lost: tuple[str, ...]
    rebright: tuple[int, int, int, int, int] | None
    rebright_pending: bool
    rearranging: bool
    step_returns: bool
    """The step stood on ended a ZAP and goes back to the step area unused (`TOC-ZAP-07`)."""
    item_on_entry: bool
    """The room stood in had its normal item's condition met as the player entered (`TOC-ITEM-01D`)."""
    combat_bonus: int
    actions: int
    max_actions: int | None
    result: str | None
    """``won``, ``lost`` or ``ended`` once the game is over."""
    step_on_road: bool = False
    """The option ``step_on_road`` (`TOC-STEP-02`): the rules in force are no secret."""
    da_order: str = "summed"
    """The option ``da_order`` (`TOC-PROG1-02`)."""
    more: Options = NO_MORE
    """The mode's other options (the state's ``more``), each a key of the JSON by its name."""

    def to_json(self) -> dict[str, Any]:
        """The observation as plain JSON data (dicts, lists, strings, numbers, null)."""
        return {
            "cardset": self.cardset,
            "columns": self.columns,
            "rows": self.rows,
            "floor": [
                None if c is None else {"card": c.card, "rotation": c.rotation, "back": c.back}
                for c in self.floor
            ],
            "player": self.player,
            "life": self.life,
            "elements": dict(zip(LETTERS, self.elements, strict=True)),
            "level": self.level,
            "deck_top": self.deck_top,
            "deck_size": self.deck_size,
            "step_area": list(self.step_area),
            "used_steps": list(self.used_steps),
            "carry": list(self.carry),
            "slots": [{"slot": s, "item": i, "counters": n} for s, i, n in self.slots],
            "lost": list(self.lost),
            "rebright": None if self.rebright is None else dict(zip(LETTERS, self.rebright, strict=True)),
            "rebright_pending": self.rebright_pending,
            "rearranging": self.rearranging,
            "step_returns": self.step_returns,
            "item_on_entry": self.item_on_entry,
            "combat_bonus": self.combat_bonus,
            "actions": self.actions,
            "max_actions": self.max_actions,
            "result": self.result,
            "step_on_road": self.step_on_road,
            "da_order": self.da_order,
            **options_data(self.more),
        }

    def __str__(self) -> str:
        rows = []
        for y in range(self.rows):
            cells = []
            for x in range(self.columns):
                c = self.floor[y * self.columns + x]
                here = "@" if self.player == f"{x},{y}" else ""
                cells.append(here + ("." if c is None else f"{c.card}@{c.rotation}{'b' if c.back else 'f'}"))
            rows.append(",".join(cells))
        level = "Z" if self.level == 0 else str(self.level)
        slots = ",".join(f"{s}:{i or '-'}:{n}" for s, i, n in self.slots)
        rebright = "-" if self.rebright is None else ".".join(map(str, self.rebright))
        words = [
            f"floor={'/'.join(rows)}",
            f"life={self.life}",
            f"el={'.'.join(map(str, self.elements))}",
            f"level={level}",
            f"top={self.deck_top or '-'}",
            f"deck={self.deck_size}",
            f"steps={','.join(self.step_area) or '-'}",
            f"used={','.join(self.used_steps) or '-'}",
            f"carry={','.join(self.carry) or '-'}",
            f"slots={slots or '-'}",
            f"lost={','.join(self.lost) or '-'}",
            f"rebright={rebright}{'!' if self.rebright_pending else ''}",
            f"bonus={self.combat_bonus}",
            f"mode={'rearrange' if self.rearranging else 'play'}",
            f"acts={self.actions}" + ("" if self.max_actions is None else f"/{self.max_actions}"),
        ]
        if self.step_returns:
            words.append("step-returns")
        if self.item_on_entry:
            words.append("item-on-entry")
        if self.result is not None:
            words.append(f"result={self.result}")
        return " ".join(words)


def observation(state: State, player: int) -> Observation:
    """What ``player`` (the only one, 0) may know of ``state``."""
    _check_player(player)
    game = state.game
    ids = [card.id for card in game.table]
    floor = tuple(
        None
        if cell == EMPTY
        else Cell(card=ids[card_of(cell)], rotation=rotation_of(cell), back=is_flipped(cell))
        for cell in state.floor
    )
    items = [item.id for item in game.items]
    return Observation(
        cardset=game.fingerprint,
        columns=game.grid.columns,
        rows=game.grid.rows,
        floor=floor,
        player=None if state.player < 0 else game.grid.name(state.player),
        life=state.life,
        elements=state.elements,
        level=state.level,
        deck_top=ids[state.deck[0]] if state.deck else None,
        deck_size=len(state.deck),
        step_area=tuple(ids[s] for s in state.step_area),
        used_steps=tuple(ids[s] for s in state.used_steps),
        carry=tuple(items[i] for i in state.carry),
        slots=tuple(
            (slot, None if held == EMPTY else items[held], count)
            for slot, held, count in zip(game.slot_ids, state.slots, state.counters, strict=True)
        ),
        lost=tuple(items[i] for i in state.lost),
        rebright=state.rebright,
        rebright_pending=state.rebright_pending,
        rearranging=state.rearranging,
        step_returns=state.step_returns,
        item_on_entry=state.item_on_entry,
        combat_bonus=state.combat_bonus,
        actions=state.actions,
        max_actions=state.max_actions,
        result=None if state.result is None else state.result.result,
        step_on_road=state.step_on_road,
        da_order=state.da_order,
        more=state.more,
    )


def _check_player(player: int) -> None:
    if player != 0:
        raise ValueError(f"the solo game has one player, 0; not {player!r}")


# -- the tensor ----------------------------------------------------------------


def _sizes(game: Game) -> tuple[int, int, int]:
    cards, items, slots = len(game.table), len(game.items), len(game.slot_ids)
    per_cell = 1 + cards + 4 + 1 + 1
    places = 3 + slots  # item in its own area, carried, lost, or in a slot
    return per_cell, cards, items * places


def tensor_size(game: Game) -> int:
    """The length of :func:`observation_tensor` for this card set (where its layout stops)."""
    return layout(game)[-1].stop


def observation_tensor(state: State, player: int) -> tuple[float, ...]:
    """:func:`observation` as a fixed-length vector (:func:`tensor_size` numbers), every one in -1..1.

    Layout (named, with ranges and scaling, by :func:`chaos_tower.tower.solo.layout.observation_layout`):
    per floor cell (row by row) ``[occupied, card one-hot, rotation one-hot (4), back,
    player here]``; the deck's top card one-hot (last entry: deck empty); the step area and
    the used steps as card multi-hot; per item a one-hot of its place (own area, carry,
    lost, then each slot); per slot its effect-counters; Rebright ``[summoned, values (5),
    pending]``; then life, the five elements, floor (0 ZAP), deck size, combat bonus,
    rearranging, step returns, actions taken, game over. Bounded values are divided by
    their range, unbounded ones squashed (:mod:`chaos_tower.kernel.layout`).
    """
    _check_player(player)
    game = state.game
    per_cell, cards, _ = _sizes(game)
    out = [0.0] * tensor_size(game)
    for index, cell in enumerate(state.floor):
        base = index * per_cell
        if index == state.player:
            out[base + per_cell - 1] = 1.0
        if cell == EMPTY:
            continue
        out[base] = 1.0
        out[base + 1 + card_of(cell)] = 1.0
        out[base + 1 + cards + rotation_of(cell)] = 1.0
        out[base + 1 + cards + 4] = float(is_flipped(cell))
    at = game.grid.cells * per_cell
    out[at + (state.deck[0] if state.deck else cards)] = 1.0
    at += cards + 1
    for s in state.step_area:
        out[at + s] = 1.0
    at += cards
    for s in state.used_steps:
        out[at + s] = 1.0
    at += cards
    places = 3 + len(game.slot_ids)
    where = [0] * len(game.items)  # 0: its own area
    for i in state.carry:
        where[i] = 1
    for i in state.lost:
        where[i] = 2
    for slot, held in enumerate(state.slots):
        if held != EMPTY:
            where[held] = 3 + slot
    for item, place in enumerate(where):
        out[at + item * places + place] = 1.0
    at += len(game.items) * places
    most = most_counters(game)
    for slot, count in enumerate(state.counters):
        out[at + slot] = (as_float(count) + 1) / (most + 1)
    at += len(game.slot_ids)
    low, span = game.element_min, (game.element_max - game.element_min) or 1
    if state.rebright is not None:
        out[at] = 1.0
        out[at + 1 : at + 6] = [(as_float(v) - low) / span for v in state.rebright]
    out[at + 6] = float(state.rebright_pending)
    at += 7
    bonus = state.combat_bonus
    scalars = (
        (as_float(state.life) - game.life_min) / ((game.life_max - game.life_min) or 1),
        *((as_float(v) - low) / span for v in state.elements),
        as_float(state.level) / (as_float(state.level) + LEVEL_SCALE),
        len(state.deck) / (len(game.chaos) or 1),
        as_float(bonus) / (abs(as_float(bonus)) + BONUS_SCALE),
        int(state.rearranging),
        int(state.step_returns),
        int(state.item_on_entry),
        as_float(state.actions) / (as_float(state.actions) + ACTIONS_SCALE),
        int(state.result is not None),
    )
    # as_float: a state built by hand may hold numbers no save loads (saves.MAX_COUNT)
    out[at : at + len(scalars)] = [as_float(v) for v in scalars]
    return tuple(out)
