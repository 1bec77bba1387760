"""Items: icons (``TOC-ITEM-01``), the carry area (``TOC-CARRY``), set slots and their use
(``TOC-NORMAL``, ``TOC-RARE``).

The ten items the manual prints (`TOC-NORMAL-09`, `TOC-RARE-08`) act through
the effect vocabulary; every one of their carry and slot effects is carried
out here or in :mod:`.board` (continuous effects).

An item is in exactly one place: its own area (the normal or rare area, or
still only an icon on a card), carry, a slot, or lost.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..vocabulary import Effect, Trigger
from .actions import Discard, Finish, Make, Relocate, SetItem, Stand, Take, Use
from .board import card_at, face_at, holds
from .change import Change
from .effects import CARRY_RULE, needs, perform
from .effects import use_reason as effect_use_reason
from .moves import leave_step, relocate
from .reset import full_counters, reset_targets
from .state import EMPTY, Reason, State, rotation_of
from .tables import ItemTable

__all__ = [
    "CARRY_RULE",
    "apply_discard",
    "apply_make",
    "apply_rearrange",
    "apply_set",
    "apply_take",
    "apply_use",
    "discard_reason",
    "in_area",
    "make_reason",
    "needs",
    "offered_items",
    "rearrange_reason",
    "relocate",
    "reset_targets",
    "set_reason",
    "take_reason",
    "usable_effects",
    "use_reason",
]

_ICON_RULE = {
    "monster": "TOC-ITEM-01A",
    "change": "TOC-ITEM-01B",
    "growth": "TOC-ITEM-01C",
    "normal": "TOC-ITEM-01D",
    "rare": "TOC-ITEM-01E",
}



def in_area(state: State, item: int) -> bool:
    """The item is still in its own area: not carried, set, or lost."""
    return item not in state.carry and item not in state.slots and item not in state.lost


def offered_items(state: State) -> Iterator[int]:
    """Items the player may take now (`TOC-ITEM-01A` to `01D`).

    Monster, change and growth items: shown by the icon of a flipped card on a
    neighbouring cell, paths ignored. Normal items: shown by the icon of the
    flipped room the player stands in, when its condition was met as the player
    entered it (条件を揃えたそのroomに入る事で; :attr:`State.item_on_entry`), or, with the
    option ``normal_item="while_inside"``, whenever it holds while the player is there.
    """
    if state.player < 0 or state.floor[state.player] == EMPTY:
        return
    game = state.game
    floor = state.floor
    # Icons show on flipped faces only (TOC-ITEM-01); an empty cell (-1) is odd too.
    cells = [c for c in (*game.grid.neighbours[state.player], state.player) if c != -1 and floor[c] & 1]
    seen: set[int] = set()
    on_entry = _on_entry(state)
    for cell in cells:
        code = floor[cell]
        if code == EMPTY:
            continue
        icon = face_at(state, cell).icon
        if icon is None or icon.item not in game.item_index:
            continue
        item = game.item_index[icon.item]
        kind = game.items[item].kind
        if kind == "normal":
            if cell != state.player:
                continue
            if on_entry:
                if not state.item_on_entry:
                    continue
            elif icon.when is not None and not holds(state, icon.when, cell):
                continue
        elif cell == state.player:
            continue
        if item not in seen and in_area(state, item):
            seen.add(item)
            yield item


def _on_entry(state: State) -> bool:
    # The option normal_item (TOC-ITEM-01D); a state made without it (a mode registered with other
    # options) reads the manual's way.
    try:
        return bool(state.more["normal_item"] == "on_entry")
    except KeyError:
        return True


def _item(state: State, item_id: str) -> int | None:
    return state.game.item_index.get(item_id)


def _drop_reason(state: State, item: int, drop: str | None, rule: str) -> Reason:
    limit = state.game.carry_limit
    if len(state.carry) < limit:
        if drop is not None:
            return (rule, "carry has room; nothing is dropped")
        return None
    if drop is None:
        return ("TOC-CARRY-02", f"carry holds {limit} items; name the one that goes to lost")
    dropped = _item(state, drop)
    if dropped is None or (dropped not in state.carry and dropped != item):
        return ("TOC-CARRY-02", f"{drop!r} is neither carried nor the item taken")
    return None


def take_reason(state: State, action: Take) -> Reason:
    """Why that item cannot be taken, or ``None``."""
    item = _item(state, action.item)
    if item is None:
        return ("TOC-ITEM-01", f"no item {action.item!r}")
    kind = state.game.items[item].kind
    if item not in set(offered_items(state)):
        return (_ICON_RULE[kind], f"{action.item} is not offered by an icon here")
    return _drop_reason(state, item, action.drop, _ICON_RULE[kind])


def _gain(change: Change, item: int, drop: str | None, rule: str) -> None:
    game = change.original.game
    carry = (*change.carry, item)
    change.event(rule, "item", f"{game.items[item].name} gained", card=game.items[item].id)
    if drop is not None:
        dropped = game.item_index[drop]
        carry = tuple(i for i in carry if i != dropped)
        change.lost = (*change.lost, dropped)
        change.event("TOC-CARRY-02", "lost", f"carry is full: {game.items[dropped].name} goes to lost")
    change.carry = carry


def apply_take(change: Change, action: Take) -> None:
    """Take the item into carry (`TOC-CARRY-01`, `02`)."""
    game = change.original.game
    item = game.item_index[action.item]
    _gain(change, item, action.drop, _ICON_RULE[game.items[item].kind])


def make_reason(state: State, action: Make) -> Reason:
    """Why that item cannot be made, or ``None`` (`TOC-RARE-06`)."""
    item = _item(state, action.item)
    if item is None:
        return ("TOC-RARE-06", f"no item {action.item!r}")
    table = state.game.items[item]
    recipe = table.recipe
    rule = "TOC-RARE-06" if table.kind == "rare" else _ICON_RULE[table.kind]
    if recipe is None:
        return (rule, f"{table.name} has no recipe")
    if not in_area(state, item):
        return (rule, f"{table.name} is already in play")
    carried = {state.game.items[i].id for i in state.carry}
    missing = [c for c in recipe.consume if c not in carried]
    if missing:
        return (rule, f"{table.name} needs {', '.join(missing)} in carry")
    if recipe.when is not None and not holds(state, recipe.when, state.player):
        return (rule, f"the condition of {table.name}'s recipe does not hold")
    return None


def apply_make(change: Change, action: Make) -> None:
    """Consume the recipe's items (to lost, `TOC-CARRY-03`) and gain the new one."""
    state = change.original
    game = state.game
    item = game.item_index[action.item]
    table = game.items[item]
    assert table.recipe is not None
    used = {game.item_index[c] for c in table.recipe.consume}
    change.carry = tuple(i for i in state.carry if i not in used)
    change.lost = (*state.lost, *(i for i in state.carry if i in used))
    rule = "TOC-RARE-06" if table.kind == "rare" else _ICON_RULE[table.kind]
    change.event(rule, "consume", f"{', '.join(table.recipe.consume)} consumed")
    _gain(change, item, None, rule)


def set_reason(state: State, action: SetItem) -> Reason:
    """Why that item cannot be set in that slot, or ``None`` (`TOC-NORMAL-06`, `TOC-RARE-07`)."""
    item = _item(state, action.item)
    if item is None:
        return ("TOC-NORMAL-06", f"no item {action.item!r}")
    table = state.game.items[item]
    if item not in state.carry:
        return ("TOC-NORMAL-06", f"{table.name} is not in carry")
    if not table.settable:
        return (_ICON_RULE[table.kind], f"{table.name} can be kept in carry only")
    if action.slot not in state.game.slot_ids:
        return ("TOC-PREP-08", f"no slot {action.slot!r}")
    if state.slots[state.game.slot_ids.index(action.slot)] != EMPTY:
        return ("TOC-NORMAL-06", f"slot {action.slot} is taken until its item is used up or a ZAP")
    return None


def _side_effects(table: ItemTable, side: str) -> tuple[Effect, ...]:
    # set-text-f in a front slot (TOC-NORMAL-06), set-text-r in a rear slot (TOC-NORMAL-07); their
    # counters: reset.full_counters.
    return table.front_effects if side == "front" else table.rear_effects


def apply_set(change: Change, action: SetItem) -> None:
    """Move the item from carry into the slot, its effect-counters full (`TOC-NORMAL-08`)."""
    state = change.original
    game = state.game
    item = game.item_index[action.item]
    slot = game.slot_ids.index(action.slot)
    slots, counts = list(state.slots), list(state.counters)
    slots[slot], counts[slot] = item, full_counters(state, slot, item)
    change.carry = tuple(i for i in state.carry if i != item)
    change.slots, change.counters = tuple(slots), tuple(counts)
    rule = "TOC-RARE-07" if game.items[item].kind == "rare" else "TOC-NORMAL-06"
    change.event(rule, "set", f"{game.items[item].name} set in {action.slot}")


def usable_effects(state: State, slot: int) -> tuple[Effect, ...]:
    """The on-use effects of the item set in a slot."""
    item = state.slots[slot]
    effects = _side_effects(state.game.items[item], state.game.slot_side[slot])
    return tuple(e for e in effects if e.trigger is Trigger.ON_USE)


def use_reason(state: State, action: Use) -> Reason:
    """Why that slot cannot be used so, or ``None`` (`TOC-NORMAL-06`, `TOC-RARE-07`)."""
    game = state.game
    if action.slot not in game.slot_ids:
        return ("TOC-PREP-08", f"no slot {action.slot!r}")
    slot = game.slot_ids.index(action.slot)
    if state.slots[slot] == EMPTY:
        return ("TOC-NORMAL-06", f"nothing is set in {action.slot}")
    if state.player < 0 or state.floor[state.player] == EMPTY:
        return ("TOC-START-A", "no card lies under the player yet")
    x, y = game.grid.xy(state.player)
    if x != game.slot_column[slot] and y != game.slot_row[slot]:
        rule = "TOC-RARE-07" if game.items[state.slots[slot]].kind == "rare" else "TOC-NORMAL-06"
        return (rule, f"the player must stand in the row or column of {action.slot}")
    if state.rebright_pending:
        return ("TOC-STEP-04", "Rebright must be placed first")
    effects = usable_effects(state, slot)
    if not effects:
        return ("TOC-NORMAL-06", f"{game.items[state.slots[slot]].name} does nothing when used")
    wants = needs(effects)
    given = (
        action.attribute is not None,
        action.cell is not None,
        action.to is not None,
        action.target is not None,
    )
    for want, got, what in zip(
        wants, given, ("an element", "a cell", "a destination", "a target"), strict=True
    ):
        if want != got:
            return ("TOC-NORMAL-06", f"choose {what}" if want else f"{what} is not chosen for this item")
    for effect in effects:
        reason = effect_use_reason(state, effect, action, slot)
        if reason is not None:
            return reason
    # TOC-OVER-01 (reading): an action that changes nothing is no action. A counted use always
    # spends a counter; an unlimited one (a rare item's set-effect) is tried on a draft.
    if state.counters[slot] == -1 and _changes_nothing(state, action):
        return ("TOC-OVER-01", f"using {game.items[state.slots[slot]].name} now would change nothing")
    return None


def _changes_nothing(state: State, action: Use) -> bool:
    change = Change(state)
    apply_use(change, action)
    return change.now() == state  # equal positions: events aside, nothing differs


def apply_use(change: Change, action: Use) -> None:
    """Carry out the slot's effect once, and count it (`TOC-NORMAL-06`, `08`)."""
    state = change.original
    game = state.game
    slot = game.slot_ids.index(action.slot)
    item = state.slots[slot]
    table = game.items[item]
    rule = "TOC-RARE-07" if table.kind == "rare" else "TOC-NORMAL-06"
    change.event(rule, "use", f"{table.name} used from {action.slot}", card=table.id)
    counters = state.counters[slot]
    if counters > 0:
        slots, counts = list(state.slots), list(state.counters)
        counts[slot] = counters - 1
        if counters == 1:
            slots[slot], counts[slot] = EMPTY, -1
            change.lost = (*state.lost, item)
            change.event("TOC-NORMAL-06", "lost", f"{table.name}'s counters reach 0: it goes to lost")
        change.slots, change.counters = tuple(slots), tuple(counts)
    for effect in usable_effects(state, slot):
        perform(change, effect, rule, f"{table.name}", use=action)


def rearrange_reason(state: State, action: Relocate | Stand | Finish) -> Reason:
    """Why that step of a rearrangement is not possible, or ``None`` (`TOC-NORMAL-09E`)."""
    if not state.rearranging:
        return ("TOC-NORMAL-09E", "nothing is being rearranged")
    grid = state.game.grid
    if isinstance(action, Relocate):
        if state.floor[action.cell] == EMPTY:
            return ("TOC-NORMAL-09E", f"no card lies at {grid.name(action.cell)}")
        if action.to != action.cell and state.floor[action.to] != EMPTY:
            return ("TOC-NORMAL-09E", f"{grid.name(action.to)} is not empty")
        if action.to == action.cell and rotation_of(state.floor[action.cell]) == action.rotation:
            # TOC-OVER-01 (reading): the card would stay as it lies; that is no action.
            return ("TOC-OVER-01", f"the card at {grid.name(action.cell)} would stay as it lies")
    elif isinstance(action, Stand):
        card = card_at(state, action.cell)
        if card is None or card.kind == "rebright" or action.cell == state.player:
            return ("TOC-NORMAL-09E", f"the player cannot be put at {grid.name(action.cell)}")
    return None


def apply_rearrange(change: Change, action: Relocate | Stand | Finish) -> None:
    """One step of Sword Of Light's rearrangement (`TOC-NORMAL-09E`: player含め自由に再配置)."""
    state = change.original
    if isinstance(action, Relocate):
        relocate(change, action.cell, action.to, action.rotation, "TOC-NORMAL-09E")
    elif isinstance(action, Stand):
        leave_step(change)
        change.player, change.item_on_entry = action.cell, False  # put there, not entering
        change.event("TOC-NORMAL-09E", "move", f"the player is put at {state.game.grid.name(action.cell)}")
    else:
        change.rearranging = False
        change.event("TOC-NORMAL-09E", "rearrange", "the rearrangement is finished")


def discard_reason(state: State, action: Discard) -> Reason:
    """Why that item cannot be discarded, or ``None`` (`TOC-CARRY-03`: 不要)."""
    item = _item(state, action.item)
    if item is None or item not in state.carry:
        return ("TOC-CARRY-03", f"{action.item!r} is not in carry")
    return None


def apply_discard(change: Change, action: Discard) -> None:
    """Put the carried item in the lost area."""
    state = change.original
    item = state.game.item_index[action.item]
    change.carry, change.lost = tuple(i for i in state.carry if i != item), (*state.lost, item)
    change.event("TOC-CARRY-03", "lost", f"{state.game.items[item].name} discarded to lost")
