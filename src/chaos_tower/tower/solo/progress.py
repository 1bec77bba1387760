"""Moving, flipping rooms and fighting: ``TOC-PROG1`` to ``TOC-PROG4``.

The four progress sections of the manual differ only in which kinds of card
the player leaves and enters; one set of functions serves all four and each
cites the clause of the case at hand.
"""

from __future__ import annotations

from ..vocabulary import LETTERS
from .actions import Fight, Flip, Move
from .board import card_at, connected, continuous_effects, side_at
from .change import Change
from .effects import effective_da, enter_card, fight_da, monster_cost
from .geometry import DIRECTIONS, OPPOSITE
from .moves import leave_step
from .placement import in_start_phase
from .prep import fall
from .state import EMPTY, Outcome, Reason, State, encode, rotation_of

__all__ = [
    "apply_fight",
    "apply_flip",
    "apply_move",
    "enter_card",
    "fight_reason",
    "flip_reason",
    "move_reason",
]


def _progress_rule(state: State, target: int, item: str) -> str:
    """The progress clause for the player's card and ``target`` (room/monster pairs).

    Progress Ⅰ–Ⅳ differ by what the player leaves and what lies ahead:
    `TOC-PROG1-02` room→room, `TOC-PROG2-02` room→monster, `TOC-PROG3-02`
    monster→room, `TOC-PROG4-02` monster→monster (`TOC-PROG4-01`: cards are laid
    where the player's paths point, as everywhere); a fight
    (item 03) exists only in Ⅱ and Ⅳ, so with no monster ahead it cites Ⅱ or Ⅳ by
    what the player stands on.
    """
    here = card_at(state, state.player)
    there = card_at(state, target) if target >= 0 else None
    from_monster = here is not None and here.kind == "monster"
    to_monster = item == "03" or (there is not None and there.kind == "monster")
    return _PROGRESS_RULES[from_monster, to_monster, item]


_PROGRESS_RULES = {
    (from_monster, to_monster, item): f"TOC-{section}-{item}"
    for (from_monster, to_monster), section in {
        (False, False): "PROG1",
        (False, True): "PROG2",
        (True, False): "PROG3",
        (True, True): "PROG4",
    }.items()
    for item in ("02", "03")
}


def move_reason(state: State, action: Move) -> Reason:
    """Why the player cannot move that way, or ``None``."""
    if in_start_phase(state):
        return ("TOC-START-A", "no card lies under the player yet")
    if state.rebright_pending:
        return ("TOC-STEP-04", "Rebright must be placed first")
    d = action.direction
    target = state.game.grid.neighbours[state.player][d]
    if side_at(state, state.player, d) is None:
        rule = _progress_rule(state, target, "02")
        return (rule, f"the player's card has no path to the {DIRECTIONS[d]}")
    if target == -1 or state.floor[target] == EMPTY:
        return None  # leaving the floor (TOC-OVER-01) or falling (TOC-ZAP-05): offered, and fatal or costly
    card = card_at(state, target)
    if card is not None and card.kind == "rebright":
        return ("TOC-STEP-11E", "Rebright is fought, not entered")
    if connected(state, state.player, d) == -1:
        return (
            _progress_rule(state, target, "02"),
            f"the card to the {DIRECTIONS[d]} has no path back: the road is not connected",
        )
    return None


def apply_move(change: Change, action: Move) -> None:
    """Pass the two paths, paying both da, and enter the next card (`TOC-PROG1-02` to `TOC-PROG4-02`)."""
    state = change.original
    game = state.game
    d = action.direction
    target = game.grid.neighbours[state.player][d]
    if target == -1:
        change.event("TOC-OVER-01", "move", f"the player walks off the floor to the {DIRECTIONS[d]}")
        change.end(
            Outcome(result="lost", cause="left-floor", rule="TOC-OVER-01"),
            "the player left the floor area: GameOver",
        )
        return
    floor = state.floor
    if floor[target] == EMPTY:
        fall(change, target)
        return
    effects = continuous_effects(state, entering=target)
    player = state.player
    exit_da = effective_da(state, player, side_at(state, player, d), effects)
    entry_da = effective_da(state, target, side_at(state, target, OPPOSITE[d]), effects)
    # Both cells hold a card (a move is listed only along a path of the player's card).
    here, there = game.table[floor[player] >> 3], game.table[floor[target] >> 3]
    rule = _PROGRESS_RULES[here.kind == "monster", there.kind == "monster", "02"]  # _progress_rule
    leave_step(change)
    change.player, change.item_on_entry = target, False  # enter_card tells it anew
    change.event(rule, "move", f"{here.name} → {there.name} ({DIRECTIONS[d]})", card=there.id)
    if state.da_order == "sequential":
        # Option da_order="sequential" (TOC-PROG1-02, reading): each path is passed in turn, life
        # clamped after each; life 0 after the first path is GameOver before the second.
        if exit_da:
            change.change_life(exit_da, rule, f"da {exit_da:+d} leaving {here.name}")
        if entry_da and not change.over:
            change.change_life(entry_da, rule, f"da {entry_da:+d} entering {there.name}")
    elif exit_da or entry_da:
        change.change_life(
            exit_da + entry_da,
            rule,
            f"da {exit_da:+d} leaving {here.name}, {entry_da:+d} entering {there.name}",
        )
    if change.over:
        return
    enter_card(change, target, rule)


def flip_reason(state: State, action: Flip) -> Reason:
    """Why that room cannot be flipped with that element, or ``None`` (`TOC-PROG1-03`)."""
    if in_start_phase(state):
        return ("TOC-START-A", "no card lies under the player yet")
    target = connected(state, state.player, action.direction)
    if target == -1:
        return ("TOC-PROG1-03", f"no connected card to the {DIRECTIONS[action.direction]}")
    card = card_at(state, target)
    assert card is not None
    if card.kind != "room":
        return ("TOC-PROG1-03", f"{card.name} is not a room")
    if state.floor[target] & 1:
        return ("TOC-PROG1-03", f"{card.name} is already flipped")
    cost = card.flip_cost[action.attribute]
    # An element at 0 lies in the zero area (TOC-PREP-13) and cannot pay anything.
    if cost <= 0:
        return ("TOC-PROG1-03", f"{card.name} cannot be flipped with {LETTERS[action.attribute]}")
    if state.elements[action.attribute] < cost:
        return (
            "TOC-PROG1-03",
            f"flipping {card.name} costs {cost} {LETTERS[action.attribute]}; "
            f"the player has {state.elements[action.attribute]}",
        )
    return None


def apply_flip(change: Change, action: Flip) -> None:
    """Pay the element and turn the room over in place, its name keeping its direction."""
    state = change.original
    target = state.game.grid.neighbours[state.player][action.direction]
    card = card_at(state, target)
    assert card is not None
    cost = card.flip_cost[action.attribute]
    change.add_element(action.attribute, -cost, "TOC-PROG1-03", f"flipping {card.name}")
    floor = list(state.floor)
    # TOC-START-E: turned over in place, the name keeping its direction: same rotation.
    floor[target] = encode(card.index, rotation_of(state.floor[target]), True)
    change.floor = tuple(floor)
    change.event("TOC-PROG1-03", "flip", f"{card.name} is flipped")
    if card.back.icon is not None:
        change.event("TOC-ITEM-01", "icon", f"{card.name} shows the icon of {card.back.icon.item}")


def fight_reason(state: State, action: Fight) -> Reason:
    """Why that fight is not possible, or ``None`` (`TOC-PROG2-03`, `TOC-PROG4-03`)."""
    if in_start_phase(state):
        return ("TOC-START-A", "no card lies under the player yet")
    target = connected(state, state.player, action.direction)
    if target == -1:
        return (
            _progress_rule(state, target, "03"),
            f"no connected card to the {DIRECTIONS[action.direction]}: a fight needs a connected road",
        )
    card = card_at(state, target)
    assert card is not None
    letter = LETTERS[action.attribute]
    if card.kind == "rebright":
        assert state.rebright is not None
        value = state.rebright[action.attribute]
        if value <= 0:
            return ("TOC-STEP-11E", f"Rebright's {letter} is already 0")
        if state.elements[action.attribute] < value:
            return (
                "TOC-PROG2-03",
                f"Rebright's {letter} is {value}; the player has {state.elements[action.attribute]}",
            )
        return None
    rule = _progress_rule(state, target, "03")
    if card.kind != "monster" or state.floor[target] & 1:
        return (rule, f"{card.name} is not a living monster")
    cost = monster_cost(state, card, action.attribute, continuous_effects(state))
    if cost <= 0:
        return (rule, f"{card.name} cannot be fought with {letter}")
    if state.elements[action.attribute] < cost:
        return (
            rule,
            f"fighting {card.name} with {letter} costs {cost}; the player has "
            f"{state.elements[action.attribute]}: not enough element",
        )
    return None


def apply_fight(change: Change, action: Fight) -> None:
    """Spend the element, take the damage, and turn the defeated monster over.

    Damage is the fought card's da on the side facing the player (`TOC-START-N`); standing on a
    monster adds that card's da facing the fight (`TOC-PROG4-03`). Cards and
    items that bear on a fight add their da (`TOC-PROG2-03`: 戦闘時、影響する
    chaosカードやアイテムを確認): a room's "while here" fight da, and what items
    used from slots added for the next fight against a monster (Armor Of Gnom:
    monsterと戦闘時, so not against Rebright). A fight costs life or nothing: it
    never heals (the manual calls it damage, ダメージ). The defeated monster's
    mg-element applies once; its icon, if any, becomes available.
    """
    state = change.original
    game = state.game
    d = action.direction
    target = game.grid.neighbours[state.player][d]
    card = card_at(state, target)
    here = card_at(state, state.player)
    assert card is not None and here is not None
    effects = continuous_effects(state)
    damage = effective_da(state, target, side_at(state, target, OPPOSITE[d]), effects)
    if here.kind == "monster":
        damage += effective_da(state, state.player, side_at(state, state.player, d), effects)
    damage += fight_da(effects)
    if card.kind == "monster":
        damage += state.combat_bonus
    damage = min(damage, 0)
    if card.kind == "rebright":
        assert state.rebright is not None
        value = state.rebright[action.attribute]
        change.add_element(
            action.attribute, -value, "TOC-PROG2-03", f"attacking Rebright with {LETTERS[action.attribute]}"
        )
        g, w, v, s, d = (0 if i == action.attribute else x for i, x in enumerate(state.rebright))
        change.rebright = (g, w, v, s, d)
        change.event("TOC-STEP-11E", "rebright", f"Rebright's {LETTERS[action.attribute]} falls to 0")
        if damage:
            change.change_life(damage, "TOC-PROG2-03", "Rebright's da")
        change.rebright_falls()  # after the damage: a player who dies in the last fight has lost
        return
    rule = _progress_rule(state, target, "03")
    cost = monster_cost(state, card, action.attribute, effects)
    change.add_element(action.attribute, -cost, rule, f"fighting {card.name}")
    floor = list(state.floor)
    floor[target] = encode(card.index, rotation_of(state.floor[target]), True)
    change.floor, change.combat_bonus = tuple(floor), 0
    change.event(rule, "defeat", f"{card.name} is defeated and turned over", card=card.id)
    if damage:
        change.change_life(damage, rule, f"{card.name}'s da in the fight")
    # The monster falls even if the player dies of the fight (tower-interpretation).
    change.add_elements(card.back.element, rule, f"mg-element of {card.name}, once")
    if card.back.icon is not None:
        change.event("TOC-ITEM-01", "icon", f"{card.name} shows the icon of {card.back.icon.item}")
